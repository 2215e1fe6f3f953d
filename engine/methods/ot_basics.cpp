#include "methods/ot_basics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

#include "core/error.h"
#include "core/rng.h"
#include "ot/quantile_coupling.h"

namespace dpw {

OtBasicsSettings OtBasicsSettings::fromParams(const ParamValues& p) {
  OtBasicsSettings s;
  s.sourceSize = p.integer("source_size");
  s.targetSize = p.integer("target_size");
  s.shift = p.real("shift");
  s.spread = p.real("spread");
  s.p = p.real("p");
  return s;
}

RunResult runOtBasics(const OtBasicsSettings& s, std::uint64_t seed, RunObserver& observer) {
  require(s.sourceSize >= 1 && s.sourceSize <= 200, "source_size must lie in [1, 200], got ", s.sourceSize);
  require(s.targetSize >= 1 && s.targetSize <= 200, "target_size must lie in [1, 200], got ", s.targetSize);
  require(s.p >= 1 && s.p <= 4, "p must lie in [1, 4], got ", s.p);
  require(s.spread > 0 && s.spread <= 100, "spread must lie in (0, 100], got ", s.spread);
  require(std::abs(s.shift) <= 100, "shift must lie in [-100, 100], got ", s.shift);
  observer.onStatus("drawing the two samples and solving the transport problem between them");
  Rng rng = makeRng(seed, 0);
  std::normal_distribution<double> z(0.0, 1.0);
  std::vector<double> u(std::size_t(s.sourceSize)), v(std::size_t(s.targetSize));
  for (double& x : u) x = z(rng);
  for (double& y : v) y = s.shift + s.spread * z(rng);
  std::sort(u.begin(), u.end());
  std::sort(v.begin(), v.end());
  const std::int64_t n = s.sourceSize, m = s.targetSize;
  const double nan = std::numeric_limits<double>::quiet_NaN();

  // The samples and the pairs the plan moves mass between (one series, segments broken by NaN).
  const std::vector<CouplingEntry> plan = rankWeightCoupling(n, m);
  Series links{"mass moved by the optimal plan", {}, {}};
  for (const CouplingEntry& e : plan) {
    links.x.insert(links.x.end(), {u[std::size_t(e.i)], v[std::size_t(e.j)], nan});
    links.y.insert(links.y.end(), {0.0, 1.0, nan});
  }
  Series source{"source sample (n points, height 0)", u, std::vector<double>(u.size(), 0.0)};
  Series target{"target sample (m points, height 1)", v, std::vector<double>(v.size(), 1.0)};
  source.markers = target.markers = true;
  observer.onFrame(makeFrame("ot_coupling", "The optimal plan matches the samples in order", 0,
                             LinesFrame{"value", "source (0) to target (1)", {links, source, target}}));

  // The quantile functions as steps: F⁻¹(t) = u₍ₖ₎ on (k/n, (k+1)/n].
  const auto steps = [](const std::vector<double>& w, const std::string& name) {
    Series q{name, {}, {}};
    for (std::size_t k = 0; k < w.size(); ++k) {
      q.x.insert(q.x.end(), {double(k) / double(w.size()), double(k + 1) / double(w.size())});
      q.y.insert(q.y.end(), {w[k], w[k]});
    }
    return q;
  };
  Series qv = steps(v, "target quantiles");
  qv.dashed = true;
  observer.onFrame(makeFrame("ot_quantiles", "Quantile functions: the plan pairs equal ranks", 0,
                             LinesFrame{"rank t (share of the sample below)", "value", {steps(u, "source quantiles"), qv}}));

  // The plan as a heat map (sorted order): rows sum to 1/n, columns to 1/m.
  HeatmapFrame h{"target point (sorted)", "source point (sorted)", int(n), int(m), quantileCouplingMatrix(n, m)};
  double rowError = 0, colError = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    double row = 0;
    for (std::int64_t j = 0; j < m; ++j) row += h.values[std::size_t(i * m + j)];
    rowError = std::max(rowError, std::abs(row - 1.0 / double(n)));
  }
  for (std::int64_t j = 0; j < m; ++j) {
    double col = 0;
    for (std::int64_t i = 0; i < n; ++i) col += h.values[std::size_t(i * m + j)];
    colError = std::max(colError, std::abs(col - 1.0 / double(m)));
  }
  observer.onFrame(makeFrame("ot_plan", "The Kantorovich plan: mass from each source point to each target point", 0, h));
  observer.onProgress(1, 1);
  throwIfCancelled(observer);

