#include "methods/output_filter.h"

#include <algorithm>
#include <limits>
#include <new>

#include "core/error.h"
#include "core/internal_error.h"
#include "core/overloaded.h"
#include "privacy/mechanisms/mechanisms.h"
#include "privacy/privacy_params.h"

namespace dpw {

namespace {

bool anyMatches(const std::vector<std::string>& patterns, const std::string& key) {
  return std::any_of(patterns.begin(), patterns.end(), [&](const std::string& p) { return keyMatches(p, key); });
}

/// Whether a frame mixes released curves with evaluation ones (named by evaluationName). One lambda per
/// frame kind and no catch-all (core/overloaded.h): a new kind must say whether it has such curves to
/// compile, so secure mode cannot let an evaluation through a kind it forgot.
bool hasEvaluationCurves(const Frame& frame) {
  auto named = [](const auto& items) {
    return std::any_of(items.begin(), items.end(), [](const auto& item) { return isEvaluationName(item.name); });
  };
  return std::visit(Overloaded{
                        [&](const LinesFrame& l) { return named(l.series); },
                        [&](const HistogramFrame& h) { return named(h.groups); },
                        [](const PointsFrame&) { return false; },  // one release's groups, not separate outputs
                        [](const HeatmapFrame&) { return false; },
                        [](const ImagesFrame&) { return false; },
                    },
                    frame.data);
}

/// Removes the evaluation curves of `frame` (see hasEvaluationCurves); false when none is left to show.
bool dropEvaluationCurves(Frame& frame) {
  auto drop = [](auto& items) {
    std::erase_if(items, [](const auto& item) { return isEvaluationName(item.name); });
    return !items.empty();
  };
  return std::visit(Overloaded{
                        [&](LinesFrame& l) { return drop(l.series); },
                        [&](HistogramFrame& h) { return drop(h.groups); },
                        [](PointsFrame&) { return true; },
                        [](HeatmapFrame&) { return true; },
                        [](ImagesFrame&) { return true; },
                    },
                    frame.data);
}

/// Forwards frames to `inner`: evaluation charts (declared ids) and evaluation series (evaluationSuffix())
/// are labelled in teaching mode and dropped in secure mode unless requested by chart id (or "all").
class EvaluationFilter final : public RunObserver {
 public:
  EvaluationFilter(RunObserver& inner, const OutputClasses& classes, bool secure, std::vector<std::string> request)
      : inner_(inner), classes_(classes), secure_(secure), request_(std::move(request)) {}

  void onFrame(FramePtr frame) override {
    const bool keep = !secure_ || evaluationRequested(request_, frame->chart);
    if (anyMatches(classes_.evaluationCharts, frame->chart)) {
      if (keep) inner_.onFrame(labelled(*frame));
      return;
    }
    if (keep) return inner_.onFrame(std::move(frame));
    if (!hasEvaluationCurves(*frame)) return inner_.onFrame(std::move(frame));
    Frame copy = *frame;  // secure mode: the release's curves only
    if (dropEvaluationCurves(copy)) inner_.onFrame(std::make_shared<const Frame>(std::move(copy)));
  }
  void onProgress(long step, long total) override { inner_.onProgress(step, total); }
  void onStatus(const std::string& what) override { inner_.onStatus(what); }
  bool cancelRequested() const override { return inner_.cancelRequested(); }

 private:
  static FramePtr labelled(const Frame& frame) {
    Frame copy = frame;
    copy.title = evaluationName(copy.title);
    std::visit(Overloaded{
                   [](LinesFrame& l) { for (auto& s : l.series) s.name = evaluationName(s.name); },
                   [](HistogramFrame& h) { for (auto& g : h.groups) g.name = evaluationName(g.name); },
                   [](PointsFrame& pts) {  // CSVs carry the label names
                     for (auto& name : pts.labelNames) name = evaluationName(name);
                   },
                   [](HeatmapFrame&) {},  // one matrix: the title says it is an evaluation
                   [](ImagesFrame&) {},
               },
               copy.data);
    return std::make_shared<const Frame>(std::move(copy));
  }

