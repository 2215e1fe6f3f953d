#pragma once
/// The engine's second error tier: programmer errors. `require()` (core/error.h) is for what a user
/// supplies (parameters, data files, typed lists) and throws `InvalidArgument`, whose message the GUI
/// and CLI show as the user's to fix. `ensure()` is for invariants the code itself guarantees: sizes
/// it produced, indices it computed, one entry per item it made. When one fails, the fault is in the
/// program, not in the input: it throws `InternalError`, whose message starts "internal error, please
/// report:", and `dpwlab-cli` exits with code 4 (kExitInternalError in app/cli/exit_codes.h; 2 is a usage
/// or input error, 3 an audit that measured a violation, 1 any other failure).
///
/// Rule of thumb: if a user could reach the condition by any input, it is `require()`; if reaching it
/// needs a bug in the engine or a caller of its C++ API, it is `ensure()`.
#include <stdexcept>
#include <string>

#include "core/error.h"

namespace dpw {

/// A broken internal invariant. Deliberately not an InvalidArgument (nor derived from one): handlers
/// that show user errors as "fix your input" do not catch it.
class InternalError : public std::logic_error {
 public:
  explicit InternalError(const std::string& what) : std::logic_error("internal error, please report: " + what) {}
};

/// Throws InternalError with the concatenation of `parts` unless `condition` holds.
template <typename... Parts>
void ensure(bool condition, const Parts&... parts) {
  if (!condition) throw InternalError(message(parts...));
}

}  // namespace dpw
