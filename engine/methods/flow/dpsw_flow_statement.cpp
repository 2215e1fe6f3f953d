// The privacy statement of a DPSWflow(-r) run, written from its settings and noise plan.
#include <sstream>
#include <string>

#include "flow/flow_accounting.h"
#include "flow/flow_privacy.h"
#include "methods/flow/dpsw_flow_noise_plan.h"

namespace dpw {

namespace {
std::string fmt(double v) {
  std::ostringstream os;
  os.precision(4);
  os << v;
  return os.str();
}
}  // namespace

std::string flowPrivacyStatement(const DpswFlowSettings& s, const NoisePlan& plan, double eps, long m, bool ortho) {
  std::ostringstream st;
  const char* name = s.variant == FlowVariant::Pool ? "DPSWflow" : "DPSWflow-r";
  if (plan.multiplier == 0) {
    st << "No privacy: ε = ∞ (no noise on the projections), " << s.steps << " steps of " << name << ".";
  } else if (plan.histogram && plan.releaseOnce) {
    st << "(ε = " << fmt(eps) << ", δ = " << s.privacy.delta << "): the " << s.pool
       << " pool directions' noisy histograms of all " << m << " rows (" << s.bins
       << " bins on [−1, 1]) are released once by the Gaussian mechanism (noise std " << fmt(plan.noiseStd)
       << " counts, multiplier " << fmt(plan.multiplier) << ", Δ = √(2K) = " << fmt(plan.sensitivity)
       << ": replace-one, a row leaves one bin and enters one of each histogram, exact, no δ on a bound; ε exact for "
          "one Gaussian release) and reused by all "
       << s.steps << " steps; the particles (public) get no noise";
    if (s.data.perClass) st << ", per class (parallel composition)";
  } else if (plan.histogram) {
    const bool poisson = s.privacy.poissonSampling();
    st << "(ε = " << fmt(eps) << ", δ = " << s.privacy.delta << ") by the " << accountantName(s.privacy.accountant)
       << ", q = " << fmt(plan.sampleRate) << (poisson ? " (Poisson)" : " (fixed batch)") << ", " << s.steps
       << " steps, noise multiplier " << fmt(plan.multiplier) << ". Each step releases " << s.projections
       << " noisy histograms (" << s.bins << " bins on [−1, 1]) of the batch's projections: Gaussian noise of std "
       << fmt(plan.noiseStd) << " counts, Δ = " << fmt(plan.sensitivity)
       << (poisson ? " = √k (add/remove neighbours: an added row adds one count to each histogram; a replaced row "
                     "is two such changes)"
                   : " = √(2k) (replace-one neighbours: one row leaves one bin and enters one of each histogram)")
       << ", exact for any directions, so no δ is spent on a bound; counts below " << fmt(s.histogramCutoff)
       << " noise std are read as empty and the particles (public) move toward the released quantiles with no "
          "noise of their own (post-processing)";
    if (s.data.perClass)
      st << "; per class: each record is in one class, so one added/removed record changes one flow (parallel "
            "composition at ε)";
  } else if (s.variant == FlowVariant::Resampled) {
    st << "(ε = " << fmt(eps) << ", δ = " << s.privacy.delta << ") by the " << accountantName(s.privacy.accountant) << ", q = " << fmt(plan.sampleRate) << (s.privacy.poissonSampling() ? " (Poisson)" : " (fixed batch)") << ", "
       << s.steps << " steps, noise multiplier " << fmt(plan.multiplier) << ", Δ = " << fmt(plan.sensitivity)
       << (plan.exactBound ? " (exact: orthonormal direction blocks, the whole δ to the accountant). " : ". ")
       << flowPrivacyTerms(s.privacy, true, s.data.perClass, s.projections, s.steps, plan.sampleRate, plan.sensitivity);
  } else if (plan.releaseOnce) {
    st << "(ε = " << fmt(eps) << ", δ = " << s.privacy.delta << "): the pool's noisy data projections (" << s.pool
       << " directions x " << m << " rows) are released once by the Gaussian mechanism (multiplier "
       << fmt(plan.multiplier) << ", Δ = " << fmt(plan.sensitivity)
       << (plan.exactBound ? ", exact for orthonormal blocks, δ to the mechanism"
                           : ", probabilistic bound at δ/2, δ/2 to the mechanism")
       << ", ε exact for one Gaussian release) and reused by all " << s.steps
       << " steps; the particle-side noise is fresh every step and touches no data";
    if (s.data.perClass) st << ", per class (parallel composition)";
  } else if (s.privacy.convention == FlowConvention::Reference) {
    st << "Reference convention: (ε = " << fmt(plan.perStepEpsilon) << ", δ = " << s.privacy.delta
       << ") per step by the classic Gaussian mechanism only; the " << s.steps
       << " steps are NOT composed (as the public code), so this is not a guarantee for the run";
  } else {
    st << "Per step (ε = " << fmt(plan.perStepEpsilon) << ", δ/2) classic Gaussian mechanism, Δ of the pool of "
       << s.pool << "; over " << s.steps << " steps basic composition gives ε = "
       << fmt(double(s.steps) * plan.perStepEpsilon) << " at δ = " << fmt((double(s.steps) + 1) * s.privacy.delta / 2)
       << " (T δ/2 + δ/2)";
    st << "; the " << accountantName(s.privacy.accountant) << " composes them (q = 1) to ε = " << fmt(eps) << " at δ = "
       << s.privacy.delta << " (δ/2 + the bound's δ/2). "
       << flowPrivacyTerms(s.privacy, false, s.data.perClass, s.pool, 1, 1.0, plan.sensitivity);
  }
  if (s.variant == FlowVariant::Resampled && plan.multiplier > 0)
    st << (s.publicRows > 0 ? "; q = batch / " + std::to_string(s.publicRows) + " (the public nominal row count)"
                            : "; q = batch / m with the private row count m = " + std::to_string(m) + " taken as public");
  st << ". Choices: " << (plan.histogram ? "histogram release, " : "the paper's noisy projections, ")
     << "k = " << s.projections << (ortho ? " orthonormal-block" : " i.i.d. random") << " directions per step";
  if (s.variant == FlowVariant::Pool) st << " from a pool of " << s.pool;
  if (s.stepDecay > 0)
    st << ", step h_t = " << fmt(s.stepSize) << " / (1 + t/" << fmt(s.stepDecay) << ")";
  else
    st << ", constant step h = " << fmt(s.stepSize);
  if (s.averageTail > 0) st << ", particles averaged over the last " << fmt(100 * s.averageTail) << "% of the steps";
  st << ".";
  return st.str();
}

}  // namespace dpw
