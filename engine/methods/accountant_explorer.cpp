#include "methods/accountant_explorer.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/error.h"
#include "privacy/accountants/accountant.h"
#include "privacy/accountants/interactive_pld_grid.h"
#include "privacy/accountants/pld_accountant_base.h"
#include "privacy/curves/privacy_curve.h"
#include "privacy/printed_numbers.h"
#include "privacy/accountants/wdp_accountant.h"
#include "privacy/accountants/wdp_analysis.h"
#include "privacy/privacy_params.h"  // deltaParam

namespace dpw {

AccountantExplorerSettings AccountantExplorerSettings::fromParams(const ParamValues& p) {
  AccountantExplorerSettings s;
  s.sampleRate = p.real("sample_rate");
  s.noiseMultiplier = p.real("noise_multiplier");
  s.steps = p.integer("steps");
  s.delta = p.real("delta");
  s.points = p.integer("points");
  s.wdpOrder = p.real("wdp_order");
  s.wdpBeta = p.real("wdp_beta");
  s.laplaceScale = p.real("laplace_scale");
  s.maxOrder = p.real("max_order");
  return s;
}

namespace {
FramePtr orderCurves(const AccountantExplorerSettings& s) {
  Series wdpG{"WDP, Gaussian σ = " + std::to_string(s.noiseMultiplier).substr(0, 5), {}, {}};
  Series rdpG{"RDP, Gaussian σ = " + std::to_string(s.noiseMultiplier).substr(0, 5), {}, {}};
  Series wdpL{"WDP, Laplace λ = " + std::to_string(s.laplaceScale).substr(0, 5), {}, {}};
  Series rdpL{"RDP, Laplace λ = " + std::to_string(s.laplaceScale).substr(0, 5), {}, {}};
  const int n = 100;
  for (int i = 0; i < n; ++i) {
    const double order = 1 + (s.maxOrder - 1) * double(i) / double(n - 1);
    for (Series* se : {&wdpG, &rdpG, &wdpL, &rdpL}) se->x.push_back(order);
    wdpG.y.push_back(wdpGaussianMechanism(s.noiseMultiplier, order));
    rdpG.y.push_back(rdpGaussianMechanism(s.noiseMultiplier, order));
    wdpL.y.push_back(wdpLaplaceMechanism(s.laplaceScale, order));
    rdpL.y.push_back(rdpLaplaceMechanism(s.laplaceScale, order));
  }
  LinesFrame f{"order (μ for WDP, α for RDP)", "privacy budget", {wdpG, rdpG, wdpL, rdpL}};
  f.logY = true;
  return makeFrame("order_curves", "Basic mechanisms: WDP vs RDP budget by order ([WDP] Fig. 1)", 0, std::move(f));
}

/// Checkpoint p of `points` (1-based) at step ⌈T (p/points)²⌉, after the previous one (`done`) and leaving a
/// step for each checkpoint still to come. Denser at the start, where ε rises fastest (about as √t, so
/// about evenly in ε): with even steps the first segment, a straight line from (0, 0), lay well below
/// the curve (T = 1000, 20 points: ε at step 50 drawn from the origin).
long checkpointStep(long p, long points, long steps, long done) {
  const double share = double(p) / double(points);
  const auto quadratic = long(std::ceil(double(steps) * share * share - 1e-9));
  return std::max(done + 1, std::min(steps - (points - p), quadratic));
}

/// The PLD accountant `kind` on the grid an interactive run composes on (interactive_pld_grid.h), measured for the
/// whole run (its last checkpoint's composition, the largest); nullptr if no grid holds the run.
std::unique_ptr<Accountant> pldWithinReach(AccountantKind kind, const AccountantExplorerSettings& s) {
  const auto onGrid = [kind](double interval) {
    std::unique_ptr<Accountant> a = makeAccountant(kind);
    return interval == dynamic_cast<const PldAccountantBase&>(*a).interval() ? std::move(a) : a->coarser();
  };
  const double fine = dynamic_cast<const PldAccountantBase&>(*makeAccountant(kind)).interval();
  const std::optional<double> interval = interactivePldInterval(
      [&](double grid) {
        std::unique_ptr<Accountant> a = onGrid(grid);
        a->addGaussianSteps(s.noiseMultiplier, s.sampleRate, s.steps);
        return dynamic_cast<const PldAccountantBase&>(*a).compositionPoints();
      },
      fine);
  return interval ? onGrid(*interval) : nullptr;
}

}  // namespace

RunResult runAccountantExplorer(const AccountantExplorerSettings& s, std::uint64_t /*seed*/, RunObserver& observer) {
  require(s.sampleRate > 0 && s.sampleRate <= 1, "the sampling rate q must lie in (0, 1], got ", s.sampleRate);
  require(s.noiseMultiplier > 0 && std::isfinite(s.noiseMultiplier), "the noise multiplier must be > 0, got ",
          s.noiseMultiplier);
  require(s.steps >= 1, "steps must be at least 1, got ", s.steps);
  require(s.delta > 0 && s.delta < 1, "delta must lie in (0, 1), got ", s.delta);
  require(s.points >= 1 && s.points <= s.steps, "the checkpoints (", s.points, ") must lie in [1, steps T] = [1, ",
          s.steps, "]: every checkpoint is a step of the run");
  require(s.wdpOrder >= 1 && s.wdpBeta > 0, "the WDP order must be >= 1 and beta > 0");
  require(s.laplaceScale > 0, "the Laplace scale must be > 0, got ", s.laplaceScale);
  require(s.maxOrder > 1, "the largest order must be > 1, got ", s.maxOrder);
  observer.onStatus("computing each accountant's cost of one step at every order");

  observer.onFrame(orderCurves(s));
  // The (ε, δ) accountants share one chart; the Wasserstein accountant gets its own: its loss is in the
  // units of the query (here the sensitivity), grows with σ and is not an (ε, δ)-DP bound, so on a
  // common axis it would flatten every other curve.
  std::vector<std::string> ids;
  for (const auto& id : accountantIds())
    if (id != "wdp") ids.push_back(id);
  PrivacyCurve curve(ids, s.delta);
  PrivacyCurve wdp({"wdp"}, s.delta);
  wdp.replaceAccountant(0, std::make_unique<WdpAccountant>(s.wdpOrder, s.wdpBeta));
  // Each PLD accountant on a grid that one checkpoint composes in well under a second, or refused at once, saying
  // which knob helps (composing up to the step where the grid ran out took minutes and gigabytes before: σ = 0.05,
  // q = 0.01, 6-7 minutes, 4-6 GB, no Stop in between).
  observer.onStatus("choosing each PLD accountant's privacy-loss grid for " + std::to_string(s.steps) + " steps");
  std::string coarseGrid;  // the PLD accountants that had to take the coarser grid, by short name
  bool poissonCoarse = false;  // among them the statement's, "pld"
  for (size_t i = 0; i < ids.size(); ++i) {
    const AccountantKind kind = parseAccountant(ids[i]);
    if (!dynamic_cast<const PldAccountantBase*>(makeAccountant(kind).get())) continue;
    std::unique_ptr<Accountant> reachable = pldWithinReach(kind, s);
    if (!reachable)
      throw InvalidArgument(message(
          "the ", makeAccountant(kind)->shortName(), " accountant cannot follow this run to step ", s.steps,
          " here: even on its coarser privacy-loss grid (", PldAccountantBase::kCoarseInterval, ") one checkpoint "
          "would compose more than ", kInteractivePldPoints, " points (ε in the hundreds or more); take a larger noise multiplier σ, a smaller "
          "sampling rate q or fewer steps T (dpwlab-cli account answers longer runs)"));
    if (dynamic_cast<const PldAccountantBase&>(*reachable).interval() == PldAccountantBase::kCoarseInterval) {
      coarseGrid += (coarseGrid.empty() ? "" : ", ") + reachable->shortName();
      poissonCoarse = poissonCoarse || kind == AccountantKind::Pld;
    }
    curve.replaceAccountant(i, std::move(reachable));
  }
  const auto privacyFrame = [&] {
    FramePtr f = curve.frame();
    if (coarseGrid.empty()) return f;
    return makeFrame("privacy", f->title + "; " + coarseGrid + " on the loss grid " +
                                    claimNumber(PldAccountantBase::kCoarseInterval), f->step, std::get<LinesFrame>(f->data));
  };
  long done = 0;
  for (long p = 1; p <= s.points; ++p) {
    throwIfCancelled(observer);
    const long upTo = checkpointStep(p, s.points, s.steps, done);
    curve.record(s.noiseMultiplier, s.sampleRate, upTo - done, [&] { throwIfCancelled(observer); });
    wdp.record(s.noiseMultiplier, s.sampleRate, upTo - done);
    done = upTo;
    observer.onFrame(privacyFrame());
    FramePtr w = wdp.frame();
    observer.onFrame(makeFrame("privacy_wdp", "Wasserstein accountant: its ε = L − ln(δ)/β (not an (ε, δ)-DP bound)",
                               w->step, std::get<LinesFrame>(w->data)));
    observer.onProgress(upTo, s.steps);  // steps composed, as the ε-vs-step chart counts them (not checkpoints)
  }
  RunResult result;
  const std::string coarseNote =
      poissonCoarse ? ", on the coarser loss grid " + claimNumber(PldAccountantBase::kCoarseInterval) : "";
  std::ostringstream statement;
  statement.precision(4);
  for (size_t i = 0; i < ids.size(); ++i) {
    std::string key = "epsilon_" + ids[i];
    std::replace(key.begin(), key.end(), '-', '_');
    result.metrics[key] = curve.epsilon(i);
  }
  result.metrics["epsilon_wdp"] = wdp.epsilon(0);
  result.metrics["wdp_gaussian_at_max_order"] = wdpGaussianMechanism(s.noiseMultiplier, s.maxOrder);
  result.metrics["rdp_gaussian_at_max_order"] = rdpGaussianMechanism(s.noiseMultiplier, s.maxOrder);
  statement << "(ε = " << claimNumber(result.metrics["epsilon_pld"]) << ", δ = " << claimNumber(s.delta)
            << ") by PLD (Poisson, add/remove, pessimistic" << coarseNote << "); RDP " << claimNumber(result.metrics["epsilon_rdp"])
            << ", Mironov " << claimNumber(result.metrics["epsilon_rdp_mironov"]) << ", without replacement "
            << claimNumber(result.metrics["epsilon_rdp_wor"]) << ", GDP (CLT approximation) "
            << claimNumber(result.metrics["epsilon_gdp"]) << "; "
            << s.steps << " steps, q = " << s.sampleRate << ", σ = " << s.noiseMultiplier;
  result.privacyStatement = statement.str();
  return result;
}

MethodInfo accountantExplorerMethod() {
  using K = ParamKind;
  MethodInfo m;
  m.id = "accountant-explorer";
  m.title = "Accountant explorer";
  m.paper = "[FairLearn] §5, [DP-SWD] §4, [WDP] Fig. 1";
  m.summary =
      "Every private method here adds Gaussian noise to a quantity computed on a random batch, many times. "
      "How much privacy that spends depends on how you count. This explorer counts the same run (sampling "
      "rate q, noise multiplier σ, T steps) with every accountant: Rényi DP (two ways of converting to ε, "
      "and the stricter fixed-size-batch version), Gaussian DP (a central-limit approximation), the tight "
      "privacy-loss-distribution accountant (Poisson and fixed-size batches), the random-allocation accountant "
      "(shuffled batches: each row in exactly one of floor(1/q) batches per epoch; Feldman & Shenfeld 2025), and "
      "the Wasserstein accountant. Tight beats loose: in the chart "
      "'Privacy spent', PLD is the lowest of the bounds (the three RDP curves and PLD). The GDP curves are "
      "central-limit approximations, not bounds: the Poisson one (gdp) lies below PLD, so it understates ε; "
      "gdp-uniform counts fixed-size batches, another sampler; random-allocation, a bound, counts shuffled "
      "batches, a third sampler. The chart 'Basic mechanisms: WDP vs RDP budget by "
      "order' shows why the Wasserstein budget behaves so differently (it barely depends on the order and falls "
      "as the noise grows); the Wasserstein accountant's own chart is in its units, not an (ε, δ) bound.";
  m.privacy = {"privacy", "PLD", "epsilon_pld", "", "ε spent (PLD)", ""};  // the tight accountant's curve
  // No private data (accountants and bounds): every number and chart is the release (core/output_classes.h).
  m.outputs.release = {"*"};
  m.outputs.charts = {"privacy", "order_curves", "privacy_wdp"};
  m.grid = {{"noise_multiplier", "sample_rate", "steps", "delta"},
            {"epsilon_pld", "epsilon_rdp", "epsilon_rdp_mironov", "epsilon_rdp_wor", "epsilon_gdp", "epsilon_wdp"},
            "privacy"};
  m.params = {
      {"sample_rate", "Sampling rate q", K::Real, 0.01, 1e-6, 1, false, {}, {}, "",
       "Batch size / data size; Poisson sampling for RDP, GDP and PLD, fixed-size for the without-replacement "
       "RDP ([DP-SWD] §4) and uniform GDP ([FairLearn] §5)."},
      {"noise_multiplier", "Noise multiplier σ", K::Real, 1.1, 0.05, 1000, false, {}, {}, "",
       "Noise standard deviation divided by the sensitivity."},
      {"steps", "Steps T", K::Integer, 1000, 1, 1e7, false, {}, {}, "steps", "Number of noisy steps composed."},
      deltaParam({1e-5, 1e-15, 0.5}, "The δ at which ε is reported (usually below 1/n)."),
      {"points", "Checkpoints", K::Integer, 20, 1, 1000, false, {}, {}, "",
       "Points on the ε-vs-step curves, at steps T·(p/points)², denser where ε rises fastest (each costs one PLD "
       "composition).", true, true},
      {"wdp_order", "WDP order μ", K::Real, 16, 1, 256, false, {}, {}, "", "Order of the Wasserstein accountant ([WDP] default 16).",
       true, true},
      {"wdp_beta", "WDP β", K::Real, 32, 0.01, 1000, false, {}, {}, "", "β of ε = L − ln(δ)/β ([WDP] default 32).", true, true},
      {"laplace_scale", "Laplace scale λ", K::Real, 1, 0.01, 100, false, {}, {}, "",
       "Scale of the Laplace mechanism in the order curves ([WDP] Fig. 1).", true, true},
      {"max_order", "Largest order", K::Real, 100, 1.5, 1000, false, {}, {}, "", "Orders 1..this in the order curves.", true,
       true},
  };
  m.run = [](const ParamValues& p, std::uint64_t seed, RunObserver& obs) {
    return runAccountantExplorer(AccountantExplorerSettings::fromParams(p), seed, obs);
  };
  return m;
}

}  // namespace dpw
