// dpwlab-cli audit SCENARIO.json [--trials N] [--out DIR]: a privacy audit, claimed vs measured ε.
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "cli/pictures.h"
#include "common/run_export.h"
#include "common/scenario_files.h"
#include "core/method.h"

namespace dpwcli {
namespace {

struct Options {
  std::string scenario, out;
  long trials = 0;
};

// The mechanisms an audit scenario may name: the privacy-audit method's own list (one home), so a newly
// registered audit is in --help and the man page without an edit here.
std::string auditMechanismList() {
  for (const dpw::ParamSpec& p : dpw::findMethod("privacy-audit").params)
    if (p.key == "mechanism") {
      std::string list;
      // ", " and not "|": one unbroken word of 500 characters is a line groff cannot adjust (the man page).
      for (const std::string& id : p.choices) list += (list.empty() ? "" : ", ") + id;
      return list;
    }
  return {};
}

CommandRun setup(CLI::App& cmd) {
  cmd.description(cmd.get_description() + auditMechanismList() +
                  " (the *-run ones audit a whole run end to end; the *-one-run ones a whole run in one run with "
                  "--trials canaries, Steinke, Nasr & Jagielski 2023)");
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
    "a violation of the distribution-free bound); the scenario's mechanism is one of ",
    setup);

}  // namespace
}  // namespace dpwcli
