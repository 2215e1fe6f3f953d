#pragma once
/// Audit target of one DP-SGD step of the fair classifier (fairDpSgdStep, [FairLearn] Thm 6.1) through the production code.
#include <cstdint>

#include "audit/mechanism_audits.h"

namespace dpw {

/// One fairDpSgdStep with a canary record (`mechanism = dpsgd-canary` of the privacy-audit method; registered by methods/registry.cpp; the
/// setting and the attacker are described in audit/mechanism_audits.h). @throws InvalidArgument on bad settings.
AuditTarget dpsgdCanaryAuditTarget(const MechanismAuditSettings& s, std::uint64_t seed);

}  // namespace dpw
