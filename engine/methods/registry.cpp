// The list of methods the app offers. Add a method here once it has a MethodInfo.
#include <sstream>

#include "core/error.h"
#include "core/method.h"
#include "core/run_stop.h"
#include "audit/mechanism_audits.h"
#include "fair_learning/dpsgd_canary_audit.h"
#include "fair_learning/dpsgd_one_run_audit.h"
#include "fair_regression/private_histogram_audit.h"
#include "dpswd/dpswd_projection_audit.h"
#include "methods/accountant_explorer.h"
#include "methods/clipped_mean_method.h"
#include "methods/dpsgd_clipping.h"
#include "methods/count_query.h"
#include "methods/dpswd_explorer.h"
#include "methods/exponential_mechanism_method.h"
#include "methods/membership_inference_method.h"
#include "methods/fair_learning.h"
#include "methods/fair_regression.h"
#include "methods/ot_basics.h"
#include "methods/output_filter.h"
#include "methods/flow/dpsw_flow.h"
#include "methods/flow/dpsw_generator.h"
#include "methods/flow/flow_privacy_utility.h"
#include "flow/flow_step_audit.h"
#include "flow/histogram_release_audit.h"
#include "methods/flow/dpsw_flow_one_run_audit.h"
#include "methods/flow/dpsw_flow_run_audit.h"
#include "methods/fair_learning_run_audit.h"
#include "audit/shuffled_batches_audit.h"
#include "methods/privacy_audit_method.h"
#include "methods/privacy_tradeoff.h"
// Whole-run audits of fair regression and the DP basics (issue #36 item 1).
#include "methods/basics_run_audits.h"
#include "methods/fair_regression_run_audit.h"
#include "methods/randomized_response_method.h"
#include "methods/projection_sensitivity_explorer.h"
// Whole runs of the pool flow and the generator, end to end
#include "methods/flow/dpsw_generator_run_audit.h"
#include "methods/flow/dpsw_pool_run_audit.h"

namespace dpw {

const std::vector<MethodInfo>& allMethods() {
  static const std::vector<MethodInfo> methods = [] {
    // Audit targets that live beside their method (before privacyAuditMethod() lists the names).
    registerAuditMechanism("dpswd-projection", dpswdProjectionAuditTarget);
    registerAuditMechanism("fair-histogram", fairHistogramAuditTarget);
    registerAuditMechanism("dpsgd-canary", dpsgdCanaryAuditTarget);
    registerAuditMechanism("flow-step", flowStepAuditTarget);
    registerAuditMechanism("flow-histogram", histogramReleaseAuditTarget);
    registerAuditMechanism("dpswflow-r-run", dpswFlowRunAuditTarget);  // a whole run, end to end
    registerOneRunAudit("dpsgd-run-one-run", dpsgdRunOneRunTarget);  // a whole training, one run, m canaries
    registerOneRunAudit("dpswflow-r-one-run", dpswFlowOneRunTarget);  // a whole flow run, one run, m canaries
    registerAuditMechanism("fair-classifier-run", fairClassifierRunAuditTarget);  // through its CSV data path
    // The other fair-learning tasks, whole runs through their own data path (one builder, by task)
    for (const FairTask task : {FairTask::Regression2d, FairTask::Representation, FairTask::Matching})
      registerAuditMechanism(fairLearningRunAuditName(task), [task](const MechanismAuditSettings& s, std::uint64_t seed) {
        return fairLearningRunAuditTarget(task, s, seed);
      });
    registerAuditMechanism("shuffled-batches-run", shuffledBatchesAuditTarget);  // DP-SGD on shuffle-once batches
    // Whole runs as a user runs them: fair regression from a CSV file (white box), the DP basics (black box).
    registerAuditMechanism("fair-regression-run", [](const MechanismAuditSettings& s, std::uint64_t seed) {
      return fairRegressionRunAuditTarget(s, seed);
    });
    registerAuditMechanism("count-query-run", countQueryRunAuditTarget);
    registerAuditMechanism("randomized-response-run", randomizedResponseRunAuditTarget);
    registerAuditMechanism("clipped-mean-run", clippedMeanRunAuditTarget);
    registerAuditMechanism("exponential-mechanism-run", exponentialMechanismRunAuditTarget);
    // Whole runs end to end, white box: DPSWflow (its one histogram release) and DPSWgen (every step's DP-SWD release)
    registerAuditMechanism("dpswflow-run", dpswPoolRunAuditTarget);
    registerAuditMechanism("dpswflow-projections-run", dpswPoolProjectionsRunAuditTarget);  // the paper's release
    registerAuditMechanism("dpswgen-run", dpswGeneratorRunAuditTarget);
    std::vector<MethodInfo> list{
      dpswFlowResampledMethod(),  // DP gradient flow: the default scenario
      dpswFlowPoolMethod(),
      dpswGeneratorMethod(),
      flowPrivacyUtilityMethod(),
      fairRegressionMethod(),
      fairClassifierMethod(),
      fairRegression2dMethod(),
      fairRepresentationMethod(),
      privateMatchingMethod(),
      countQueryMethod(),  // the DP basics, starting with the first lesson
      randomizedResponseMethod(),
      clippedMeanMethod(),
      exponentialMechanismMethod(),
      membershipInferenceMethod(),
      dpsgdClippingMethod(),
      otBasicsMethod(),
      accountantExplorerMethod(),
      dpSwdExplorerMethod(),
      projectionSensitivityMethod(),
      privacyAuditMethod(),
      privacyTradeoffMethod(),
    };
    for (MethodInfo& m : list) {
      applyOutputClasses(m);  // release vs evaluation, public quantities (output_filter.h)
      // The run's observer answers Stop for code below it that has none at hand (core/run_stop.h).
      m.run = [run = std::move(m.run)](const ParamValues& p, std::uint64_t seed, RunObserver& observer) {
        const RunStopScope stop(observer);
        return run(p, seed, observer);
      };
    }
    return list;
  }();
  return methods;
}

const MethodInfo& findMethod(const std::string& id) {
  for (const auto& m : allMethods())
    if (m.id == id) return m;
  std::ostringstream known;
  for (const auto& m : allMethods()) known << ' ' << m.id;
  throw InvalidArgument("unknown method '" + id + "'; known methods:" + known.str());
}

}  // namespace dpw