  RunObserver& inner_;
  const OutputClasses& classes_;
  bool secure_;
  std::vector<std::string> request_;
};

/// Refuses a name in the `evaluation` parameter that names no evaluation output of the method (a typo
/// would otherwise leave an output out of a secure run without a word): each name is "all", an
/// evaluation chart id or a metric key an evaluation pattern matches.
void requireKnownEvaluationNames(const OutputClasses& classes, const std::vector<std::string>& request) {
  for (const std::string& name : request) {
    const bool known = name == "all" || std::find(classes.evaluationCharts.begin(), classes.evaluationCharts.end(),
                                                  name) != classes.evaluationCharts.end() ||
                       (name.find('*') == std::string::npos && anyMatches(classes.evaluation, name));
    if (known) continue;
    std::string keys, charts;
    for (const std::string& k : classes.evaluation) keys += (keys.empty() ? "" : ", ") + k;
    for (const std::string& c : classes.evaluationCharts) charts += (charts.empty() ? "" : ", ") + c;
    throw InvalidArgument("evaluation: '" + name + "' is no evaluation output of this method; name metric keys (" +
                          keys + "; * stands for any ending), chart ids (" + charts + ") or all");
  }
}

}  // namespace

std::string treatedAsPublicSentence(const std::vector<std::string>& items) {
  if (items.empty()) return "";
  std::string s = "Treated as public (not protected by ε): ";
  for (std::size_t i = 0; i < items.size(); ++i) s += (i ? "; " : "") + items[i];
  return s + ".";
}

void applyOutputClasses(MethodInfo& method) {
  // Every factory declares its outputs beside its parameters (the release is never empty: "*" when all
  // is); a factory that forgot them is a bug of the engine, found when the registry is built.
  ensure(!method.outputs.release.empty(), "method '", method.id,
         "' declares no output classes: set MethodInfo::outputs in its factory (core/output_classes.h)");
  const bool hasEvaluation = !method.outputs.evaluation.empty() || !method.outputs.evaluationCharts.empty();
  if (hasEvaluation)
    method.params.push_back(
        {evaluationParamKey(), "Evaluation outputs (secure mode)", ParamKind::Text, 0,
         -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(), false, {}, "", "",
         "Evaluations on the private data (test-set scores, true histograms, the training batch before noise) are "
         "outside the mechanism: ε does not cover them. Teaching mode reports them all, labelled; secure mode "
         "(noise_source = os-entropy) leaves them out unless named here (comma-separated metric keys or chart ids, "
         "or all).",
         false, true});
  auto inner = method.run;
  // A method that can draw its noise in either mode says against whom its ε holds, first (withThreatModel).
  const bool offersSource = std::any_of(method.params.begin(), method.params.end(),
                                        [](const ParamSpec& spec) { return spec.key == "noise_source"; });
  method.run = [inner, classes = method.outputs, pub = method.treatedAsPublic, hasEvaluation, offersSource](
                   const ParamValues& p, std::uint64_t seed, RunObserver& observer) {
    const bool secure = readNoiseSource(p) == NoiseSource::OsEntropy;
    const std::vector<std::string> request =
        hasEvaluation ? parseEvaluationRequest(p.text(evaluationParamKey())) : std::vector<std::string>{};
    requireKnownEvaluationNames(classes, request);
    EvaluationFilter filter(observer, classes, secure, request);
    RunResult r;
    try {
      r = inner(p, seed, filter);
    } catch (const std::bad_alloc&) {  // the sizes the user chose (rows, test rows, particles, directions)
      throw InvalidArgument("out of memory: this run needs more memory than the machine gives it; choose smaller "
                            "sizes (rows n, test rows, particles, directions k, bins)");
    }
    for (auto it = r.metrics.begin(); it != r.metrics.end();) {
      if (classifyMetric(classes, it->first) != OutputClass::Evaluation) {
        ++it;
        continue;
      }
      if (!secure || evaluationRequested(request, it->first)) r.evaluation.insert(*it);
      it = r.metrics.erase(it);
    }
    if (offersSource) r.privacyStatement = withThreatModel(readNoiseSource(p), r.privacyStatement);
    const std::string publicPart = treatedAsPublicSentence(pub);
    if (std::string& st = r.privacyStatement; !publicPart.empty() && !st.empty()) {
      while (!st.empty() && st.back() == ' ') st.pop_back();
      if (st.back() != '.') st += '.';  // the claim's sentence ends before the next (the audit's did not)
      st += " " + publicPart;
    }
    return r;
  };
}

}  // namespace dpw
