#include "fair_learning/dpsgd_canary_audit.h"

#include <memory>
#include <random>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "fair_learning/fair_dpsgd.h"
#include "nn/dense_network.h"
#include "privacy/accountants/accountant.h"
#include "privacy/calibration/ledger_calibration.h"

namespace dpw {

// ---- dpsgd-canary: one fairDpSgdStep of the logistic fair classifier.
AuditTarget dpsgdCanaryAuditTarget(const MechanismAuditSettings& s, std::uint64_t seed) {
  require(s.delta > 0 && s.delta < 1, "delta must lie in (0, 1), got ", s.delta);
  require(s.alpha >= 0 && s.alpha < 1, "alpha must lie in [0, 1) for the canary audit (the canary moves the loss term), got ",
          s.alpha);
  constexpr int perGroup = 40, d = 5;
  constexpr double C = 5, M = 1, L = 1;
  struct State {
    FairTrainingData dataD, dataP;
    nn::DenseNetwork net;
    Vector theta0, direction;
    std::vector<long> batch;
    FairStepSettings st;
    double noiseMultiplier = 0;  ///< σ the steps draw with: the calibrated one, the fault applied
  };
  auto S = std::make_shared<State>();
  Rng dataRng = makeRng(seed, 3);
  FairTrainingData& D = S->dataD;
  D.X = standardNormal(2 * perGroup, d, dataRng);
  D.target.resize(2 * perGroup, 1);
  std::bernoulli_distribution coin(0.5);
  for (int i = 0; i < 2 * perGroup; ++i) D.target(i, 0) = coin(dataRng) ? 1.0 : 0.0;
  D.cells.resize(2);
  for (int i = 0; i < 2 * perGroup; ++i) D.cells[std::size_t(i / perGroup)].push_back(i);
  D.X.row(0).setZero();
  D.X(0, 0) = 20 * C;  // the canary: its gradient (p − y)(x, 1) has norm ≈ 10C at θ = 0
  D.target(0, 0) = 0.0;
  S->dataP = D;
  S->dataP.target(0, 0) = 1.0;  // D': the canary's label flipped (substitution within group 0)

  Rng initRng = makeRng(seed, 4);
  S->net = nn::DenseNetwork({d, 1}, {nn::Activation::Sigmoid}, initRng);
  S->theta0 = Vector::Zero(S->net.parameterCount());
  S->net.setParameters(S->theta0);
  S->batch = cellBatchSizes(D, 1.0);  // full batches: q = 1, no amplification
  FairStepSettings& st = S->st;
  st.alpha = s.alpha;
  st.learningRate = 1.0;
  st.clipGradient = C, st.clipOutput = M, st.clipJacobian = L;
  st.loss = FairLoss::BinaryCrossEntropy;
  st.noiseSource = s.noiseSource;  // os-entropy: the secure grid law of fairDpSgdStep
  const double q = cellSampleRate(D, S->batch);
  // The noise decision fair_learning.cpp makes (calibrateMultiplier on its ledger, fairDpSgdLedger), for one step
  // at this q: the audit tests the ledger's ε, not the typed target.
  const double sensitivity = fairStepSensitivity(D, st, S->batch);
  const LedgerAtMultiplier ledgerAt = [&](double z) { return fairDpSgdLedger(s.accountant, s.delta, z, sensitivity, q, 1); };
  const double z = calibrateMultiplier(ledgerAt, s.epsilon);
  const PrivacyLedger ledger = ledgerAt(z);
  requireAuditFault(s.fault, {AuditFault::NoiseQuarter, AuditFault::NoiseTwoThirds, AuditFault::SkipClip}, "dpsgd-canary");
  S->noiseMultiplier = auditNoiseFactor(s.fault) * z;
  if (s.fault == AuditFault::SkipClip) {
    st.clipGradient = 1e9;  // the clip is skipped, the noise still believes in C
    S->noiseMultiplier = z * sensitivity / fairStepSensitivity(D, st, S->batch);
  }
  // The attacker's direction: the noiseless difference of the clipped gradients of D and D'.
  Rng unused = makeRng(seed, 5);
  const FairGradient gD = fairGradient(S->net, S->dataD, S->dataD.cells, st, unused);
  const FairGradient gP = fairGradient(S->net, S->dataP, S->dataP.cells, st, unused);
  const Vector diff = (gP.loss + gP.penalty) - (gD.loss + gD.penalty);
  require(diff.norm() > 0, "the canary does not move the gradient");
  S->direction = diff / diff.norm();
  AuditTarget out;
  out.claimedEpsilon = ledger.epsilon();
  out.claimedDelta = ledger.delta();
  out.noiseScale = S->noiseMultiplier * fairStepSensitivity(D, st, S->batch);
  if (st.noiseSource == NoiseSource::OsEntropy)  // the grid law fairDpSgdStep draws (1/64 more noise)
    out.noiseScale = Mechanism::discreteGaussianOnGrid(out.noiseScale, fairStepSensitivity(D, st, S->batch),
                                                       long(S->net.parameterCount())).scale();
  out.trial = [S](bool neighbour, Rng& rng) {
    S->net.setParameters(S->theta0);
    fairDpSgdStep(S->net, neighbour ? S->dataP : S->dataD, S->batch, S->st, S->noiseMultiplier, rng);
    const Vector released = S->net.parameters();
    return ((S->theta0 - released) / S->st.learningRate).dot(S->direction);
  };
  return out;
}

}  // namespace dpw
