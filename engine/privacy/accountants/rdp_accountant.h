#pragma once
/// RDP accountants over rdp_analysis.h: "rdp" (Poisson, add/remove, Balle et al. 2020 conversion),
/// "rdp-mironov" (Poisson, add/remove, Mironov's classic conversion) and "rdp-wor" (fixed-size sampling
/// without replacement, replace-one, Wang-Balle-Kasiviswanathan 2019 Thm 9 with Thm 27 terms, classic conversion as the
/// DP-SWD code uses). The RDP curve on defaultRdpOrders() adds up over steps (RDP composition).
/// Cost of addGaussianSteps: one evaluation of the grid per new (σ, q) pair (≈ 0.5 ms), O(#orders)
/// when (σ, q) repeats; epsilon/delta O(#orders).
#include "privacy/accountants/accountant.h"
#include "privacy/accountants/rdp_analysis.h"

namespace dpw {

class RdpAccountant : public Accountant {
 public:
  enum class Sampling { Poisson, WithoutReplacement };
  RdpAccountant(Sampling sampling, RdpConversion conversion);
  std::string id() const override;
  std::string name() const override;
  std::string shortName() const override;
  void addGaussianSteps(double noiseMultiplier, double sampleRate, long steps) override;
  double epsilon(double delta) const override;
  double delta(double epsilon) const override;
  std::unique_ptr<Accountant> clone() const override { return std::make_unique<RdpAccountant>(*this); }

  /// Adds `steps` compositions of a mechanism given by its own RDP curve (one value per order of
  /// orders()), e.g. a Laplace mechanism. @throws InternalError on a size mismatch (the engine's curves);
  /// InvalidArgument if steps < 0.
  void addRdpCurve(const std::vector<double>& rdpPerStep, long steps);
  /// Adds `steps` Laplace mechanisms of scale b = λ · sensitivity (λ = `scaleOverSensitivity`), without
  /// subsampling, by their exact RDP (Mironov 2017, Table II; wdp_analysis.h rdpLaplaceMechanism).
  /// Composes with Gaussian steps in the same accountant. @throws InvalidArgument unless λ > 0, steps ≥ 0.
  void addLaplaceSteps(double scaleOverSensitivity, long steps);
  /// The order that attains epsilon(delta).
  double bestOrder(double delta) const;
  const std::vector<double>& orders() const { return orders_; }
  /// Accumulated RDP, one value per order.
  const std::vector<double>& rdp() const { return total_; }

 private:
  Sampling sampling_;
  RdpConversion conversion_;
  std::vector<double> orders_;
  std::vector<double> total_;
  double cachedSigma_ = -1, cachedQ_ = -1;
  std::vector<double> cachedStep_;
};

}  // namespace dpw
