// The DPSWflow-r and DPSWflow methods as the app offers them: settings from parameters, parameter specs,
// and the MethodInfo (the run itself is in dpsw_flow.cpp, its noise in dpsw_flow_noise_plan.cpp).
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/error.h"
#include "flow/flow_privacy.h"
#include "methods/flow/dpsw_flow.h"
#include "methods/flow/flow_common_settings.h"
#include "privacy/privacy_params.h"

namespace dpw {

DpswFlowSettings DpswFlowSettings::fromParams(const ParamValues& p, FlowVariant variant) {
  DpswFlowSettings s;
  s.variant = variant;
  readCommonFlowSettings(p, s);
  s.particles = p.integer("particles");
  if (variant == FlowVariant::Pool) s.pool = p.integer("pool");
  if (variant == FlowVariant::Resampled) s.batch = p.integer("batch");
  s.quantiles = p.integer("quantiles");
  s.stepSize = p.real("step_size");
  s.regularisation = p.real("regularisation");
  const auto& v = p.values();
  if (v.count("direction_draw")) s.directions = flowDirectionDraws().parse(p.text("direction_draw"));
  if (v.count("data_noise")) s.dataNoise = poolDataNoises().parse(p.text("data_noise"));
  if (v.count("release")) s.release = flowReleases().parse(p.text("release"));
  // DPSWflow-r's histogram release is a fixed-size vector to which an added row adds one count per
  // histogram: the sampled Gaussian mechanism with Poisson sampling and add/remove neighbours (Mironov et
  // al. 2019), so "auto" is the add/remove one (pld) for it, for one flow too. (DPSWflow's histograms are
  // released once, calibrated exactly without an accountant.)
  if (variant == FlowVariant::Resampled && s.release == FlowRelease::Histogram)
    s.privacy.resolveAutoAccountant(Neighbouring::AddRemove);
  if (v.count("public_rows")) s.publicRows = p.integer("public_rows");
  if (v.count("bins")) s.bins = p.integer("bins");
  if (v.count("histogram_cutoff")) s.histogramCutoff = p.real("histogram_cutoff");
  if (v.count("step_decay")) s.stepDecay = p.real("step_decay");
  if (v.count("average_tail")) s.averageTail = p.real("average_tail");
  if (v.count("project_support")) s.projectSupport = projectSupports().parse(p.text("project_support"));
  return s;
}

namespace {

// Chosen from measurements on ring5 (ε = 5, 10) and Fashion-MNIST per class (ε = 5), docs/flow-results.md.
constexpr double kDefaultStepSize = 3.0;
constexpr double kDefaultStepDecay = 20.0;

std::vector<ParamSpec> flowParams(FlowVariant variant) {
  using K = ParamKind;
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<ParamSpec> p = {
      {"particles", "Particles n", K::Integer, 5000, 1, 1e6, false, {}, {}, "particles",
       "Number of particles, initialised from N(0, I) ([DPSWFlow] §3.2; reference 10000)."},
      withSpecial({"projections", "Directions per step k", K::Integer, variant == FlowVariant::Pool ? 30.0 : 0.0, 0, 10000,
                   false, {}, {}, "directions",
                   variant == FlowVariant::Pool
                       ? "Pool directions used per step; = d (0 in scenario files): as many as the data's dimension "
                         "([DPSWFlow] Alg. 2; reference 25)."
                       : "Fresh directions per step; = d (0 in scenario files): one orthonormal basis. Histogram release (the default): k noisy "
             "histograms per step, Δ = √k (add/remove, rdp) or √(2k) (replace-one), so the noise per count grows "
             "like √k. Projection release: Δ = 2 exactly for one orthonormal basis and the per-projection noise grows "
             "like √⌈k/d⌉, so more directions per step buy nothing under privacy (docs/flow-results.md; [DPSWFlow] "
             "Alg. 1, reference 70)."},
                  0, "= d (data dimension)"),
  };
  if (variant == FlowVariant::Pool)
    p.push_back({"pool", "Pool of directions K", K::Integer, 70, 1, 10000, false, {}, {}, "directions",
                 "Directions drawn once; the sensitivity uses K ([DPSWFlow] Alg. 2; reference 70)."});
  p.insert(p.end(), {
      {"quantiles", "Quantiles P", K::Integer, 100, 2, 1e6, false, {}, {}, "",
       "Levels u = linspace(0, 1, P) of the quantile functions ([DPSWFlow] Eq. 21; reference 30000, toy 100)."},
      {"step_size", "Step size h", K::Real, kDefaultStepSize, 1e-6, 100, false, {}, {}, "",
       "Euler–Maruyama step h₀ ([DPSWFlow] Eq. 18; reference 3), decayed by step_decay."},
      {"regularisation", "Regularisation λ", K::Real, 0.0, 0, 10, false, {}, {}, "",
       "Entropic regularisation: diffusion √(2 h λ) N(0, I) per step ([DPSWFlow] Eq. 18; reference 0).", true, true},
  });
  p.insert(p.end(), {
        {"release", "Release", K::Choice, 0, -inf, inf, false, flowReleases().ids(), flowReleases().id(FlowRelease::Histogram), "",
         variant == FlowVariant::Pool
             ? "histogram: the K pool directions' noisy histograms of the data, released once (Δ = √(2K), the "
               "particles get no noise; beyond the paper, docs/flow-results.md); projections: the paper's Gaussian "
               "noise on every projected row and particle ([DPSWFlow] Alg. 2)."
             : "histogram: each step releases k noisy histograms of the batch projections (Δ = √k add/remove, the "
               "particles get no noise; beyond the paper, docs/flow-results.md); projections: the paper's Gaussian "
               "noise on every projected row and particle ([DPSWFlow] §3.2)."},
        {"bins", "Histogram bins B", K::Integer, 32, 2, 4096, false, {}, {}, "bins",
         "Histogram release: equal bins on [−1, 1] (the noise per bin does not depend on B; more bins = finer but "
         "noisier quantiles).", true, true},
        {"histogram_cutoff", "Histogram cutoff τ", K::Real, 2.0, 0, 10, false, {}, {}, "noise std",
         "Histogram release: noisy counts below τ noise std are read as empty (post-processing, no privacy cost).",
         true, true},
    });
  if (variant == FlowVariant::Resampled) {
    p.push_back({"batch", "Batch size", K::Integer, 250, 1, 1e7, false, {}, {}, "rows",
                 "Minibatch of private rows per step; q = batch / m ([DPSWFlow] Alg. 1; reference 250)."});
    p.push_back(withSpecial({"public_rows", "Public row count", K::Integer, 0, 0, 1e9, false, {}, {}, "rows",
                             "A public nominal row count for q = batch / public_rows, so that q does not depend on the "
                             "private data; = m (0 in scenario files) uses the private row count m and the statement "
                             "lists it as public.",
                             true, true},
                            0, "= m (private row count)"));
  }
  p.push_back(noiseSourceParam("the exact discrete Gaussian (Canonne, Kamath & Steinke 2020) on a grid of step "
                               "Δ/(64√k) added to the projections (the grid adds 1/64 to the sensitivity, the noise covers it),"));
  p.insert(p.end(), {
      {"steps", "Steps T", K::Integer, 500, 1, 1e6, false, {}, {}, "steps",
       "Number of flow steps (reference: 4200 for DPSWflow-r, 1500 for DPSWflow)."},
      epsilonParam({5.0, 1e-3, 1e6, true},
                   variant == FlowVariant::Pool
                       ? "ε of the Gaussian mechanism of one step (classic calibration, [DPSWFlow] App. C.5); inf = no noise."
                       : "Target ε of the whole run, calibrated by the accountant ([DPSWFlow] App. C.4); inf = no noise."),
      deltaParam({0, 0, 0.5, "auto (0.1/m)"},
                 "Total δ: half for the sensitivity bound, half for the mechanism ([DP-SWD] Lemma 2); auto (0 in "
                 "scenario files): 1/(10 m) for the m private rows (or the public row count)."),
      flowNoiseMultiplierParam(),
      flowBoundParam(),
  });
  if (variant == FlowVariant::Resampled)
    p.push_back(flowAccountantParam(
        "auto: the tightest proven accountant for the release: pld (Poisson sampling, add/remove, Δ = √k) for the "
        "histogram release; for the projections release pld-wor for one flow, pld per class (rdp / rdp-wor in "
        "secure mode). pld-wor, rdp-wor: fixed-size batches, replace-one (Δ = 2w, or √(2k) for histograms); pld, "
        "rdp: Poisson sampling, add/remove. pld / pld-wor: privacy-loss distributions, tight; rdp / rdp-wor: Rényi "
        "bounds, looser."));
  p.insert(p.end(), {
      flowConventionParam("union-bound: δ/2 on the bound over all direction draws (δ/(2T) each), δ/2 to the "
                          "accountant; paper-per-draw: the paper's δ/2 per draw, not union-bounded; reference: the "
                          "public dpswgf code's choices (see docs)."),
      {"target", "Target", K::Choice, 0, -inf, inf, false, flowTargetIds(), "ring5", "",
       "2-D toy or Fashion-MNIST latents (PCA-8 on the public half, [DPSWFlow] §4.2)."},
      {"toy_size", "Toy data size", K::Integer, 10000, 2, 1e7, false, {}, {}, "points",
       "Private (and as many held-out) points of a toy target.", true, true},
      {"per_class", "One flow per class", K::Integer, 0, 0, 1, false, {}, {}, "",
       "Fashion-MNIST: one flow per label (parallel composition) and a 1-NN label check (cf. [DP-SWD] Table 2).",
       true, true},
      {"frame_every", "Frame every", K::Integer, 10, 1, 1e6, false, {}, {}, "steps", "Chart refresh period after the first 20 steps, which are all drawn (the particles are seen travelling).", false,
       true},
      {"direction_draw", "Direction draw", K::Choice, 0, -inf, inf, false, flowDirectionDraws().ids(),
       flowDirectionDraws().id(FlowDirections::Orthonormal), "",
       "orthonormal: stacked Haar orthonormal bases, exact sensitivity 2√⌈k/d⌉ and no δ spent on a bound; "
       "random: i.i.d. directions with the CLT/Bernstein bound (the paper's and reference code's choice).",
       true, true},
      withSpecial({"step_decay", "Step decay τ", K::Real, kDefaultStepDecay, 0, 1e9, false, {}, {}, "steps",
                   "Step schedule h_t = h / (1 + t/τ); off (0 in scenario files) = constant h (the paper). "
                   "Post-processing: costs no privacy.",
                   true, true},
                  0, "off: constant h"),
      withSpecial({"average_tail", "Averaged tail", K::Real, 0.0, 0, 0.99, false, {}, {}, "",
                   "Each particle's position averaged over this final fraction of the steps (post-processing); off "
                   "(0 in scenario files) = the last iterate.",
                   true, true},
                  0, "off: last iterate"),
  });
  p.push_back({"project_support", "Project onto the support", K::Choice, 0, -inf, inf, false,
               projectSupports().ids(), projectSupports().id(ProjectSupport::Final), "",
               "Fashion-MNIST latents lie on the unit sphere by construction (public): normalise the particles onto "
               "it at the end (default: halves SW₂² at ε = 5, same 1-NN accuracy), after every step (lower SW₂², "
               "lower 1-NN accuracy), or never (the paper). Post-processing: no privacy cost.",
               true, true});
  if (variant == FlowVariant::Pool)
    p.push_back({"data_noise", "Data-side noise", K::Choice, 0, -inf, inf, false, poolDataNoises().ids(),
                 poolDataNoises().id(PoolDataNoise::Once), "",
                 "once: the pool's noisy data projections are released once and reused (the run's ε is that "
                 "release's, [DPSWFlow] Alg. 2); every_step: fresh data noise each step, the steps compose.",
                 true, true});
  return p;
}

MethodInfo flowMethod(FlowVariant variant) {
  MethodInfo m;
  const bool pool = variant == FlowVariant::Pool;
  m.id = pool ? "dpswflow" : "dpswflow-r";
  m.title = pool ? "DPSWflow (pool of directions)" : "DPSWflow-r (resampled directions)";
  m.paper = pool ? "[DPSWFlow] Alg. 2" : "[DPSWFlow] Alg. 1";
  m.summary =
      std::string("Particles start as Gaussian noise and flow toward the private data along sliced-Wasserstein "
                  "directions: each step projects particles and data on random directions, matches their quantiles "
                  "and moves each particle toward its target quantile. ") +
      (pool ? std::string("By default the noisy histograms of the data's projections on the K pool directions are "
                          "released once (a replaced row moves one count out of and one into each histogram: Δ = "
                          "√(2K) exactly) and every step reuses them; the particles are public and get no noise. "
                          "release = projections gives the paper's mechanism: Gaussian noise on every projection of "
                          "the data and of the particles. ")
            : std::string("By default each step releases, per direction, a noisy histogram of the batch's projections "
                          "(an added or removed row changes one count in each histogram, so Δ = √k exactly, and the noise "
                          "does not grow with the batch); the particles are public and move toward the histogram's quantiles with "
                          "no noise of their own. release = projections gives the paper's mechanism instead: Gaussian "
                          "noise on every projection, whose shared noisy quantiles kick the particles by about "
                          "1.25·s·√(1/b + 1/n). ")) +
      "The directions are orthonormal blocks by default (no δ spent on a bound) and the step decays as "
      "h/(1 + t/τ); direction_draw = random and step_decay = 0 give the paper's choices. The run's privacy "
      "statement lists the choices used. " +
      (pool ? "This variant draws a pool of directions once and uses a subset per step on the whole data; the "
              "data-side release is made once and reused, so every step after the first is free (with release = "
              "projections, data_noise = every_step draws fresh noise and composes the steps)."
            : "This variant draws fresh directions and a fresh minibatch every step; an accountant adds up the "
              "privacy of all steps.");
  m.params = flowParams(variant);
  m.privacy.chart = "epsilon";  // first series: the accountant's ε; the pool's basic composition is second
  m.privacy.metric = "epsilon";
  // The particles are released (post-processing of the noisy histograms/projections); the held-out
  // sample and the reference sample (toys: a fresh draw of the public generator; Fashion-MNIST: the
  // public half) are public, so every number here belongs to the release (core/output_classes.h).
  m.outputs.release = {"sw2_heldout", "sw2_floor", "noise_std", "sensitivity", "noise_multiplier", "sample_rate",
                       "steps_per_second", "seconds", "epsilon", "epsilon_per_step", "epsilon_basic_composition",
                       "frechet_public", "frechet_floor", "nn_accuracy", "nn_accuracy_real", "epsilon_chosen_accountant"};
  m.outputs.charts = {"particles", "sw2", "epsilon", "samples"};
  m.treatedAsPublic = {"the private row count m (it sets q = batch/m unless public_rows gives a nominal count)",
                       "the dimension d and the data bounds (rows scaled into the unit ball by a public constant)",
                       "the class list (per class: the ten Fashion-MNIST labels, one flow each, rows or not; the "
                       "per-class row counts are not public and shape no release)",
                       "the batch size: a Poisson batch whose projections are released has exactly that many rows "
                       "(a random subset of the rows drawn, or zero rows added), so no release shows the draw",
                       "the held-out and reference samples the quality is measured on",
                       "the seed: it reproduces only particles, directions and synthetic data"};
  m.grid = {pool ? std::vector<std::string>{"epsilon", "projections", "pool", "steps", "step_size", "particles", "noise_multiplier"}
                : std::vector<std::string>{"epsilon", "projections", "bins", "steps", "step_size", "batch", "particles", "noise_multiplier"},
            {"sw2_heldout", "sw2_floor", "noise_multiplier", "epsilon"},
            "particles"};
  m.run = [variant](const ParamValues& p, std::uint64_t seed, RunObserver& obs) {
    return runDpswFlow(DpswFlowSettings::fromParams(p, variant), seed, obs);
  };
  return m;
}

}  // namespace

MethodInfo dpswFlowResampledMethod() { return flowMethod(FlowVariant::Resampled); }
MethodInfo dpswFlowPoolMethod() { return flowMethod(FlowVariant::Pool); }

}  // namespace dpw
