#include "privacy/accountants/accountant.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <sstream>

#include "core/error.h"
#include "privacy/accountants/gdp_accountant.h"
#include "privacy/accountants/pld_accountant.h"
#include "privacy/accountants/pld_analysis.h"
#include "privacy/accountants/pld_wor_accountant.h"
#include "privacy/accountants/rdp_accountant.h"
#include "privacy/calibration/root_finding.h"
#include "privacy/accountants/wdp_accountant.h"

namespace dpw {
namespace {
constexpr double kCalibrationRelTol = 1e-9;  // relative width of the final σ bracket (accountant.h)
// The PLD accountants' first pass (coarsePldSigma): a 10x coarser loss grid, and how far below its σ the
// accountant's own grid then searches (measured: the fine σ is 1e-5..6e-4 below the coarse one at the flow and
// fair-learning defaults; a bracket that does not hold is widened by the root finder as usual).
constexpr double kCoarsePldInterval = 1e-3;
constexpr double kPldBracket = 2e-3;
using R = Neighbouring;
using C = AccountantClaim;

// The one list of accountants: adding one is its analysis file, its accountant file and one line here
// (plus its AccountantKind value). Menu order; within a relation, `rank` orders the proven bounds by
// tightness (0 = tightest), which `auto` uses.
const std::vector<AccountantInfo>& registry() {
  static const std::vector<AccountantInfo> list = {
      {AccountantKind::Rdp, "rdp", R::AddRemove, C::Bound, 1,
       [] { return std::make_unique<RdpAccountant>(RdpAccountant::Sampling::Poisson, RdpConversion::BalleEtAl2020); }},
      {AccountantKind::RdpMironov, "rdp-mironov", R::AddRemove, C::Bound, 2,
       [] { return std::make_unique<RdpAccountant>(RdpAccountant::Sampling::Poisson, RdpConversion::Mironov); }},
      {AccountantKind::RdpWor, "rdp-wor", R::ReplaceOne, C::Bound, 1,
       [] { return std::make_unique<RdpAccountant>(RdpAccountant::Sampling::WithoutReplacement, RdpConversion::Mironov); }},
      {AccountantKind::Gdp, "gdp", R::AddRemove, C::Approximation, 0,
       [] { return std::make_unique<GdpAccountant>(GdpAccountant::Sampling::Poisson); }},
      {AccountantKind::GdpUniform, "gdp-uniform", R::ReplaceOne, C::Approximation, 0,
       [] { return std::make_unique<GdpAccountant>(GdpAccountant::Sampling::Uniform); }},
      {AccountantKind::Pld, "pld", R::AddRemove, C::Bound, 0, [] { return std::make_unique<PldAccountant>(); }},
      {AccountantKind::PldWor, "pld-wor", R::ReplaceOne, C::Bound, 0, [] { return std::make_unique<PldWorAccountant>(); }},
      {AccountantKind::Wdp, "wdp", R::AddRemove, C::NotDp, 0, [] { return std::make_unique<WdpAccountant>(); }},
  };
  return list;
}
// A PLD's ε costs ~10⁵ normal CDFs and two FFTs per σ, so calibrating on the accountant's own grid (Δ = 1e-4)
// from a blind bracket takes ~13 of them (0.7 s CPU at the flow defaults). Its σ is first found on a 10x
// coarser grid (the same pessimistic construction, ~10x cheaper); the final search runs on the accountant's own
// ε in a narrow bracket around it, so the σ returned is certified by the registered accountant exactly as
// before. Returns 0 (no guess) for other accountants or when the coarse search fails.
double coarsePldSigma(AccountantKind kind, double epsilon, double delta, double q, long steps) {
  if (kind != AccountantKind::Pld && kind != AccountantKind::PldWor) return 0;
  const auto eps = [&](double sigma) {
    try {
      std::unique_ptr<Accountant> a;
      if (kind == AccountantKind::Pld)
        a = std::make_unique<PldAccountant>(kCoarsePldInterval);
      else
        a = std::make_unique<PldWorAccountant>(kCoarsePldInterval);
      a->addGaussianSteps(sigma, q, steps);
      return a->epsilon(delta);
    } catch (const PldTooLarge&) {
      return std::numeric_limits<double>::infinity();
    }
  };
  const double sigma = smallestBelow(eps, epsilon, 0.5, 1.0, 1e-6, 1e7, 1e-6);
  return std::isfinite(sigma) && sigma > 2e-6 ? sigma : 0;
}
}  // namespace

const std::vector<AccountantInfo>& accountantRegistry() { return registry(); }

const AccountantInfo& accountantInfo(AccountantKind kind) {
  for (const auto& a : registry())
    if (a.kind == kind) return a;
  throw InvalidArgument("accountant kind without a registry entry");  // a programmer error: every kind is listed
}

std::unique_ptr<Accountant> makeAccountant(const std::string& id) { return accountantInfo(parseAccountant(id)).make(); }

AccountantKind parseAccountant(const std::string& id) {
  for (const auto& a : registry())
    if (a.id == id) return a.kind;
  std::ostringstream known;
  for (const auto& a : registry()) known << ' ' << a.id;
  throw InvalidArgument("unknown accountant '" + id + "'; known accountants:" + known.str());
}

const std::string& accountantId(AccountantKind kind) { return accountantInfo(kind).id; }

Neighbouring neighbouringOf(AccountantKind kind) { return accountantInfo(kind).relation; }

bool isProvenBound(AccountantKind kind) { return accountantInfo(kind).claim == AccountantClaim::Bound; }

AccountantKind tightestProvenAccountant(Neighbouring relation) {
  const AccountantInfo* best = nullptr;
  for (const auto& a : registry())
    if (a.relation == relation && a.claim == AccountantClaim::Bound && (!best || a.rank < best->rank)) best = &a;
  require(best != nullptr, "no proven accountant is registered for this neighbouring relation");
  return best->kind;
}

std::unique_ptr<Accountant> makeAccountant(AccountantKind kind) { return accountantInfo(kind).make(); }

std::vector<std::string> accountantIds() {
  std::vector<std::string> ids;
  for (const auto& a : registry()) ids.push_back(a.id);
  return ids;
}

double epsilonAfterGaussianSteps(AccountantKind kind, double noiseMultiplier, double sampleRate, long steps,
                                 double delta) {
  auto acc = makeAccountant(kind);
  acc->addGaussianSteps(noiseMultiplier, sampleRate, steps);
  return acc->epsilon(delta);
}

double epsilonAfterGaussianSteps(const std::string& accountantId, double noiseMultiplier, double sampleRate,
                                 long steps, double delta) {
  return epsilonAfterGaussianSteps(parseAccountant(accountantId), noiseMultiplier, sampleRate, steps, delta);
}

double calibrateNoiseMultiplier(AccountantKind kind, double epsilon, double delta, double sampleRate, long steps) {
  require(epsilon > 0 && std::isfinite(epsilon), "the target epsilon must be a finite number > 0, got ", epsilon);
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  require(sampleRate > 0 && sampleRate <= 1, "the sampling rate q must lie in (0, 1], got ", sampleRate);
  require(steps >= 1, "the number of steps must be at least 1, got ", steps);
  // One empty accountant of the kind, cloned at every σ the root finder tries (no id lookup per step).
  const std::unique_ptr<Accountant> empty = makeAccountant(kind);
  require(empty->decreasesWithNoise(), "accountant '", accountantId(kind),
          "' cannot be calibrated: its loss does not decrease as the noise grows");
  // A PLD too large to build means ε in the hundreds: above any target, so σ must grow. Memoised: the bracket
  // checked below is evaluated again by the root finder.
  std::map<double, double> seen;
  const auto eps = [&](double sigma) {
    if (const auto it = seen.find(sigma); it != seen.end()) return it->second;
    double e;
    try {
      auto acc = empty->clone();
      acc->addGaussianSteps(sigma, sampleRate, steps);
      e = acc->epsilon(delta);
    } catch (const PldTooLarge&) {
      e = std::numeric_limits<double>::infinity();
    }
    seen.emplace(sigma, e);
    return e;
  };
  // ε decreases in σ: the smallest σ with ε(σ) ≤ target, bracket grown by doubling/halving from [lo, hi]
  // (default [0.5, 1]) within [1e-6, 1e7]; an ε = ∞ (PLD at a small σ) counts as above the target (root_finding.h).
  double lo = 0.5, hi = 1.0;
  if (const double guess = coarsePldSigma(kind, epsilon, delta, sampleRate, steps); guess > 0) {
    // The coarse grid is the more pessimistic: σ is below its guess, mostly. A bracket that does not hold (far
    // from the guess, e.g. at ε in the hundreds) falls back to the blind one rather than doubling from here.
    const double gLo = std::max(1e-6, guess * (1 - kPldBracket)), gHi = std::min(1e7, guess * (1 + 1e-6));
    if (eps(gHi) <= epsilon && !(eps(gLo) <= epsilon)) {
      lo = gLo;
      hi = gHi;
    }
  }
  const double sigma = smallestBelow(eps, epsilon, lo, hi, 1e-6, 1e7, kCalibrationRelTol);
  require(std::isfinite(sigma), "no noise multiplier below 1e7 reaches epsilon ", epsilon, " at delta ", delta);
  return sigma;
}

double calibrateNoiseMultiplier(const std::string& accountantId, double epsilon, double delta, double sampleRate,
                                long steps) {
  return calibrateNoiseMultiplier(parseAccountant(accountantId), epsilon, delta, sampleRate, steps);
}

}  // namespace dpw
