#pragma once
/// The parameter specs of the privacy settings that several methods offer, defined once: the same key,
/// choice list (from privacy/mechanisms/mechanisms.h) and default everywhere, parsed once into enums
/// (parseNoiseSource, parseNoiseMechanism).
#include <string>

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

/// Reads `noise_source` if the method has it (Seeded otherwise). @throws InvalidArgument on an unknown id.
inline NoiseSource readNoiseSource(const ParamValues& p) {
  return p.values().count("noise_source") ? parseNoiseSource(p.text("noise_source")) : NoiseSource::Seeded;
}

}  // namespace dpw
