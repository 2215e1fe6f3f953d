#include "common/run_export.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <cmath>

#include "common/frame_csv.h"
#include "core/build_info.h"
#include "core/error.h"
#include "privacy/privacy_params.h"  // readNoiseSource

namespace dpwapp {

void writeFileAtomically(const QString& path, const QByteArray& bytes) {
  QSaveFile out(path);
  if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.commit())
    throw dpw::InvalidArgument(QStringLiteral("cannot write %1: %2").arg(path, out.errorString()).toStdString());
}

QByteArray summaryJson(const Scenario& scenario, const dpw::RunResult& result) {
  QJsonObject metrics;
  for (const auto& [k, v] : result.metrics) metrics.insert(QString::fromStdString(k), paramToJson(v));
  QJsonObject root{{"method", QString::fromStdString(scenario.method)},
                   {"seed", double(scenario.seed)},
                   {"metrics", metrics},
                   {"privacy_statement", QString::fromStdString(result.privacyStatement)}};
  // Against whom ε holds (privacy/mechanisms/mechanisms.h): a method without noise_source is seeded.
  const dpw::NoiseSource source = dpw::readNoiseSource(scenario.params);
  root.insert("mode", QString::fromStdString(dpw::noiseModeId(source)));
  root.insert("threat_model", QString::fromStdString(dpw::threatModel(source)));
  if (!result.evaluation.empty()) {  // computed on private data: apart, with the note (core/output_classes.h)
    QJsonObject evaluation;
    for (const auto& [k, v] : result.evaluation) evaluation.insert(QString::fromStdString(k), paramToJson(v));
    root.insert("evaluation", evaluation);
    root.insert("evaluation_note", QString::fromStdString(dpw::evaluationNote()));
  }
  addProvenance(root);
  return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

void addBuildInfo(QJsonObject& object) {
  object.insert("dpwlab_version", QString::fromLatin1(dpw::kVersion));
  object.insert("build_flags", QString::fromLatin1(dpw::kBuildFlags));
}

void addProvenance(QJsonObject& object) {
  addBuildInfo(object);
  object.insert("commit", QString::fromLatin1(dpw::kGitCommit));
  object.insert("commit_state", QString::fromLatin1(dpw::kGitState));
}

QByteArray scenarioWithStatement(const Scenario& scenario, const dpw::RunResult& result) {
  QJsonObject root = QJsonDocument::fromJson(scenarioJson(scenario)).object();
  root.insert("privacy_statement", QString::fromStdString(result.privacyStatement));
  addBuildInfo(root);
  return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

void exportRunData(const Scenario& scenario, const dpw::RunResult& result, const std::vector<dpw::FramePtr>& charts,
                   const QString& dir) {
  if (!QDir().mkpath(dir)) throw dpw::InvalidArgument("cannot create output folder " + dir.toStdString());
  const QDir out(dir);
  writeFileAtomically(out.filePath("summary.json"), summaryJson(scenario, result));
  writeFileAtomically(out.filePath("scenario.json"), scenarioWithStatement(scenario, result));
  for (const auto& frame : charts)
    writeFileAtomically(out.filePath(QString::fromStdString(frame->chart) + ".csv"), frameToCsv(*frame));
}

}  // namespace dpwapp
