#pragma once
/// Privacy accountants: one interface for every accounting of a run's privacy loss.
///
/// An accountant records what happened (steps of mechanisms with their noise and sampling), and
/// answers ε for a δ or δ for an ε. Pure math lives in `*_analysis.h` files; accountants are thin
/// state holders over it. Every method that spends privacy reports through one of these.
#include <memory>
#include <string>
#include <vector>

namespace dpw {

/// How neighbouring data sets differ, which is part of every privacy claim.
enum class Neighbouring {
  AddRemove,  ///< one record added or removed (Poisson subsampling)
  ReplaceOne  ///< one record replaced (fixed-size sampling without replacement)
};

class Accountant {
 public:
  virtual ~Accountant() = default;
  /// Stable id: "rdp", "rdp-wor", "gdp", "gdp-uniform", "pld", "wdp".
  virtual std::string id() const = 0;
  /// Human-readable name with the conversion used, e.g. "RDP (Poisson, Balle et al. 2020 conversion)".
  virtual std::string name() const = 0;
  /// Records `steps` compositions of the subsampled Gaussian mechanism with noise multiplier σ
  /// (std / sensitivity) and sampling rate q ∈ (0, 1]. @throws InvalidArgument on bad values.
  virtual void addGaussianSteps(double noiseMultiplier, double sampleRate, long steps) = 0;
  /// ε spent so far for this δ ∈ (0, 1); +inf if unbounded. @throws InvalidArgument on a bad δ.
  virtual double epsilon(double delta) const = 0;
  /// δ for this ε ≥ 0.
  virtual double delta(double epsilon) const = 0;
  virtual std::unique_ptr<Accountant> clone() const = 0;
};

/// Accountant by id; throws InvalidArgument listing the known ids otherwise.
std::unique_ptr<Accountant> makeAccountant(const std::string& id);
/// Ids of the accountants makeAccountant knows, in menu order.
std::vector<std::string> accountantIds();

/// Smallest noise multiplier σ whose accountant ε after `steps` steps at rate q is ≤ `epsilon` at
/// `delta`, by bisection (relative tolerance 1e-9 on σ). @throws InvalidArgument on bad values.
double calibrateNoiseMultiplier(const std::string& accountantId, double epsilon, double delta, double sampleRate,
                                long steps);

}  // namespace dpw
