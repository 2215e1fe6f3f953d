#include "cli/cli_args.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace dpwcli {

Args::Args(const std::vector<std::string>& words, const std::set<std::string>& flags) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w.rfind("--", 0) == 0 && w.size() > 2) {
      const std::string name = w.substr(2);
      const auto eq = name.find('=');
      if (eq != std::string::npos) {
        values_[name.substr(0, eq)] = name.substr(eq + 1);
      } else if (flags.count(name)) {
        values_[name] = "1";
      } else {
        if (i + 1 >= words.size()) throw UsageError("option --" + name + " needs a value");
        values_[name] = words[++i];
      }
    } else {
      positional_.push_back(w);
    }
  }
}

std::string Args::text(const std::string& name, const std::optional<std::string>& fallback) const {
  auto it = values_.find(name);
  if (it != values_.end()) return it->second;
  if (fallback) return *fallback;
  throw UsageError("missing option --" + name);
}

double Args::real(const std::string& name, const std::optional<double>& fallback) const {
  auto it = values_.find(name);
  if (it == values_.end()) {
    if (fallback) return *fallback;
    throw UsageError("missing option --" + name);
  }
  const std::string& s = it->second;
  if (s == "inf" || s == "infinity") return INFINITY;
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || std::isnan(v))
    throw UsageError("option --" + name + " must be a number, got '" + s + "'");
  return v;
}

long Args::integer(const std::string& name, const std::optional<long>& fallback) const {
  auto it = values_.find(name);
  if (it == values_.end()) {
    if (fallback) return *fallback;
    throw UsageError("missing option --" + name);
  }
  const std::string& s = it->second;
  char* end = nullptr;
  const long v = std::strtol(s.c_str(), &end, 10);
  if (s.empty() || end != s.c_str() + s.size())
    throw UsageError("option --" + name + " must be a whole number, got '" + s + "'");
  return v;
}

void Args::allowOnly(const std::set<std::string>& known) const {
  for (const auto& [k, v] : values_)
    if (!known.count(k)) {
      std::string list;
      for (const auto& n : known) list += " --" + n;
      throw UsageError("unknown option --" + k + " (options:" + list + ")");
    }
}

void printJson(const std::string& json) { std::cout << json << std::endl; }

}  // namespace dpwcli
