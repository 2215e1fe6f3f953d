#include "methods/output_filter.h"

#include <algorithm>
#include <limits>
#include <new>

#include "core/error.h"
#include "privacy/mechanisms/mechanisms.h"
#include "privacy/privacy_params.h"

namespace dpw {

void declareOutputs(MethodInfo& method);  // output_declarations.cpp

namespace {

bool anyMatches(const std::vector<std::string>& patterns, const std::string& key) {
  return std::any_of(patterns.begin(), patterns.end(), [&](const std::string& p) { return keyMatches(p, key); });
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
    const auto* lines = std::get_if<LinesFrame>(&frame->data);
    const auto* hist = std::get_if<HistogramFrame>(&frame->data);
    const bool mixed = (lines && std::any_of(lines->series.begin(), lines->series.end(),
                                             [](const Series& s) { return isEvaluationName(s.name); })) ||
                       (hist && std::any_of(hist->groups.begin(), hist->groups.end(),
                                            [](const auto& g) { return isEvaluationName(g.name); }));
    if (!mixed) return inner_.onFrame(std::move(frame));
    Frame copy = *frame;  // secure mode: the release's series only
    if (auto* l = std::get_if<LinesFrame>(&copy.data)) {
      std::erase_if(l->series, [](const Series& s) { return isEvaluationName(s.name); });
      if (l->series.empty()) return;
    } else if (auto* h = std::get_if<HistogramFrame>(&copy.data)) {
      std::erase_if(h->groups, [](const auto& g) { return isEvaluationName(g.name); });
      if (h->groups.empty()) return;
    }
    inner_.onFrame(std::make_shared<const Frame>(std::move(copy)));
  }
  void onProgress(long step, long total) override { inner_.onProgress(step, total); }
  void onStatus(const std::string& what) override { inner_.onStatus(what); }
  bool cancelRequested() const override { return inner_.cancelRequested(); }

 private:
  static FramePtr labelled(const Frame& frame) {
    Frame copy = frame;
    copy.title = evaluationName(copy.title);
    if (auto* l = std::get_if<LinesFrame>(&copy.data))
      for (auto& s : l->series) s.name = evaluationName(s.name);
    if (auto* h = std::get_if<HistogramFrame>(&copy.data))
      for (auto& g : h->groups) g.name = evaluationName(g.name);
    if (auto* pts = std::get_if<PointsFrame>(&copy.data))  // CSVs carry the label names
      for (auto& name : pts->labelNames) name = evaluationName(name);
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
  declareOutputs(method);
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
