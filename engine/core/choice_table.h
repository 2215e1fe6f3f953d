#pragma once
/// One id table per enum setting: the ids its ParamSpec offers, the parse from id (once, where
/// ParamValues become a settings struct) and the id of a value, shared by the form, scenarios, the CLI
/// and the Python module. Example: fairnessNotions() in methods/fair_learning.h.
#include <string>
#include <utility>
#include <vector>

#include "core/error.h"

namespace dpw {

/// Ids as a message lists them: "a, b or c".
inline std::string choiceList(const std::vector<std::string>& ids) {
  std::string out;
  for (std::size_t i = 0; i < ids.size(); ++i) out += (i == 0 ? "" : i + 1 == ids.size() ? " or " : ", ") + ids[i];
  return out;
}

template <class Enum>
class ChoiceTable {
 public:
  /// `what` names the setting in messages ("fairness notion"); `entries` pairs each value with its id.
  ChoiceTable(std::string what, std::vector<std::pair<Enum, std::string>> entries)
      : what_(std::move(what)), entries_(std::move(entries)) {
    for (const auto& [value, id] : entries_) ids_.push_back(id);
  }

  /// Every id, in the table's order (a ParamSpec's choices).
  const std::vector<std::string>& ids() const { return ids_; }
  /// The id of `value`.
  const std::string& id(Enum value) const {
    for (const auto& [v, id] : entries_)
      if (v == value) return id;
    throw InvalidArgument(what_ + ": a value without an id");  // a programmer's error: every value has one
  }
  /// The value of `id`; throws InvalidArgument naming the setting and the ids it knows.
  Enum parse(const std::string& id) const {
    for (const auto& [v, i] : entries_)
      if (i == id) return v;
    std::string known;
    for (const auto& i : ids_) known += (known.empty() ? "" : ", ") + i;
    throw InvalidArgument("unknown " + what_ + " '" + id + "' (" + known + ")");
  }

 private:
  std::string what_;
  std::vector<std::pair<Enum, std::string>> entries_;
  std::vector<std::string> ids_;
};

}  // namespace dpw
