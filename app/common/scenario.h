#pragma once
/// Scenario files: a versioned JSON document that says everything needed to replay a run exactly.
///
///   {
///     "format": "dpwlab-scenario",   // required, identifies the file
///     "version": 1,                   // required; newer versions are refused with a message
///     "method": "dpswd-explorer",     // a method id of dpw::allMethods()
///     "seed": 42,                     // 64-bit seed of the run (0 .. 2^53 in JSON numbers)
///     "parameters": { "samples": 1000, "epsilon": "inf", ... },  // every key of the method
///     "data": { "source": "synthetic" },                         // optional, method-specific
///     "view": { "kind": "comparison-grid", ... },                // optional, see Scenario::view
///     "lesson": { "chapter": 1, "order": 1, "title": ..., ... },  // optional, common/lesson.h
///     "privacy_statement": "...", "note": "...",                 // optional, informational
///     "dpwlab_version": "0.2.0", "build_flags": "native"         // optional, informational: what wrote it
///   }
/// Non-finite numbers are the strings "inf", "-inf" and "nan" (JSON numbers cannot hold them), in
/// scenarios and in every JSON file DPW Lab writes (summary.json, sweep shards, merged sweeps).
/// Missing parameters take their defaults; unknown keys anywhere are refused (a typo must not pass
/// silently); numbers outside their range are refused with the range in the message.
#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <cstdint>
#include <optional>

#include "common/lesson.h"
#include "core/method.h"
#include "core/parameters.h"

namespace dpwapp {

inline constexpr int kScenarioVersion = 1;

struct Scenario {
  std::string method;
  std::uint64_t seed = 42;
  dpw::ParamValues params;
  QJsonObject data;  ///< description of the data source, kept for the record (paths etc. are parameters)
  /// Optional view the GUI opens with the scenario (the CLI ignores it). Only kind "comparison-grid":
  ///   "view": { "kind": "comparison-grid", "epsilons": "inf, 5, 1", "alphas": "0, 0.25, 0.5, 0.75" }
  QJsonObject view;
  /// Optional: this scenario is a lesson (common/lesson.h); the GUI shows its note and orders it in the Presets menu.
  std::optional<Lesson> lesson;

  /// The method's defaults.
  static Scenario defaults(const std::string& methodId);
  /// Parses and validates; throws dpw::InvalidArgument with a message that names the problem.
  static Scenario fromJson(const QByteArray& json);
  /// Reads a file; throws dpw::InvalidArgument if it cannot be read or parsed.
  static Scenario fromFile(const QString& path);
  /// The embedded default scenario (resources/scenarios/default.json).
  static Scenario embeddedDefault();

  QByteArray toJson() const;
  const dpw::MethodInfo& methodInfo() const { return dpw::findMethod(method); }
};

/// JSON value of a parameter ("inf" for +infinity, which JSON numbers cannot hold).
QJsonValue paramToJson(const dpw::ParamValue& v);
/// `x` as a JSON number, or the string "inf", "-inf" or "nan".
QJsonValue numberToJson(double x);
/// ±infinity for the strings "inf", "infinity", "-inf", "-infinity" (any case); nothing otherwise.
std::optional<double> infinityFromJson(const QJsonValue& v);
/// A metric read back from JSON: a number, "inf", "-inf"; anything else (including "nan" and null) is NaN.
double metricFromJson(const QJsonValue& v);

}  // namespace dpwapp
