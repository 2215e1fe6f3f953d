// The charts of every method (methods/output_charts.h), in the order a run first draws them. A chart drawn
// only under some parameters is listed too (the audit's mechanisms, the fair methods' data sets); a chart
// a run draws that is not here fails tst_method_defaults and tst_lesson_contracts.
#include "methods/output_charts.h"

#include <map>

namespace dpw {

const std::vector<std::string>& declaredCharts(const std::string& methodId) {
  static const std::map<std::string, std::vector<std::string>, std::less<>> charts = {
      {"dpswflow-r", {"particles", "sw2", "epsilon", "samples"}},
      {"dpswflow", {"particles", "sw2", "epsilon", "samples"}},
      {"dpswgen", {"particles", "sw2", "loss", "epsilon", "samples"}},
      {"flow-privacy-utility", {"utility"}},
      // One transport plan per group: transport_<group>, up to the four groups of the built-in data sets.
      {"fair-regression", {"groups_before", "groups_after", "tradeoff", "private_vs_true", "transport_0", "transport_1",
                           "transport_2", "transport_3", "audit_scores"}},
      {"fair-classifier", {"loss", "privacy", "scores"}},
      {"fair-regression-2d", {"loss", "privacy", "outputs"}},
      {"fair-representation", {"loss", "privacy", "latent"}},
      {"private-matching", {"loss", "privacy", "outputs"}},
      {"count-query", {"count_laplace", "count_gaussian", "count_loss_ratio", "count_attack", "count_draws"}},
      {"randomized-response", {"rr_truth_probability", "rr_estimates", "rr_error_vs_epsilon", "outputs"}},
      {"clipped-mean", {"clip_data", "clip_releases", "clip_error_vs_bound"}},
      {"exponential-mechanism", {"em_selection", "em_privacy_ratio", "em_shortfall", "em_vs_epsilon"}},
      {"membership-inference", {"mi_scores", "mi_roc", "mi_advantage"}},
      {"dpsgd-clipping", {"sgd_clip_picture", "sgd_clip_step", "sgd_clip_error"}},
      {"ot-basics", {"ot_coupling", "ot_plan", "ot_quantiles"}},
      {"accountant-explorer", {"privacy", "order_curves", "privacy_wdp"}},
      {"dpswd-explorer", {"projections", "distance_vs_shift"}},
      {"projection-sensitivity", {"sensitivity_density"}},
      {"privacy-audit", {"audit_epsilon", "audit_scores"}},
      {"privacy-tradeoff", {"tradeoff"}},
  };
  static const std::vector<std::string> none;
  const auto it = charts.find(methodId);
  return it == charts.end() ? none : it->second;
}

}  // namespace dpw
