// Tests of engine/privacy/fair_learning_sensitivity.h: closed forms of Thm 4.1(b)/A.1(b) and Thm 6.1,
// their agreement (Thm 6.1 is Thm A.1(b) with L₁ = L₂ = L plus the loss term), and the bound itself:
// the clipped gradient of fair/fair_dpsgd.h moves by at most Δ when one point per group is replaced,
// while the unclipped gradient does not obey it (so the check has teeth).
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "core/rng.h"
#include "fair/fair_dpsgd.h"
#include "privacy/fair_learning_sensitivity.h"

using namespace dpw;
using nn::Activation;
using nn::Matrix;

class TestFairLearningSensitivity : public QObject {
  Q_OBJECT
 private slots:
  void closedForms() {
    // 4 M max{(3L₁+L₂)/n, (L₁+3L₂)/m}: M = 2, L₁ = 1, L₂ = 3, n = 10, m = 20 → 8 max{0.6, 0.5} = 4.8.
    QCOMPARE(wassersteinGradientSensitivity(2, 1, 3, 10, 20), 4.8);
    // L₂ = 0 (fixed reference, App. C): 4 M max{3L/n, L/m}.
    QCOMPARE(wassersteinGradientSensitivity(1, 2, 0, 100, 100), 4 * 6.0 / 100);
    // Thm 6.1 SP: (1−α) 2C/n′ + α 16 M L / min n′_j, e.g. α = 0.5, C = 5, M = L = 1, n′ = 6000, min 2900.
    QVERIFY(std::abs(fairLearningSensitivity(0.5, 5, 1, 1, 6000, 2900) - (0.5 * 10 / 6000.0 + 0.5 * 16 / 2900.0)) <
            1e-18);
    // EO with R = 2: the penalty part is halved.
    QVERIFY(std::abs(fairLearningSensitivity(1, 5, 1, 1, 6000, 900, 2) - 8.0 / 900) < 1e-18);
    // α = 0 is plain DP-SGD, α = 1 is the penalty alone.
    QCOMPARE(fairLearningSensitivity(0, 5, 1, 1, 100, 7), 0.1);
  }

  // Thm 6.1's penalty part equals Thm A.1(b) with g = h (L₁ = L₂ = L) and n = m = min n′_j.
  void theorem61IsTheoremA1WithEqualBounds() {
    for (long m : {3L, 50L, 1234L})
      QVERIFY(std::abs(fairLearningSensitivity(1, 0, 0.7, 1.3, 10, m) - wassersteinGradientSensitivity(0.7, 1.3, 1.3, m, m)) <
              1e-15);
  }

  // Replace one point in each group's batch (relation ~₂) by an adversarial one (far away, large
  // features) and compare the clipped gradients: ‖G − G′‖ ≤ Δ on every trial (relative slack 1e-12 for
  // rounding). Without clipping, the same replacements exceed Δ on some trial.
  void clippedGradientObeysTheBound() {
    Rng rng = makeRng(11);
    const Eigen::Index n = 12, d = 3;
    FairTrainingData data;
    data.X = standardNormal(n + 2, d, rng);
    data.target = Matrix::Zero(n + 2, 1);
    for (Eigen::Index i = 0; i < n + 2; ++i) data.target(i, 0) = i % 2;
    data.cells = {{0, 1, 2, 3, 4}, {5, 6, 7, 8, 9, 10, 11}};
    const std::vector<std::vector<Eigen::Index>> B = data.cells;
    FairStepSettings s;
    s.alpha = 0.6;
    s.clipGradient = 0.5, s.clipOutput = 0.4, s.clipJacobian = 0.3;
    const double S = fairLearningSensitivity(s.alpha, s.clipGradient, s.clipOutput, s.clipJacobian, 12, 5);
    double worstClipped = 0, worstRaw = 0;
    for (int trial = 0; trial < 200; ++trial) {
      nn::DenseNetwork net({int(d), 4, 1}, {Activation::ReLU, Activation::Sigmoid}, rng);
      net.addToParameters(2.0 * standardNormal(net.parameterCount(), 1, rng).col(0));
      FairTrainingData other = data;
      const Eigen::Index r0 = trial % 5, r1 = 5 + trial % 7;
      other.X.row(r0) = 20.0 * standardNormal(1, d, rng);
      other.X.row(r1) = 20.0 * standardNormal(1, d, rng);
      other.target(r0, 0) = 1 - data.target(r0, 0);
      for (bool clip : {true, false}) {
        s.privatise = clip;
        Rng a = makeRng(1), b = makeRng(1);
        const FairGradient G = fairGradient(net, data, B, s, a), H = fairGradient(net, other, B, s, b);
        const double diff = ((G.loss + G.penalty) - (H.loss + H.penalty)).norm();
        (clip ? worstClipped : worstRaw) = std::max(clip ? worstClipped : worstRaw, diff);
      }
    }
    qInfo("Δ = %g, worst clipped change %g, worst unclipped change %g", S, worstClipped, worstRaw);
    QVERIFY(worstClipped <= S * (1 + 1e-12));
    QVERIFY(worstRaw > S);
  }

  void throwsOnBadInput() {
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, wassersteinGradientSensitivity(-1, 1, 1, 1, 1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, wassersteinGradientSensitivity(1, -1, 1, 1, 1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, wassersteinGradientSensitivity(1, 1, 1, 0, 1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, fairLearningSensitivity(1.5, 1, 1, 1, 1, 1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, fairLearningSensitivity(0.5, -1, 1, 1, 1, 1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, fairLearningSensitivity(0.5, 1, 1, 1, 0, 1));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, fairLearningSensitivity(0.5, 1, 1, 1, 1, 1, 0));
  }
};

QTEST_GUILESS_MAIN(TestFairLearningSensitivity)
#include "tst_fair_learning_sensitivity.moc"
