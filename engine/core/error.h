#pragma once
/// Errors of the engine. Bad user input (parameters, data) throws `dpw::InvalidArgument` with a
/// message that names the offending value; the GUI and CLI show that message verbatim.
#include <sstream>
#include <stdexcept>
#include <string>

namespace dpw {

/// A parameter or data set a user supplied is not acceptable. The message says why, with the value.
class InvalidArgument : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// A run was stopped by its observer before it finished.
class Cancelled : public std::runtime_error {
 public:
  Cancelled() : std::runtime_error("run cancelled") {}
};

namespace detail {
inline void appendAll(std::ostringstream&) {}
template <typename T, typename... Rest>
void appendAll(std::ostringstream& os, const T& first, const Rest&... rest) {
  os << first;
  appendAll(os, rest...);
}
}  // namespace detail

/// The concatenation of `parts`, as streamed: message("sigma ", 0.5) is "sigma 0.5".
template <typename... Parts>
std::string message(const Parts&... parts) {
  std::ostringstream os;
  detail::appendAll(os, parts...);
  return os.str();
}

/// Throws InvalidArgument with the concatenation of `parts` unless `condition` holds.
/// For a rule the user's input broke (name the rule and the value); an invariant the program itself
/// guarantees is checked with `ensure()` (core/internal_error.h), which throws InternalError.
template <typename... Parts>
void require(bool condition, const Parts&... parts) {
  if (!condition) throw InvalidArgument(message(parts...));
}

}  // namespace dpw
