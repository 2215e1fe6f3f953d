#pragma once
/// A method the app can run: its parameters, how to run it, and what a run returns.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/parameters.h"
#include "core/run_observer.h"

namespace dpw {

/// What a finished run reports: final metrics and a one-line privacy statement.
struct RunResult {
  std::map<std::string, double> metrics;
  std::string privacyStatement;  ///< e.g. "(ε = 4.98, δ = 1e-5) by RDP (Poisson), 4200 steps"
};

struct MethodInfo {
  std::string id;       ///< scenario name, e.g. "dpswd-explorer"
  std::string title;    ///< menu title
  std::string paper;    ///< paper key, e.g. "[DP-SWD]"
  std::string summary;  ///< plain-words explanation for the side panel
  std::vector<ParamSpec> params;
  std::function<RunResult(const ParamValues&, std::uint64_t seed, RunObserver&)> run;
};

/// Every method of the engine, in menu order.
const std::vector<MethodInfo>& allMethods();
/// The method with this id; throws InvalidArgument listing the known ids otherwise.
const MethodInfo& findMethod(const std::string& id);

}  // namespace dpw
