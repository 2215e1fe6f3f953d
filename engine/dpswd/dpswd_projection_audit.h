#pragma once
/// Audit target of the DP-SWD release (noisyProjections, [DP-SWD] Alg. 1) through the production code.
#include <cstdint>

#include "audit/mechanism_audits.h"

namespace dpw {

/// One record's k noisy projections (`mechanism = dpswd-projection` of the privacy-audit method; registered by methods/registry.cpp; the
/// setting and the attacker are described in audit/mechanism_audits.h). @throws InvalidArgument on bad settings.
AuditTarget dpswdProjectionAuditTarget(const MechanismAuditSettings& s, std::uint64_t seed);

}  // namespace dpw
