#pragma once
/// GDP accountants over gdp_analysis.h: "gdp" (Poisson, Dong-Roth-Su CLT) and "gdp-uniform" (uniform
/// fixed-size sampling, [FairLearn] reference formula). Composition adds μ²; the result is a CLT
/// approximation, not a bound (name() says so). Costs O(1) per call, ε by gdpEpsilon (TOMS 748, ≈ 20-40 Φ calls).
#include "privacy/accountants/accountant.h"

namespace dpw {

class GdpAccountant : public Accountant {
 public:
  enum class Sampling { Poisson, Uniform };
  explicit GdpAccountant(Sampling sampling) : sampling_(sampling) {}
  std::string id() const override { return sampling_ == Sampling::Poisson ? "gdp" : "gdp-uniform"; }
  std::string name() const override;
  std::string shortName() const override { return sampling_ == Sampling::Poisson ? "GDP (CLT)" : "GDP uniform (CLT)"; }
  void addGaussianSteps(double noiseMultiplier, double sampleRate, long steps) override;
  double epsilon(double delta) const override;
  double delta(double epsilon) const override;
  std::unique_ptr<Accountant> clone() const override { return std::make_unique<GdpAccountant>(*this); }
  /// μ of everything recorded so far.
  double mu() const;

 private:
  Sampling sampling_;
  double muSquared_ = 0;
};

}  // namespace dpw
