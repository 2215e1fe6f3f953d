// The scenario format (scenario/scenario.h, scenario/lesson.h): the only code that reads, checks and
// writes scenario files. The GUI, the CLI and the Python module all call it.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/error.h"
#include "core/parameter_text.h"
#include "scenario/scenario.h"

namespace dpw {
namespace {

using Json = nlohmann::json;

void refuseUnknownKeys(const Json& obj, std::initializer_list<const char*> known, const std::string& where) {
  for (const auto& [key, value] : obj.items()) {
    if (std::find_if(known.begin(), known.end(), [&](const char* k) { return key == k; }) != known.end()) continue;
    std::string list;
    for (const char* k : known) list += (list.empty() ? "" : ", ") + std::string(k);
    throw InvalidArgument("unknown field '" + key + "' in " + where + " (known: " + list + ")");
  }
}

bool whole(double x) { return std::isfinite(x) && x == std::floor(x); }

/// `x` as JSON: a whole number is written as one (1000, not 1000.0), ±∞ and NaN as "inf", "-inf", "nan".
Json numberToJson(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  if (whole(x) && std::abs(x) < 9007199254740992.0) return static_cast<std::int64_t>(x);
  return x;
}

ParamValue paramFromJson(const ParamSpec& spec, const Json& v) {
  if (spec.kind == ParamKind::Choice || spec.kind == ParamKind::Text) {
    require(v.is_string(), "parameter '", spec.key, "' must be a string in the scenario");
    return v.get<std::string>();
  }
  if (v.is_string()) return parseParamValue(spec, v.get<std::string>());  // "inf", and the form's spellings
  require(v.is_number(), "parameter '", spec.key, "' must be a number in the scenario");
  return v.get<double>();
}

// ---- lesson block ------------------------------------------------------------------------------------

int lessonNumber(const Json& o, const char* key) {
  const auto it = o.find(key);
  const double x = it != o.end() && it->is_number() ? it->get<double>() : -1;
  require(x >= 1 && x <= 999 && whole(x), "lesson field \"", key, "\" must be a whole number from 1 to 999");
  return int(x);
}

std::string lessonText(const Json& o, const char* key, bool required, const char* where) {
  const auto it = o.find(key);
  if (it == o.end()) {
    require(!required, where, " needs the field \"", key, "\"");
    return {};
  }
  std::string s = it->is_string() ? it->get<std::string>() : std::string();
  const auto b = s.find_first_not_of(" \t\r\n\v\f"), e = s.find_last_not_of(" \t\r\n\v\f");
  s = b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
  require(it->is_string() && (!required || !s.empty()), where, " field \"", key, "\" must be a non-empty string");
  return s;
}

double claimBound(const Json& c, const char* key, double otherwise) {
  const auto it = c.find(key);
  if (it == c.end()) return otherwise;
  require(it->is_number() || (it->is_string() && (*it == "inf" || *it == "-inf")), "lesson claim field \"", key,
          "\" must be a number");
  return it->is_number() ? it->get<double>() : *it == "inf" ? INFINITY : -INFINITY;
}

/// The claims of a lesson (scenario/lesson.h); "with" is checked against the method's parameters.
std::vector<LessonClaim> claimsFromJson(const Json& a, const std::vector<ParamSpec>& specs) {
  require(a.is_array(), "lesson field \"claims\" must be a list of objects");
  std::vector<LessonClaim> out;
  for (const Json& c : a) {
    require(c.is_object(), "lesson field \"claims\" must be a list of objects");
    refuseUnknownKeys(c, {"says", "measure", "min", "max", "with"}, "a lesson claim");
    LessonClaim claim;
    claim.says = lessonText(c, "says", true, "a lesson claim");
    claim.measure = lessonText(c, "measure", true, "a lesson claim");
    claim.min = claimBound(c, "min", claim.min);
    claim.max = claimBound(c, "max", claim.max);
    require(claim.min <= claim.max, "lesson claim on \"", claim.measure, "\": min must not exceed max");
    if (const auto with = c.find("with"); with != c.end()) {
      require(with->is_object(), "lesson claim field \"with\" must be an object of parameters");
      for (const auto& [key, value] : with->items()) {
        const auto spec = std::find_if(specs.begin(), specs.end(), [&](const ParamSpec& p) { return p.key == key; });
        require(spec != specs.end(), "lesson claim: unknown parameter '", key, "'");
        claim.with.emplace_back(key, paramFromJson(*spec, value));
      }
    }
    out.push_back(std::move(claim));
  }
  return out;
}

Json claimsToJson(const std::vector<LessonClaim>& claims) {
  Json a = Json::array();
  for (const LessonClaim& c : claims) {
    Json o{{"says", c.says}, {"measure", c.measure}};
    if (c.min > -INFINITY) o["min"] = numberToJson(c.min);
    if (c.max < INFINITY) o["max"] = numberToJson(c.max);
    if (!c.with.empty()) {
      Json w = Json::object();
      for (const auto& [key, value] : c.with)
        w[key] = std::holds_alternative<std::string>(value) ? Json(std::get<std::string>(value))
                                                             : numberToJson(std::get<double>(value));
      o["with"] = w;
    }
    a.push_back(o);
  }
  return a;
}

/// The chart ids a lesson is about (scenario/lesson.h): non-empty, each once. Whether the method draws them
/// is the lesson contract test's to check (a run is needed to know).
std::vector<std::string> chartsFromJson(const Json& a) {
  require(a.is_array(), "lesson field \"charts\" must be a list of chart ids");
  std::vector<std::string> out;
  for (const Json& c : a) {
    require(c.is_string() && !c.get<std::string>().empty(), "lesson field \"charts\" must be a list of chart ids");
    require(std::find(out.begin(), out.end(), c.get<std::string>()) == out.end(), "lesson field \"charts\" names chart '",
            c.get<std::string>(), "' twice");
    out.push_back(c.get<std::string>());
  }
  return out;
}

Lesson lessonFromJson(const Json& o, const std::vector<ParamSpec>& specs) {
  require(o.is_object(), "scenario field \"lesson\" must be an object");
  refuseUnknownKeys(o, {"chapter", "chapter_title", "order", "title", "summary", "caption", "charts", "note", "claims"},
                    "the lesson");
  Lesson l;
  l.chapter = lessonNumber(o, "chapter");
  l.order = lessonNumber(o, "order");
  l.chapterTitle = lessonText(o, "chapter_title", false, "lesson");
  l.title = lessonText(o, "title", true, "lesson");
  l.summary = lessonText(o, "summary", true, "lesson");
  l.caption = lessonText(o, "caption", false, "lesson");
  const auto note = o.find("note");
  require(note != o.end() && note->is_object(), "lesson field \"note\" must be an object with \"look\", \"change\", \"ask\"");
  refuseUnknownKeys(*note, {"look", "change", "ask"}, "the lesson's note");
  l.look = lessonText(*note, "look", false, "lesson note");
  l.change = lessonText(*note, "change", false, "lesson note");
  l.ask = lessonText(*note, "ask", false, "lesson note");
  require(!l.look.empty() || !l.change.empty() || !l.ask.empty(),
          "the lesson's note needs at least one of \"look\", \"change\", \"ask\"");
  if (const auto charts = o.find("charts"); charts != o.end()) l.charts = chartsFromJson(*charts);
  if (const auto claims = o.find("claims"); claims != o.end()) l.claims = claimsFromJson(*claims, specs);
  return l;
}

Json lessonToJson(const Lesson& l) {
  Json note = Json::object();
  if (!l.look.empty()) note["look"] = l.look;
  if (!l.change.empty()) note["change"] = l.change;
  if (!l.ask.empty()) note["ask"] = l.ask;
  Json o{{"chapter", l.chapter}, {"order", l.order}, {"title", l.title}, {"summary", l.summary}, {"note", note}};
  if (!l.chapterTitle.empty()) o["chapter_title"] = l.chapterTitle;
  if (!l.caption.empty()) o["caption"] = l.caption;
  if (!l.charts.empty()) o["charts"] = l.charts;
  if (!l.claims.empty()) o["claims"] = claimsToJson(l.claims);
  return o;
}

// ---- view block ---------------------------------------------------------------------------------------

ComparisonGridView viewFromJson(const Json& view) {
  require(view.is_object(), "scenario field \"view\" must be an object");
  refuseUnknownKeys(view, {"kind", "epsilons", "alphas"}, "the scenario's view");
  require(view.value("kind", Json()) == "comparison-grid", "scenario view: \"kind\" must be \"comparison-grid\"");
  ComparisonGridView out;
  for (auto [key, target] : {std::pair{"epsilons", &out.epsilons}, std::pair{"alphas", &out.alphas}}) {
    const auto it = view.find(key);
    if (it == view.end()) continue;
    require(it->is_string(), "scenario view: \"", key, "\" must be a string such as \"inf, 5, 1\"");
    *target = it->get<std::string>();
  }
  return out;
}

}  // namespace

Scenario Scenario::defaults(const std::string& methodId) {
  Scenario s;
  s.method = findMethod(methodId).id;
  s.params = ParamValues(findMethod(methodId).params);
  return s;
}

Scenario Scenario::fromJson(std::string_view json) {
  Json root;
  try {
    root = Json::parse(json);
  } catch (const Json::parse_error& e) {
    std::string why = e.what();  // "[json.exception.parse_error.101] parse error at line 1, column 2: ..."
    if (const auto close = why.find("] "); why.starts_with("[json.exception") && close != why.npos) why.erase(0, close + 2);
    throw InvalidArgument("scenario is not valid JSON: " + why);
  }
  require(root.is_object(), "scenario must be a JSON object");
  refuseUnknownKeys(root, {"format", "version", "method", "seed", "parameters", "data", "view", "lesson", "privacy_statement",
                           "note", "dpwlab_version", "build_flags"},
                    "the scenario");
  for (const char* key : {"privacy_statement", "note", "dpwlab_version", "build_flags"})  // informational
    require(!root.contains(key) || root[key].is_string(), "scenario field \"", key, "\" must be a string");
  require(root.value("format", Json()) == "dpwlab-scenario",
          "not a DPW Lab scenario: field \"format\" must be \"dpwlab-scenario\"");
  const Json version = root.value("version", Json());
  require(version.is_number() && whole(version.get<double>()) && version.get<double>() >= 1,
          "scenario field \"version\" must be a positive whole number");
  require(version.get<double>() <= kScenarioVersion, "scenario version ", version.get<double>(),
          " is newer than this DPW Lab understands (", kScenarioVersion, "); please update DPW Lab");
  require(root.value("method", Json()).is_string(), "scenario field \"method\" must be a string");
  Scenario s = defaults(root["method"].get<std::string>());
  if (const auto seed = root.find("seed"); seed != root.end()) {
    const double x = seed->is_number() ? seed->get<double>() : -1;
    require(x >= 0 && whole(x) && x <= 9007199254740992.0, "scenario field \"seed\" must be a whole number between 0 and 2^53");
    s.seed = static_cast<std::uint64_t>(x);
  }
  if (const auto params = root.find("parameters"); params != root.end()) {
    require(params->is_object(), "scenario field \"parameters\" must be an object");
    ParamValues values = s.params;
    for (const auto& [key, value] : params->items()) {
      const auto& specs = values.specs();
      const auto spec = std::find_if(specs.begin(), specs.end(), [&](const ParamSpec& p) { return p.key == key; });
      if (spec == specs.end()) {
        std::string known;
        for (const auto& p : specs) known += (known.empty() ? "" : ", ") + p.key;
        throw InvalidArgument("unknown parameter '" + key + "' for method " + s.method + " (known: " + known + ")");
      }
      values.set(key, paramFromJson(*spec, value));
    }
    s.params = values;
  }
  if (const auto data = root.find("data"); data != root.end()) {
    require(data->is_object(), "scenario field \"data\" must be an object");
    s.data = data->dump();
  }
  if (const auto view = root.find("view"); view != root.end()) s.view = viewFromJson(*view);
  if (const auto lesson = root.find("lesson"); lesson != root.end()) s.lesson = lessonFromJson(*lesson, s.params.specs());
  return s;
}

Scenario Scenario::fromFile(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  require(!fs::is_directory(path, ec), "cannot read scenario ", path, ": it is a folder");
  std::ifstream in(path, std::ios::binary);
  require(in.good(), "cannot read scenario ", path, ": ", std::strerror(errno));
  const auto size = fs::file_size(path, ec);
  require(ec || size <= 16u * 1024 * 1024, path, ": scenario file is larger than 16 MiB");
  std::ostringstream text;
  text << in.rdbuf();
  require(!in.bad(), "cannot read scenario ", path, ": ", std::strerror(errno));
  try {
    Scenario s = fromJson(text.str());
    s.params.setBaseDirectory(fs::absolute(fs::path(path), ec).parent_path().string());
    return s;
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(path + ": " + e.what());
  }
}

std::string Scenario::toJson() const {
  Json params = Json::object();
  for (const auto& [key, value] : this->params.values())
    params[key] = std::holds_alternative<std::string>(value) ? Json(std::get<std::string>(value))
                                                             : numberToJson(std::get<double>(value));
  Json root{{"format", "dpwlab-scenario"}, {"version", kScenarioVersion}, {"method", method},
            {"seed", seed},                {"parameters", params}};
  root["data"] = Json::parse(data);  // always, so that a read-write round trip is exact (found by fuzzing, #8)
  if (view) {
    Json v{{"kind", "comparison-grid"}};
    if (view->epsilons) v["epsilons"] = *view->epsilons;
    if (view->alphas) v["alphas"] = *view->alphas;
    root["view"] = v;
  }
  if (lesson) root["lesson"] = lessonToJson(*lesson);
  return root.dump(4, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace dpw
