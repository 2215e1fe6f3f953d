#pragma once
/// Writing a finished run to a folder, as `dpwlab-cli run --out DIR` and the GUI's "Export all" do:
///   summary.json    method, seed, final metrics (the release), privacy statement, "mode" ("teaching" or
///                   "secure") and "threat_model" (against whom ε holds: dpw::threatModel), program version,
///                   build flags and commit; "evaluation" (numbers computed on private data, outside ε) with
///                   "evaluation_note" when the run has any (core/output_classes.h)
///   scenario.json   the scenario that replays the run (with the one-line privacy statement, the
///                   program version and build flags)
///   <chart>.csv     data of each chart (newest frame per chart)
///   <chart>.png     each chart rendered offscreen (exportRun, common/chart_export.h: Qt Gui; dpwlab-cli
///                   draws them through its export plugin, common/export_plugin.h)
/// This file needs Qt Core only: dpwlab-cli runs on compute nodes without Qt Gui.
/// Every file is written atomically (QSaveFile: temporary file + rename), so an interrupted export
/// never leaves a half-written file behind.
#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <vector>

#include "common/scenario_files.h"
#include "core/method.h"

namespace dpwapp {

/// Writes `bytes` to `path` atomically; throws dpw::InvalidArgument with the OS reason on failure.
void writeFileAtomically(const QString& path, const QByteArray& bytes);

/// Records what wrote a file: "dpwlab_version" (dpw::kVersion) and "build_flags" (dpw::kBuildFlags,
/// native or portable: native builds may differ in the last bits of floating-point results).
void addBuildInfo(QJsonObject& object);
/// addBuildInfo and the code: "commit" (dpw::kGitCommit) and "commit_state" (clean, dirty or unknown:
/// dpw::kGitState). summary.json, sweep lines and merges; scenario files keep addBuildInfo's fields only
/// (a scenario is read back, and its format knows those).
void addProvenance(QJsonObject& object);

/// summary.json contents.
QByteArray summaryJson(const Scenario& scenario, const dpw::RunResult& result);

/// Scenario JSON with the privacy statement recorded beside the parameters.
QByteArray scenarioWithStatement(const Scenario& scenario, const dpw::RunResult& result);

/// Writes everything listed above but the pictures; creates `dir` if needed. Throws dpw::InvalidArgument on
/// failure.
void exportRunData(const Scenario& scenario, const dpw::RunResult& result, const std::vector<dpw::FramePtr>& charts,
                   const QString& dir);

}  // namespace dpwapp
