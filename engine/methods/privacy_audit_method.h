#pragma once
/// The privacy-audit method of the registry: the form over the audits of audit/ (the per-trial audits,
/// audit/mechanism_audits.h, and the one-run audits of whole runs, audit/one_run_targets.h), its parameters
/// and help, and its run: the audit's bounds as metrics and the statement "claimed (ε, δ), measured ε ≥ …".
#include "core/method.h"

namespace dpw {

MethodInfo privacyAuditMethod();

}  // namespace dpw
