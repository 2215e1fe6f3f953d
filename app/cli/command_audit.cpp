// dpwlab-cli audit SCENARIO.json [--trials N] [--out DIR]: a privacy audit, claimed vs measured ε.
#include <iostream>

#include "cli/cli_args.h"
#include "cli/commands.h"
#include "common/run_export.h"
#include "common/scenario.h"

namespace dpwcli {

int auditCommand(const std::vector<std::string>& words) {
  const Args args(words);
  args.allowOnly({"trials", "out"});
  if (args.positional().size() != 1) throw UsageError("expected one scenario file of method privacy-audit");
  dpwapp::Scenario scenario = dpwapp::Scenario::fromFile(QString::fromStdString(args.positional()[0]));
  if (scenario.method != "privacy-audit")
    throw UsageError("audit needs a scenario of method privacy-audit, got '" + scenario.method + "'");
  if (args.has("trials")) scenario.params.set("trials", double(args.integer("trials")));
  dpw::LatestFramesObserver observer;
  const dpw::RunResult result = scenario.methodInfo().run(scenario.params, scenario.seed, observer);
  if (args.has("out")) dpwapp::exportRun(scenario, result, observer.latestPerChart(), QString::fromStdString(args.text("out")));
  std::cout << dpwapp::summaryJson(scenario, result).toStdString();
  return result.metrics.at("violation") > 0 ? 1 : 0;  // a measured violation fails the command
}

}  // namespace dpwcli
