#include "methods/dpsgd_clipping.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/error.h"
#include "core/parameter_text.h"
#include "core/rng.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/mechanisms/mechanisms.h"
#include "privacy/printed_numbers.h"
#include "privacy/privacy_params.h"  // deltaParam

namespace dpw {

DpsgdClippingSettings DpsgdClippingSettings::fromParams(const ParamValues& p) {
  DpsgdClippingSettings s;
  s.clip = p.real("clip");
  s.noiseMultiplier = p.real("noise_multiplier");
  s.delta = p.real("delta");
  s.batch = p.integer("batch");
  s.outliers = p.integer("outliers");
  const std::vector<double> w = parseNumberList(p.text("weights"), "weights");
  require(w.size() == 2, "weights: give two numbers w1, w2, got ", w.size());
  s.weights = {w[0], w[1]};
  s.draws = p.integer("draws");
  return s;
}

RunResult runDpsgdClipping(const DpsgdClippingSettings& s, std::uint64_t seed, RunObserver& observer) {
  require(s.clip > 0 && s.clip <= 100, "the clipping bound C must lie in (0, 100], got ", s.clip);
  require(s.noiseMultiplier >= 0 && s.noiseMultiplier <= 100, "the noise multiplier must lie in [0, 100], got ", s.noiseMultiplier);
  require(s.delta > 0 && s.delta <= 0.1, "delta must lie in (0, 0.1], got ", s.delta);
  require(s.batch >= 2 && s.batch <= 1000, "the batch must hold 2 to 1000 examples, got ", s.batch);
  require(s.outliers >= 0 && 2 * s.outliers <= s.batch, "outliers must lie in [0, B/2], got ", s.outliers);
  require(std::isfinite(s.weights[0]) && std::isfinite(s.weights[1]), "weights must be finite");
  require(s.draws >= 1 && s.draws <= 100000, "draws must lie in [1, 10^5], got ", s.draws);
  observer.onStatus("drawing a batch of " + std::to_string(s.batch) + " examples and their per-example gradients");
  const double C = s.clip, sigma = s.noiseMultiplier, B = double(s.batch);
  Rng dataRng = makeRng(seed, 0), noiseRng = makeRng(seed, 1);
  std::vector<Vec2> xs;
  std::vector<double> ys;
  lessonBatch(s.batch, s.outliers, dataRng, xs, ys);
  std::vector<Vec2> grads, clipped;
  std::vector<double> norms;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    grads.push_back(logisticGradient(s.weights, xs[i], ys[i]));
    clipped.push_back(clipToBall(grads.back(), C));
    norms.push_back(std::hypot(grads.back()[0], grads.back()[1]));
  }
  const Vec2 trueMean = meanGradient(grads), clippedMean = meanGradient(grads, C);
  // Noisy steps: (Σ clip_C(g_i) + N(0, σ² C² I)) / B, the Gaussian release of a sum of sensitivity C.
  std::vector<double> noise(2 * std::size_t(s.draws), 0.0);
  Mechanism::gaussianStd(sigma * C).addTo(noise, noiseRng);
  const long clippedCount = std::count_if(norms.begin(), norms.end(), [C](double n) { return n > C; });
  double sqErr = 0, downhill = 0;
  // The clipping, in the plane of gradients: where clipping puts each gradient, the gradient, the ball's edge (the
  // painter draws group 0 on top).
  {
    const int edge = 90;
    Points xy(Eigen::Index(edge + 2 * grads.size()), 2);
    std::vector<int> label(grads.size(), 0);
    label.insert(label.end(), grads.size(), 1);
    label.insert(label.end(), std::size_t(edge), 2);
    for (std::size_t i = 0; i < grads.size(); ++i) {
      xy(Eigen::Index(i), 0) = clipped[i][0], xy(Eigen::Index(i), 1) = clipped[i][1];
      xy(Eigen::Index(grads.size() + i), 0) = grads[i][0], xy(Eigen::Index(grads.size() + i), 1) = grads[i][1];
    }
    for (int k = 0; k < edge; ++k) {
      const Eigen::Index row = Eigen::Index(2 * grads.size()) + k;
      xy(row, 0) = C * std::cos(2 * M_PI * k / edge), xy(row, 1) = C * std::sin(2 * M_PI * k / edge);
    }
    std::ostringstream ball, title;
    ball << "the clip ball's edge, radius C = " << C;
    title << s.batch << " gradients, " << clippedCount << " of them clipped to C = " << C;
    observer.onFrame(makeFrame("sgd_clip_picture", title.str(), 0,
                               PointsFrame{"gradient in w₁", "gradient in w₂", std::move(xy), std::move(label),
                                           {"clipped gradients", "per-example gradients", ball.str()}}));
  }
  // The step: the mean of the clipped gradients, the true mean gradient, zero, and the noisy steps
  // (Σ clip_C(g_i) + N(0, σ² C² I)) / B scattered around the first.
  {
    Points xy(Eigen::Index(s.draws + 3), 2);
    std::vector<int> label{0, 1, 2};
    const Vec2 marks[3] = {clippedMean, trueMean, {0, 0}};
    for (int k = 0; k < 3; ++k) xy(k, 0) = marks[k][0], xy(k, 1) = marks[k][1];
    for (long d = 0; d < s.draws; ++d) {
      const double x = clippedMean[0] + noise[2 * std::size_t(d)] / B, y = clippedMean[1] + noise[2 * std::size_t(d) + 1] / B;
      xy(3 + d, 0) = x, xy(3 + d, 1) = y;
      label.push_back(3);
      sqErr += (x - trueMean[0]) * (x - trueMean[0]) + (y - trueMean[1]) * (y - trueMean[1]);
      downhill += x * trueMean[0] + y * trueMean[1] > 0;
    }
    std::ostringstream cloud;
    cloud << s.draws << " noisy steps (noise σC / B)";
    observer.onFrame(makeFrame("sgd_clip_step", "The step: clipped mean and noise", 0,
                               PointsFrame{"step in w₁", "step in w₂", std::move(xy), std::move(label),
                                           {"mean of the clipped gradients", "true mean gradient", "zero (no step)", cloud.str()}}));
  }

