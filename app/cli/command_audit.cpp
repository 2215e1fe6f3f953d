// dpwlab-cli audit SCENARIO.json [--trials N] [--out DIR]: a privacy audit, claimed vs measured ε.
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "cli/pictures.h"
#include "common/run_export.h"
#include "common/scenario.h"

namespace dpwcli {
namespace {

struct Options {
  std::string scenario, out;
  long trials = 0;
};

CommandRun setup(CLI::App& cmd) {
  auto o = std::make_shared<Options>();
  cmd.add_option("scenario", o->scenario, "scenario file of method privacy-audit")->required();
  auto* trials = addInteger(cmd, "--trials", o->trials, "number of trials (default: the scenario's)");
  auto* out = cmd.add_option("--out", o->out, "also write the run to this folder");
  setExamples(cmd, {"dpwlab-cli audit /usr/share/dpwlab/scenarios/privacy-audit-gaussian.json         exit 0: no violation",
                    "dpwlab-cli audit privacy-audit-broken.json --trials 20000 --out audit   exit 3: violated"});
  return [o, trials, out] {
    dpwapp::Scenario scenario = dpwapp::readScenarioFile(QString::fromStdString(o->scenario));
    if (scenario.method != "privacy-audit")
      throw UsageError("audit needs a scenario of method privacy-audit, got '" + scenario.method + "'");
    if (trials->count()) scenario.params.set("trials", double(o->trials));
    dpw::LatestFramesObserver observer;
    const dpw::RunResult result = scenario.methodInfo().run(scenario.params, scenario.seed, observer);
    if (out->count()) {
      dpwapp::exportRunData(scenario, result, observer.latestPerChart(), QString::fromStdString(o->out));
      writeChartPictures(observer.latestPerChart(), o->out);
    }
    std::cout << dpwapp::summaryJson(scenario, result).toStdString();
    // A measured violation: its own exit code (cli/exit_codes.h), apart from a run that failed (1).
    return result.metrics.at("violation") > 0 ? kExitClaimViolated : kExitOk;
  };
}

const RegisterCommand registered(
    "audit",
    "privacy audit: claimed vs measured epsilon, distribution-free and within the Gaussian-DP family (exit 3 on "
    "a violation of the distribution-free bound); the scenario's mechanism is one of "
    "gaussian|laplace|dpswd-projection|fair-histogram|dpsgd-canary|flow-step|flow-histogram, a whole run end "
    "to end: dpswflow-r-run, fair-classifier-run (from a CSV file), shuffled-batches-run (DP-SGD on batches "
    "shuffled once), fair-regression-run (from a CSV file), count-query-run|randomized-response-run|"
    "clipped-mean-run|exponential-mechanism-run (the DP basics, black box), dpswflow-run|dpswgen-run, or a one-run audit of a whole run with --trials canaries: "
    "dpsgd-run-one-run|dpswflow-r-one-run (Steinke, Nasr & Jagielski 2023)",
    setup);

}  // namespace
}  // namespace dpwcli
