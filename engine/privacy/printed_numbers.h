#pragma once
/// How the privacy statements print numbers: 4 significant digits, rounded toward the side that cannot
/// flatter the claim. The claims (privacy/ledger/privacy_statement.h), the ε curves' titles and the
/// mechanisms' own descriptions all print through these.
#include <string>

namespace dpw {

/// A number as the statements print it (4 significant digits).
std::string statementNumber(double v);

/// A claim's ε or δ as the statements print it: 4 significant digits, rounded up, so the printed
/// number is never below the bound (1/300000 prints 3.334e-06, not 3.333e-06). The same for every number
/// a claim would flatter by understating: the sensitivity Δ and the sampling rate q.
std::string claimNumber(double v);

/// A noise scale or multiplier (σ, b, the noise std) as the statements print it: 4 significant digits,
/// rounded down, so the printed noise is never more than was added (a multiplier of 1.23456 prints
/// 1.234, not 1.235). The same for a measured lower bound (an audit's ε ≥ …), which stays one.
std::string noiseNumber(double v);

}  // namespace dpw