  // Bias, noise and their root mean squared error against C (exact for this batch).
  const double top = *std::max_element(norms.begin(), norms.end());
  const double bestClip = bestStepClip(grads, sigma), bestRmse = stepRmsError(grads, bestClip, sigma);
  {
    const double lo = std::min(C, 0.01 * top), hi = std::max(C, 3 * top);
    Series bias{"bias from clipping ‖clipped mean − true mean‖", {}, {}}, noiseS{"noise √2 σ C / B", {}, {}},
        total{"step's root mean squared error", {}, {}};
    for (int i = 0; i <= 400; ++i) {
      const double c = lo * std::pow(hi / lo, i / 400.0);
      bias.x.push_back(c), noiseS.x.push_back(c), total.x.push_back(c);
      bias.y.push_back(clippingBias(grads, c));
      noiseS.y.push_back(stepNoiseRms(sigma, c, s.batch));
      total.y.push_back(stepRmsError(grads, c, sigma));
    }
    bias.dashed = noiseS.dashed = true;
    Series best{"best bound", {bestClip}, {bestRmse}}, here{"measured at this C", {C}, {std::sqrt(sqErr / double(s.draws))}};
    best.markers = here.markers = true;
    LinesFrame f{"clipping bound C", "error of the step (gradient units)", {bias, noiseS, total, best, here}};
    f.logX = true;
    observer.onFrame(makeFrame("sgd_clip_error", "Clipping: bias against noise", 0, f));
  }
  observer.onProgress(1, 1);
  throwIfCancelled(observer);

  RunResult r;
  std::vector<double> sorted = norms;
  std::sort(sorted.begin(), sorted.end());
  const double trueNorm = std::hypot(trueMean[0], trueMean[1]), clippedNorm = std::hypot(clippedMean[0], clippedMean[1]);
  const double cosAngle = (trueMean[0] * clippedMean[0] + trueMean[1] * clippedMean[1]) / (trueNorm * clippedNorm);
  const double epsilon = sigma > 0 ? gdpEpsilon(1 / sigma, s.delta) : std::numeric_limits<double>::infinity();
  r.metrics["clip"] = C;
  r.metrics["noise_multiplier"] = sigma;
  r.metrics["batch"] = B;
  r.metrics["gradient_norm_max"] = top;
  r.metrics["gradient_norm_median"] = 0.5 * (sorted[(sorted.size() - 1) / 2] + sorted[sorted.size() / 2]);
  r.metrics["clipped_examples"] = double(clippedCount);
  r.metrics["true_step_norm"] = trueNorm;
  r.metrics["clipped_step_norm"] = clippedNorm;
  r.metrics["clip_bias"] = clippingBias(grads, C);
  r.metrics["clip_bias_share"] = clippingBias(grads, C) / trueNorm;
  r.metrics["clip_angle_degrees"] = std::acos(std::clamp(cosAngle, -1.0, 1.0)) * 180 / M_PI;
  r.metrics["step_noise_rms"] = stepNoiseRms(sigma, C, s.batch);
  r.metrics["step_rmse"] = std::sqrt(sqErr / double(s.draws));
  r.metrics["step_rmse_closed_form"] = stepRmsError(grads, C, sigma);
  r.metrics["best_step_clip"] = bestClip;
  r.metrics["best_step_rmse"] = bestRmse;
  r.metrics["descent_share"] = downhill / double(s.draws);
  r.metrics["delta"] = s.delta;
  r.metrics["epsilon_spent"] = epsilon;

