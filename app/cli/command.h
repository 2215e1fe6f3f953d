#pragma once
/// The sub-commands of dpwlab-cli and what they share: registration, locale-independent number
/// options, JSON output.
///
/// Adding a command is one new file, app/cli/command_<name>.cpp (CMake picks it up):
///
///   namespace dpwcli {
///   namespace {
///   CommandRun setup(CLI::App& cmd) {            // declare the options (they show in --help)
///     auto o = std::make_shared<Options>();
///     addReal(cmd, "--epsilon", o->epsilon, "privacy budget")->required();
///     return [o] { ...; printJson({{"value", jsonNumber(v)}}); return 0; };   // run after parsing
///   }
///   const RegisterCommand registered("name", "one-line description", setup);
///   }  // namespace
///   }  // namespace dpwcli
///
/// Exit codes (cli/exit_codes.h, the one list; cli/error_exit.h maps the exceptions): kExitOk, kExitRunFailed
/// (any other exception), kExitUsage (UsageError, dpw::InvalidArgument, a CLI11 parse error),
/// kExitClaimViolated (audit), kExitInternalError (dpw::InternalError, a bug). Messages
/// go to stderr, results to stdout as JSON. Every command's --help ends with examples (setExamples).
#include <CLI/CLI.hpp>
#include <functional>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/error_exit.h"  // UsageError
#include "cli/exit_codes.h"

namespace dpwcli {

/// Runs a command after its options were parsed; returns the exit code.
using CommandRun = std::function<int()>;
/// Declares a command's options on `cmd` and returns what runs it.
using CommandSetup = CommandRun (*)(CLI::App& cmd);

struct Command {
  std::string name;
  std::string description;
  CommandSetup setup;
};

/// Registers a command at start-up (a namespace-scope constant of the command's file).
struct RegisterCommand {
  RegisterCommand(std::string name, std::string description, CommandSetup setup);
};

/// Every registered command, sorted by name.
std::vector<Command> registeredCommands();

/// Ends the command's --help with "Examples:" and the lines given ("  command line   what it does").
void setExamples(CLI::App& cmd, const std::vector<std::string>& lines);

// ---- Numbers: parsed with std::from_chars, the same under every locale -------------------------

/// A real number read by dpw::parseReal ('.' decimals, exponent); +∞ ("inf", ...) only when `allowInfinity`.
/// Throws UsageError naming `option` and the text otherwise (also for NaN).
double parseReal(const std::string& text, const std::string& option, bool allowInfinity = false);
/// A whole number (base 10). Throws UsageError naming `option` and the text otherwise.
long parseInteger(const std::string& text, const std::string& option);

/// An option with a real value stored into `target` (which keeps its value when the option is absent).
CLI::Option* addReal(CLI::App& cmd, const std::string& name, double& target, const std::string& help,
                     bool allowInfinity = false);
/// An option with a whole-number value stored into `target`.
CLI::Option* addInteger(CLI::App& cmd, const std::string& name, long& target, const std::string& help);

// ---- JSON output (nlohmann::json) --------------------------------------------------------------
//
// JSON has no infinities or NaN. Everywhere DPW Lab writes JSON (CLI output, summary.json, sweep
// shards, merged sweeps, scenarios) a non-finite number is the string "inf", "-inf" or "nan".

using Json = nlohmann::ordered_json;
/// `v` as a JSON number, or "inf" / "-inf" / "nan".
Json jsonNumber(double v);
/// Prints `json` on one line on stdout.
void printJson(const Json& json);

}  // namespace dpwcli
