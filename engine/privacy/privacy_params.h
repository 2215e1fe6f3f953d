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

/// Reads `noise_source` if the method has it (Seeded otherwise). @throws InvalidArgument on an unknown id.
inline NoiseSource readNoiseSource(const ParamValues& p) {
  return p.values().count("noise_source") ? parseNoiseSource(p.text("noise_source")) : NoiseSource::Seeded;
}

}  // namespace dpw
