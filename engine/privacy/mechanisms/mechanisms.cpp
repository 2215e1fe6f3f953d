#include "privacy/mechanisms/mechanisms.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#if defined(__AVX__) || defined(__AVX512F__)
#include <immintrin.h>
#endif
#include <random>
#include <type_traits>

#include "core/error.h"
#include "core/internal_error.h"
#include "privacy/calibration/discrete_calibration.h"
#include "privacy/calibration/gaussian_calibration.h"
#include "privacy/printed_numbers.h"

namespace dpw {

namespace {

constexpr double kGridResolution = 64;  // g = Δ/(64 √dim): the grid adds 1/64 to the sensitivity
constexpr double kMaxGridIndex = 4503599627370496.0;  // 2^52: |v/g| beyond this is refused (exact integers)

std::string joined(const std::vector<std::string>& ids) {
  std::string s;
  for (std::size_t i = 0; i < ids.size(); ++i) s += (i ? ", " : "") + ids[i];
  return s;
}

void requireFiniteNonNegative(double x, const char* what) {
  require(x >= 0 && std::isfinite(x), what, " must be a finite number >= 0, got ", x);
}

}  // namespace

std::string secureNeedsDiscreteMessage() {
  std::string ids;
  for (const NoiseLaw* law : noiseLawRegistry())
    if (law->discrete) ids += (ids.empty() ? "" : " or ") + std::string(law->id);
  return "secure noise needs an exact discrete mechanism (" + ids +
         "): floating-point Laplace or Gaussian draws leak the true value through their low-order bits (Mironov 2012)";
}

const std::vector<std::string>& noiseMechanismIds() {
  static const std::vector<std::string> ids = [] {
    std::vector<std::string> v;
    for (const NoiseLaw* law : noiseLawRegistry()) v.emplace_back(law->id);
    return v;
  }();
  return ids;
}

const std::vector<std::string>& noiseSourceIds() {
  static const std::vector<std::string> ids = {"seeded", "os-entropy"};
  return ids;
}

NoiseMechanism parseNoiseMechanism(const std::string& id) {
  const auto& ids = noiseMechanismIds();
  for (std::size_t i = 0; i < ids.size(); ++i)
    if (ids[i] == id) return noiseLawRegistry()[i]->kind;
  throw InvalidArgument("unknown noise mechanism '" + id + "' (" + joined(ids) + ")");
}

NoiseSource parseNoiseSource(const std::string& id) {
  if (id == noiseSourceIds()[0]) return NoiseSource::Seeded;
  if (id == noiseSourceIds()[1]) return NoiseSource::OsEntropy;
  throw InvalidArgument("unknown noise source '" + id + "' (" + joined(noiseSourceIds()) + ")");
}

const std::string& noiseMechanismId(NoiseMechanism m) {
  const auto& laws = noiseLawRegistry();
  for (std::size_t i = 0; i < laws.size(); ++i)
    if (laws[i]->kind == m) return noiseMechanismIds()[i];
  return noiseMechanismIds()[0];
}

const std::string& noiseSourceId(NoiseSource s) { return noiseSourceIds()[s == NoiseSource::Seeded ? 0 : 1]; }

bool isDiscrete(NoiseMechanism m) { return noiseLaw(m).discrete; }

std::string describeNoiseSource(NoiseSource s) {
  return s == NoiseSource::OsEntropy
             ? "Secure mode: the noise (an exact discrete law) and every choice of which private rows are used "
               "(sampling coins, batches, splits) come from the operating system's CSPRNG (getrandom), so this run "
               "cannot be replayed; the published seed reproduces only public choices (initialisation, directions, "
               "synthetic data)."
             : "Teaching mode: the noise and the sampling are seeded, so the run replays exactly from its seed (it is "
               "in the scenario and in summary.json), and anyone with the seed can undo both: subtract the noise and "
               "know which rows each step used (no "
               "subsampling amplification against them); floating-point noise also leaks through its low-order bits "
               "(Mironov 2012). Use noise_source = os-entropy for a release.";
}

Mechanism secureGaussianFor(NoiseSource source, double sigma, double l2Sensitivity, long dim) {
  if (source != NoiseSource::OsEntropy || sigma == 0) return Mechanism();
  return Mechanism::discreteGaussianOnGrid(sigma, l2Sensitivity, dim);
}

Mechanism gaussianFor(NoiseSource source, double sigma, double l2Sensitivity, long dim) {
  return source == NoiseSource::Seeded ? Mechanism::gaussianStd(sigma)
                                       : secureGaussianFor(source, sigma, l2Sensitivity, dim);
}

std::string noiseSourceStatement(NoiseSource source, const Mechanism& secureLaw) {
  std::string s;
  if (source == NoiseSource::OsEntropy && !secureLaw.isNone())
    s += " Noise: " + secureLaw.describe() + "; the ε stated is proven for this law (above).";
  return s + " " + describeNoiseSource(source);
}

const std::string& noiseModeId(NoiseSource source) {
  static const std::string teaching = "teaching", secure = "secure";
  return source == NoiseSource::OsEntropy ? secure : teaching;
}

std::string threatModel(NoiseSource source) {
  return source == NoiseSource::OsEntropy
             ? "against anyone, including whoever holds the run's seed, scenario and summary.json (secure mode: the "
               "noise and every choice of private rows come from the operating system's CSPRNG; the seed reproduces "
               "only public choices)"
             : "against anyone without the run's seed (teaching mode: the seed is in the scenario and in "
               "summary.json, and whoever holds it can subtract the noise and knows which rows each step used, so "
               "against them ε = ∞)";
}

std::string withThreatModel(NoiseSource source, const std::string& statement) {
  if (statement.empty() || statement.rfind("No privacy", 0) == 0) return statement;
  // Short, so that the claim still shows in a status bar; describeNoiseSource, at the end, says why.
  return (source == NoiseSource::OsEntropy ? "Against anyone, the seed's holders included: "
                                           : "Against anyone without the run's seed (with it, ε = ∞): ") +
         statement;
}

// ---- construction (calibration)

Mechanism Mechanism::laplace(double epsilon, double l1Sensitivity) {
  require(epsilon > 0, "epsilon must be > 0 (inf for no noise), got ", epsilon);
  requireFiniteNonNegative(l1Sensitivity, "the l1 sensitivity");
  return laplaceScale(std::isinf(epsilon) ? 0.0 : l1Sensitivity / epsilon);
}

Mechanism::Mechanism(NoiseMechanism law, double scale, double grid, ExactRational param, double gridSensitivity)
    : law_(law), none_(isDiscrete(law) ? grid == 0 : scale == 0), scale_(scale), grid_(grid),
      gridSensitivity_(gridSensitivity), param_(param) {
  if (isDiscrete(law)) scale_ = none_ ? 0 : noiseLaw(law).unitScale(param) * grid;  // in units of the values
}

Mechanism Mechanism::ofContinuousLaw(NoiseMechanism law, double scale) {
  ensure(!isDiscrete(law), "a continuous law expected, got ", noiseMechanismId(law));
  requireFiniteNonNegative(scale, "the noise scale");
  return Mechanism(law, scale);
}

Mechanism Mechanism::ofDiscreteLaw(NoiseMechanism law, ExactRational param, double grid) {
  ensure(isDiscrete(law), "a discrete law expected, got ", noiseMechanismId(law));
  require(grid > 0 && std::isfinite(grid), "the grid step must be a finite number > 0, got ", grid);
  return Mechanism(law, 0, grid, param);
}

Mechanism Mechanism::laplaceScale(double b) {
  requireFiniteNonNegative(b, "the Laplace scale");
  return Mechanism(NoiseMechanism::Laplace, b);
}

Mechanism Mechanism::gaussian(double epsilon, double delta, double l2Sensitivity) {
  return gaussianStd(analyticGaussianNoiseStd(epsilon, delta, l2Sensitivity));
}

Mechanism Mechanism::gaussianStd(double sigma) {
  requireFiniteNonNegative(sigma, "the Gaussian noise std");
  return Mechanism(NoiseMechanism::Gaussian, sigma);
}

Mechanism Mechanism::discreteLaplace(double epsilon, long l1Sensitivity) {
  return Mechanism(NoiseMechanism::DiscreteLaplace, 0, 1, discreteLaplaceScale(epsilon, l1Sensitivity));
}

Mechanism Mechanism::discreteGaussian(double epsilon, double delta, double l2SensitivitySquared) {
  return Mechanism(NoiseMechanism::DiscreteGaussian, 0, 1, discreteGaussianVariance(epsilon, delta, l2SensitivitySquared));
}

Mechanism Mechanism::discreteGaussianOnGrid(double sigma, double l2Sensitivity, long dim) {
  requireFiniteNonNegative(sigma, "the Gaussian noise std");
  require(dim >= 1, "the number of coordinates must be at least 1, got ", dim);
  if (sigma == 0) return Mechanism(NoiseMechanism::DiscreteGaussian, 0);  // no grid: no noise
  require(l2Sensitivity > 0 && std::isfinite(l2Sensitivity),
          "the secure (grid) Gaussian needs a positive finite l2 sensitivity, got ", l2Sensitivity);
  const double root = std::sqrt(double(dim));
  const double grid = l2Sensitivity / (kGridResolution * root);
  // σ_Z² = z² (Δ/g + √dim)² = z² 65² dim in grid units, z = σ/Δ; rounded up to an integer (more noise).
  const long double z = (long double)sigma / l2Sensitivity;
  const long double target = z * z * (kGridResolution + 1) * (kGridResolution + 1) * (long double)dim;
  require(target < (long double)(std::uint64_t(1) << 62), "the secure Gaussian's variance ", double(target),
          " (grid units) is too large for the exact sampler");
  auto num = std::uint64_t(std::ceil(target));
  if (num == 0) num = 1;
  return Mechanism(NoiseMechanism::DiscreteGaussian, 0, grid, {num, 1}, l2Sensitivity + grid * root);
}

double Mechanism::scale() const { return none_ ? 0 : scale_; }

// ---- draws

std::int64_t Mechanism::drawInteger(RandomWords& words) const {
  ensure(isDiscrete(law_) && !none_, "integer noise needs a discrete mechanism, got ", noiseMechanismId(law_));
  return lawInfo().drawInteger(param_, words);
}

void Mechanism::roundToGrid(std::span<double> values) const {
  ensure(isDiscrete(law_) && grid_ > 0, "only a discrete mechanism has a grid, got ", noiseMechanismId(law_));
  for (double& v : values) {
    const double index = std::nearbyint(v / grid_);
    require(std::abs(index) < kMaxGridIndex, "value ", v, " is too large for the noise grid of step ", grid_);
    v = index * grid_;
  }
}

void Mechanism::addTo(std::span<double> values, RandomWords& words) const {
  if (!isDiscrete(law_)) throw InvalidArgument(secureNeedsDiscreteMessage());
  if (none_) return;
  for (double& v : values) {
    // Round to the grid (a deterministic function of v), add integer noise, map back: the output is
    // (integer) · g, whatever the low-order bits of v were.
    const double index = std::nearbyint(v / grid_);
    require(std::abs(index) < kMaxGridIndex, "value ", v, " is too large for the noise grid of step ", grid_);
    v = double(std::int64_t(index) + drawInteger(words)) * grid_;
  }
}

namespace {

/// generate_canonical<double, 53>(mt19937_64) as libstdc++ computes it: one 64-bit word, rounded to
/// double, divided by 2^64, kept below 1.
inline double canonical(std::uint64_t word) {
  constexpr double kBelowOne = 0x1.fffffffffffffp-1;  // std::nextafter(1.0, 0.0), as a constant: a select
  const double u = double(word) / 18446744073709551616.0;
  return u >= 1.0 ? kBelowOne : u;
}

/// a·b + c as GCC compiles libstdc++'s expressions: one rounding (fused) where the target has FMA
/// (-march=native here; floating-point contraction is on by default), two otherwise.
inline double mulAdd(double a, double b, double c) {
#if defined(__FMA__)
  return std::fma(a, b, c);
#else
  return a * b + c;
#endif
}

/// ms[t] = √(−2 ms[t] / rs[t]) for t < kept, ms holding ln r², rs r² ∈ (0, 1]: vector ÷ and √ where the
/// target has them (IEEE, correctly rounded, as the scalar ones; Eigen's AVX-512 √ is not: an rsqrt
/// estimate and Newton steps), since std::sqrt in a plain loop stays scalar (errno, though the argument
/// is never negative).
inline void polarMultipliers(double* ms, const double* rs, std::size_t kept) {
  std::size_t t = 0;
#if defined(__AVX__)  // 4 lanes (GCC 12's 512-bit √ intrinsic warns: an undefined merge operand)
  const __m256d minusTwo = _mm256_set1_pd(-2.0);
  for (; t + 4 <= kept; t += 4)
    _mm256_storeu_pd(ms + t, _mm256_sqrt_pd(_mm256_div_pd(_mm256_mul_pd(minusTwo, _mm256_loadu_pd(ms + t)),
                                                          _mm256_loadu_pd(rs + t))));
#endif
  for (; t < kept; ++t) ms[t] = std::sqrt(-2 * ms[t] / rs[t]);
}

template <class Generator>
void polarDraws(std::span<double> values, double stddev, Generator& rng) {
  // std::normal_distribution<double>(0, σ) of libstdc++ (Marsaglia's polar method) draws candidate
  // pairs (x, y) = 2 U − 1 until 0 < r² = x² + y² ≤ 1, returns y·m, then x·m, m = √(−2 ln r² / r²).
  // Here the candidates come in batches, never more than the pairs still needed (each of them would be
  // drawn by the one-at-a-time loop too, so the generator ends in the same state), their test and the
  // compaction run without branches, the logarithms of a batch are independent and the divisions and
  // square roots run as vector instructions (correctly rounded, as the scalar ones): the same numbers
  // (the same expressions, in the same order) at about half the cost. tst_mechanisms compares both.
  constexpr std::size_t kBatch = 128;
  const double mean = 0.0;
  std::uint64_t words[2 * kBatch];
  double xs[kBatch + 8], ys[kBatch + 8], rs[kBatch + 8], ms[kBatch], cx[kBatch], cy[kBatch], cr[kBatch];
  std::size_t i = 0;
  const std::size_t n = values.size();
  while (i < n) {
    const std::size_t want = std::min(kBatch, (n - i + 1) / 2);
    if constexpr (std::is_same_v<Generator, BlockRng>)
      rng.fill(words, 2 * want);
    else
      for (std::size_t j = 0; j < 2 * want; ++j) words[j] = rng();
    // Every candidate of the batch first (a vector loop), then the accepted ones compacted.
    for (std::size_t j = 0; j < want; ++j) {
      const double x = 2.0 * canonical(words[2 * j]) - 1.0;
      const double y = 2.0 * canonical(words[2 * j + 1]) - 1.0;
      cx[j] = x, cy[j] = y, cr[j] = mulAdd(x, x, y * y);  // libstdc++'s x * x + y * y, contracted as GCC does
    }
    std::size_t kept = 0, j = 0;
#if defined(__AVX512F__)
    // 8 candidates at a time, compressed in a register and stored whole (the lanes past the accepted
    // ones land in the slack and are overwritten): a compress straight to memory is slow on Zen 4.
    for (; j + 8 <= want; j += 8) {
      const __m512d r2 = _mm512_loadu_pd(cr + j);
      // accepted: not (r² > 1 or r² == 0), the same predicate with unordered compares
      const __mmask8 keep = _mm512_cmp_pd_mask(r2, _mm512_set1_pd(1.0), _CMP_NGT_UQ) &
                            _mm512_cmp_pd_mask(r2, _mm512_setzero_pd(), _CMP_NEQ_UQ);
      _mm512_storeu_pd(xs + kept, _mm512_maskz_compress_pd(keep, _mm512_loadu_pd(cx + j)));
      _mm512_storeu_pd(ys + kept, _mm512_maskz_compress_pd(keep, _mm512_loadu_pd(cy + j)));
      _mm512_storeu_pd(rs + kept, _mm512_maskz_compress_pd(keep, r2));
      kept += std::size_t(std::popcount(unsigned(keep)));
    }
#endif
    for (; j < want; ++j) {
      const double r2 = cr[j];
      xs[kept] = cx[j], ys[kept] = cy[j], rs[kept] = r2;
      kept += (r2 > 1.0 || r2 == 0.0) ? 0 : 1;
    }
    for (std::size_t t = 0; t < kept; ++t) ms[t] = std::log(rs[t]);
    polarMultipliers(ms, rs, kept);
    for (std::size_t t = 0; t < kept; ++t) {
      const double mult = ms[t];
      values[i++] += mulAdd(ys[t] * mult, stddev, mean);
      if (i == n) break;  // the pair's second value is dropped, as a distribution that goes out of scope
      values[i++] += mulAdd(xs[t] * mult, stddev, mean);
    }
  }
}

}  // namespace

void addGaussianPolar(std::span<double> values, double stddev, Rng& rng) { polarDraws(values, stddev, rng); }

void addGaussianPolar(std::span<double> values, double stddev, BlockRng& rng) { polarDraws(values, stddev, rng); }

void Mechanism::addTo(std::span<double> values, Rng& rng) const {
  if (none_) return;
  if (isDiscrete(law_)) {
    SeededWords words(rng);
    addTo(values, words);
  } else {
    lawInfo().addSeeded(values, scale_, rng);
  }
}

void Mechanism::addTo(std::span<double> values, NoiseSource source, Rng& rng) const {
  if (source == NoiseSource::Seeded) return addTo(values, rng);
  if (none_) return;  // no noise: nothing to draw, whatever the source
  if (!isDiscrete(law_)) throw InvalidArgument(secureNeedsDiscreteMessage());
  OsEntropy words;
  addTo(values, words);
}

std::string Mechanism::describe() const { return none_ ? "no noise" : lawInfo().describe(*this); }

}  // namespace dpw
