#include "core/output_classes.h"

#include <algorithm>

namespace dpw {

bool keyMatches(const std::string& pattern, const std::string& key) {
  if (!pattern.empty() && pattern.back() == '*')
    return key.compare(0, pattern.size() - 1, pattern, 0, pattern.size() - 1) == 0 && key.size() >= pattern.size() - 1;
  return pattern == key;
}

OutputClass classifyMetric(const OutputClasses& classes, const std::string& key) {
  auto any = [&](const std::vector<std::string>& patterns) {
    return std::any_of(patterns.begin(), patterns.end(), [&](const std::string& p) { return keyMatches(p, key); });
  };
  if (any(classes.evaluation)) return OutputClass::Evaluation;
  if (any(classes.release)) return OutputClass::Release;
  return OutputClass::Unclassified;
}

const std::string& evaluationSuffix() {
  static const std::string s = " (evaluation, not private)";
  return s;
}

bool isEvaluationName(const std::string& name) {
  const std::string& s = evaluationSuffix();
  return name.size() >= s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0;
}

std::string evaluationName(const std::string& name) { return isEvaluationName(name) ? name : name + evaluationSuffix(); }

const std::string& evaluationNote() {
  static const std::string s =
      "Evaluation on private data (test rows, the training batch before noise, true histograms): computed outside "
      "the mechanism, so the run's epsilon does NOT cover these numbers; do not publish them with the release.";
  return s;
}

const char* evaluationParamKey() { return "evaluation"; }

std::vector<std::string> parseEvaluationRequest(const std::string& text) {
  std::vector<std::string> out;
  std::string item;
  auto flush = [&] {
    const auto b = item.find_first_not_of(" \t"), e = item.find_last_not_of(" \t");
    if (b != std::string::npos) out.push_back(item.substr(b, e - b + 1));
    item.clear();
  };
  for (char c : text) {
    if (c == ',') flush();
    else item += c;
  }
  flush();
  return out;
}

bool evaluationRequested(const std::vector<std::string>& request, const std::string& key) {
  return std::any_of(request.begin(), request.end(), [&](const std::string& r) { return r == "all" || r == key; });
}

}  // namespace dpw
