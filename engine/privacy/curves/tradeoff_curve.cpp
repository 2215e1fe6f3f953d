#include "privacy/curves/tradeoff_curve.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/error.h"
#include "core/internal_error.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/accountants/normal_tail.h"

namespace dpw {
namespace {
void validateRun(double q, double sigma, long steps) {
  require(q > 0 && q <= 1, "the sampling rate q must lie in (0, 1], got ", q);
  require(sigma > 0 && std::isfinite(sigma), "the noise multiplier must be a finite number > 0, got ", sigma);
  require(steps >= 1, "the number of steps must be at least 1, got ", steps);
}

void validateAlphas(const std::vector<double>& alphas) {
  for (double a : alphas) require(a >= 0 && a <= 1, "a type I error α must lie in [0, 1], got ", a);
}

// δ_j for j = lo..hi (profile[j − lo]) of one PLD, by the backward recursion of the header.
void maxProfileInto(const PldPmf& p, long lo, long hi, std::vector<double>& profile) {
  const long a = p.lowerIndex, b = p.lowerIndex + long(p.probs.size()) - 1;
  const double shrink = std::exp(-p.interval);
  double above = 0, discounted = 0;  // Σ_{i>j} p_i and Σ_{i>j} p_i e^{(j−i)Δ}
  for (long j = hi; j >= lo; --j) {
    const double delta = std::clamp(p.infinityMass + above - discounted, 0.0, 1.0);
    double& slot = profile[size_t(j - lo)];
    slot = std::max(slot, delta);
    const double pj = (j >= a && j <= b) ? p.probs[size_t(j - a)] : 0.0;
    above += pj;
    discounted = shrink * (discounted + pj);
  }
}
}  // namespace

std::vector<double> defaultTradeoffAlphas() {
  std::vector<double> a{0.0};
  for (int e = -12; e < -4; ++e) a.push_back(std::pow(10.0, e / 2.0));  // 1e-6 .. 3.16e-3
  for (int i = 1; i <= 100; ++i) a.push_back(i / 100.0);
  return a;
}

double gdpTradeoff(double mu, double alpha) {
  require(mu >= 0 && !std::isnan(mu), "mu must be >= 0, got ", mu);
  require(alpha >= 0 && alpha <= 1, "a type I error α must lie in [0, 1], got ", alpha);
  if (alpha == 0) return 1;
  if (alpha == 1) return 0;
  if (std::isinf(mu)) return 0;
  // Φ⁻¹(1 − α) = −Φ⁻¹(α), accurate for small α.
  return normalCdf(-normalQuantile(alpha) - mu);
}

double gdpTradeoffMu(double q, double sigma, long steps) {
  validateRun(q, sigma, steps);
  return q == 1 ? std::sqrt(double(steps)) / sigma : gdpMuPoisson(q, sigma, steps);
}

TradeoffCurve tradeoffFromPlds(const std::vector<const PldPmf*>& plds, const std::vector<double>& alphas) {
  ensure(!plds.empty(), "a trade-off curve needs at least one privacy loss distribution");
  validateAlphas(alphas);
  const double interval = plds.front()->interval;
  long lo = plds.front()->lowerIndex, hi = lo;
  for (const PldPmf* p : plds) {
    ensure(p->interval == interval, "the PLDs of a trade-off curve must share one interval, got ", p->interval,
            " and ", interval);
    lo = std::min(lo, p->lowerIndex);
    hi = std::max(hi, p->lowerIndex + long(p->probs.size()) - 1);
  }
  std::vector<double> profile(size_t(hi - lo + 1), 0.0);
  for (const PldPmf* p : plds) maxProfileInto(*p, lo, hi, profile);

  TradeoffCurve out;
  out.alpha = alphas;
  out.beta.assign(alphas.size(), 0.0);
  std::vector<size_t> order(alphas.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::sort(order.begin(), order.end(), [&](size_t x, size_t y) { return alphas[x] < alphas[y]; });
  const auto value = [&](long j, double alpha) {
    return 1 - profile[size_t(j - lo)] - std::exp(double(j) * interval) * alpha;
  };
  long j = hi;  // the argmax only moves down as α grows
  for (size_t idx : order) {
    const double alpha = alphas[idx];
    while (j > lo && value(j - 1, alpha) >= value(j, alpha)) --j;
    out.beta[idx] = std::clamp(value(j, alpha), 0.0, 1.0);
  }
  return out;
}

TradeoffCurve pldTradeoffCurve(double q, double sigma, long steps, const std::vector<double>& alphas, double interval) {
  validateRun(q, sigma, steps);
  validateAlphas(alphas);
  PldPmf remove = subsampledGaussianPld(sigma, q, PldAdjacency::Remove, interval);
  if (steps > 1) remove = selfCompose(remove, steps);
  if (q == 1) return tradeoffFromPlds({&remove}, alphas);  // the two adjacencies coincide
  PldPmf add = subsampledGaussianPld(sigma, q, PldAdjacency::Add, interval);
  if (steps > 1) add = selfCompose(add, steps);
  return tradeoffFromPlds({&remove, &add}, alphas);
}

TradeoffCurve gdpTradeoffCurve(double q, double sigma, long steps, const std::vector<double>& alphas) {
  const double mu = gdpTradeoffMu(q, sigma, steps);
  validateAlphas(alphas);
  TradeoffCurve out;
  out.alpha = alphas;
  for (double a : alphas) out.beta.push_back(gdpTradeoff(mu, a));
  return out;
}

TradeoffCurve tradeoffCurve(const std::string& accountantId, double q, double sigma, long steps,
                            const std::vector<double>& alphas) {
  if (accountantId == "pld") return pldTradeoffCurve(q, sigma, steps, alphas);
  if (accountantId == "gdp") return gdpTradeoffCurve(q, sigma, steps, alphas);
  throw InvalidArgument("a trade-off curve needs accountant pld or gdp, got '" + accountantId + "'");
}

}  // namespace dpw
