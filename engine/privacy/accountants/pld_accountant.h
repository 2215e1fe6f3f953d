#pragma once
/// "pld": the tight numerical accountant of the Poisson-subsampled Gaussian (add/remove), by privacy
/// loss distributions discretised pessimistically with interval Δ (pld_analysis.h, as Google's
/// dp_accounting with its defaults: connect-the-dots, Δ = 1e-4, tail truncation 1e-15 per composition).
/// ε is an upper bound; discretisation error as stated in pld_analysis.h (worst case T·Δ, observed
/// ≤ 1e-4 relative against dp_accounting, see tests/golden/README.md).
/// Laplace releases (addLaplaceReleases, q = 1) are read by their exact PLD (pld_laplace_analysis.h), the
/// same for both adjacencies, and compose with the Gaussian steps.
/// Steps are folded in lazily when ε or δ is asked: one PLD per distinct (mechanism, parameter, q) (cached),
/// one T-fold FFT composition per batch of equal steps, one FFT convolution to join batches.
#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <utility>

#include "privacy/accountants/accountant.h"
#include "privacy/accountants/pld_analysis.h"

namespace dpw {

class PldAccountant : public Accountant {
 public:
  /// @throws InvalidArgument unless interval > 0.
  explicit PldAccountant(double interval = 1e-4);
  std::string id() const override { return "pld"; }
  std::string name() const override;
  std::string shortName() const override { return "PLD"; }
  void addGaussianSteps(double noiseMultiplier, double sampleRate, long steps) override;
  /// Records `count` Laplace releases with scale b = `scale`·Δ (no sampling; pld_laplace_analysis.h).
  /// @throws InvalidArgument unless scale > 0 is finite and count ≥ 0.
  void addLaplaceReleases(double scale, long count);
  double epsilon(double delta) const override;
  double delta(double epsilon) const override;
  std::unique_ptr<Accountant> clone() const override { return std::make_unique<PldAccountant>(*this); }
  double interval() const { return interval_; }

 private:
  enum class Kind { Gaussian, Laplace };
  using Key = std::tuple<Kind, double, double>;  ///< (mechanism, σ or Laplace scale, q)
  struct Batch {
    Key key;
    long steps;
  };
  void add(Key key, long steps);
  void fold() const;
  double interval_;
  std::vector<Batch> batches_;
  mutable size_t folded_ = 0;
  mutable std::optional<PldPmf> remove_, add_;
  mutable std::map<Key, std::shared_ptr<const std::pair<PldPmf, PldPmf>>> single_;  ///< (remove, add), pld_step_cache.h
};

}  // namespace dpw
