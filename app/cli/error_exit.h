#pragma once
/// How dpwlab-cli ends on an error a command lets escape, defined once: main() calls reportError() after
/// CLI11's own parse errors, and tests/app/cli/tst_error_exit.cpp checks the mapping without a way to make
/// the program break an invariant. The tiers (core/error.h, core/internal_error.h):
///   UsageError, dpw::InvalidArgument  -> kExitUsage (2): the input's fault, the message says what to fix
///   dpw::InternalError                -> kExitInternalError (4): a bug, "internal error, please report: ..."
///   any other std::exception          -> kExitRunFailed (1)
/// Each writes "<program or command>: <message>" to `err`. Header-only, so the test needs no CLI11.
#include <exception>
#include <ostream>
#include <stdexcept>
#include <string>

#include "cli/exit_codes.h"
#include "core/error.h"
#include "core/internal_error.h"

namespace dpwcli {

/// Bad usage found after parsing (a missing or contradictory option): exit code 2, like bad input.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Writes `name: what` to `err` and returns the exit code of the error `e` (see above). An exception that
/// is no std::exception is rethrown (nothing in the program throws one).
inline int reportError(const std::string& name, const std::exception_ptr& e, std::ostream& err) {
  try {
    std::rethrow_exception(e);
  } catch (const UsageError& x) {
    err << name << ": " << x.what() << "\n";
    return kExitUsage;
  } catch (const dpw::InvalidArgument& x) {
    err << name << ": " << x.what() << "\n";
    return kExitUsage;
  } catch (const dpw::InternalError& x) {  // a bug, not the input: "internal error, please report: ..."
    err << name << ": " << x.what() << "\n";
    return kExitInternalError;
  } catch (const std::exception& x) {
    err << name << ": " << x.what() << "\n";
    return kExitRunFailed;
  }
}

}  // namespace dpwcli
