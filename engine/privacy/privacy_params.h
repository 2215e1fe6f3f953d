#pragma once
/// The parameter specs of the privacy settings that several methods offer, defined once: the same key,
/// choice list (from privacy/mechanisms/mechanisms.h) and default everywhere, parsed once into enums
/// (parseNoiseSource, parseNoiseMechanism).
#include <cmath>
#include <string>

#include "core/internal_error.h"
#include "core/parameters.h"
#include "privacy/accountants/accountant.h"
#include "privacy/mechanisms/mechanisms.h"

namespace dpw {

/// `noise_source`: seeded (teaching mode, default) | os-entropy (secure mode). `help` says what the
/// secure law is for this method. Advanced, restarts the run.
inline ParamSpec noiseSourceParam(std::string help) {
  return {"noise_source", "Noise source", ParamKind::Choice, 0, -std::numeric_limits<double>::infinity(),
          std::numeric_limits<double>::infinity(), false, noiseSourceIds(), noiseSourceId(NoiseSource::Seeded), "",
          "seeded: teaching mode, noise from the run's seed (the run replays exactly, and whoever has the seed can "
          "remove the noise; floating-point laws also leak through their low-order bits). os-entropy: secure mode, " +
              std::move(help) + " drawn from the operating system's CSPRNG; not replayable.",
          true, true};
}

/// `mechanism`-like choice of a noise law (key and default given by the method).
inline ParamSpec noiseMechanismParam(std::string key, std::string label, NoiseMechanism defaultLaw, std::string help) {
  return {std::move(key), std::move(label), ParamKind::Choice, 0, -std::numeric_limits<double>::infinity(),
          std::numeric_limits<double>::infinity(), false, noiseMechanismIds(), noiseMechanismId(defaultLaw), "",
          std::move(help), true, true};
}

/// `accountant` offering exactly `offered` (ids from privacy/accountants/accountant.h, in this order), default `def`.
inline ParamSpec accountantParam(const std::vector<AccountantKind>& offered, AccountantKind def, std::string help) {
  std::vector<std::string> ids;
  for (AccountantKind k : offered) ids.push_back(accountantId(k));
  return {"accountant", "Accountant", ParamKind::Choice, 0, -std::numeric_limits<double>::infinity(),
          std::numeric_limits<double>::infinity(), false, std::move(ids), accountantId(def), "", std::move(help), true,
          true};
}

/// The values `epsilon` may take in one method.
struct EpsilonRange {
  double defaultValue = 1;
  double min = 0.01;  ///< > 0
  double max = 20;
  bool allowInfinity = false;  ///< "inf" accepted: the method then runs without privacy
};

/// `epsilon`, the privacy budget, for every method that takes one: the key scenario files, sweeps, grids and
/// PrivacyReadout::param read, a Real whose range starts above 0 (ε = 0 releases nothing; no calibration has
/// a finite noise for it). A method states only its own: the range, default and ∞ (no privacy) of `range`,
/// and in `help` what ε covers there (with the paper's section). A range that is empty, starts at or below 0
/// or misses its default is a declaration bug: InternalError.
inline ParamSpec epsilonParam(const EpsilonRange& range, std::string help, std::string label = "Privacy budget ε",
                              std::string unit = "") {
  ensure(range.min > 0 && std::isfinite(range.max) && range.min <= range.defaultValue && range.defaultValue <= range.max,
         "epsilonParam: the range [", range.min, ", ", range.max, "] must start above 0 and hold its default ",
         range.defaultValue);
  return {"epsilon", std::move(label), ParamKind::Real, range.defaultValue, range.min, range.max, range.allowInfinity,
          {}, "", std::move(unit), std::move(help)};
}

/// The values `delta` may take in one method.
struct DeltaRange {
  double defaultValue = 1e-5;
  double min = 1e-12;  ///< > 0, or 0 with an `autoLabel`
  double max = 0.1;    ///< < 1
  /// Non-empty: 0 means auto (1/(10 n) for the run's n rows, resolved by the run: privacy/ledger/default_delta.h),
  /// shown as this word (e.g. "auto (0.1/m)"). Empty: δ = 0 is not offered.
  std::string autoLabel = "";
};

/// `delta`, the δ of the (ε, δ) guarantee (or a bound's failure probability), for every method that takes one:
/// a Real in [min, max] ⊂ [0, 1) holding its default, 0 only as auto. A method states its range, `help` (what δ
/// covers there), `label`, and whether the setting is `advanced` (hidden in lesson mode). A range that is empty,
/// reaches 1, or offers 0 without an auto is a declaration bug: InternalError.
inline ParamSpec deltaParam(const DeltaRange& range, std::string help, std::string label = "δ", bool advanced = false) {
  ensure(range.min >= 0 && range.max < 1 && range.min <= range.defaultValue && range.defaultValue <= range.max &&
             (range.min > 0 || !range.autoLabel.empty()),
         "deltaParam: the range [", range.min, ", ", range.max, "] must lie in [0, 1), hold its default ",
         range.defaultValue, " and start above 0 unless 0 means auto");
  ParamSpec spec{"delta", std::move(label), ParamKind::Real, range.defaultValue, range.min, range.max, false,
                 {}, "", "", std::move(help), true, advanced};
  return range.autoLabel.empty() ? spec : withSpecial(std::move(spec), 0, range.autoLabel);
}

/// Reads `noise_source` if the method has it (Seeded otherwise). @throws InvalidArgument on an unknown id.
inline NoiseSource readNoiseSource(const ParamValues& p) {
  return p.values().count("noise_source") ? parseNoiseSource(p.text("noise_source")) : NoiseSource::Seeded;
}

}  // namespace dpw
