#pragma once
/// "pld": the tight numerical accountant of the Poisson-subsampled Gaussian (add/remove), by privacy
/// loss distributions discretised pessimistically with interval Δ (pld_analysis.h, as Google's
/// dp_accounting with its defaults: connect-the-dots, Δ = 1e-4, tail truncation 1e-15 per composition).
/// ε is an upper bound; discretisation error as stated in pld_analysis.h (worst case T·Δ, observed
/// ≤ 1e-4 relative against dp_accounting, see tests/golden/README.md).
/// Laplace releases (addLaplaceReleases, q = 1) are read by their exact PLD (pld_laplace_analysis.h), the
/// same for both adjacencies, and compose with the Gaussian steps (pld_accountant_base.h).
/// Both adjacencies (remove, add) are tracked; ε is the worse. Steps are folded in lazily when ε or δ is asked:
/// one PLD per distinct (mechanism, parameter, q) (cached), and everything recorded since the last fold (with the PLD
/// folded then) composed at once per adjacency by composeMany: one FFT per distinct step and one inverse on the
/// final support (composition commutes, so 10⁶ steps alternating between a few kinds cost one composition).
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "privacy/accountants/pld_accountant_base.h"

namespace dpw {

class PldAccountant : public PldAccountantBase {
 public:
  /// @throws InvalidArgument unless interval ∈ (0, 1).
  explicit PldAccountant(double interval = 1e-4, PldEstimate estimate = PldEstimate::Pessimistic)
      : PldAccountantBase(interval, estimate) {}
  std::string id() const override { return "pld"; }
  std::string name() const override;
  std::string shortName() const override { return "PLD"; }
  std::unique_ptr<Accountant> clone() const override { return std::make_unique<PldAccountant>(*this); }

 private:
  void record(const StepKey& step, long count) override;
  std::vector<const PldPmf*> composed() const override;
  std::vector<Parts> stepParts() const override;
  std::unique_ptr<PldAccountantBase> withGrid(double interval, PldEstimate estimate) const override {
    return std::make_unique<PldAccountant>(interval, estimate);
  }
  void fold() const;
  /// The (remove, add) PLDs of one step of `key` (built once, pld_step_cache.h).
  const std::pair<PldPmf, PldPmf>& single(const StepKey& key) const;
  struct Batch {
    StepKey key;
    long steps;
  };
  std::vector<Batch> batches_;  ///< [folded_, end): one batch per distinct key (pending_ indexes them)
  mutable std::map<StepKey, size_t> pending_;
  mutable size_t folded_ = 0;
  mutable std::optional<PldPmf> remove_, add_;
  mutable std::map<StepKey, std::shared_ptr<const std::pair<PldPmf, PldPmf>>> single_;  ///< (remove, add), pld_step_cache.h
};

}  // namespace dpw
