#pragma once
/// The app's side of scenario files: the format itself (reading, checking, writing) is the engine's
/// (scenario/scenario.h); this adds what needs Qt: files among the embedded resources (":/..."), the
/// embedded default, and the JSON numbers of the files the app writes (summary.json, sweeps).
#include <QByteArray>
#include <QJsonValue>
#include <QString>

#include "core/parameters.h"
#include "scenario/scenario.h"

namespace dpwapp {

using dpw::ComparisonGridView;
using dpw::Lesson;
using dpw::Scenario;

/// Reads a scenario file, or an embedded one (":/scenarios/..."); throws dpw::InvalidArgument naming the
/// path if it cannot be read or parsed. Relative data paths resolve against a file's folder (not for
/// embedded presets).
Scenario readScenarioFile(const QString& path);
/// The embedded default scenario (resources/scenarios/default.json).
Scenario embeddedDefaultScenario();
/// Scenario::toJson as bytes (settings, files).
inline QByteArray scenarioJson(const Scenario& s) { return QByteArray::fromStdString(s.toJson()); }

/// JSON value of a parameter or metric ("inf" for +infinity, which JSON numbers cannot hold).
QJsonValue paramToJson(const dpw::ParamValue& v);
/// `x` as a JSON number, or the string "inf", "-inf" or "nan".
QJsonValue numberToJson(double x);
/// A metric read back from JSON: a number, a spelling of ±infinity (core/parameter_text.h); anything else
/// (including "nan" and null) is NaN.
double metricFromJson(const QJsonValue& v);

}  // namespace dpwapp
