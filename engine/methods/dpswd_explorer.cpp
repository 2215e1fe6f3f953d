#include "methods/dpswd_explorer.h"

#include <cmath>
#include <span>
#include <sstream>

#include "core/rng.h"
#include "dpswd/dpswd_release.h"
#include "ot/directions.h"
#include "privacy/mechanisms/mechanisms.h"

namespace dpw {

DpSwdExplorerSettings DpSwdExplorerSettings::fromParams(const ParamValues& p) {
  DpSwdExplorerSettings s;
  s.samples = p.integer("samples");
  s.dimension = p.integer("dimension");
  s.projections = p.integer("projections");
  s.sigma1 = p.real("sigma1");
  s.sigma2 = p.real("sigma2");
  s.maxShift = p.real("max_shift");
  s.shifts = p.integer("shifts");
  s.draws = p.integer("draws");
  return s;
}

RunResult runDpSwdExplorer(const DpSwdExplorerSettings& s, std::uint64_t seed, RunObserver& observer) {
  require(s.samples >= 2, "samples must be at least 2, got ", s.samples);
  require(s.dimension >= 1, "dimension must be at least 1, got ", s.dimension);
  require(s.projections >= 1, "projections k must be at least 1, got ", s.projections);
  require(s.sigma1 >= 0 && s.sigma2 >= 0, "noise levels must be >= 0");
  require(s.shifts >= 2, "shifts must be at least 2, got ", s.shifts);
  require(s.draws >= 1, "draws must be at least 1, got ", s.draws);

  auto label = [](const char* base, double sigma) {
    std::ostringstream os;
    os << base << " σ = " << sigma;
    return os.str();
  };
  Series sw{"SW₂", {}, {}}, dp1{label("DP-SWD", s.sigma1), {}, {}}, dp2{label("DP-SWD", s.sigma2), {}, {}};
  Rng rng = makeRng(seed);
  const Eigen::Index n = s.samples, d = s.dimension;
  for (long step = 0; step < s.shifts; ++step) {
    throwIfCancelled(observer);
    const double c = s.maxShift * double(step) / double(s.shifts - 1);
    double sumSw = 0, sumDp1 = 0, sumDp2 = 0;
    Points lastX, lastY;
    for (long r = 0; r < s.draws; ++r) {
      Points X = standardNormal(n, d, rng);
      Points Y = standardNormal(n, d, rng).array() + c;
      Points theta = randomDirections(s.projections, d, rng);
      sumSw += std::sqrt(slicedW2Squared(X, Y, theta).value);
      SlicedOptions noisy1, noisy2;
      noisy1.noiseStd = s.sigma1, noisy1.noiseSeed = rng();
      noisy2.noiseStd = s.sigma2, noisy2.noiseSeed = rng();
      sumDp1 += std::sqrt(slicedW2Squared(X, Y, theta, noisy1).value);
      sumDp2 += std::sqrt(slicedW2Squared(X, Y, theta, noisy2).value);
      lastX = std::move(X);
      lastY = std::move(Y);
    }
    sw.x.push_back(c), sw.y.push_back(sumSw / s.draws);
    dp1.x.push_back(c), dp1.y.push_back(sumDp1 / s.draws);
    dp2.x.push_back(c), dp2.y.push_back(sumDp2 / s.draws);
    observer.onFrame(makeFrame("distance_vs_shift", "Sliced distance vs mean shift c", step,
                               LinesFrame{"mean shift c", "distance", {sw, dp1, dp2}}));

    // Teaching view: the 1-D projections on the shift direction 𝟙/√d (a random θ may be nearly orthogonal to
    // the shift and hide it), clean and with σ₁ noise; the shift there is c√d. Axis: the data ± 3σ₁ (σ₁ noise
    // widens the clouds by about that much), so the clouds fill the chart.
    const Vector shiftDirection = Vector::Constant(d, 1.0 / std::sqrt(double(d)));
    const Vector pu = lastX * shiftDirection, pv = lastY * shiftDirection;
    const double lo = std::min(pu.minCoeff(), pv.minCoeff()) - 3 * s.sigma1;
    const double hi = std::max(pu.maxCoeff(), pv.maxCoeff()) + 3 * s.sigma1;
    const int bins = 40;
    HistogramFrame h{"projection 𝟙ᵀx/√d (shift direction)", {}, {}};
    for (int b = 0; b <= bins; ++b) h.edges.push_back(lo + (hi - lo) * b / bins);
    auto histogram = [&](const Vector& v, double sd, const std::string& name) {
      HistogramFrame::Group g{name, std::vector<double>(bins, 0.0)};
      Vector noisy = v;  // the projections plus N(0, sd²), drawn by privacy/mechanisms/mechanisms.h
      Mechanism::gaussianStd(sd).addTo(std::span<double>(noisy.data(), std::size_t(noisy.size())), rng);
      for (Eigen::Index i = 0; i < v.size(); ++i) {
        const double x = noisy[i];
        const int b = std::clamp(int((x - lo) / (hi - lo) * bins), 0, bins - 1);
        g.mass[b] += 1.0 / double(v.size());
      }
      return g;
    };
    h.groups = {histogram(pu, 0, "source"), histogram(pv, 0, "target"), histogram(pu, s.sigma1, "source+σ₁"),
                histogram(pv, s.sigma1, "target+σ₁")};
    observer.onFrame(makeFrame("projections", "Projections on the shift direction 𝟙/√d (noise σ₁)", step, std::move(h)));
    observer.onProgress(step + 1, s.shifts);
  }
  RunResult result;
  result.metrics["sw2_at_max"] = sw.y.back();
  result.metrics["dpswd_sigma1_at_max"] = dp1.y.back();
  result.metrics["dpswd_sigma2_at_max"] = dp2.y.back();
  result.metrics["dpswd_increasing"] = (dp1.y.back() > dp1.y.front() && dp2.y.back() > dp2.y.front()) ? 1.0 : 0.0;
  result.privacyStatement =
      "No privacy is claimed: this explorer shows the distance itself; the noise levels are not calibrated.";
  return result;
}

MethodInfo dpSwdExplorerMethod() {
  using K = ParamKind;
  MethodInfo m;
  m.id = "dpswd-explorer";
  m.title = "DP-SWD explorer";
  m.paper = "[DP-SWD] §5.1, Fig. 2";
  m.summary =
      "Two Gaussian clouds in d dimensions, the second shifted by c in every coordinate. The sliced "
      "Wasserstein distance SW₂ projects both on k random directions and compares the sorted projections. "
      "DP-SWD adds Gaussian noise of standard deviation σ to every projection first, which is what makes it "
      "private. Watch the noisy curves stay above SW₂ but keep its increasing trend: the order of distances "
      "survives the noise, so DP-SWD still works as a training loss. The second chart projects both clouds on "
      "the shift direction, where they lie c√d apart, before and after the noise σ₁.";
  m.privacy.none = "synthetic clouds, noise σ set by hand";
  // No private data (synthetic samples drawn from the seed): every number and chart is the release (core/output_classes.h).
  m.outputs.release = {"*"};
  m.outputs.charts = {"projections", "distance_vs_shift"};
  m.grid = {{"sigma1", "projections", "dimension", "samples", "sigma2"},
            {"sw2_at_max", "dpswd_sigma1_at_max", "dpswd_sigma2_at_max", "dpswd_increasing"},
            "distance_vs_shift"};
  m.params = {
      {"samples", "Samples per cloud", K::Integer, 1000, 2, 1e6, false, {}, {}, "points",
       "n = m points drawn from each Gaussian ([DP-SWD] Fig. 2 uses several sizes)."},
      {"dimension", "Dimension d", K::Integer, 5, 1, 4096, false, {}, {}, "", "Dimension of both Gaussians (paper: 5)."},
      {"projections", "Projections k", K::Integer, 50, 1, 10000, false, {}, {}, "directions",
       "Number of random directions on the unit sphere ([DP-SWD] Alg. 1)."},
      {"sigma1", "Noise σ₁", K::Real, 1.0, 0, 100, false, {}, {}, "", "First noise level of the Gaussian mechanism (paper: 1)."},
      {"sigma2", "Noise σ₂", K::Real, 3.0, 0, 100, false, {}, {}, "", "Second noise level (paper: 3)."},
      {"max_shift", "Largest shift c", K::Real, 1.0, 0, 100, false, {}, {}, "", "The target mean is c·1 for c in [0, this]."},
      {"shifts", "Shift values", K::Integer, 11, 2, 1000, false, {}, {}, "", "Number of c values in the sweep."},
      {"draws", "Draws averaged", K::Integer, 5, 1, 1000, false, {}, {}, "",
       "Fresh samples and noise per point, averaged (paper: 5)."},
  };
  m.run = [](const ParamValues& p, std::uint64_t seed, RunObserver& obs) {
    return runDpSwdExplorer(DpSwdExplorerSettings::fromParams(p), seed, obs);
  };
  return m;
}

}  // namespace dpw
