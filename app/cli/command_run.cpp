// dpwlab-cli run SCENARIO.json [--out DIR] [--no-png]
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <iostream>

#include "cli/cli_args.h"
#include "cli/commands.h"
#include "common/run_export.h"
#include "common/scenario.h"

namespace dpwcli {

int runCommand(const std::vector<std::string>& words) {
  const Args args(words, {"no-png"});
  args.allowOnly({"out", "no-png"});
  if (args.positional().size() != 1) throw UsageError("expected one scenario file (or 'default')");
  const std::string path = args.positional()[0];
  const dpwapp::Scenario scenario = path == "default" ? dpwapp::Scenario::embeddedDefault()
                                                      : dpwapp::Scenario::fromFile(QString::fromStdString(path));
  const QString out = QString::fromStdString(args.text("out", std::string("out")));
  dpw::LatestFramesObserver observer;
  const dpw::RunResult result = scenario.methodInfo().run(scenario.params, scenario.seed, observer);
  dpwapp::exportRun(scenario, result, observer.latestPerChart(), out, !args.has("no-png"));
  std::cout << dpwapp::summaryJson(scenario, result).toStdString();
  return 0;
}

int methodsCommand(const std::vector<std::string>& words) {
  const Args args(words);
  args.allowOnly({});
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
}

}  // namespace dpwcli
