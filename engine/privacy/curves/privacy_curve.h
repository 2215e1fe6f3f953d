#pragma once
/// The live privacy chart of a run: ε spent vs step, one curve per accountant (chart id "privacy").
///
/// A method creates one PrivacyCurve with the accountants to show (its own first, the others for
/// comparison), calls record() as steps happen and publishes frame() when it publishes its other
/// frames. Curves of accountants that do not apply to the run's sampling are still shown: their names
/// say which neighbouring relation and conversion they use. Cost per record: one ε per accountant
/// (RDP/GDP O(#orders), PLD one composition), so record every few steps in long runs.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/decimated_series.h"
#include "core/frame.h"
#include "privacy/accountants/accountant.h"

namespace dpw {

class PrivacyCurve {
 public:
  /// @throws InvalidArgument on an unknown accountant id, no accountant or δ outside (0, 1).
  PrivacyCurve(const std::vector<std::string>& accountantIds, double delta);
  /// The same for typed accountants (no id round trip; a named factory, as a second constructor would
  /// make a braced list of ids ambiguous). @throws InvalidArgument on no accountant or δ outside (0, 1).
  static PrivacyCurve ofAccountants(const std::vector<AccountantKind>& accountants, double delta);
  /// Adds `steps` Gaussian steps to every accountant and appends (current step, ε) to each curve. `beforeEach`
  /// (optional) is called before each accountant's ε, e.g. to ask for Stop between PLD compositions; what it throws
  /// leaves the curve half recorded (to be dropped). @throws InvalidArgument on bad (σ, q, steps), as
  /// Accountant::addGaussianSteps.
  void record(double noiseMultiplier, double sampleRate, long steps, const std::function<void()>& beforeEach = {});
  long step() const { return step_; }
  /// Replaces accountant `i` (e.g. a WDP accountant with other μ, β) before anything is recorded.
  /// @throws InternalError if steps were already recorded or i is out of range (the caller's order).
  void replaceAccountant(size_t i, std::unique_ptr<Accountant> accountant);
  /// ε of accountant `i` (in the constructor's order) after the recorded steps.
  double epsilon(size_t i) const;
  /// The LinesFrame "privacy" (x: step, y: ε at δ), one Series per accountant named by shortName().
  FramePtr frame() const;

 private:
  explicit PrivacyCurve(double delta);
  void add(std::unique_ptr<Accountant> accountant);

  double delta_;
  long step_ = 0;
  std::vector<std::unique_ptr<Accountant>> accountants_;
  std::vector<DecimatedSeries> series_;  ///< at most 2000 points each, however many records
};

}  // namespace dpw
