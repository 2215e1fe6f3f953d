#pragma once
/// What the two PLD accountants ("pld", "pld-wor") share: the discretisation interval Δ of their privacy loss
/// distributions (pld_analysis.h: connect-the-dots, pessimistic, so ε is an upper bound), the steps they take
/// (Gaussian steps, and Laplace releases read by their exact PLD, pld_laplace_analysis.h), ε and δ as the worst
/// case over the composed PLDs of the adjacencies they track, and the coarser grid calibration starts from.
/// Either side of the exact curve (pld_analysis.h: PldEstimate): an optimistic accountant answers lower bounds.
/// A derived accountant says how a step's PLD is built, which adjacencies it tracks and how steps compose.
#include <memory>
#include <tuple>
#include <utility>
#include <vector>

#include "privacy/accountants/accountant.h"
#include "privacy/accountants/pld_analysis.h"

namespace dpw {

class PldAccountantBase : public Accountant {
 public:
  /// @throws InvalidArgument unless q ∈ (0, 1], σ > 0 is finite and steps ≥ 0.
  void addGaussianSteps(double noiseMultiplier, double sampleRate, long steps) final;
  /// Records `count` Laplace releases with scale b = `scale`·Δ (no sampling; pld_laplace_analysis.h).
  /// @throws InvalidArgument unless scale > 0 is finite and count ≥ 0.
  void addLaplaceReleases(double scale, long count);
  /// Records `count` discrete Laplace releases (noise ∝ e^{−a|x|}, integer sensitivity; pld_laplace_analysis.h).
  /// @throws InvalidArgument unless a > 0 is finite, sensitivity ≥ 1 and count ≥ 0.
  void addDiscreteLaplaceReleases(double parameter, long sensitivity, long count);
  double epsilon(double delta) const final;
  double delta(double epsilon) const final;
  /// The same accountant on the grid Δ = kCoarseInterval (1e-3, 10x the default's), or nullptr if this one's
  /// grid is that coarse already.
  std::unique_ptr<Accountant> coarser() const final;
  double interval() const { return interval_; }
  /// The grid points one composition of everything recorded spans (composedPoints, pld_analysis.h; the largest over
  /// the adjacencies tracked), found without composing: what the next ε costs, ~0.3 µs a point and adjacency on the
  /// 2-core machine (the ε after further records composes the earlier PLD with the new steps: about as long).
  /// Builds (or reads from the cache) the one-step PLDs, not the composition. 0 before any step.
  double compositionPoints() const;
  /// 0 where the next ε composes at most kInteractivePldPoints grid points (interactive_pld_grid.h); beyond, the
  /// optimistic ε of the same history (a lower bound on the exact ε, so on this accountant's) on the grid 2^k·Δ
  /// that brings the composition within that many points: a few hundred ms where ε itself takes seconds (10⁶
  /// steps at σ = 2: ε ≈ 7400, 2^25 points, 7 s). @throws InvalidArgument as epsilon(delta).
  double epsilonFloor(double delta) const final;
  /// Pessimistic (the default: ε is an upper bound) or optimistic (ε is a lower bound on the exact ε of the same
  /// composition; pld_analysis.h: PldEstimate). The two sides of one history bracket the exact ε.
  PldEstimate estimate() const { return estimate_; }

  static constexpr double kCoarseInterval = 1e-3;

 protected:
  /// @throws InvalidArgument unless interval ∈ (0, 1).
  explicit PldAccountantBase(double interval, PldEstimate estimate = PldEstimate::Pessimistic);
  /// The tag of the accountant's one-step PLDs in the shared cache (pld_step_cache.h): `analysis` (0 = pld, 1 =
  /// pld-wor) and the estimate, so that the two sides never share an entry.
  int cacheTag(int analysis) const { return 2 * analysis + (estimate_ == PldEstimate::Optimistic ? 1 : 0); }
  enum class StepMechanism { Gaussian, Laplace, DiscreteLaplace };
  /// (mechanism, σ or Laplace scale or discrete Laplace parameter, q or the discrete Laplace's integer sensitivity)
  using StepKey = std::tuple<StepMechanism, double, double>;
  /// Records `count` > 0 steps of one mechanism.
  virtual void record(const StepKey& step, long count) = 0;
  /// The composed PLD of everything recorded, one per adjacency the accountant tracks (none before any step).
  virtual std::vector<const PldPmf*> composed() const = 0;
  /// One-step PLDs with their counts, what composeMany composes.
  using Parts = std::vector<std::pair<const PldPmf*, long>>;
  /// Everything recorded as one-step PLDs with their counts, one list per adjacency tracked (none before any step).
  virtual std::vector<Parts> stepParts() const = 0;
  /// A fresh accountant of the same analysis whose grid has this interval, of this estimate.
  virtual std::unique_ptr<PldAccountantBase> withGrid(double interval, PldEstimate estimate) const = 0;

 private:
  double interval_;
  PldEstimate estimate_;
  /// Every record() in order, (mechanism, parameter, q or sensitivity, count): what ε(δ)'s memo is keyed by.
  std::vector<std::tuple<int, double, double, long>> history_;
  void remember(const StepKey& step, long count);
};

}  // namespace dpw
