#pragma once
/// The release and the evaluation of a run, kept apart.
///
/// Every output of a run (a RunResult metric, a chart) is one of:
/// - **release**: computed from the released quantities (the noisy outputs of the mechanism) and from
///   public data only; the run's ε covers it (post-processing);
/// - **evaluation**: computed on private data (test rows, the training batch before noise, the true
///   histograms): outside the mechanism, so ε does not cover it. Useful to judge a method, never to
///   publish beside the release.
/// Each method declares the class of every output key (MethodInfo::outputs); the registry sorts a
/// run's metrics into RunResult::metrics and RunResult::evaluation, labels evaluation charts and series
/// with evaluationSuffix(), and in secure mode (noise_source = os-entropy) leaves every evaluation
/// output out unless the run's `evaluation` parameter names it (a metric key or a chart id; "all").
#include <string>
#include <vector>

namespace dpw {

enum class OutputClass { Release, Evaluation, Unclassified };

/// Patterns of output keys: an exact key, or a prefix ending in '*' ("fair_eps_*").
struct OutputClasses {
  std::vector<std::string> release;           ///< metric keys of the release
  std::vector<std::string> evaluation;        ///< metric keys computed on private data
  std::vector<std::string> evaluationCharts;  ///< chart ids drawn (wholly) from private data
  /// Every chart id a run may draw, in the order a run first draws them (a chart drawn only under some
  /// parameters too): what the GUI offers to record before the first run (methods/output_charts.h).
  std::vector<std::string> charts;
};

/// True if `key` matches `pattern` (exact, or prefix match when the pattern ends in '*').
bool keyMatches(const std::string& pattern, const std::string& key);

/// Evaluation if an evaluation pattern matches, else Release if a release pattern matches, else Unclassified.
OutputClass classifyMetric(const OutputClasses& classes, const std::string& key);

/// " (evaluation, not private)": appended to the names of evaluation charts and series (charts, CSVs).
const std::string& evaluationSuffix();

/// True if `name` ends with evaluationSuffix().
bool isEvaluationName(const std::string& name);

/// `name` + evaluationSuffix() (unchanged if it already ends with it).
std::string evaluationName(const std::string& name);

/// The note summary.json writes beside the evaluation: ε does not cover it.
const std::string& evaluationNote();

/// The parameter every method with evaluation outputs offers: which evaluation outputs a secure-mode run
/// keeps (comma-separated metric keys or chart ids, "all"; teaching mode keeps them all).
const char* evaluationParamKey();

/// Parses the `evaluation` parameter's text: "a, b" → {"a", "b"}.
std::vector<std::string> parseEvaluationRequest(const std::string& text);

/// True if `request` names `key` (or holds "all").
bool evaluationRequested(const std::vector<std::string>& request, const std::string& key);

}  // namespace dpw
