// dpwlab-cli run SCENARIO.json [--out DIR] [--no-png]   and   dpwlab-cli methods
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "common/run_export.h"
#include "common/scenario.h"

namespace dpwcli {
namespace {

struct RunOptions {
  std::string scenario, out = "out";
  bool noPng = false;
};

CommandRun setupRun(CLI::App& cmd) {
  auto o = std::make_shared<RunOptions>();
  cmd.add_option("scenario", o->scenario, "scenario file, or 'default' for the embedded one")->required();
  cmd.add_option("--out", o->out, "output folder (summary.json, scenario.json, <chart>.csv/.png)")->default_str("out");
  cmd.add_flag("--no-png", o->noPng, "skip the chart pictures");
  return [o] {
    const dpwapp::Scenario scenario = o->scenario == "default"
                                          ? dpwapp::Scenario::embeddedDefault()
                                          : dpwapp::Scenario::fromFile(QString::fromStdString(o->scenario));
    dpw::LatestFramesObserver observer;
    const dpw::RunResult result = scenario.methodInfo().run(scenario.params, scenario.seed, observer);
    dpwapp::exportRun(scenario, result, observer.latestPerChart(), QString::fromStdString(o->out), !o->noPng);
    std::cout << dpwapp::summaryJson(scenario, result).toStdString();
    return 0;
  };
}

CommandRun setupMethods(CLI::App&) {
  return [] {
    QJsonArray methods;
    for (const auto& m : dpw::allMethods()) {
      QJsonArray params;
      for (const auto& p : m.params)
        params.append(QJsonObject{{"key", QString::fromStdString(p.key)},
                                  {"label", QString::fromStdString(p.label)},
                                  {"default", p.kind == dpw::ParamKind::Choice || p.kind == dpw::ParamKind::Text
                                                  ? QJsonValue(QString::fromStdString(p.defaultText))
                                                  : dpwapp::paramToJson(p.defaultValue)},
                                  {"help", QString::fromStdString(p.help)}});
      methods.append(QJsonObject{{"id", QString::fromStdString(m.id)},
                                 {"title", QString::fromStdString(m.title)},
                                 {"paper", QString::fromStdString(m.paper)},
                                 {"parameters", params}});
    }
    std::cout << QJsonDocument(methods).toJson(QJsonDocument::Indented).toStdString();
    return 0;
  };
}

const RegisterCommand run("run", "run a scenario and write its results and charts", setupRun);
const RegisterCommand methods("methods", "list the methods and their parameters as JSON", setupMethods);

}  // namespace
}  // namespace dpwcli
