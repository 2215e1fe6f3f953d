#pragma once
// Shared privacy options of dpwlab-cli (account, calibrate, tradeoff): clear messages and exit code 2
// (dpw::InvalidArgument) for q outside (0, 1], σ ≤ 0, δ outside (0, 1), steps < 1; the --accountant help,
// read from the accountant registry, with `auto` (what the methods default to); and --steps or --epochs.
#include <CLI/CLI.hpp>
#include <cmath>
#include <memory>
#include <string>

#include "core/error.h"
#include "cli/command.h"
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

/// What `--accountant auto` means for the plain subsampled Gaussian of account/calibrate: the tightest proven
/// accountant for Poisson subsampling with add/remove neighbours (dpw::tightestProvenAccountant), i.e. pld. For
/// fixed-size batches without replacement (replace-one neighbours) name pld-wor.
inline std::string resolveAccountantId(const std::string& id) {
  if (id != "auto") return id;
  return dpw::accountantId(dpw::tightestProvenAccountant(dpw::Neighbouring::AddRemove));
}

/// The --accountant help: "auto (= pld: ...)|rdp|...".
inline std::string accountantHelp(bool calibratableOnly);

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

inline std::string accountantHelp(bool calibratableOnly) {
  return "auto|" + accountantChoices(calibratableOnly) + " (auto, the default as in the methods: the tightest proven " +
         "accountant for Poisson subsampling with add/remove neighbours, " + resolveAccountantId("auto") +
         "; for fixed-size batches without replacement give pld-wor)";
}

/// --steps T or --epochs E (one of them, required): T = ⌈E / q⌉ steps, E passes over the data at rate q.
struct StepsOption {
  long steps = 0;
  double epochs = 0;
  CLI::Option* stepsOption = nullptr;
  CLI::Option* epochsOption = nullptr;

  void add(CLI::App& cmd) {
    stepsOption = addInteger(cmd, "--steps", steps, "number of steps T >= 1 (or give --epochs)");
    epochsOption = addReal(cmd, "--epochs", epochs,
                           "passes over the data E > 0, instead of --steps: T = ceil(E / q) steps, printed as \"steps\"");
    stepsOption->excludes(epochsOption);
  }
  /// The steps, from --steps or from --epochs at rate q (after q was checked). Throws UsageError if neither.
  long resolve(double q) const {
    if (epochsOption->count()) {
      dpw::require(epochs > 0 && std::isfinite(epochs), "--epochs must be a finite number > 0, got ", epochs);
      const double t = epochs / q;
      // ⌈E / q⌉, where E / q a hair above a whole number by rounding (10 / 0.1) is that number.
      const double whole = std::round(t);
      const double exact = std::abs(t - whole) <= 1e-9 * std::max(1.0, whole) ? whole : std::ceil(t);
      dpw::require(exact <= 1e12, "--epochs / --q gives too many steps: ", exact);
      return std::max(1L, long(exact));
    }
    if (!stepsOption->count()) throw UsageError("--steps or --epochs is required");
    requireSteps(steps);
    return steps;
  }
  /// Adds "epochs" (when given) and the rule to a JSON answer.
  void describe(Json& out) const {
    if (epochsOption->count()) {
      out["epochs"] = epochs;
      out["steps_from"] = "steps = ceil(epochs / q)";
    }
  }
};

/// Prints the JSON answer of account, calibrate and tradeoff: `out`, then "accountant_setting": "auto" when the
/// accountant was left to auto, and how the steps were given (StepsOption::describe). Returns kExitOk.
inline int printStepsAnswer(Json out, const StepsOption& steps, bool autoAccountant = false) {
  if (autoAccountant) out["accountant_setting"] = "auto";
  steps.describe(out);
  printJson(out);
  return kExitOk;
}

}  // namespace dpwcli
