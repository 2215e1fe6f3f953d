#include "privacy/mechanisms/discrete_noise.h"

#include <boost/multiprecision/cpp_int.hpp>
#include <cmath>
#include <limits>

#include "core/error.h"
#include "core/internal_error.h"

namespace dpw {

namespace {

using BigInt = boost::multiprecision::cpp_int;
using U128 = unsigned __int128;

constexpr std::uint64_t kMaxNumerator = kExactRationalMaxNumerator;

// Uniform integer in [0, bound) for a big bound: whole 64-bit words, masked, rejected if ≥ bound.
BigInt uniformBelowBig(const BigInt& bound, RandomWords& words) {
  const std::size_t bits = std::size_t(boost::multiprecision::msb(BigInt(bound - 1))) + 1;
  const BigInt mask = (BigInt(1) << bits) - 1;
  for (;;) {
    BigInt x = 0;
    for (std::size_t b = 0; b < bits; b += 64) x = (x << 64) | BigInt(words.next());
    x &= mask;
    if (x < bound) return x;
  }
}

// CKS20 Alg. 1, case γ = r/d ∈ [0, 1]: K counts the Bernoulli(γ/K) successes plus one; return K odd.
// P[K odd] = Σ_k (−γ)^k / k! = e^{−γ}. Bernoulli(r/(dK)) is "uniform below dK is < r".
bool bernoulliExpMinusFraction64(std::uint64_t r, std::uint64_t d, RandomWords& words) {
  std::uint64_t k = 1;
  while (uniformBelow128(U128(d) * k, words) < r) ++k;
  return k % 2 == 1;
}

bool bernoulliExpMinusFractionBig(const BigInt& r, const BigInt& d, RandomWords& words) {
  BigInt k = 1;
  while (uniformBelowBig(d * k, words) < r) ++k;
  return (k & 1) == 1;
}

// Bernoulli(exp(−n/d)) for big n/d: ⌊n/d⌋ draws of Bernoulli(e^{−1}) then one of exp(−(n mod d)/d)
// (CKS20 Alg. 1, case γ > 1). Stops at the first failure, so the cost does not grow with n/d.
bool bernoulliExpMinusBig(const BigInt& n, const BigInt& d, RandomWords& words) {
  const BigInt whole = n / d;
  for (BigInt i = 0; i < whole; ++i)
    if (!bernoulliExpMinusFraction64(1, 1, words)) return false;
  return bernoulliExpMinusFractionBig(n % d, d, words);
}

std::uint64_t isqrt(std::uint64_t x) {
  std::uint64_t r = std::uint64_t(std::sqrt(double(x)));  // a guess, corrected exactly below
  while (r > 0 && U128(r) * r > x) --r;
  while (U128(r + 1) * (r + 1) <= x) ++r;
  return r;
}

void requireParameter(ExactRational p, const char* what) {
  require(p.num >= 1 && p.den >= 1, what, " must be a positive rational, got ", p.num, "/", p.den);
  require(p.num <= kMaxNumerator, what, " numerator ", p.num, " exceeds 2^62");
}

}  // namespace

bool bernoulliExpMinus(std::uint64_t num, std::uint64_t den, RandomWords& words) {
  ensure(den >= 1, "Bernoulli(exp(-num/den)) needs den >= 1");
  const std::uint64_t whole = num / den;
  for (std::uint64_t i = 0; i < whole; ++i)
    if (!bernoulliExpMinusFraction64(1, 1, words)) return false;
  return bernoulliExpMinusFraction64(num % den, den, words);
}

std::int64_t sampleDiscreteLaplace(ExactRational scale, RandomWords& words) {
  requireParameter(scale, "the discrete Laplace scale");
  const std::uint64_t t = scale.num, s = scale.den;  // Lap_Z(t/s), CKS20 Alg. 2
  for (;;) {
    const std::uint64_t u = uniformBelow(t, words);
    if (!bernoulliExpMinus(u, t, words)) continue;  // U ∝ e^{−u/t} on {0, ..., t − 1}
    std::uint64_t v = 0;
    while (bernoulliExpMinus(1, 1, words)) ++v;  // V geometric: P[V = v] ∝ e^{−v}
    const U128 x = U128(u) + U128(t) * v;        // X = U + tV: P[X = x] ∝ e^{−x/t}
    const U128 y = x / s;                        // Y = ⌊X/s⌋: P[Y = y] ∝ e^{−ys/t}
    const bool negative = (words.next() & 1) != 0;
    if (negative && y == 0) continue;  // 0 must not be counted twice
    if (y > U128(std::numeric_limits<std::int64_t>::max())) continue;  // |Y| ≥ 2^63: probability < e^{−2^63/t·s}
    return negative ? -std::int64_t(y) : std::int64_t(y);
  }
}

std::int64_t sampleDiscreteGaussian(ExactRational sigmaSquared, RandomWords& words) {
  requireParameter(sigmaSquared, "the discrete Gaussian variance");
  const std::uint64_t p = sigmaSquared.num, q = sigmaSquared.den;  // σ² = p/q
  const std::uint64_t t = isqrt(p / q) + 1;                        // ⌊σ⌋ + 1 (⌊√x⌋ = ⌊√⌊x⌋⌋)
  // CKS20 Alg. 3: accept Y ~ Lap_Z(t) w.p. exp(−(|Y| − σ²/t)²/(2σ²)); with σ² = p/q this exponent is
  // (|Y| q t − p)² / (2 p q t²), an exact rational.
  // Exact in either branch: 64-bit words when numerator and denominator fit (the usual case for σ up
  // to a few hundred), arbitrary precision otherwise.
  const BigInt denominator = BigInt(2) * p * q * t * t;
  const bool smallDenominator = denominator <= BigInt(std::numeric_limits<std::uint64_t>::max());
  const std::uint64_t den64 = smallDenominator ? std::uint64_t(denominator) : 0;
  for (;;) {
    const std::int64_t y = sampleDiscreteLaplace({t, 1}, words);
    const std::uint64_t absY = y < 0 ? std::uint64_t(-(y + 1)) + 1 : std::uint64_t(y);
    if (smallDenominator && absY < (std::uint64_t(1) << 40) && q < (std::uint64_t(1) << 32) &&
        t < (std::uint64_t(1) << 24)) {
      // |Y| q t < 2^96 and p ≤ 2^62: a fits a signed 128-bit integer exactly.
      const __int128 a = __int128(absY) * q * t - __int128(p);
      const U128 absA = U128(a < 0 ? -a : a);
      if (absA < (U128(1) << 32)) {  // a² < 2^64
        if (bernoulliExpMinus(std::uint64_t(absA * absA), den64, words)) return y;
        continue;
      }
    }
    const BigInt a = BigInt(absY) * q * t - p;
    if (bernoulliExpMinusBig(a * a, denominator, words)) return y;
  }
}

double discreteLaplacePmf(std::int64_t x, double scale) {
  return std::tanh(0.5 / scale) * std::exp(-std::abs(double(x)) / scale);  // (e^{1/t}−1)/(e^{1/t}+1) e^{−|x|/t}
}

double discreteGaussianPmf(std::int64_t x, double sigmaSquared) {
  const double sigma = std::sqrt(sigmaSquared);
  const auto reach = std::int64_t(40 * sigma + 10);  // e^{−800} beyond: below double precision
  double z = 0;
  for (std::int64_t y = -reach; y <= reach; ++y) z += std::exp(-double(y) * double(y) / (2 * sigmaSquared));
  return std::exp(-double(x) * double(x) / (2 * sigmaSquared)) / z;
}

}  // namespace dpw
