#include "cli/command.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <iostream>

#include "core/parameter_text.h"

namespace dpwcli {
namespace {

std::vector<Command>& registry() {
  static std::vector<Command> commands;
  return commands;
}

}  // namespace

RegisterCommand::RegisterCommand(std::string name, std::string description, CommandSetup setup) {
  registry().push_back({std::move(name), std::move(description), setup});
}

std::vector<Command> registeredCommands() {
  std::vector<Command> out = registry();
  std::sort(out.begin(), out.end(), [](const Command& a, const Command& b) { return a.name < b.name; });
  return out;
}

void setExamples(CLI::App& cmd, const std::vector<std::string>& lines) {
  std::string text = "Examples:";
  for (const auto& l : lines) text += "\n  " + l;
  cmd.footer(text);
}

double parseReal(const std::string& text, const std::string& option, bool allowInfinity) {
  const auto v = dpw::parseReal(text);  // core/parameter_text.h: the one reader of numbers, locale-safe
  if (v && (allowInfinity ? *v > 0 || std::isfinite(*v) : std::isfinite(*v))) return *v;
  throw UsageError("option " + option + " must be a " + (allowInfinity ? "number or inf" : "finite number") +
                     ", got '" + text + "'");
}

long parseInteger(const std::string& text, const std::string& option) {
  long v = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, err] = std::from_chars(text.data(), end, v);
  if (text.empty() || err != std::errc() || ptr != end)
    throw UsageError("option " + option + " must be a whole number, got '" + text + "'");
  return v;
}

CLI::Option* addReal(CLI::App& cmd, const std::string& name, double& target, const std::string& help,
                     bool allowInfinity) {
  return cmd
      .add_option_function<std::string>(
          name, [&target, name, allowInfinity](const std::string& s) { target = parseReal(s, name, allowInfinity); },
          help)
      ->type_name(allowInfinity ? "NUMBER|inf" : "NUMBER");
}

CLI::Option* addInteger(CLI::App& cmd, const std::string& name, long& target, const std::string& help) {
  return cmd
      .add_option_function<std::string>(
          name, [&target, name](const std::string& s) { target = parseInteger(s, name); }, help)
      ->type_name("INT");
}

Json jsonNumber(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return v;
}

void printJson(const Json& json) { std::cout << json.dump() << std::endl; }

}  // namespace dpwcli
