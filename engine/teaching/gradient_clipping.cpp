#include "teaching/gradient_clipping.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "core/error.h"
#include "core/internal_error.h"

namespace dpw {

Vec2 logisticGradient(const Vec2& w, const Vec2& x, double y) {
  const double margin = y * (w[0] * x[0] + w[1] * x[1]);
  const double s = 1 / (1 + std::exp(margin));  // σ(−margin)
  return {-y * x[0] * s, -y * x[1] * s};
}

Vec2 clipToBall(const Vec2& g, double clip) {
  require(clip > 0, "the clipping bound must be > 0, got ", clip);
  const double norm = std::hypot(g[0], g[1]);
  const double f = norm > clip ? clip / norm : 1.0;
  return {g[0] * f, g[1] * f};
}

Vec2 meanGradient(std::span<const Vec2> grads, double clip) {
  ensure(!grads.empty(), "a mean gradient needs at least one example");
  Vec2 m{0, 0};
  for (const Vec2& g : grads) {
    const Vec2 c = std::isinf(clip) ? g : clipToBall(g, clip);
    m[0] += c[0], m[1] += c[1];
  }
  return {m[0] / double(grads.size()), m[1] / double(grads.size())};
}

double clippingBias(std::span<const Vec2> grads, double clip) {
  const Vec2 a = meanGradient(grads, clip), b = meanGradient(grads);
  return std::hypot(a[0] - b[0], a[1] - b[1]);
}

double stepNoiseRms(double noiseMultiplier, double clip, long batch) {
  require(noiseMultiplier >= 0 && clip > 0 && batch >= 1, "step noise needs σ ≥ 0, C > 0, B ≥ 1, got ", noiseMultiplier,
          ", ", clip, ", ", batch);
  return std::sqrt(2.0) * noiseMultiplier * clip / double(batch);
}

double stepRmsError(std::span<const Vec2> grads, double clip, double noiseMultiplier) {
  return std::hypot(clippingBias(grads, clip), stepNoiseRms(noiseMultiplier, clip, long(grads.size())));
}

double bestStepClip(std::span<const Vec2> grads, double noiseMultiplier) {
  double top = 0;
  for (const Vec2& g : grads) top = std::max(top, std::hypot(g[0], g[1]));
  require(top > 0, "the best clipping bound needs a non-zero gradient");
  const int n = 2000;
  const auto at = [&](int k) { return top * 1e-3 * std::pow(2e3, double(k) / n); };
  int best = 0;
  for (int k = 1; k <= n; ++k)
    if (stepRmsError(grads, at(k), noiseMultiplier) < stepRmsError(grads, at(best), noiseMultiplier)) best = k;
  double a = at(std::max(0, best - 1)), b = at(std::min(n, best + 1));
  const double phi = (std::sqrt(5.0) - 1) / 2;
  for (int it = 0; it < 100; ++it) {
    const double c = b - phi * (b - a), d = a + phi * (b - a);
    if (stepRmsError(grads, c, noiseMultiplier) < stepRmsError(grads, d, noiseMultiplier))
      b = d;
    else
      a = c;
  }
  return (a + b) / 2;
}

void lessonBatch(long batch, long outliers, Rng& rng, std::vector<Vec2>& xs, std::vector<double>& ys) {
  require(batch >= 2 && outliers >= 0 && 2 * outliers <= batch, "the batch needs B ≥ 2 and 0 ≤ outliers ≤ B/2, got ",
          batch, ", ", outliers);
  std::normal_distribution<double> z(0.0, 1.0);
  xs.clear(), ys.clear();
  for (long i = 0; i < batch; ++i) {
    const bool outlier = i >= batch - outliers;
    const double y = outlier ? 1 : (i % 2 == 0 ? 1 : -1);
    const Vec2 centre = outlier ? Vec2{-3, 3} : Vec2{y, y};
    const double sd = outlier ? 0.5 : 0.9;
    const double a = z(rng), b = z(rng);
    xs.push_back({centre[0] + sd * a, centre[1] + sd * b});
    ys.push_back(y);
  }
}

}  // namespace dpw
