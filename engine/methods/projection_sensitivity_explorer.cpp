#include "methods/projection_sensitivity_explorer.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <numbers>
#include <random>

#include "core/rng.h"
#include "core/run_stop.h"
#include "privacy/sensitivity/projection_sensitivity.h"
#include "privacy/privacy_params.h"  // deltaParam
#include "core/internal_error.h"

namespace dpw {

ProjectionSensitivitySettings ProjectionSensitivitySettings::fromParams(const ParamValues& p) {
  ProjectionSensitivitySettings s;
  s.projections = p.integer("projections");
  s.dimension = p.integer("dimension");
  s.delta = p.real("delta");
  s.draws = p.integer("draws");
  s.bins = p.integer("bins");
  return s;
}

Vector squaredProjectionSensitivityDraws(long k, long d, long n, Rng& rng) {
  ensure(k >= 1, "the number of projections k must be at least 1, got ", k);
  ensure(d >= 2, "the dimension d must be at least 2, got ", d);
  std::gamma_distribution<double> g1(0.5, 1.0), g2(0.5 * double(d - 1), 1.0);
  Vector out(n);
  for (long i = 0; i < n; ++i) {
    if (k >= 4096 || (i & 0xFFF) == 0) throwIfRunStopped();  // k = 10⁵: 10⁸ draws a chunk, 13 s (core/run_stop.h)
    double sum = 0;
    for (long j = 0; j < k; ++j) {
      const double a = g1(rng), b = g2(rng);
      sum += a / (a + b);
    }
    out[i] = sum;
  }
  return out;
}

RunResult runProjectionSensitivity(const ProjectionSensitivitySettings& s, std::uint64_t seed, RunObserver& observer) {
  require(s.projections >= 1, "the number of projections k must be at least 1, got ", s.projections);
  require(s.dimension >= 2, "the dimension d must be at least 2, got ", s.dimension);
  require(s.delta > 0 && s.delta < 1, "delta must lie in (0, 1), got ", s.delta);
  require(s.draws >= 2, "draws must be at least 2, got ", s.draws);
  require(s.bins >= 2, "bins must be at least 2, got ", s.bins);
  require(s.chunks >= 1, "chunks must be at least 1, got ", s.chunks);
  const double k = double(s.projections), d = double(s.dimension);
  const double mean = k / d, var = 2 * k * (d - 1) / (d * d * (d + 2)), sd = std::sqrt(var);
  const double clt = std::pow(projectionSensitivityClt(s.projections, s.dimension, s.delta), 2);
  const double bern = std::pow(projectionSensitivityBernstein(s.projections, s.dimension, s.delta), 2);
  const double chern = std::pow(projectionSensitivityChernoff(s.projections, s.dimension, s.delta), 2);
  // Axis: mean ± 6 sd, widened to show the CLT and Chernoff bounds (Bernstein is usually far off-scale).
  const double lo = std::max(0.0, mean - 6 * sd), hi = std::max({mean + 6 * sd, clt * 1.05, chern * 1.05});
  std::vector<double> counts(std::size_t(s.bins), 0.0);
  Vector all(0);
  long aboveClt = 0, aboveBern = 0, aboveChern = 0;
  for (long c = 0; c < s.chunks; ++c) {
    throwIfCancelled(observer);
    const long n = s.draws * (c + 1) / s.chunks - s.draws * c / s.chunks;
    Rng rng = makeRng(seed, std::uint64_t(c));
    const Vector v = squaredProjectionSensitivityDraws(s.projections, s.dimension, n, rng);
    for (double x : v) {
      const long b = long((x - lo) / (hi - lo) * double(s.bins));
      if (b >= 0 && b < s.bins) counts[std::size_t(b)] += 1;
      aboveClt += x > clt;
      aboveBern += x > bern;
      aboveChern += x > chern;
    }
    Vector grown(all.size() + v.size());
    grown << all, v;
    all = std::move(grown);
    const double width = (hi - lo) / double(s.bins);
    Series hist{"histogram of ‖Θu‖²", {}, {}}, normal{"Normal, same mean and variance", {}, {}};
    for (long b = 0; b < s.bins; ++b) {  // a step curve of the density
      const double dens = counts[std::size_t(b)] / (double(all.size()) * width);
      hist.x.insert(hist.x.end(), {lo + b * width, lo + (b + 1) * width});
      hist.y.insert(hist.y.end(), {dens, dens});
    }
    for (int i = 0; i <= 200; ++i) {
      const double x = lo + (hi - lo) * i / 200.0;
      normal.x.push_back(x);
      normal.y.push_back(std::exp(-0.5 * (x - mean) * (x - mean) / var) / (sd * std::sqrt(2 * std::numbers::pi)));
    }
    const double top = *std::max_element(normal.y.begin(), normal.y.end()) * 1.1;
    Series cltLine{"CLT approximation w² (δ), paper", {clt, clt}, {0, top}};
    Series chernLine{"Chernoff bound w² (δ), exact MGF", {chern, chern}, {0, top}};
    std::vector<Series> series{hist, normal, cltLine, chernLine};
    if (bern <= hi) {
      series.push_back(Series{"Bernstein bound w² (δ)", {bern, bern}, {0, top}});
    } else {  // off the chart: an arrow at the right edge pointing to it, its value in the legend
      const double x0 = hi - 0.12 * (hi - lo), head = 0.03 * (hi - lo), y = 0.5 * top;
      std::ostringstream name;
      name.precision(3);
      name << "Bernstein bound w² (δ) = " << bern << ", off the chart →";
      series.push_back(Series{name.str(), {x0, hi, hi - head, hi, hi - head}, {y, y, y + 0.06 * top, y, y - 0.06 * top}});
    }
    observer.onFrame(makeFrame("sensitivity_density", "Distribution of the squared projection sensitivity", c + 1,
                               LinesFrame{"‖Θ(x − x')‖² for ‖x − x'‖ = 1", "density", series}));
    observer.onProgress(c + 1, s.chunks);
  }
  RunResult r;
  const double m = all.mean();
  r.metrics["mean"] = m;
  r.metrics["variance"] = (all.array() - m).square().sum() / double(all.size() - 1);
  r.metrics["mean_theory"] = mean;
  r.metrics["variance_theory"] = var;
  r.metrics["clt_w2"] = clt;
  r.metrics["bernstein_w2"] = bern;
  r.metrics["above_clt"] = double(aboveClt) / double(all.size());
  r.metrics["above_bernstein"] = double(aboveBern) / double(all.size());
  r.metrics["chernoff_w2"] = chern;
  r.metrics["above_chernoff"] = double(aboveChern) / double(all.size());
  r.privacyStatement = "No privacy is spent: this explorer shows the sensitivity bounds the mechanisms use.";
  return r;
}

MethodInfo projectionSensitivityMethod() {
  using K = ParamKind;
  MethodInfo m;
  m.id = "projection-sensitivity";
  m.title = "Projection sensitivity explorer";
  m.paper = "[DP-SWD] Lemma 2, §4, Fig. 1";
  m.summary =
      "How much can k random projections of one record change when the record changes by 1? The answer "
      "depends on the random directions. The histogram shows it over many draws; the private sliced "
      "Wasserstein methods calibrate their noise to a bound that holds with probability 1 − δ. The papers' CLT "
      "line sits just beyond the bulk but is an approximation (exceeded several times more often than δ); the "
      "Chernoff bound (exact moment-generating function, DPW Lab's default) is rigorous and only a little "
      "larger; the paper's Bernstein bound is rigorous but much larger: drawn as a line when it fits, else as an "
      "arrow at the right edge with its value in the legend.";
  m.privacy.none = "a study of the sensitivity bound, no data";
  // No private data (bounds and synthetic draws from the seed): every number and chart is the release (core/output_classes.h).
  m.outputs.release = {"*"};
  m.outputs.charts = {"sensitivity_density"};
  m.grid = {{"projections", "dimension", "delta", "draws"},
            {"mean", "variance", "chernoff_w2", "clt_w2", "bernstein_w2", "above_chernoff", "above_clt", "above_bernstein"},
            "sensitivity_density"};
  m.params = {
      {"projections", "Projections k", K::Integer, 200, 1, 100000, false, {}, {}, "directions", "Number of directions (paper: 200)."},
      {"dimension", "Dimension d", K::Integer, 784, 2, 1e6, false, {}, {}, "", "Data dimension (paper: 784, MNIST)."},
      deltaParam({1e-5, 1e-15, 0.5}, "Failure probability of the bounds."),
      {"draws", "Draws of Θ", K::Integer, 10000, 2, 1e8, false, {}, {}, "", "Number of random direction sets (paper: 10000)."},
      {"bins", "Histogram bins", K::Integer, 60, 2, 1000, false, {}, {}, "", "Bins of the histogram.", true, true},
  };
  m.run = [](const ParamValues& p, std::uint64_t seed, RunObserver& obs) {
    return runProjectionSensitivity(ProjectionSensitivitySettings::fromParams(p), seed, obs);
  };
  return m;
}

}  // namespace dpw
