#include "core/parameters.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/error.h"
#include "core/internal_error.h"

namespace dpw {

ParamValues::ParamValues(const std::vector<ParamSpec>& specs) : specs_(specs) {
  for (const auto& s : specs_) {
    if (s.kind == ParamKind::Choice || s.kind == ParamKind::Text)
      values_[s.key] = s.defaultText;
    else
      values_[s.key] = s.defaultValue;
  }
}

const SpecialValue* specialValue(const ParamSpec& spec, double value) {
  for (const auto& s : spec.special)
    if (s.value == value) return &s;
  return nullptr;
}

const SpecialValue* specialValue(const ParamSpec& spec, const std::string& label) {
  for (const auto& s : spec.special)
    if (s.label == label) return &s;
  return nullptr;
}

ParamSpec withSpecial(ParamSpec spec, double value, std::string label) {
  spec.special.push_back({value, std::move(label)});
  return spec;
}

ParamSpec usedOnlyWhen(ParamSpec spec, std::string key, std::vector<std::string> values) {
  spec.usedWhen.push_back({std::move(key), std::move(values)});
  return spec;
}

bool takesEffect(const ParamSpec& spec, const std::function<std::string(const std::string&)>& choiceOf) {
  return std::all_of(spec.usedWhen.begin(), spec.usedWhen.end(), [&](const UsedWhen& w) {
    return std::find(w.values.begin(), w.values.end(), choiceOf(w.key)) != w.values.end();
  });
}

const ParamSpec& ParamValues::spec(const std::string& key) const {
  auto it = std::find_if(specs_.begin(), specs_.end(), [&](const ParamSpec& s) { return s.key == key; });
  require(it != specs_.end(), "unknown parameter '", key, "'");
  return *it;
}

std::string checkParam(const ParamSpec& spec, const ParamValue& value) {
  std::ostringstream why;
  const bool textual = spec.kind == ParamKind::Choice || spec.kind == ParamKind::Text;
  if (textual != std::holds_alternative<std::string>(value)) {
    why << "parameter '" << spec.key << "' must be " << (textual ? "text" : "a number");
    return why.str();
  }
  if (spec.kind == ParamKind::Choice) {
    const auto& v = std::get<std::string>(value);
    if (std::find(spec.choices.begin(), spec.choices.end(), v) == spec.choices.end()) {
      why << "parameter '" << spec.key << "' is '" << v << "'; choose one of:";
      for (const auto& c : spec.choices) why << ' ' << c;
      if (!spec.help.empty()) why << " (" << spec.help << ")";  // says why the list is what it is
      return why.str();
    }
    return {};
  }
  if (spec.kind == ParamKind::Text) return {};
  const double v = std::get<double>(value);
  if (std::isnan(v)) return "parameter '" + spec.key + "' is NaN";
  if (std::isinf(v)) {
    if (v > 0 && spec.allowInfinity) return {};
    return "parameter '" + spec.key + "' must be finite";
  }
  if (spec.kind == ParamKind::Integer && v != std::floor(v)) {
    why << "parameter '" << spec.key << "' must be a whole number, got " << v;
    return why.str();
  }
  if (v < spec.min || v > spec.max) {
    why << "parameter '" << spec.key << "' = " << v << " is outside [" << spec.min << ", " << spec.max << "]";
    return why.str();
  }
  return {};
}

void ParamValues::set(const std::string& key, const ParamValue& value) {
  const std::string problem = checkParam(spec(key), value);
  require(problem.empty(), problem);
  values_[key] = value;
}

double ParamValues::real(const std::string& key) const {
  const auto& v = values_.at(spec(key).key);
  ensure(std::holds_alternative<double>(v), "parameter '", key, "' is read as a number but declared as text");
  return std::get<double>(v);
}

long ParamValues::integer(const std::string& key) const { return static_cast<long>(real(key)); }

const std::string& ParamValues::text(const std::string& key) const {
  const auto& v = values_.at(spec(key).key);
  ensure(std::holds_alternative<std::string>(v), "parameter '", key, "' is read as text but declared as a number");
  return std::get<std::string>(v);
}

}  // namespace dpw
