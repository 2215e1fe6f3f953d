#pragma once
/// Minimal option parsing for dpwlab-cli: positional words and `--name value` / `--flag` options.
/// Every getter validates and throws UsageError with the option name in the message (exit code 2).
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace dpwcli {

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Args {
 public:
  /// `flags` are options that take no value.
  Args(const std::vector<std::string>& words, const std::set<std::string>& flags = {});

  const std::vector<std::string>& positional() const { return positional_; }
  bool has(const std::string& name) const { return values_.count(name) > 0; }
  std::string text(const std::string& name, const std::optional<std::string>& fallback = {}) const;
  double real(const std::string& name, const std::optional<double>& fallback = {}) const;
  long integer(const std::string& name, const std::optional<long>& fallback = {}) const;
  /// Refuses options not in `known` (typos must not pass silently).
  void allowOnly(const std::set<std::string>& known) const;

 private:
  std::vector<std::string> positional_;
  std::map<std::string, std::string> values_;
};

/// Prints `json` (one line) on stdout.
void printJson(const std::string& json);

}  // namespace dpwcli