  std::ostringstream st;
  if (sigma > 0) {
    st << "(ε, δ) = (" << claimNumber(epsilon) << ", " << claimNumber(s.delta) << ") for one DP-SGD step on the whole "
       << "batch (no subsampling): the sum of per-example gradients clipped to norm C = " << statementNumber(C)
       << " (L2 sensitivity C, add/remove neighbours) released with Gaussian noise of std σC = " << statementNumber(sigma * C)
       << ", which is μ-GDP with μ = 1/σ (Dong, Roth & Su 2022). The lesson draws " << s.draws
       << " noisy steps from the same gradients only to show the noise; training would take one per step, composed "
       << "by an accountant. " << describeNoiseSource(NoiseSource::Seeded);
    r.privacy.epsilon = epsilon;
    r.privacy.delta = s.delta;
  } else {
    st << "No privacy: with noise multiplier 0 the clipped sum is released exactly (clipping alone proves nothing).";
  }
  r.privacyStatement = st.str();
  return r;
}

MethodInfo dpsgdClippingMethod() {
  using K = ParamKind;
  MethodInfo m;
  m.id = "dpsgd-clipping";
  m.title = "Per-example clipping in DP-SGD (a picture)";
  m.paper = "Abadi et al. 2016, Alg. 1; Chen, Wu & Hong 2020";
  m.summary =
      "DP-SGD bounds what one example can do to a step: each example's gradient is clipped into a ball of radius C, "
      "the clipped gradients are summed, and Gaussian noise of standard deviation σ C is added to the sum before "
      "dividing by the batch size B. Here the model is a logistic regression with two weights, so every gradient is an "
      "arrow in the plane. Clipping shortens the long gradients, often those of mislabeled or unusual examples, and "
      "so turns the step away from the true mean gradient (bias); the noise scatters the step around the clipped "
      "mean by √2 σ C / B. A small C is biased, a large C is noisy: the best C lies in between.";
  m.privacy = {"", "", "epsilon_spent", "", "ε of the step", ""};
  // No private data (the examples are simulated): every number and chart is the release (core/output_classes.h).
  m.outputs.release = {"*"};
  m.outputs.charts = {"sgd_clip_picture", "sgd_clip_step", "sgd_clip_error"};
  m.treatedAsPublic = {"the batch size B, the clipping bound C and the model's weights (the examples are "
                       "simulated: a classroom example, nobody's data)"};
  m.grid = {{"clip", "noise_multiplier", "batch", "outliers"},
            {"clip_bias", "step_noise_rms", "step_rmse", "step_rmse_closed_form", "best_step_clip", "clipped_examples"},
            "sgd_clip_error"};
  m.params = {
      {"clip", "Clipping bound C", K::Real, 1.0, 0.001, 100, false, {}, {}, "", "Each example's gradient is scaled into the ball of radius C."},
      {"noise_multiplier", "Noise multiplier σ", K::Real, 1.0, 0, 100, false, {}, {}, "",
       "The noise on the clipped sum has standard deviation σ C per coordinate (μ = 1/σ for one step)."},
      {"batch", "Batch size B", K::Integer, 20, 2, 1000, false, {}, {}, "examples", "Examples in the step (synthetic, seeded)."},
      {"outliers", "Mislabeled examples", K::Integer, 2, 0, 500, false, {}, {}, "examples",
       "Examples among the B that are mislabeled and far out: their gradients are long."},
      {"weights", "Weights w", K::Text, 0, -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(),
       false, {}, "0, 0", "", "The model's two weights, where the step's gradients are taken.", true, true},
      deltaParam({1e-5, 1e-12, 0.1}, "δ at which the step's ε is stated.", "Privacy budget δ", true),
      {"draws", "Noisy steps drawn", K::Integer, 300, 1, 100000, false, {}, {}, "",
       "Noisy steps drawn from the same gradients (seeded), to show the noise.", true, true},
  };
  m.run = [](const ParamValues& p, std::uint64_t seed, RunObserver& obs) {
    return runDpsgdClipping(DpsgdClippingSettings::fromParams(p), seed, obs);
  };
  return m;
}

}  // namespace dpw
