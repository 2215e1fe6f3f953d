#include "fair_learning/dpsgd_one_run_audit.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>
#include <random>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "fair_learning/fair_dpsgd.h"
#include "nn/dense_network.h"
#include "privacy/accountants/accountant.h"
#include "privacy/accountants/normal_tail.h"
#include "privacy/calibration/ledger_calibration.h"

namespace dpw {
namespace {

constexpr int kFeatures = 4;         // the ordinary features
constexpr long kRowsPerCell = 50;    // ordinary rows per cell
constexpr long kSteps = 50;
constexpr double kFraction = 0.5;
constexpr double kClip = 5, kLearningRate = 1e-4, kScale = 100 * kClip;

/// Canary i's contribution to its coordinate of the released gradient at logit `logit`, label y.
double canaryContribution(double logit, double y, double weight) {
  const double p = 1 / (1 + std::exp(-logit)), g = p - y, norm = std::abs(g) * std::sqrt(kScale * kScale + 1);
  const double clip = norm > kClip ? kClip / norm : 1.0;
  return g * kScale * clip * weight;
}

}  // namespace

OneRunTarget dpsgdRunOneRunTarget(const MechanismAuditSettings& s, std::uint64_t seed) {
  require(s.delta > 0 && s.delta < 1, "delta must lie in (0, 1), got ", s.delta);
  require(s.alpha >= 0 && s.alpha < 1, "alpha must lie in [0, 1) for the canary audit, got ", s.alpha);
  requireAuditFault(s.fault, {AuditFault::NoiseQuarter, AuditFault::NoiseTwoThirds}, "dpsgd-run-one-run");
  const long m = s.trials;
  // One feature per canary: the data is (100 + m) x (4 + m) doubles (5000 canaries: 200 MB).
  require(m >= 2 && m <= 5000, "the DP-SGD one-run audit takes 2 to 5000 canaries, got ", m);
  const long rows = 2 * kRowsPerCell + m;
  const Eigen::Index d = kFeatures + m;
  struct State {
    FairTrainingData data;
    std::vector<long> batch;
    FairStepSettings st;
    double noiseMultiplier = 0;  ///< σ the steps draw with: the calibrated one, the fault applied
    double q = 0;
    nn::DenseNetwork net;
  };
  auto S = std::make_shared<State>();
  FairTrainingData& D = S->data;
  Rng dataRng = makeRng(seed, 3);
  D.X = nn::Matrix::Zero(rows, d);
  D.target = nn::Matrix::Zero(rows, 1);
  D.cells.resize(2);
  std::normal_distribution<double> n01;
  std::bernoulli_distribution coin(0.5);
  for (long i = 0; i < 2 * kRowsPerCell; ++i) {
    for (int j = 0; j < kFeatures; ++j) D.X(i, j) = n01(dataRng);
    D.target(i, 0) = coin(dataRng) ? 1.0 : 0.0;
    D.cells[std::size_t(i / kRowsPerCell)].push_back(i);
  }
  for (long i = 0; i < m; ++i) {  // canary i: row 100 + i, feature 4 + i, cell i mod 2 (label set per run)
    D.X(2 * kRowsPerCell + i, kFeatures + i) = kScale;
    D.cells[std::size_t(i % 2)].push_back(2 * kRowsPerCell + i);
  }
  Rng initRng = makeRng(seed, 4);
  S->net = nn::DenseNetwork({int(d), 1}, {nn::Activation::Sigmoid}, initRng);
  S->net.setParameters(Vector::Zero(S->net.parameterCount()));
  S->batch = cellBatchSizes(D, kFraction);
  S->q = cellSampleRate(D, S->batch);
  FairStepSettings& st = S->st;
  st.alpha = s.alpha;
  st.learningRate = kLearningRate;
  st.clipGradient = kClip, st.clipOutput = 1, st.clipJacobian = 1;
  st.loss = FairLoss::BinaryCrossEntropy;
  st.noiseSource = s.noiseSource;
  // fair learning's noise decision and ledger for the whole run (methods/fair_learning.cpp).
  const double sensitivity = fairStepSensitivity(D, st, S->batch);
  const LedgerAtMultiplier ledgerAt = [&](double z) {
    return fairDpSgdLedger(s.accountant, s.delta, z, sensitivity, S->q, kSteps, gaussianLawOf(s.noiseSource));
  };
  const double z = calibrateMultiplier(ledgerAt, s.epsilon);
  const PrivacyLedger ledger = ledgerAt(z);
  S->noiseMultiplier = auditNoiseFactor(s.fault) * z;
  OneRunTarget t;
  t.claimedEpsilon = ledger.epsilon();
  t.claimedDelta = ledger.delta();
  t.noiseScale = S->noiseMultiplier * sensitivity;
  t.run = [S, m](const std::vector<bool>& included, Rng& rng) {
    FairTrainingData data = S->data;
    for (long i = 0; i < m; ++i) data.target(2 * kRowsPerCell + i, 0) = included[std::size_t(i)] ? 0.0 : 1.0;
    nn::DenseNetwork net = S->net;
    const long batchRows = std::accumulate(S->batch.begin(), S->batch.end(), 0L);
    const double weight = (1 - S->st.alpha) / double(batchRows);
    // Per step and canary: the released coordinate and the two contributions the auditor expects.
    std::vector<double> z(std::size_t(kSteps * m)), cIn(z.size()), cOut(z.size());
    double second = 0, signal = 0;
    for (long step = 0; step < kSteps; ++step) {
      const Vector before = net.parameters();
      fairDpSgdStep(net, data, S->batch, S->st, S->noiseMultiplier, rng);
      const Vector released = (before - net.parameters()) / S->st.learningRate;
      const double bias = before[before.size() - 1];
      for (long i = 0; i < m; ++i) {
        const std::size_t k = std::size_t(step * m + i);
        const double logit = kScale * before[kFeatures + i] + bias;
        z[k] = released[kFeatures + i];
        cIn[k] = canaryContribution(logit, 0.0, weight);
        cOut[k] = canaryContribution(logit, 1.0, weight);
        second += z[k] * z[k];
        signal += 0.5 * (cIn[k] * cIn[k] + cOut[k] * cOut[k]);
      }
    }
    // The noise the run drew, read from the release: E z² = s² + q E c².
    const double n = double(z.size());
    const double var = std::max(second / n - S->q * signal / n, 1e-30);
    const double logStay = std::log1p(-S->q), logQ = std::log(S->q);
    std::vector<double> scores(std::size_t(m), 0.0);
    for (long step = 0; step < kSteps; ++step)
      for (long i = 0; i < m; ++i) {
        const std::size_t k = std::size_t(step * m + i);
        const double zz = z[k], base = -zz * zz / (2 * var);
        const double lin = logAdd(logStay + base, logQ - (zz - cIn[k]) * (zz - cIn[k]) / (2 * var));
        const double lout = logAdd(logStay + base, logQ - (zz - cOut[k]) * (zz - cOut[k]) / (2 * var));
        scores[std::size_t(i)] += lin - lout;
      }
    return scores;
  };
  return t;
}

}  // namespace dpw
