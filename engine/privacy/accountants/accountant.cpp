#include "privacy/accountants/accountant.h"

#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <sstream>

#include "core/error.h"
#include "privacy/accountants/gdp_accountant.h"
#include "privacy/accountants/pld_accountant.h"
#include "privacy/accountants/pld_analysis.h"
#include "privacy/accountants/rdp_accountant.h"
#include "privacy/calibration/root_finding.h"
#include "privacy/accountants/wdp_accountant.h"

namespace dpw {
namespace {
constexpr double kCalibrationRelTol = 1e-9;  // relative width of the final σ bracket (accountant.h)
using Factory = std::function<std::unique_ptr<Accountant>()>;

const std::vector<std::pair<std::string, Factory>>& factories() {
  static const std::vector<std::pair<std::string, Factory>> list = {
      {"rdp", [] { return std::make_unique<RdpAccountant>(RdpAccountant::Sampling::Poisson, RdpConversion::BalleEtAl2020); }},
      {"rdp-mironov", [] { return std::make_unique<RdpAccountant>(RdpAccountant::Sampling::Poisson, RdpConversion::Mironov); }},
      {"rdp-wor", [] { return std::make_unique<RdpAccountant>(RdpAccountant::Sampling::WithoutReplacement, RdpConversion::Mironov); }},
      {"gdp", [] { return std::make_unique<GdpAccountant>(GdpAccountant::Sampling::Poisson); }},
      {"gdp-uniform", [] { return std::make_unique<GdpAccountant>(GdpAccountant::Sampling::Uniform); }},
      {"pld", [] { return std::make_unique<PldAccountant>(); }},
      {"wdp", [] { return std::make_unique<WdpAccountant>(); }},
  };
  return list;
}
}  // namespace

std::unique_ptr<Accountant> makeAccountant(const std::string& id) {
  for (const auto& [key, make] : factories())
    if (key == id) return make();
  std::ostringstream known;
  for (const auto& [key, make] : factories()) known << ' ' << key;
  throw InvalidArgument("unknown accountant '" + id + "'; known accountants:" + known.str());
}

namespace {
const std::vector<AccountantKind>& kindOrder() {  // the order of factories()
  static const std::vector<AccountantKind> order = {AccountantKind::Rdp, AccountantKind::RdpMironov, AccountantKind::RdpWor,
                                                    AccountantKind::Gdp, AccountantKind::GdpUniform, AccountantKind::Pld,
                                                    AccountantKind::Wdp};
  return order;
}
}  // namespace

AccountantKind parseAccountant(const std::string& id) {
  const auto& list = factories();
  for (std::size_t i = 0; i < list.size(); ++i)
    if (list[i].first == id) return kindOrder()[i];
  makeAccountant(id);  // throws the message listing the known ids
  return AccountantKind::Rdp;
}

const std::string& accountantId(AccountantKind kind) {
  const auto& order = kindOrder();
  for (std::size_t i = 0; i < order.size(); ++i)
    if (order[i] == kind) return factories()[i].first;
  return factories()[0].first;
}

Neighbouring neighbouringOf(AccountantKind kind) {
  return kind == AccountantKind::RdpWor || kind == AccountantKind::GdpUniform ? Neighbouring::ReplaceOne
                                                                               : Neighbouring::AddRemove;
}

std::unique_ptr<Accountant> makeAccountant(AccountantKind kind) { return makeAccountant(accountantId(kind)); }

std::vector<std::string> accountantIds() {
  std::vector<std::string> ids;
  for (const auto& [key, make] : factories()) ids.push_back(key);
  return ids;
}

double epsilonAfterGaussianSteps(const std::string& accountantId, double noiseMultiplier, double sampleRate,
                                 long steps, double delta) {
  auto acc = makeAccountant(accountantId);
  acc->addGaussianSteps(noiseMultiplier, sampleRate, steps);
  return acc->epsilon(delta);
}

double calibrateNoiseMultiplier(const std::string& accountantId, double epsilon, double delta, double sampleRate,
                                long steps) {
  require(epsilon > 0 && std::isfinite(epsilon), "the target epsilon must be a finite number > 0, got ", epsilon);
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  require(sampleRate > 0 && sampleRate <= 1, "the sampling rate q must lie in (0, 1], got ", sampleRate);
  require(steps >= 1, "the number of steps must be at least 1, got ", steps);
  require(makeAccountant(accountantId)->decreasesWithNoise(), "accountant '", accountantId,
          "' cannot be calibrated: its loss does not decrease as the noise grows");
  // A PLD too large to build means ε in the hundreds: above any target, so σ must grow.
  const auto eps = [&](double sigma) {
    try {
      return epsilonAfterGaussianSteps(accountantId, sigma, sampleRate, steps, delta);
    } catch (const PldTooLarge&) {
      return std::numeric_limits<double>::infinity();
    }
  };
  // ε decreases in σ: the smallest σ with ε(σ) ≤ target, bracket grown by doubling/halving from [0.5, 1]
  // within [1e-6, 1e7]; an ε = ∞ (PLD at a small σ) counts as above the target (root_finding.h).
  const double sigma = smallestBelow(eps, epsilon, 0.5, 1.0, 1e-6, 1e7, kCalibrationRelTol);
  require(std::isfinite(sigma), "no noise multiplier below 1e7 reaches epsilon ", epsilon, " at delta ", delta);
  return sigma;
}

}  // namespace dpw
