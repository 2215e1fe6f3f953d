#include "fair_learning/fair_dpsgd.h"

#include <algorithm>
#include <cmath>
#include <span>

#include "core/error.h"
#include "core/internal_error.h"
#include "ot/directions.h"
#include "ot/sliced_wasserstein.h"
#include "ot/wasserstein_1d.h"
#include "privacy/sensitivity/fair_sensitivity.h"
#include "privacy/mechanisms/private_sampling.h"

namespace dpw {

namespace {

using nn::Matrix;

bool usesReference(const FairTrainingData& data) { return data.reference.size() > 0; }

void requireSettings(const FairStepSettings& s) {
  require(s.alpha >= 0 && s.alpha <= 1, "alpha must be in [0, 1], got ", s.alpha);
  require(s.clipGradient >= 0 && s.clipOutput >= 0 && s.clipJacobian >= 0, "clipping bounds C, M, L must be >= 0, got ",
          s.clipGradient, ", ", s.clipOutput, ", ", s.clipJacobian);
  // A zero bound that is used zeroes that part of every gradient: the run would learn nothing from it.
  if (s.privatise) {
    require(s.loss == FairLoss::None || s.clipGradient > 0,
            "clip_gradient C must be > 0 in a private run (C = 0 zeroes every loss gradient), got ", s.clipGradient);
    require(s.alpha == 0 || (s.clipOutput > 0 && s.clipJacobian > 0),
            "clip_output M and clip_jacobian L must be > 0 in a private run with a fairness penalty (alpha > 0), got M = ",
            s.clipOutput, ", L = ", s.clipJacobian);
  }
  require(s.learningRate > 0, "learning rate must be > 0, got ", s.learningRate);
  require(s.projections >= 1, "projections k must be >= 1, got ", s.projections);
  require(!s.scaleFreePenalty || !s.privatise,
          "the scale-free penalty SW2^2/E|z|^2 has no sensitivity bound: use it only without privacy (epsilon = inf)");
}

// Factor that projects a vector of norm `norm` on the ball of radius `bound`. A non-finite norm (NaN or
// ∞: a row the network could not evaluate) gives 0, the projection of nothing: the row then contributes
// nothing, where a factor 1 (NaN > bound is false) let one NaN row make the whole privatised sum NaN.
inline double clipFactor(double norm, double bound) {
  if (norm <= bound) return 1.0;
  return norm > bound && std::isfinite(norm) ? bound / norm : 0.0;
}

// Sets to 0 the rows i of every Δ with zero weight and a non-finite norm, so that 0 × NaN does not poison
// the weighted sum (weightedGradientSum multiplies the weights into Δ).
void zeroRowsOf(nn::BackwardPass& b, const Vector& norms, const Vector& w) {
  for (Eigen::Index i = 0; i < norms.size(); ++i)
    if (w[i] == 0 && !std::isfinite(norms[i]))
      for (auto& D : b.delta) D.row(i).setZero();
}

}  // namespace

std::vector<long> cellBatchSizes(const FairTrainingData& data, double fraction) {
  require(fraction > 0 && fraction <= 1, "batch fraction must be in (0, 1], got ", fraction);
  ensure(data.cells.size() >= 2 && data.cells.size() % 2 == 0, "need an even number (>= 2) of cells, got ",
          data.cells.size());
  std::vector<long> sizes;
  for (std::size_t c = 0; c < data.cells.size(); ++c) {
    const auto n = long(data.cells[c].size());
    require(n >= 1, "cell ", c, " is empty: every group (and label, for equality of odds) needs members");
    sizes.push_back(std::max(1L, std::lround(fraction * double(n))));
  }
  return sizes;
}

double cellSampleRate(const FairTrainingData& data, const std::vector<long>& batchSizes) {
  double q = 0;
  for (std::size_t c = 0; c < batchSizes.size(); ++c)
    q = std::max(q, double(batchSizes[c]) / double(data.cells[c].size()));
  return q;
}

double fairStepSensitivity(const FairTrainingData& data, const FairStepSettings& s, const std::vector<long>& b) {
  requireSettings(s);
  ensure(b.size() == data.cells.size(), "need one batch size per cell");
  const double C = s.loss == FairLoss::None ? 0.0 : s.clipGradient;
  if (usesReference(data)) {
    // App. C: g_θ on X (Jacobian ≤ L), h = identity on the reference (L₂ = 0), both private (Thm A.1(b)).
    return (1 - s.alpha) * 2 * C / double(b[0]) +
           s.alpha * wassersteinGradientSensitivityTwoSided(s.clipOutput, s.clipJacobian, 0.0, b[0], b[1]);
  }
  long total = 0;
  for (long v : b) total += v;
  if (b.size() == 2) return fairLossSensitivitySp(s.alpha, C, s.clipOutput, s.clipJacobian, total, b);
  return fairLossSensitivityEo(s.alpha, C, s.clipOutput, s.clipJacobian, total, long(b.size() / 2), b);
}

FairGradient fairGradient(const nn::DenseNetwork& net, const FairTrainingData& data,
                          const std::vector<std::vector<Eigen::Index>>& batches, const FairStepSettings& s, Rng& rng) {
  requireSettings(s);
  ensure(batches.size() == data.cells.size(), "need one batch per cell: ", data.cells.size(), " cells, ",
          batches.size(), " batches");
  const bool ref = usesReference(data);
  const std::size_t networkCells = ref ? 1 : batches.size();
  for (const auto& b : batches) ensure(!b.empty(), "every cell batch must be non-empty");

  // One forward pass on the union of the network-side batches.
  std::vector<Eigen::Index> start{0};
  for (std::size_t c = 0; c < networkCells; ++c) start.push_back(start.back() + Eigen::Index(batches[c].size()));
  const Eigen::Index n = start.back();
  Matrix Xb(n, data.X.cols());
  for (std::size_t c = 0; c < networkCells; ++c)
    for (std::size_t r = 0; r < batches[c].size(); ++r) Xb.row(start[c] + Eigen::Index(r)) = data.X.row(batches[c][r]);
  // Rows the network cannot evaluate (a non-finite input or loss target, or an activation that overflows)
  // enter as the zero input with weight 0: a rule of the row alone, fixed in advance, so the replace-one
  // sensitivity holds (such a row has loss gradient 0 ≤ C, output g(0) clipped to M, Jacobian 0 ≤ L),
  // where one NaN or 1e308 row would otherwise make the whole sum NaN.
  const bool hasTargets = s.loss != FairLoss::None && s.alpha < 1;
  std::vector<char> dead(std::size_t(n), 0);
  for (std::size_t c = 0; c < networkCells; ++c)
    for (std::size_t r = 0; r < batches[c].size(); ++r) {
      const Eigen::Index i = start[c] + Eigen::Index(r);
      dead[std::size_t(i)] = !Xb.row(i).allFinite() || (hasTargets && !data.target.row(batches[c][r]).allFinite());
    }
  nn::ForwardPass f;
  for (int pass = 0; pass < 2; ++pass) {
    for (Eigen::Index i = 0; i < n; ++i)
      if (dead[std::size_t(i)]) Xb.row(i).setZero();
    f = net.forward(Xb);
    bool more = false;
    for (Eigen::Index i = 0; i < n; ++i)
      for (const Matrix& A : f.a)
        if (!dead[std::size_t(i)] && !A.row(i).allFinite()) dead[std::size_t(i)] = 1, more = true;
    if (!more) break;
  }

  FairGradient G;
  G.loss = Vector::Zero(net.parameterCount());
  G.penalty = Vector::Zero(net.parameterCount());
  G.lossBatch = long(n);
  G.minCellBatch = long(batches[0].size());
  for (const auto& b : batches) G.minCellBatch = std::min(G.minCellBatch, long(b.size()));

  // ---- loss term: per-example gradients clipped to C, averaged over the batch.
  if (s.loss != FairLoss::None && s.alpha < 1) {
    const Matrix& out = f.output();
    Matrix T(n, data.target.cols());
    for (std::size_t c = 0; c < networkCells; ++c)
      for (std::size_t r = 0; r < batches[c].size(); ++r) {
        const Eigen::Index i = start[c] + Eigen::Index(r);
        if (!dead[std::size_t(i)])
          T.row(i) = data.target.row(batches[c][r]);
        else if (s.loss == FairLoss::Reconstruction)
          T.row(i) = Xb.row(i);  // the zero row
        else
          T.row(i).setZero();
      }
    ensure(T.cols() == out.cols(), "loss targets have ", T.cols(), " columns, the network outputs ", out.cols());
    Matrix cot;
    bool pre = false;
    if (s.loss == FairLoss::BinaryCrossEntropy) {
      cot = out - T;  // ∂bce/∂z for a sigmoid output
      pre = true;
      double sum = 0;
      for (Eigen::Index i = 0; i < n; ++i) {
        const double p = out(i, 0), y = T(i, 0);
        sum -= y * std::log(std::max(p, 1e-300)) + (1 - y) * std::log(std::max(1 - p, 1e-300));
      }
      G.lossValue = sum / double(n);
    } else {
      cot = 2.0 * (out - T);
      G.lossValue = (out - T).squaredNorm() / double(n);
    }
    nn::BackwardPass b = net.backward(f, cot, 0, pre);
    const Vector norms = net.perExampleGradientNorms(f, b);
    Vector w(n);
    for (Eigen::Index i = 0; i < n; ++i) {
      const double k = dead[std::size_t(i)] ? 0.0 : s.privatise ? clipFactor(norms[i], s.clipGradient) : 1.0;
      w[i] = k * (1 - s.alpha) / double(n);
      G.maxRawLossGradient = std::max(G.maxRawLossGradient, norms[i]);
      if (k > 0) G.maxClippedLossGradient = std::max(G.maxClippedLossGradient, k * norms[i]);
    }
    zeroRowsOf(b, norms, w);
    G.loss = net.weightedGradientSum(f, b, w);
  }

  // ---- penalty term: (α/R) Σ_k SW₂² between the two cells of pair k, with clipped outputs and Jacobians.
  if (s.alpha > 0) {
    const int layer = s.penaltyLayer == 0 ? net.layerCount() : s.penaltyLayer;
    Matrix U = f.a[layer].array() - s.outputShift;
    const Eigen::Index d = U.cols();
    auto clipRows = [&](Matrix& V) {
      for (Eigen::Index i = 0; i < V.rows(); ++i) {
        const double norm = V.row(i).norm();
        G.maxRawOutput = std::max(G.maxRawOutput, norm);
        if (s.privatise) V.row(i) *= clipFactor(norm, s.clipOutput);
        G.maxClippedOutput = std::max(G.maxClippedOutput, V.row(i).norm());
      }
    };
    clipRows(U);
    Matrix Zref;
    if (ref) {
      ensure(data.reference.cols() == d, "reference sample has dimension ", data.reference.cols(), ", the output ", d);
      Zref.resize(Eigen::Index(batches[1].size()), d);
      for (std::size_t r = 0; r < batches[1].size(); ++r) Zref.row(Eigen::Index(r)) = data.reference.row(batches[1][r]);
      clipRows(Zref);
    }
    const std::size_t pairs = batches.size() / 2;
    const double weight = s.alpha / double(pairs);
    Matrix cot = Matrix::Zero(n, d);
    for (std::size_t k = 0; k < pairs; ++k) {
      const Eigen::Index a0 = start[2 * k], n0 = Eigen::Index(batches[2 * k].size());
      const Matrix U0 = U.middleRows(a0, n0);
      const Matrix U1 = ref ? Zref : Matrix(U.middleRows(start[2 * k + 1], Eigen::Index(batches[2 * k + 1].size())));
      if (d == 1) {
        const W2Gradient w = w2SquaredWithGradient(U0.col(0), U1.col(0));
        G.penaltyValue += w.value / double(pairs);
        cot.col(0).segment(a0, n0) += weight * w.gradU;
        if (!ref) cot.col(0).segment(start[2 * k + 1], U1.rows()) += weight * w.gradV;
      } else {
        const Points theta = randomDirections(s.projections, d, rng);
        const SlicedResult r = slicedW2SquaredWithGradients(Points(U0), Points(U1), theta);
        G.penaltyValue += r.value / double(pairs);
        cot.middleRows(a0, n0) += weight * r.gradX;
        if (!ref) cot.middleRows(start[2 * k + 1], U1.rows()) += weight * r.gradY;
      }
    }
    if (s.scaleFreePenalty) {
      // P = S/m with S = (1/R) Σ_k SW₂²_k and m = (1/n) Σ_i ‖U_i‖²: ∂P/∂U_i = (∂S/∂U_i)/m − (S/m²)(2/n) U_i.
      ensure(!ref, "the scale-free penalty compares two network outputs, not a fixed reference sample");
      const double m = U.squaredNorm() / double(n);
      require(m > 0, "the scale-free penalty needs a non-zero penalised output");
      cot = cot / m - (s.alpha * G.penaltyValue * 2 / (double(n) * m * m)) * U;
      G.penaltyValue /= m;
    }
    for (Eigen::Index i = 0; i < n; ++i)  // a dead row's output g(0) is compared with the others, never moved
      if (dead[std::size_t(i)]) cot.row(i).setZero();
    if (!s.privatise) {
      G.penalty = net.weightedGradientSum(f, net.backward(f, cot, layer), Vector::Ones(n));
      // Diagnostics only: Jacobian row norms are not needed without clipping.
    } else {
      // Remark A.2: each component's gradient ∇_θ g^c(x_i) clipped to L/√d.
      const double rowBound = s.clipJacobian / std::sqrt(double(d));
      for (Eigen::Index c = 0; c < d; ++c) {
        Matrix unit = Matrix::Zero(n, d);
        unit.col(c).setOnes();
        nn::BackwardPass b = net.backward(f, unit, layer);
        const Vector norms = net.perExampleGradientNorms(f, b);
        Vector w(n);
        for (Eigen::Index i = 0; i < n; ++i) {
          const double k = dead[std::size_t(i)] ? 0.0 : clipFactor(norms[i], rowBound);
          w[i] = cot(i, c) * k;
          G.maxRawJacobianRow = std::max(G.maxRawJacobianRow, norms[i]);
          if (k > 0) G.maxClippedJacobianRow = std::max(G.maxClippedJacobianRow, k * norms[i]);
        }
        zeroRowsOf(b, norms, w);
        G.penalty += net.weightedGradientSum(f, b, w);
      }
    }
  }
  return G;
}

FairStepReport fairDpSgdStep(nn::DenseNetwork& net, const FairTrainingData& data, const std::vector<long>& batchSizes,
                             const FairStepSettings& s, double noiseMultiplier, Rng& rng, nn::Adam* adam) {
  ensure(noiseMultiplier >= 0, "noise multiplier must be >= 0, got ", noiseMultiplier);
  ensure(batchSizes.size() == data.cells.size(), "need one batch size per cell");
  ensure(s.optimizer == Optimizer::Sgd || adam != nullptr, "the Adam optimizer needs its state (an nn::Adam)");
  std::vector<std::vector<Eigen::Index>> batches(data.cells.size());
  PrivateSampling coins(s.noiseSource, rng);  // which rows: the OS in secure mode (privacy/mechanisms/private_sampling.h)
  for (std::size_t c = 0; c < data.cells.size(); ++c) {
    const auto& cell = data.cells[c];
    ensure(batchSizes[c] >= 1 && batchSizes[c] <= long(cell.size()), "batch size ", batchSizes[c], " of cell ", c,
            " must be in [1, ", cell.size(), "]");
    // Fixed-size sample without replacement: partial Fisher–Yates on a copy of the cell.
    std::vector<Eigen::Index> pool = cell;
    for (long t = 0; t < batchSizes[c]; ++t) {
      std::uniform_int_distribution<std::size_t> pick(std::size_t(t), pool.size() - 1);
      std::swap(pool[std::size_t(t)], pool[pick(coins.words())]);
    }
    pool.resize(std::size_t(batchSizes[c]));
    batches[c] = std::move(pool);
  }
  FairStepReport rep;
  rep.gradientRng = rng;
  rep.gradient = fairGradient(net, data, batches, s, rng);
  rep.batches = batches;
  rep.objective = (1 - s.alpha) * rep.gradient.lossValue + s.alpha * rep.gradient.penaltyValue;
  rep.sensitivity = fairStepSensitivity(data, s, batchSizes);
  Vector g = rep.gradient.loss + rep.gradient.penalty;
  rep.noise = Vector::Zero(g.size());
  if (s.privatise && noiseMultiplier > 0) {
    rep.noiseStd = noiseMultiplier * rep.sensitivity;
    if (s.noiseSource == NoiseSource::OsEntropy) {
      // Secure mode: every coordinate can change, so the grid's sensitivity is Δ + g√P.
      const Mechanism m = Mechanism::discreteGaussianOnGrid(rep.noiseStd, rep.sensitivity, long(g.size()));
      Vector released = g;
      m.addTo(std::span<double>(released.data(), std::size_t(released.size())), NoiseSource::OsEntropy, rng);
      rep.noise = released - g;
      rep.noiseStd = m.scale();
      g = std::move(released);
    } else {
      Mechanism::gaussianStd(rep.noiseStd).addTo(std::span<double>(rep.noise.data(), std::size_t(rep.noise.size())), rng);
      g += rep.noise;
    }
  }
  if (s.clipAfterNoise > 0) g *= clipFactor(g.norm(), s.clipAfterNoise);
  rep.released = g;
  if (s.optimizer == Optimizer::Sgd) {
    net.addToParameters(-s.learningRate * g);
  } else {
    net.addToParameters(adam->step(g, s.learningRate));
  }
  return rep;
}

PrivacyLedger fairDpSgdLedger(AccountantKind accountant, double delta, double multiplier, double sensitivity,
                              double sampleRate, long steps, NoiseMechanism law) {
  PrivacyLedger ledger(accountant, delta);
  ledger.record(fairDpSgdRelease(multiplier, sensitivity, sampleRate, steps, law));
  return ledger;
}

PrivacyEvent fairDpSgdRelease(double multiplier, double sensitivity, double sampleRate, long steps, NoiseMechanism law) {
  return {law, multiplier, sensitivity, Neighbouring::ReplaceOne, Sampler::FixedSizeWithoutReplacement, sampleRate, steps};
}

}  // namespace dpw
