#pragma once
/// "pld-wor": the tight numerical accountant of the Gaussian step under fixed-size sampling without
/// replacement with replace-one neighbours: C_p(G_{1/σ})^{⊗T} of Dong, Roth & Su 2022 (Thm 4.2 with Thm 3.2)
/// by its privacy loss distribution (pld_wor_analysis.h), discretised pessimistically (connect-the-dots,
/// Δ = 1e-4, tail truncation 1e-15 per composition, as "pld"). ε is an upper bound.
/// One PLD is tracked (the symmetrised trade-off curve's). Steps are counted per distinct (σ, q) and composed
/// when ε or δ is asked: one PLD per (σ, q), one T-fold FFT of its total count, one convolution across
/// distinct (σ, q). So a curve recorded in chunks ends at exactly the ε of one T-fold composition, the number
/// calibration solved for (no chunking rounding above the target).
/// Laplace releases (addLaplaceReleases, q = 1, replace-one sensitivity) are read by their exact PLD
/// (pld_laplace_analysis.h) and compose with the Gaussian steps (pld_accountant_base.h).
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "privacy/accountants/pld_accountant_base.h"

namespace dpw {

class PldWorAccountant : public PldAccountantBase {
 public:
  /// @throws InvalidArgument unless interval ∈ (0, 1).
  explicit PldWorAccountant(double interval = 1e-4, PldEstimate estimate = PldEstimate::Pessimistic)
      : PldAccountantBase(interval, estimate) {}
  std::string id() const override { return "pld-wor"; }
  std::string name() const override;
  std::string shortName() const override { return "PLD w/o replacement"; }
  std::unique_ptr<Accountant> clone() const override { return std::make_unique<PldWorAccountant>(*this); }

 private:
  void record(const StepKey& step, long count) override;
  std::vector<const PldPmf*> composed() const override;
  std::vector<Parts> stepParts() const override;
  std::unique_ptr<PldAccountantBase> withGrid(double interval, PldEstimate estimate) const override {
    return std::make_unique<PldWorAccountant>(interval, estimate);
  }
  void fold() const;
  /// The PLD of one step of `key` (built once, pld_step_cache.h).
  const PldPmf& single(const StepKey& key) const;
  std::map<StepKey, long> steps_;  ///< steps per key
  mutable bool dirty_ = false;
  mutable std::optional<PldPmf> composed_;
  mutable std::map<StepKey, std::shared_ptr<const PldPmf>> single_;  ///< one-step PLDs (pld_step_cache.h)
};

}  // namespace dpw
