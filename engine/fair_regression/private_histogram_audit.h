#pragma once
/// Audit target of fair regression's private joint histogram ([FairReg] Alg. 1) through the production code.
#include <cstdint>

#include "audit/mechanism_audits.h"

namespace dpw {

/// privateJointHistogram on 2 groups x 2 bins, n = 20 rows, one row substituted (`mechanism = fair-histogram` of the privacy-audit method; registered by methods/registry.cpp; the
/// setting and the attacker are described in audit/mechanism_audits.h). @throws InvalidArgument on bad settings.
AuditTarget fairHistogramAuditTarget(const MechanismAuditSettings& s, std::uint64_t seed);

}  // namespace dpw
