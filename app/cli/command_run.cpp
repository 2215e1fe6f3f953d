// dpwlab-cli run SCENARIO.json [--out DIR] [--no-png] [--animation FILE.gif|.mp4 [--fps N] [--size WxH]
//                                                     [--charts a,b]]   and   dpwlab-cli methods [NAME]
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <iostream>
#include <algorithm>
#include <memory>
#include <optional>
#include <stdexcept>

#include "cli/command.h"
#include "cli/pictures.h"
#include "common/animation_settings.h"
#include "common/run_export.h"
#include "common/scenario_files.h"
#include "privacy/privacy_params.h"  // readNoiseSource

namespace dpwcli {
namespace {

struct RunOptions {
  std::string scenario, out = "out";
  bool noPng = false;
  std::string animation, size = "1024x640", charts;
  long fps = 10;
};

/// The animation settings from the options, checked before the run (a bad path or size costs nothing).
dpwapp::AnimationSettings animationSettings(const RunOptions& o) {
  dpwapp::AnimationSettings a;
  a.path = QString::fromStdString(o.animation);
  a.fps = int(std::clamp<long>(o.fps, -1, 1000));
  a.size = dpwapp::parseAnimationSize(QString::fromStdString(o.size));
  for (const QString& id : QString::fromStdString(o.charts).split(',', Qt::SkipEmptyParts))
    a.charts.push_back(id.trimmed().toStdString());
  dpwapp::checkAnimationSettings(a);
  return a;
}

CommandRun setupRun(CLI::App& cmd) {
  auto o = std::make_shared<RunOptions>();
  cmd.add_option("scenario", o->scenario, "scenario file, or 'default' for the embedded one")->required();
  cmd.add_option("--out", o->out, "output folder (summary.json, scenario.json, <chart>.csv/.png)")->default_str("out");
  cmd.add_flag("--no-png", o->noPng, "skip the chart pictures");
  cmd.add_option("--animation", o->animation,
                 "also record the run as an animation: FILE.gif or FILE.mp4, one picture per published step");
  addInteger(cmd, "--fps", o->fps, "animation frame rate (1-60; 1-50 for a GIF)")->default_str("10");
  cmd.add_option("--size", o->size, "animation size in pixels, WIDTHxHEIGHT")->default_str("1024x640");
  cmd.add_option("--charts", o->charts, "charts in the animation, comma-separated ids (default: every chart)");
  cmd.footer("PNGs and animations are drawn by the export plugin libdpwlab-export.so (Qt Gui, giflib, FFmpeg). Where "
             "it cannot load (a compute node), the run and its CSV files are written all the same and a note says the "
             "PNGs were skipped; --animation is refused before the run.\n\n"
             "Examples:\n"
             "  dpwlab-cli run default --out out                    the embedded default scenario\n"
             "  dpwlab-cli run my-scenario.json --out out --no-png  numbers and CSV only\n"
             "  dpwlab-cli run default --animation run.mp4 --fps 15 --charts projections");
  return [o] {
    const dpwapp::Scenario scenario = o->scenario == "default"
                                          ? dpwapp::embeddedDefaultScenario()
                                          : dpwapp::readScenarioFile(QString::fromStdString(o->scenario));
    std::optional<dpwapp::AnimationSettings> animation;
    const dpwapp::ExportPluginApi* plugin = nullptr;  // needed for an animation: checked before the run
    if (!o->animation.empty()) {
      animation = animationSettings(*o);
      plugin = &requireExportPlugin("--animation");
    }
    else if (o->fps != 10 || o->size != "1024x640" || !o->charts.empty())
      throw UsageError("--fps, --size and --charts describe an animation: give --animation FILE.gif or FILE.mp4");
    dpw::LatestFramesObserver observer;
    dpwapp::AnimationRecorder recorder(observer);
    dpw::RunObserver& sink = animation ? static_cast<dpw::RunObserver&>(recorder) : observer;
    const dpw::RunResult result = scenario.methodInfo().run(scenario.params, scenario.seed, sink);
    // The run's own outputs first: an animation that fails to encode costs nothing else.
    dpwapp::exportRunData(scenario, result, observer.latestPerChart(), QString::fromStdString(o->out));
    if (!o->noPng) writeChartPictures(observer.latestPerChart(), o->out);
    std::cout << dpwapp::summaryJson(scenario, result).toStdString();
    // The default is teaching mode (docs/threat-model.md): say so where a release could be meant.
    const auto& params = scenario.methodInfo().params;
    const bool offersSource = std::any_of(params.begin(), params.end(), [](const dpw::ParamSpec& spec) {
      return spec.key == "noise_source";
    });
    if (offersSource && dpw::readNoiseSource(scenario.params) == dpw::NoiseSource::Seeded)
      std::cerr << "note: teaching mode: ε holds only " << dpw::threatModel(dpw::NoiseSource::Seeded)
                << "; for a release set \"noise_source\": \"os-entropy\" in the scenario (docs/threat-model.md)\n";
    if (animation) {
      animation->totalSteps = recorder.totalSteps();
      animation->privacy = scenario.methodInfo().privacy;
      dpwapp::AnimationReport r;
      if (const std::string error = plugin->writeAnimation(recorder.snapshots(), *animation, &r); !error.empty())
        throw std::runtime_error(error);
      std::cerr << "animation: " << animation->path.toStdString() << ", " << r.frames << " pictures, "
                << animation->size.width() << "x" << animation->size.height() << " at " << animation->fps
                << " frames/s, " << r.bytes << " bytes (" << r.encoder.toStdString() << ")\n";
    }
    return kExitOk;
  };
}

CommandRun setupMethods(CLI::App& cmd) {
  auto name = std::make_shared<std::string>();
  cmd.add_option("name", *name, "one method's id (e.g. fair-classifier): that method only, as a JSON object");
  cmd.footer("Examples:\n"
             "  dpwlab-cli methods                   every method and its parameters (JSON array)\n"
             "  dpwlab-cli methods fair-classifier   one method");
  return [name] {
    if (!name->empty()) (void)dpw::findMethod(*name);  // an unknown id: InvalidArgument listing the known ones (exit 2)
    QJsonArray methods;
    for (const auto& m : dpw::allMethods()) {
      if (!name->empty() && m.id != *name) continue;
      QJsonArray params;
      for (const auto& p : m.params) {
        QJsonObject param{{"key", QString::fromStdString(p.key)},
                          {"label", QString::fromStdString(p.label)},
                          {"default", p.kind == dpw::ParamKind::Choice || p.kind == dpw::ParamKind::Text
                                          ? QJsonValue(QString::fromStdString(p.defaultText))
                                          : dpwapp::paramToJson(p.defaultValue)},
                          {"help", QString::fromStdString(p.help)}};
        QJsonObject special;  // numbers that mean a word: {"0": "auto (0.1/n)"} (the form's list)
        for (const auto& s : p.special) special.insert(QString::number(s.value, 'g', 17), QString::fromStdString(s.label));
        if (!special.isEmpty()) param.insert("special", special);
        params.append(param);
      }
      methods.append(QJsonObject{{"id", QString::fromStdString(m.id)},
                                 {"title", QString::fromStdString(m.title)},
                                 {"paper", QString::fromStdString(m.paper)},
                                 {"parameters", params}});
    }
    if (!name->empty()) std::cout << QJsonDocument(methods.first().toObject()).toJson(QJsonDocument::Indented).toStdString();
    else std::cout << QJsonDocument(methods).toJson(QJsonDocument::Indented).toStdString();
    return kExitOk;
  };
}

const RegisterCommand run("run", "run a scenario and write its results and charts", setupRun);
const RegisterCommand methods("methods", "list the methods (or one: methods NAME) and their parameters as JSON", setupMethods);

}  // namespace
}  // namespace dpwcli