  RunResult r;
  const double power = couplingCostSorted(u, v, s.p);
  r.metrics["wp_power"] = power;
  r.metrics["wp"] = std::pow(power, 1 / s.p);
  r.metrics["wp_quantile_integral"] = quantileIntegralSorted(u, v, s.p);
  r.metrics["independent_cost"] = independentCouplingCost(u, v, s.p);
  r.metrics["plan_nonzeros"] = double(plan.size());
  double crossings = 0;  // pairs of paths whose ends are in opposite orders (ties between equal points excluded)
  for (std::size_t a = 0; a < plan.size(); ++a)
    for (std::size_t b = a + 1; b < plan.size(); ++b)
      crossings += (u[std::size_t(plan[a].i)] - u[std::size_t(plan[b].i)]) * (v[std::size_t(plan[a].j)] - v[std::size_t(plan[b].j)]) < 0;
  r.metrics["crossing_paths"] = crossings;
  r.metrics["plan_row_error"] = rowError;
  r.metrics["plan_column_error"] = colError;
  r.metrics["mean_gap"] = std::accumulate(v.begin(), v.end(), 0.0) / double(m) - std::accumulate(u.begin(), u.end(), 0.0) / double(n);
  r.privacyStatement = "No privacy is spent: two synthetic samples drawn from the seed, transported.";
  return r;
}

MethodInfo otBasicsMethod() {
  using K = ParamKind;
  MethodInfo m;
  m.id = "ot-basics";
  m.title = "Optimal transport on the line (the basics)";
  m.paper = "Santambrogio 2015 §2.2; Peyré & Cuturi 2019 §2.6";
  m.summary =
      "Optimal transport asks for the cheapest way to move one pile of mass onto another, paying |x − y|^p per unit "
      "moved from x to y. A plan (Kantorovich) says how much goes from each source point to each target point: its "
      "rows must give each source point's mass, its columns each target point's. On the line the answer is simple: "
      "match the points in order, smallest to smallest (the quantile coupling). No two paths cross, the plan has at "
      "most n + m − 1 non-zero entries, and the cost, W_p to the power p, is the integral of |F⁻¹(t) − G⁻¹(t)|^p "
      "between the two quantile functions. Sliced Wasserstein distances, used by the flows, average this over "
      "directions.";
  m.privacy.none = "optimal transport between two synthetic samples: no data, nothing released";
  // No private data (synthetic samples drawn from the seed): every number and chart is the release (core/output_classes.h).
  m.outputs.release = {"*"};
  m.outputs.charts = {"ot_coupling", "ot_plan", "ot_quantiles"};
  m.grid = {{"shift", "p", "source_size", "target_size", "spread"},
            {"wp", "wp_power", "wp_quantile_integral", "independent_cost", "plan_nonzeros", "mean_gap"},
            "ot_coupling"};
  m.params = {
      {"source_size", "Source points n", K::Integer, 7, 1, 200, false, {}, {}, "points", "Drawn from N(0, 1)."},
      {"target_size", "Target points m", K::Integer, 10, 1, 200, false, {}, {}, "points",
       "Drawn from a normal law of the mean and spread below."},
      {"shift", "Target mean", K::Real, 2, -100, 100, false, {}, {}, "", "The mean of the target's law."},
      {"spread", "Target spread", K::Real, 0.5, 1e-3, 100, false, {}, {}, "", "The standard deviation of the target's law."},
      {"p", "Cost exponent p", K::Real, 2, 1, 4, false, {}, {}, "", "Moving mass from x to y costs |x − y|^p per unit."},
  };
  m.run = [](const ParamValues& p, std::uint64_t seed, RunObserver& obs) {
    return runOtBasics(OtBasicsSettings::fromParams(p), seed, obs);
  };
  return m;
}

}  // namespace dpw
