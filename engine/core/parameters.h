#pragma once
/// Self-describing method parameters.
///
/// Each method declares its parameters once as `ParamSpec`s (name, unit, range, default, help text
/// with the paper it comes from). The GUI builds its form from them, the scenario reader validates
/// against them, and the method reads typed values through `ParamValues`: one declaration, no
/// second list to keep in sync.
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <variant>
#include <vector>

namespace dpw {

enum class ParamKind { Real, Integer, Choice, Text };

/// A number that stands for a word: "0 means 0.1/n", "−1: calibrate from ε", "0 = d". The form offers it
/// as a choice under its label ("auto (0.1/n)") beside any other number; scenario files, the CLI and
/// sweeps keep the number itself (issue #19 item 4).
struct SpecialValue {
  double value = 0;
  std::string label;  ///< what the form shows, e.g. "from ε"
};

/// When a parameter takes effect: only while the Choice parameter `key` holds one of `values` (an empty
/// key: always). The run ignores it otherwise, and the form greys it out (app/gui/parameter_form.h), so
/// a data file typed for a CSV does not look as if it fed the synthetic data set.
struct UsedWhen {
  std::string key;
  std::vector<std::string> values;
};

struct ParamSpec {
  std::string key;    ///< scenario key, e.g. "epsilon"
  std::string label;  ///< form label, e.g. "Privacy budget ε"
  ParamKind kind = ParamKind::Real;
  double defaultValue = 0;
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
  bool allowInfinity = false;        ///< "inf" accepted (e.g. epsilon = inf: no privacy)
  std::vector<std::string> choices;  ///< for Choice
  std::string defaultText;           ///< for Choice and Text
  std::string unit;
  std::string help;          ///< tooltip: what it does and where it comes from
  bool restartsRun = true;   ///< informational only: the app applies every change at the next run (none live)
  bool advanced = false;     ///< hidden in lesson mode
  std::vector<SpecialValue> special = {};  ///< numbers that mean a word (Real and Integer only)
  std::vector<UsedWhen> usedWhen = {};      ///< when the parameter takes effect: all of these hold (none: always)
};

/// The special value of `spec` equal to `value`, or nullptr.
const SpecialValue* specialValue(const ParamSpec& spec, double value);
/// The special value of `spec` whose label is `label`, or nullptr.
const SpecialValue* specialValue(const ParamSpec& spec, const std::string& label);
/// `spec` with one more special value (for the declarations: `withSpecial({...}, 0, "from ε")`).
ParamSpec withSpecial(ParamSpec spec, double value, std::string label);
/// `spec` taking effect only while the Choice parameter `key` holds one of `values`, besides any
/// condition it already has (UsedWhen).
ParamSpec usedOnlyWhen(ParamSpec spec, std::string key, std::vector<std::string> values);
/// Whether `spec` takes effect when each Choice parameter its conditions name reads choiceOf(key).
bool takesEffect(const ParamSpec& spec, const std::function<std::string(const std::string&)>& choiceOf);

using ParamValue = std::variant<double, std::string>;

/// Values of a method's parameters, validated against its specs.
class ParamValues {
 public:
  ParamValues() = default;
  /// Defaults of every spec.
  explicit ParamValues(const std::vector<ParamSpec>& specs);

  /// Sets one value; throws InvalidArgument naming the key and the value if it is unknown, of the
  /// wrong kind or out of range. The stored values are unchanged on failure.
  void set(const std::string& key, const ParamValue& value);

  double real(const std::string& key) const;
  long integer(const std::string& key) const;
  const std::string& text(const std::string& key) const;
  const ParamSpec& spec(const std::string& key) const;
  const std::vector<ParamSpec>& specs() const { return specs_; }
  const std::map<std::string, ParamValue>& values() const { return values_; }

  /// Folder against which relative file paths among the values are resolved first (the scenario
  /// file's folder; empty: the working folder only). Not a parameter: it is where the values came from.
  const std::string& baseDirectory() const { return baseDirectory_; }
  void setBaseDirectory(std::string dir) { baseDirectory_ = std::move(dir); }

 private:
  std::vector<ParamSpec> specs_;
  std::map<std::string, ParamValue> values_;
  std::string baseDirectory_;
};

/// Validates `value` against `spec`; returns an empty string when it is acceptable, else the reason.
std::string checkParam(const ParamSpec& spec, const ParamValue& value);

}  // namespace dpw
