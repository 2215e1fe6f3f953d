#pragma once
/// A method the app can run: its parameters, how to run it, and what a run returns.
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/output_classes.h"
#include "core/parameters.h"
#include "core/run_observer.h"

namespace dpw {

class PrivacyLedger;  // privacy/ledger/privacy_ledger.h

/// The privacy a run spent, as a joint claim over several runs on the same data reads it
/// (privacy/ledger/joint_claim.h): one record, filled from the run's ledger by the method.
struct RunPrivacy {
  /// The ε the run's statement heads with: NaN when the run spends no privacy budget on private data,
  /// +inf when it releases without noise.
  double epsilon = std::numeric_limits<double>::quiet_NaN();
  double delta = 0;  ///< the run's whole δ (the ledger's δ is the accountant's share of it)
  /// The ledger whose accountant gives `epsilon`, when its events are the releases as drawn (the
  /// continuous Gaussian of teaching mode): a joint claim may compose its events with the other runs'.
  /// Null when only (ε, δ) composes (secure mode's grid law, whose proven ε is not the ledger's).
  std::shared_ptr<const PrivacyLedger> ledger;
};

/// What a finished run reports: final metrics and a one-line privacy statement.
struct RunResult {
  /// The release (core/output_classes.h): numbers computed from the released quantities and public data.
  /// A method's own run function may put evaluation keys here too; the registry's run moves them.
  std::map<std::string, double> metrics;
  /// Evaluations on private data (ε does not cover them); filled by the registry's run from the method's
  /// OutputClasses, empty in secure mode unless asked for by name.
  std::map<std::string, double> evaluation;
  std::string privacyStatement;  ///< e.g. "(ε = 4.98, δ = 1e-5) by RDP (Poisson), 4200 steps"
  RunPrivacy privacy;            ///< the claim of privacyStatement as numbers (NaN ε: none spent)
};

/// Where the app reads the privacy a run spends, for the status bar and the comparison grid.
/// Exactly one of `chart`/`metric`/`param` (a number) or `none` (no budget spent) is meaningful per
/// method; `chart` and `metric` may both be set (live curve while running, final value after).
struct PrivacyReadout {
  std::string chart;   ///< LinesFrame chart id carrying ε spent vs step (live); "" = no live curve
  std::string series;  ///< series name in that chart; "" = its first series
  std::string metric;  ///< RunResult metric holding the final ε spent; "" = none
  std::string param;   ///< parameter holding the ε a run spends as a whole (a one-shot release); "" = none
  std::string label = "ε spent";  ///< words before the number in the status bar
  std::string none;    ///< non-empty: the method spends no privacy budget, and this says why
};

/// What a comparison grid may vary and show for a method: the app runs the method over the
/// Cartesian product of two axes' values (one cell per pair, same seed) with the same sweep engine
/// as `dpwlab-cli sweep`.
struct GridSpec {
  std::vector<std::string> axes;     ///< parameter keys a grid may vary; the first two are the default rows, columns
  std::vector<std::string> metrics;  ///< metric keys the summary table shows, in order; a cell's caption the first six
  std::string chart;                 ///< chart id a cell draws (its final frame); "" = numbers only
};

struct MethodInfo {
  std::string id;       ///< scenario name, e.g. "dpswd-explorer"
  std::string title;    ///< menu title
  std::string paper;    ///< paper key, e.g. "[DP-SWD]"
  std::string summary;  ///< plain-words explanation for the side panel
  std::vector<ParamSpec> params;
  std::function<RunResult(const ParamValues&, std::uint64_t seed, RunObserver&)> run;
  PrivacyReadout privacy;  ///< where ε spent is read (every method declares it)
  GridSpec grid;           ///< comparison-grid axes, metrics and chart (every method declares it)
  OutputClasses outputs;   ///< release or evaluation, for every metric key and chart (core/output_classes.h)
  /// What the privacy statement treats as public (row counts, class lists, bounds, dimensions, ...):
  /// the registry's run appends "Treated as public: ..." to the statement of every private run.
  std::vector<std::string> treatedAsPublic;
};

/// Every method of the engine, in menu order.
const std::vector<MethodInfo>& allMethods();
/// The method with this id; throws InvalidArgument listing the known ids otherwise.
const MethodInfo& findMethod(const std::string& id);

}  // namespace dpw
