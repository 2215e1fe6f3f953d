#include "methods/flow/flow_privacy_utility.h"

#include <cmath>
#include <functional>
#include <limits>
#include <sstream>
#include <string>
#include <utility>

#include "core/error.h"
#include "core/parameter_text.h"
#include "methods/flow/dpsw_flow.h"
#include "methods/flow/dpsw_generator.h"
#include "flow/flow_data.h"
#include "privacy/ledger/joint_claim.h"
#include "privacy/printed_numbers.h"
#include "privacy/privacy_params.h"  // deltaParam

namespace dpw {
namespace {

/// Forwards cancellation, progress (scaled into the whole sweep) and status (after the run's name, e.g. "run 3 of
/// 6, DPSWflow-r (paper's choices) at ε = 1: calibrating the noise"); drops the frames of inner runs.
class InnerObserver : public RunObserver {
 public:
  InnerObserver(RunObserver& outer, long offset, long total, std::string name)
      : outer_(outer), offset_(offset), total_(total), name_(std::move(name)) {
    outer_.onStatus(name_);
  }
  void onFrame(FramePtr) override {}
  void onProgress(long step, long) override { outer_.onProgress(offset_ + step, total_); }
  void onStatus(const std::string& what) override { outer_.onStatus(what.empty() ? name_ : name_ + ": " + what); }
  bool cancelRequested() const override { return outer_.cancelRequested(); }

