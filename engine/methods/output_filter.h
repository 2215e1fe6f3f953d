#pragma once
/// The registry's wrapper around every method's run (core/output_classes.h): sorts the metrics into the
/// release and the evaluation, labels evaluation charts and series, leaves evaluation outputs out in
/// secure mode unless the `evaluation` parameter names them, opens the privacy statement of a method offering
/// `noise_source` with its threat model (privacy/mechanisms/mechanisms.h: withThreatModel, "Against anyone
/// without the run's seed ..." in teaching mode) and appends what the run treats as public to it.
#include "core/method.h"

namespace dpw {

/// Checks that `method` declared its output classes in its factory (InternalError otherwise), adds the
/// `evaluation` parameter to methods that have evaluation outputs, and wraps `run` as above.
void applyOutputClasses(MethodInfo& method);

/// "Treated as public: a; b; c." (empty for an empty list).
std::string treatedAsPublicSentence(const std::vector<std::string>& items);

}  // namespace dpw
