#pragma once
/// The registry's wrapper around every method's run (core/output_classes.h): sorts the metrics into the
/// release and the evaluation, labels evaluation charts and series, leaves evaluation outputs out in
/// secure mode unless the `evaluation` parameter names them, and appends what the run treats as public
/// to its privacy statement.
#include "core/method.h"

namespace dpw {

/// Declares the output classes and public quantities of the registered methods (output_declarations.cpp),
/// adds the `evaluation` parameter to methods that have evaluation outputs, and wraps `run` as above.
void applyOutputClasses(MethodInfo& method);

/// "Treated as public: a; b; c." (empty for an empty list).
std::string treatedAsPublicSentence(const std::vector<std::string>& items);

}  // namespace dpw
