#pragma once
/// Privacy accountants: one interface for every accounting of a run's privacy loss.
///
/// An accountant records what happened (steps of mechanisms with their noise and sampling), and
/// answers ε for a δ or δ for an ε. Pure math lives in `*_analysis.h` files; accountants are thin
/// state holders over it. Every method that spends privacy reports through one of these.
#include <functional>
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
  /// Stable id: "rdp", "rdp-mironov", "rdp-wor", "gdp", "gdp-uniform", "pld", "pld-wor", "wdp".
  virtual std::string id() const = 0;
  /// Human-readable name with the conversion used, e.g. "RDP (Poisson, Balle et al. 2020 conversion)".
  virtual std::string name() const = 0;
  /// A legend-sized name (≤ 20 characters), e.g. "RDP Poisson (Balle)"; name() has the details.
  virtual std::string shortName() const { return id(); }
  /// Records `steps` compositions of the subsampled Gaussian mechanism with noise multiplier σ
  /// (std / sensitivity) and sampling rate q ∈ (0, 1]. @throws InvalidArgument on bad values.
  virtual void addGaussianSteps(double noiseMultiplier, double sampleRate, long steps) = 0;
  /// ε spent so far for this δ ∈ (0, 1); +inf if unbounded. @throws InvalidArgument on a bad δ.
  virtual double epsilon(double delta) const = 0;
  /// δ for this ε ≥ 0.
  virtual double delta(double epsilon) const = 0;
  virtual std::unique_ptr<Accountant> clone() const = 0;
  /// False for accountants whose loss grows with the noise (WDP), which calibration refuses.
  virtual bool decreasesWithNoise() const { return true; }
};

/// The accountants as a type: settings parse their `accountant` text once into this (parseAccountant)
/// and the choice lists of every ParamSpec that offers accountants are built from it
/// (privacy_params.h: accountantParam), so an id is spelled in one place.
enum class AccountantKind { Rdp, RdpMironov, RdpWor, Gdp, GdpUniform, Pld, PldWor, Wdp };

/// What an accountant's ε is: a proven upper bound, an approximation (the CLT of GDP), or not an (ε, δ)-DP
/// guarantee at all (WDP).
enum class AccountantClaim { Bound, Approximation, NotDp };

/// One accountant as the registry knows it (accountant.cpp: one line each). A new accountant is its
/// analysis file, its accountant file, its kind above and its line there.
struct AccountantInfo {
  AccountantKind kind;
  std::string id;           ///< stable id, e.g. "pld-wor"
  Neighbouring relation;    ///< and the sampler: AddRemove = Poisson, ReplaceOne = fixed-size without replacement
  AccountantClaim claim;
  int rank;                 ///< among the proven bounds of one relation, 0 = tightest (what `auto` picks)
  std::function<std::unique_ptr<Accountant>()> make;
};
/// Every accountant, in menu order.
const std::vector<AccountantInfo>& accountantRegistry();
const AccountantInfo& accountantInfo(AccountantKind kind);
/// True when the accountant's ε is a proven upper bound (not the CLT approximation, not WDP).
bool isProvenBound(AccountantKind kind);
/// The tightest proven accountant for a neighbouring relation (and its sampler): pld for Poisson
/// add/remove, pld-wor for fixed-size sampling without replacement under replace-one. What `auto` means.
/// @throws InvalidArgument if none is registered.
AccountantKind tightestProvenAccountant(Neighbouring relation);
/// @throws InvalidArgument listing the known ids.
AccountantKind parseAccountant(const std::string& id);
/// The stable id of makeAccountant ("rdp", "rdp-mironov", "rdp-wor", "gdp", "gdp-uniform", "pld", "pld-wor", "wdp").
const std::string& accountantId(AccountantKind kind);
/// The neighbouring relation and sampler the accountant assumes: Poisson subsampling with add/remove
/// neighbours (rdp, rdp-mironov, gdp, pld, wdp) or fixed-size sampling without replacement with
/// replace-one neighbours (rdp-wor, gdp-uniform, pld-wor).
Neighbouring neighbouringOf(AccountantKind kind);
std::unique_ptr<Accountant> makeAccountant(AccountantKind kind);

/// Accountant by id; throws InvalidArgument listing the known ids otherwise.
std::unique_ptr<Accountant> makeAccountant(const std::string& id);
/// Ids of the accountants makeAccountant knows, in menu order.
std::vector<std::string> accountantIds();

/// ε after `steps` Gaussian steps (σ, q) on a fresh accountant of this kind, at δ.
/// @throws InvalidArgument on bad values.
double epsilonAfterGaussianSteps(AccountantKind kind, double noiseMultiplier, double sampleRate, long steps,
                                 double delta);
/// The same by id (parsed once). @throws InvalidArgument on an unknown id or bad values.
double epsilonAfterGaussianSteps(const std::string& accountantId, double noiseMultiplier, double sampleRate,
                                 long steps, double delta);

/// Smallest noise multiplier σ whose accountant ε after `steps` steps at rate q is ≤ `epsilon` at
/// `delta`, by smallestBelow (privacy/calibration/root_finding.h: bracket by doubling/halving from [0.5, 1], then
/// TOMS 748): the σ returned meets the target (ε(σ) ≤ `epsilon`) and lies within 1e-9 relative of the
/// smallest σ that does (for an ε(σ) that decreases in σ). An ε = ∞ (the PLD at a small σ) or a PLD
/// too large to build (PldTooLarge, ε in the hundreds) counts as ε above the target. If every σ down
/// to 1e-6 meets the target, returns that small σ.
/// @throws InvalidArgument on bad values, an accountant whose loss grows with σ (wdp), or when no
/// σ < 1e7 reaches the target.
double calibrateNoiseMultiplier(const std::string& accountantId, double epsilon, double delta, double sampleRate,
                                long steps);
/// The same, for the typed kind: the implementation (the id version parses once and calls it).
double calibrateNoiseMultiplier(AccountantKind kind, double epsilon, double delta, double sampleRate, long steps);

}  // namespace dpw
