#pragma once
// Shared validation of the privacy options of dpwlab-cli (account, calibrate): clear messages and
// exit code 2 (dpw::InvalidArgument) for q outside (0, 1], σ ≤ 0, δ outside (0, 1), steps < 1; and the
// --accountant help, read from the accountant registry.
#include <cmath>
#include <string>

#include "core/error.h"
#include "privacy/accountants/accountant.h"

namespace dpwcli {

inline void requireSampleRate(double q) {
  dpw::require(q > 0 && q <= 1, "--q (the sampling rate) must lie in (0, 1], got ", q);
}
inline void requireSigma(double sigma) {
  dpw::require(sigma > 0 && std::isfinite(sigma), "--sigma (the noise multiplier) must be a finite number > 0, got ",
               sigma);
}
inline void requireDelta(double delta) { dpw::require(delta > 0 && delta < 1, "--delta must lie in (0, 1), got ", delta); }
inline void requireSteps(long steps) { dpw::require(steps >= 1, "--steps must be at least 1, got ", steps); }

/// The registered accountant ids joined by '|' (engine/privacy/accountants/accountant_list.h); with
/// `calibratableOnly`, those whose loss decreases with the noise (calibrate refuses wdp).
inline std::string accountantChoices(bool calibratableOnly) {
  std::string choices;
  for (const dpw::AccountantInfo* a : dpw::accountantRegistry()) {
    if (calibratableOnly && !a->make()->decreasesWithNoise()) continue;
    choices += (choices.empty() ? "" : "|") + std::string(a->id);
  }
  return choices;
}

}  // namespace dpwcli
