// The privacy statement of a DPSWflow(-r) run, from its settings, noise plan and ledger; the claim (ε, δ, the
// accountant or the one-release bound, sampler, multiplier, Δ and its relation) and the no-privacy sentence
// are generated from the run's ledger (privacy/ledger/privacy_statement.h).
#include <sstream>
#include <string>

#include "flow/flow_accounting.h"
#include "flow/flow_privacy.h"
#include "methods/flow/dpsw_flow_noise_plan.h"
#include "privacy/ledger/privacy_statement.h"

namespace dpw {

std::string flowPrivacyStatement(const DpswFlowSettings& s, const NoisePlan& plan, const PrivacyLedger& ledger, long m,
                                 bool ortho) {
  std::ostringstream st;
  const char* name = s.variant == FlowVariant::Pool ? "DPSWflow" : "DPSWflow-r";
  // Every branch starts with the claim generated from the run's ledger (claimSentence: ε, δ, the
  // accountant or the one-release bound, the sampler, the multiplier, Δ and its neighbours); the method
  // adds what is released and how the steps use it.
  const double delta = s.privacy.delta;
  const double noiseStd = ledger.events().front().scale(), perStepEpsilon = flowPerStepEpsilon(s, plan, ledger);
  if (ledger.events().front().multiplier == 0) {
    std::string none = noPrivacySentence("the projections", s.steps, name);
    none.pop_back();  // its period: the choices follow (the statement read "DPSWflow-r.. Choices")
    st << none;
  } else if (plan.histogram && plan.releaseOnce) {
    st << claimSentence(ledger, delta) << ": the " << s.pool << " pool directions' noisy histograms of all " << m
       << " rows (" << s.bins << " bins on [−1, 1]), noise std " << noiseNumber(noiseStd)
       << " counts, Δ = √(2K) (a row leaves one bin and enters one of each histogram: exact, no δ on a bound), "
          "reused by all "
       << s.steps << " steps; the particles (public) get no noise";
    if (s.data.perClass)  // not parallel composition: a record changing class changes two classes' histograms
      st << ", per class (a record that changes class moves two classes' histograms by √K each, √(2K) together: "
            "the same Δ)";
  } else if (plan.histogram) {
    const bool poisson = ledger.events().back().relation == Neighbouring::AddRemove;
    st << claimSentence(ledger, delta) << ". Each step releases " << s.projections << " noisy histograms ("
       << s.bins << " bins on [−1, 1]) of the batch's projections: Gaussian noise of std " << noiseNumber(noiseStd)
       << " counts, Δ = " << claimNumber(plan.sensitivity)
       << (poisson ? " = √k (add/remove neighbours: an added row adds one count to each histogram; a replaced row "
                     "is two such changes)"
                   : " = √(2k) (replace-one neighbours: one row leaves one bin and enters one of each histogram)")
       << ", exact for any directions, so no δ is spent on a bound; counts below " << statementNumber(s.histogramCutoff)
       << " noise std are read as empty and the particles (public) move toward the released quantiles with no "
          "noise of their own (post-processing)";
    if (s.data.perClass)
      st << "; per class: each record is in one class, so one added/removed record changes one flow (parallel "
            "composition at ε)";
  } else if (s.variant == FlowVariant::Resampled) {
    st << claimSentence(ledger, delta) << ", Δ = " << claimNumber(plan.sensitivity)
       << (plan.exactBound ? " (exact: orthonormal direction blocks, the whole δ to the accountant). " : ". ")
       << flowPrivacyTerms(s.privacy, true, s.data.perClass, s.projections, s.steps, plan.sampleRate, plan.sensitivity);
  } else if (plan.releaseOnce) {
    st << claimSentence(ledger, delta) << ": the pool's noisy data projections (" << s.pool << " directions x " << m
       << " rows), "
       << (plan.exactBound ? "Δ exact for orthonormal blocks, δ to the mechanism"
                           : "Δ a probabilistic bound at δ/2, δ/2 to the mechanism")
       << ", reused by all " << s.steps << " steps; the particle-side noise is fresh every step and touches no data";
    if (s.data.perClass) st << ", per class (parallel composition)";
  } else if (s.privacy.convention == FlowConvention::Reference) {
    st << "Reference convention (the public code's claim): " << claimSentence(ledger, delta);
  } else {
    st << claimSentence(ledger, delta) << " (δ/2 to the mechanism, δ/2 on the bound). Per step, ";
    if (ledger.events().back().law == NoiseMechanism::Gaussian)
      st << "the classic Gaussian mechanism (Dwork & Roth 2014 Thm A.1) gives (ε = " << claimNumber(perStepEpsilon)
         << ", δ/2)";
    else  // the noise is calibrated by the classic formula; what one step of the law drawn spends is the ledger's
      st << "the noise is calibrated by the classic Gaussian formula (Dwork & Roth 2014 Thm A.1, the continuous "
            "Gaussian's), and one step of the law drawn spends (ε = "
         << claimNumber(perStepEpsilon) << ", δ/2) by the analysis above";
    st << " with Δ of the pool of " << s.pool << "; basic composition of the " << s.steps << " steps would give only ε = "
       << claimNumber(double(s.steps) * perStepEpsilon) << " at δ = " << claimNumber((double(s.steps) + 1) * delta / 2)
       << " (T δ/2 + δ/2). " << flowPrivacyTerms(s.privacy, false, s.data.perClass, s.pool, 1, 1.0, plan.sensitivity);
  }
  if (s.variant == FlowVariant::Resampled && ledger.events().front().multiplier > 0)
    st << (s.publicRows > 0 ? "; q = batch / " + std::to_string(s.publicRows) + " (the public nominal row count)"
                            : "; q = batch / m with the private row count m = " + std::to_string(m) + " taken as public");
  st << ". Choices: " << (plan.histogram ? "histogram release, " : "the paper's noisy projections, ")
     << "k = " << s.projections << (ortho ? " orthonormal-block" : " i.i.d. random") << " directions per step";
  if (s.variant == FlowVariant::Pool) st << " from a pool of " << s.pool;
  if (s.stepDecay > 0)
    st << ", step h_t = " << statementNumber(s.stepSize) << " / (1 + t/" << statementNumber(s.stepDecay) << ")";
  else
    st << ", constant step h = " << statementNumber(s.stepSize);
  if (s.averageTail > 0) st << ", particles averaged over the last " << statementNumber(100 * s.averageTail) << "% of the steps";
  st << ".";
  return st.str();
}

}  // namespace dpw
