#pragma once
/// Scenario files: a versioned JSON document that says everything needed to replay a run exactly. Read,
/// checked and written in one place (scenario_format.cpp), for the GUI, the CLI and the Python module.
///
///   {
///     "format": "dpwlab-scenario",   // required, identifies the file
///     "version": 1,                   // required; newer versions are refused with a message
///     "method": "dpswd-explorer",     // a method id of dpw::allMethods()
///     "seed": 42,                     // 64-bit seed of the run (0 .. 2^53 in JSON numbers)
///     "parameters": { "samples": 1000, "epsilon": "inf", ... },  // every key of the method
///     "data": { "source": "synthetic" },                         // optional, method-specific
///     "view": { "kind": "comparison-grid", ... },                // optional, see ComparisonGridView
///     "lesson": { "chapter": 1, "order": 1, "title": ..., ... },  // optional, scenario/lesson.h
///     "privacy_statement": "...", "note": "...",                 // optional, informational
///     "dpwlab_version": "0.2.0", "build_flags": "native"         // optional, informational: what wrote it
///   }
/// Non-finite numbers are the strings "inf", "-inf" and "nan" (JSON numbers cannot hold them); a
/// parameter given as a string is read by parseParamValue (core/parameter_text.h), so every spelling of
/// infinity the form accepts is accepted here. Missing parameters take their defaults; unknown keys
/// anywhere are refused (a typo must not pass silently); numbers outside their range are refused with
/// the range in the message.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/method.h"
#include "core/parameters.h"
#include "scenario/lesson.h"

namespace dpw {

inline constexpr int kScenarioVersion = 1;

/// The optional view the GUI opens with a scenario (the CLI ignores it); only kind "comparison-grid":
///   "view": { "kind": "comparison-grid", "epsilons": "inf, 5, 1", "alphas": "0, 0.25, 0.5, 0.75" }
/// Absent lists take the grid's own defaults.
struct ComparisonGridView {
  std::optional<std::string> epsilons, alphas;
  bool operator==(const ComparisonGridView&) const = default;
};

struct Scenario {
  std::string method;
  std::uint64_t seed = 42;
  ParamValues params;
  /// The "data" object (a description of the data source, kept for the record: paths etc. are
  /// parameters), as compact JSON text.
  std::string data = R"({"source":"synthetic"})";
  std::optional<ComparisonGridView> view;
  /// Optional: this scenario is a lesson; the GUI shows its note and orders it in the Presets menu.
  std::optional<Lesson> lesson;

  /// The method's defaults; throws InvalidArgument for an unknown method.
  static Scenario defaults(const std::string& methodId);
  /// Parses and validates; throws InvalidArgument with a message that names the problem.
  static Scenario fromJson(std::string_view json);
  /// Reads a file (at most 16 MiB); relative data paths among its parameters resolve against the file's
  /// folder first. Throws InvalidArgument, prefixed with the path, if it cannot be read or parsed.
  static Scenario fromFile(const std::string& path);

  /// The JSON document fromJson reads back to the same scenario (indented, keys sorted).
  std::string toJson() const;
  const MethodInfo& methodInfo() const { return findMethod(method); }
};

}  // namespace dpw