 private:
  RunObserver& outer_;
  long offset_, total_;
  std::string name_;
};

std::vector<double> parseEpsilons(const std::string& text) {
  // core/parameter_text.h: the one splitter and number reader (std::stod here read "0.5" as 0 under a
  // comma-decimal locale).
  const std::vector<double> out = parseNumberList(text, "the ε list");
  for (double v : out) require(v > 0 && std::isfinite(v), "every ε must be finite and > 0, got ", v);
  require(!out.empty() && out.size() <= 8, "give 1 to 8 values of ε, got '", text, "'");
  return out;
}

std::string epsKey(double e) {
  std::ostringstream os;
  os << e;
  return os.str();
}

RunResult runFlowPrivacyUtility(const ParamValues& p, std::uint64_t seed, RunObserver& observer) {
  const std::vector<double> epsilons = parseEpsilons(p.text("epsilons"));
  const std::string target = p.text("target");
  const bool fashion = target == "fashion-mnist";
  const long flowSteps = p.integer("steps"), genSteps = 2 * flowSteps;
  require(flowSteps >= 1 && genSteps >= 1, "steps must be at least 1");
  const std::string metric = fashion ? "frechet_public" : "sw2_heldout";
  const double delta = p.real("delta");
  // One accountant, and so one sampler and neighbouring relation, for every run: then one accountant composes
  // all their releases into the chart's joint claim (joint_claim.h).
  const std::string accountant = p.text("accountant");

  // Each arm's run as its method runs it, but drawing its frames at the last step only (liveFrames): nobody sees
  // the inner runs' frames, and the early ones took half of a 100-step flow's CPU (lesson 5.4).
  const auto flow = [](const ParamValues& v, std::uint64_t seed, RunObserver& o) {
    DpswFlowSettings s = DpswFlowSettings::fromParams(v, FlowVariant::Resampled);
    s.liveFrames = false;
    return runDpswFlow(s, seed, o);
  };
  const auto generator = [](const ParamValues& v, std::uint64_t seed, RunObserver& o) {
    DpswGeneratorSettings s = DpswGeneratorSettings::fromParams(v);
    s.liveFrames = false;
    return runDpswGenerator(s, seed, o);
  };
  struct Arm {
    std::string id, name;
    MethodInfo method;  ///< its parameters and their defaults
    std::function<RunResult(const ParamValues&, std::uint64_t, RunObserver&)> run;
    std::vector<std::pair<std::string, ParamValue>> overrides;
    long steps;
  };
  std::vector<Arm> arms = {
      {"flow_defaults", "DPSWflow-r (defaults)", dpswFlowResampledMethod(), flow, {{"accountant", accountant}}, flowSteps},
      {"flow_paper", "DPSWflow-r (paper's choices)", dpswFlowResampledMethod(), flow,
       {{"release", std::string("projections")},
        {"direction_draw", std::string("random")},
        {"bound", flowBoundId(FlowBound::Clt)},
        {"step_decay", 0.0},
        {"project_support", std::string("off")},
        {"step_size", fashion ? 3.0 : 1.0},
        {"projections", fashion ? 70.0 : 30.0},
        {"accountant", accountant}},
       flowSteps},
      {"generator", "DPSWgen", dpswGeneratorMethod(), generator, {{"accountant", accountant}}, genSteps},
  };
  const long total = long(epsilons.size()) * (2 * flowSteps + genSteps);
  long done = 0;
  int runIndex = 0;
  const std::size_t runs = arms.size() * epsilons.size();
  RunResult result;
  std::vector<Series> series;
  std::vector<RunPrivacy> spent;  // every run's claim, for the chart's joint claim
  for (const Arm& arm : arms) {
    Series s{arm.name, {}, {}};
    for (const double eps : epsilons) {
      ParamValues v(arm.method.params);
      v.set("target", target);
      v.set("epsilon", eps);
      v.set("delta", delta);
      v.set("steps", double(arm.steps));
      v.set("frame_every", double(arm.steps));
      for (const auto& [key, value] : arm.overrides) v.set(key, value);
      InnerObserver inner(observer, done, total,
                          "run " + std::to_string(++runIndex) + " of " + std::to_string(runs) + ", " + arm.name +
                              " at ε = " + epsKey(eps));
      const RunResult r = arm.run(v, seed, inner);
      spent.push_back(r.privacy);
      done += arm.steps;
      const double q = r.metrics.at(metric);
      s.x.push_back(eps);
      s.y.push_back(q);
      result.metrics[arm.id + "_eps" + epsKey(eps)] = q;
      observer.onFrame(makeFrame("utility", "Quality vs ε (lower is better)", done,
                                 LinesFrame{"ε", fashion ? "Fréchet distance (public LDA features)" : "SW₂² to held-out",
                                            [&] {
                                              auto all = series;
                                              all.push_back(s);
                                              return all;
                                            }(),
                                            true, true}));
    }
    series.push_back(std::move(s));
  }
  // The chart shows every run, so it spends what they spend together (joint_claim.h).
  const JointClaim joint = jointClaim(spent);
  result.metrics["joint_epsilon"] = joint.epsilon;
  result.metrics["joint_delta"] = joint.delta;
  std::ostringstream st;
  const double runDelta = spent.empty() ? delta : spent.front().delta;  // auto resolved by the runs (the same m)
  st << "Each point is a separate run with the same seed, the " << accountant << " accountant and (ε, δ = "
     << claimNumber(runDelta) << "), the ε on the x-axis its own claim. " << jointClaimSentence(joint, "runs");
  result.privacyStatement = st.str();
  return result;
}

}  // namespace

MethodInfo flowPrivacyUtilityMethod() {
  using K = ParamKind;
  const double inf = std::numeric_limits<double>::infinity();
  MethodInfo m;
  m.id = "flow-privacy-utility";
  m.title = "Flows vs generator: quality vs ε";
  m.paper = "[DPSWFlow] §4.2";
  m.summary =
      "The paper's claim, measured: for each privacy budget ε, DPSWflow-r with its defaults (noisy histograms "
      "of the batch projections with exact sensitivity, decaying step), DPSWflow-r with the paper's choices "
      "(noise on every projection, random directions with the CLT bound, constant step) and the DPSWgen generator are each run once with the same seed and δ, and "
      "their final distance to held-out data is drawn against ε (lower is better). On Fashion-MNIST the "
      "distance is a Fréchet distance in the feature space of a classifier fitted on the public half.";
  m.params = {
      {"target", "Target", K::Choice, 0, -inf, inf, false, flowTargetIds(), "ring5", "",
       "2-D toy or Fashion-MNIST latents (one unconditional flow / generator)."},
      {"epsilons", "ε values", K::Text, 0, -inf, inf, false, {}, "1, 2, 5, 10", "",
       "Comma-separated privacy budgets, one run per method each (1 to 8 values)."},
      deltaParam({0, 0, 0.5, "auto (0.1/m)"}, "δ of every run; auto (0 in scenario files): 1/(10 m) for the m private rows."),
      {"accountant", "Accountant", K::Choice, 0, -inf, inf, false, {"pld-wor", "pld"}, "pld-wor", "",
       "The accountant of every run, so that one accountant composes all their releases into the chart's joint "
       "claim. pld-wor: fixed-size batches, replace-one neighbours (the shape of every release is public); pld: "
       "Poisson sampling, add/remove neighbours (the reference code's sampler).",
       true, true},
      {"steps", "Steps T", K::Integer, 500, 1, 1e6, false, {}, {}, "steps",
       "T of each flow run; each DPSWgen run takes 2T Adam steps."},
  };
  m.run = [](const ParamValues& p, std::uint64_t seed, RunObserver& obs) { return runFlowPrivacyUtility(p, seed, obs); };
  // Each point of the chart is a separate run at its own ε on the same data: the chart as a whole spends
  // their joint ε (joint_claim.h), which the status bar shows.
  m.privacy.metric = "joint_epsilon";
  m.privacy.label = "joint ε of all runs";
  m.outputs.release = {"*"};  // each point is a flow's or generator's release-side quality (their own classes)
  m.outputs.charts = {"utility"};
  m.treatedAsPublic = {"as each arm's run (row count, dimension, bounds, held-out sample)"};
  m.grid = {{"target", "steps", "delta"},
            {"flow_defaults_eps5", "flow_paper_eps5", "generator_eps5", "joint_epsilon"},
            "utility"};  // ε = 5 is in the default list
  return m;
}

}  // namespace dpw
