#pragma once
/// The proven Rényi accountant of secure mode's grid discrete Gaussian under Poisson subsampling (add/remove
/// neighbours), for the runs whose chosen accountant's analysis does not hold for that law (privacy_ledger.h:
/// ledgerAnalysis). Not in the registry (accountant_list.h): nobody picks it, the ledger reads it in secure mode.
///
/// Per step and integer order n ≥ 2 it adds rdpPoissonDiscreteGaussian(q, z, n) (discrete_subsampled_rdp.h: the
/// CKS20 Prop. 5 curve n/(2z²) of the grid law through Zhu & Wang 2019 Thm 6, which holds for any mechanism with
/// that curve, capped by the curve itself; at q = 1 the curve itself, the Gaussian's). The bound is for integer
/// orders; a fractional order α of defaultRdpOrders() gets the smaller of the bound of ⌈α⌉ (and α < 2 that of 2),
/// an upper bound because the Rényi divergence does not decrease with its order (van Erven & Harremoës 2014,
/// Thm 3), and the unsubsampled curve α/(2z²), which holds at every real α > 1 (CKS20 Prop. 5) and caps the
/// subsampled pair (exp((α − 1) D_α) is jointly convex). At q = 1 this is the Gaussian's curve exactly. RDP adds
/// over steps; (ε, δ) by the Balle et al. 2020 conversion (rdp_analysis.h). On one (z, q) its ε is at most
/// discreteGaussianPoissonEpsilon's (the same integer orders, and the fractional ones besides).
/// Cost: one curve per new (z, q) (≈ 7000 terms of lgamma and exp, about a millisecond), O(#orders) per ε.
#include <map>
#include <utility>
#include <vector>

#include "privacy/accountants/accountant.h"
#include "privacy/accountants/rdp_accountant.h"

namespace dpw {

class DiscreteGaussianRdpAccountant final : public Accountant {
 public:
  DiscreteGaussianRdpAccountant();
  std::string id() const override { return "rdp-discrete-gaussian"; }
  std::string name() const override;
  std::string shortName() const override { return "RDP discrete Gaussian"; }
  /// `noiseMultiplier` is z = σ_Z/Δ_Z of the grid law (or any smaller value: the bound decreases in z).
  /// @throws InvalidArgument unless z > 0 finite, q ∈ (0, 1], steps ≥ 0.
  void addGaussianSteps(double noiseMultiplier, double sampleRate, long steps) override;
  double epsilon(double delta) const override { return rdp_.epsilon(delta); }
  double delta(double epsilon) const override { return rdp_.delta(epsilon); }
  std::unique_ptr<Accountant> clone() const override { return std::make_unique<DiscreteGaussianRdpAccountant>(*this); }

 private:
  RdpAccountant rdp_;  // Poisson, Balle et al. 2020: its orders, its composition and its conversion
  std::map<std::pair<double, double>, std::vector<double>> curves_;  // (z, q) -> one step's curve
};

}  // namespace dpw
