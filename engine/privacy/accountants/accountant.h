#pragma once
/// Privacy accountants: one interface for every accounting of a run's privacy loss.
///
/// An accountant records what happened (steps of mechanisms with their noise and sampling), and
/// answers ε for a δ or δ for an ε. Pure math lives in `*_analysis.h` files; accountants are thin
/// state holders over it. Every method that spends privacy reports through one of these.
#include <memory>
#include <string>
#include <vector>

#include "privacy/accountants/accountant_list.h"

namespace dpw {

/// How neighbouring data sets differ, which is part of every privacy claim.
enum class Neighbouring {
  AddRemove,  ///< one record added or removed (Poisson subsampling)
  ReplaceOne  ///< one record replaced (fixed-size sampling without replacement)
};

class Accountant {
 public:
  virtual ~Accountant() = default;
  /// Stable id, the one of its registration (AccountantInfo::id), e.g. "rdp", "pld-wor".
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
  /// A fresh accountant of the same analysis on a coarser grid: ~10x cheaper per ε and close to this one's
  /// ε (mostly above it), so calibration finds σ on it first and then searches this accountant's own ε in a
  /// narrow bracket (calibrateNoiseMultiplier). nullptr (the default) when an ε is cheap already.
  virtual std::unique_ptr<Accountant> coarser() const { return nullptr; }
  /// A lower bound on epsilon(delta), found cheaply where epsilon(delta) is costly (the PLD accountants beyond
  /// kInteractivePldPoints grid points a composition: pld_accountant_base.h); 0 (the default) where ε is cheap.
  /// Calibration asks it first: a σ whose floor is above the target is infeasible without its costly ε (#40:
  /// Stop is asked between two evaluations).
  virtual double epsilonFloor(double /*delta*/) const { return 0; }
};

/// The accountants as a type, one value per line of accountant_list.h, in menu order: settings parse their
/// `accountant` text once into this (parseAccountant) and the choice lists of every ParamSpec that offers
/// accountants are built from it (privacy_params.h: accountantParam), so an id is spelled in one place.
#define DPW_ACCOUNTANT_ENUM(kind, descriptor) kind,
enum class AccountantKind { DPW_ACCOUNTANTS(DPW_ACCOUNTANT_ENUM) };
#undef DPW_ACCOUNTANT_ENUM

/// What an accountant's ε is: a proven upper bound, an approximation (the CLT of GDP), or not an (ε, δ)-DP
/// guarantee at all (WDP).
enum class AccountantClaim { Bound, Approximation, NotDp };

/// What one ε costs, which decides how often a live ε-vs-step curve asks for one (flow_accounting.h:
/// flowEpsilonPointDue).
enum class EpsilonCost {
  Cheap,  ///< a closed form or a sum over a few hundred orders: microseconds (RDP, GDP, WDP)
  Costly  ///< FFT compositions of ~10⁵-point distributions: tens of milliseconds (PLD)
};

/// Whether the accountant's ε also holds when its Gaussian steps are secure mode's grid discrete Gaussian,
/// whose Rényi divergences are at most the Gaussian's (Canonne, Kamath & Steinke 2020, Prop. 5).
enum class DiscreteGaussianCover {
  None,          ///< built on the continuous Gaussian's own loss (PLD, GDP), or not DP (WDP): not proven
  Unsubsampled,  ///< a Rényi analysis: proven at q = 1 (Rényi curves compose), not its Gaussian-specific
                 ///< Poisson bound at q < 1
  EveryRate      ///< a Rényi analysis whose subsampling takes any mechanism's curve (Wang, Balle &
                 ///< Kasiviswanathan 2019 Thm 9, without replacement)
};

/// How the minibatches the accountant's analysis assumes are drawn, beside its neighbouring relation.
enum class BatchSampling {
  OfRelation,       ///< the relation's own sampler: Poisson for add/remove, fixed-size without replacement for
                    ///< replace-one (privacy_event.h: minibatchSamplerOf)
  RandomAllocation  ///< shuffled once per epoch into k = ⌊1/q⌋ batches, each row in exactly one (add/remove;
                    ///< random_allocation_accountant.h). A method may offer it only if it draws its batches so.
};

/// One accountant as the registry knows it: its descriptor, defined in its accountant file and listed once in
/// accountant_list.h. Consumers read these properties (never compare kinds), so a new accountant states them here.
struct AccountantInfo {
  AccountantKind kind;
  const char* id;                          ///< stable id, e.g. "pld-wor"
  Neighbouring relation;                   ///< and the sampler: AddRemove = Poisson, ReplaceOne = fixed-size without replacement
  BatchSampling batches = BatchSampling::OfRelation;  ///< or RandomAllocation (shuffled batches, add/remove)
  AccountantClaim claim;
  int rank;                                ///< among the proven bounds of one relation, 0 = tightest (what `auto` picks)
  EpsilonCost epsilonCost;
  DiscreteGaussianCover discreteGaussian;
  std::unique_ptr<Accountant> (*make)();  ///< a fresh accountant
};

#define DPW_ACCOUNTANT_DECLARE(kind, descriptor) extern const AccountantInfo descriptor;
DPW_ACCOUNTANTS(DPW_ACCOUNTANT_DECLARE)
#undef DPW_ACCOUNTANT_DECLARE

/// Every accountant, in menu order (accountant_list.h).
const std::vector<const AccountantInfo*>& accountantRegistry();
/// The descriptor of `kind` (every kind has one).
const AccountantInfo& accountantInfo(AccountantKind kind);
/// True when the accountant's ε is a proven upper bound (not the CLT approximation, not WDP).
bool isProvenBound(AccountantKind kind);
/// The tightest proven accountant for a neighbouring relation (and its sampler): pld for Poisson
/// add/remove, pld-wor for fixed-size sampling without replacement under replace-one. What `auto` means.
/// Only accountants of the relation's own sampler compete (BatchSampling::OfRelation: never random-allocation).
/// Only accountants that cover the discrete Gaussian at least as far as `discreteGaussian` compete (secure mode
/// asks for DiscreteGaussianCover::Unsubsampled: rdp, rdp-wor). @throws InvalidArgument if none is registered.
AccountantKind tightestProvenAccountant(Neighbouring relation,
                                        DiscreteGaussianCover discreteGaussian = DiscreteGaussianCover::None);
/// @throws InvalidArgument listing the known ids.
AccountantKind parseAccountant(const std::string& id);
/// The stable id of makeAccountant (e.g. "rdp", "pld-wor"; accountantIds() lists them).
const std::string& accountantId(AccountantKind kind);
/// The neighbouring relation the accountant assumes: Poisson subsampling with add/remove neighbours (rdp,
/// rdp-mironov, gdp, pld, wdp), shuffled batches with add/remove neighbours (random-allocation: its
/// AccountantInfo::batches says so), or fixed-size sampling without replacement with replace-one neighbours
/// (rdp-wor, gdp-uniform, pld-wor).
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

}  // namespace dpw
