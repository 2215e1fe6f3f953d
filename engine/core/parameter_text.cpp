#include "core/parameter_text.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>

#include "core/error.h"

namespace dpw {
namespace {

std::string_view trimmed(std::string_view t) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!t.empty() && blank(t.front())) t.remove_prefix(1);
  while (!t.empty() && blank(t.back())) t.remove_suffix(1);
  return t;
}

std::string lower(std::string_view t) {
  std::string out(t);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return out;
}

}  // namespace

std::optional<double> parseInfinity(std::string_view text) {
  std::string_view t = trimmed(text);
  double sign = 1;
  if (t.starts_with("+")) {
    t.remove_prefix(1);
  } else if (t.starts_with("-")) {
    t.remove_prefix(1), sign = -1;
  } else if (t.starts_with("\u2212")) {  // '−', the minus sign the GUI shows
    t.remove_prefix(std::string_view("\u2212").size()), sign = -1;
  }
  const std::string word = lower(t);
  if (word == "inf" || word == "infinity" || word == "\u221e") return sign * std::numeric_limits<double>::infinity();
  return std::nullopt;
}

std::optional<double> parseReal(std::string_view text) {
  if (const auto x = parseInfinity(text)) return x;
  const std::string_view t = trimmed(text);
  // from_chars takes no leading '+'; skip one so that "+1e-5" reads as a user expects.
  const char* begin = t.data() + (t.starts_with("+") && !t.starts_with("+-") ? 1 : 0);
  const char* end = t.data() + t.size();
  double v = 0;
  const auto [ptr, err] = std::from_chars(begin, end, v);
  if (t.empty() || err != std::errc() || ptr != end || !std::isfinite(v)) return std::nullopt;  // also from_chars' "nan"
  return v;
}

ParamValue parseParamValue(const ParamSpec& spec, std::string_view text) {
  ParamValue v;
  if (spec.kind == ParamKind::Choice || spec.kind == ParamKind::Text) {
    v = std::string(trimmed(text));
  } else {
    const auto x = parseReal(text);
    require(x.has_value(), "parameter '", spec.key, "' must be a number", spec.allowInfinity ? " (or \"inf\")" : "",
            ", got \"", std::string(trimmed(text)), "\"");
    v = *x;
  }
  const std::string problem = checkParam(spec, v);
  require(problem.empty(), problem);
  return v;
}

std::vector<std::string> splitList(std::string_view text, std::string_view what) {
  std::vector<std::string> out;
  if (trimmed(text).empty()) return out;
  for (std::size_t start = 0;;) {
    const std::size_t comma = text.find(',', start);
    const std::string_view item = trimmed(text.substr(start, comma == std::string_view::npos ? text.npos : comma - start));
    require(!item.empty(), what, ": an empty item between commas in '", std::string(text), "'");
    out.emplace_back(item);
    if (comma == std::string_view::npos) return out;
    start = comma + 1;
  }
}

std::vector<double> parseNumberList(std::string_view text, std::string_view what) {
  std::vector<double> out;
  for (const std::string& item : splitList(text, what)) {
    const auto x = parseReal(item);
    require(x.has_value(), what, ": '", item, "' is not a number");
    out.push_back(*x);
  }
  return out;
}

}  // namespace dpw
