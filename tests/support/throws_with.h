#pragma once
// True when `f` throws dpw::InvalidArgument whose message contains `needle` (the message is logged
// when it does not, so a failing check shows what the user would have seen).
#include <QtGlobal>
#include <functional>
#include <string>

#include "core/error.h"
#include "core/internal_error.h"

namespace dpwtest {

inline bool throwsWith(const std::function<void()>& f, const std::string& needle) {
  try {
    f();
  } catch (const dpw::InvalidArgument& e) {
    if (std::string(e.what()).find(needle) != std::string::npos) return true;
    qWarning("message was: %s", e.what());
  }
  return false;
}

/// The same for the other tier: `f` throws dpw::InternalError (a bug, core/internal_error.h), not an
/// InvalidArgument, and its message contains `needle`.
inline bool throwsInternalWith(const std::function<void()>& f, const std::string& needle) {
  try {
    f();
  } catch (const dpw::InternalError& e) {
    if (std::string(e.what()).find(needle) != std::string::npos) return true;
    qWarning("message was: %s", e.what());
  }
  return false;
}

}  // namespace dpwtest
