#pragma once
// True when `f` throws dpw::InvalidArgument whose message contains `needle` (the message is logged
// when it does not, so a failing check shows what the user would have seen).
#include <QtGlobal>
#include <functional>
#include <string>

#include "core/error.h"

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

}  // namespace dpwtest
