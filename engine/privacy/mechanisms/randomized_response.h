#pragma once
/// Randomized response (Warner 1965; Dwork & Roth 2014 §3.2), the mechanism of local differential privacy:
/// each person answers a yes/no question truthfully with probability q = e^ε / (1 + e^ε) and gives the other
/// answer otherwise, before anything leaves their hands. For either true answer the two reports' probabilities
/// are q and 1 − q, so their ratio is at most q / (1 − q) = e^ε: each report is ε-DP for the person who
/// sends it (ε-local DP), whatever the collector does afterwards.
///
/// Estimation (Dwork & Roth 2014 §3.2; Wang et al. 2017, "Locally differentially private protocols for
/// frequency estimation", §4): with a true share p of "yes" among n people, a report is "yes" with
/// probability π = p q + (1 − p)(1 − q); the raw share r of "yes" reports has mean π (pulled toward ½), and
/// p̂ = (r − (1 − q)) / (2q − 1) is unbiased for p. For n fixed people (the coins the only randomness) each
/// report has variance q (1 − q) whatever its truth, so Var(p̂) = q (1 − q) / (n (2q − 1)²) = e^ε / (n (e^ε − 1)²),
/// the same for every p; for n people drawn at random from a population with share p the reports are i.i.d.
/// Bernoulli(π) and Var(p̂) = π (1 − π) / (n (2q − 1)²), larger by p (1 − p) / n, the sampling variance that
/// any survey has. The central alternative, a Laplace count of the n true answers
/// with b = 1/ε, divided by the public n, has standard deviation √2 / (ε n): local DP pays a factor of order √n.
#include <cstdint>
#include <span>

#include "core/rng.h"

namespace dpw {

class RandomizedResponse {
 public:
  /// @throws InvalidArgument unless ε > 0 and finite.
  explicit RandomizedResponse(double epsilon);

  double epsilon() const { return epsilon_; }
  /// q = e^ε / (1 + e^ε): the probability that a report equals the truth.
  double truthProbability() const { return q_; }
  /// The largest ratio of a report's probabilities under the two true answers, q / (1 − q) (= e^ε).
  double likelihoodRatioBound() const { return q_ / flip_; }
  /// π = p q + (1 − p)(1 − q): the probability of a "yes" report when a share p of the people says yes.
  double yesReportProbability(double trueShare) const;
  /// p̂ = (r − (1 − q)) / (2q − 1) from the share r of "yes" reports (may leave [0, 1]: unbiased, not clipped).
  double unbiasedEstimate(double reportedYesShare) const;
  /// Var(p̂) = q (1 − q) / (n (2q − 1)²) for n fixed people (the coins the only randomness).
  double estimateVariance(long people) const;
  /// Var(p̂) = π (1 − π) / (n (2q − 1)²) for n people drawn at random from a population with share p of yes.
  double populationEstimateVariance(double trueShare, long people) const;

  /// Each person's report: truths[i] kept with probability q, flipped otherwise (one uniform per person).
  /// Returns the number of "yes" reports. `reports` must be as long as `truths`
  /// (InternalError otherwise).
  long respond(std::span<const std::uint8_t> truths, std::span<std::uint8_t> reports, Rng& rng) const;

 private:
  double epsilon_;
  double q_;
  double flip_;  ///< 1 − q = 1 / (1 + e^ε), computed as such (1 − q loses its digits for large ε)
};

/// The standard deviation of the central estimate of a share among n people: a Laplace count (b = 1/ε,
/// sensitivity 1) divided by the public n, √2 / (ε n).
double centralLaplaceShareStd(double epsilon, long people);

}  // namespace dpw
