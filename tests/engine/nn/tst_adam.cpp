// Tests of engine/nn/adam.h: two steps against a hand computation of Kingma & Ba 2015, Algorithm 1, the
// state it keeps, and the throws.
#include <QtTest>
#include <cmath>

#include "core/error.h"
#include "core/internal_error.h"
#include "nn/adam.h"

using namespace dpw;
using namespace dpw::nn;

class TestAdam : public QObject {
  Q_OBJECT
 private slots:
  // α = 0.1, β₁ = 0.9, β₂ = 0.999, ε = 1e-8, gradients g₁ then g₂ for three coordinates.
  // Step 1: m̂ = g₁, v̂ = g₁², Δ₁ = −α g₁/(|g₁| + ε).
  // Step 2: m₂ = 0.9·0.1 g₁ + 0.1 g₂, v₂ = 0.999·0.001 g₁² + 0.001 g₂², m̂ = m₂/(1 − 0.9²) = m₂/0.19,
  //         v̂ = v₂/(1 − 0.999²) = v₂/0.001999, Δ₂ = −α m̂/(√v̂ + ε).
  // The expected values were worked out in 40-digit decimal arithmetic, e.g. coordinate 1: m₂ = −0.055,
  // v₂ = 0.00124975, m̂ = −0.2894736842…, v̂ = 0.6251875937…, Δ₂ = 0.0366103522405656….
  // A dozen double roundings on values ≤ 7 leave errors ~1e-15; tolerance 1e-14. A wrong bias correction
  // (e.g. 1 − β instead of 1 − βᵗ) moves Δ₂ by ≥ 1e-3.
  void twoStepsMatchAHandComputation() {
    Adam adam;
    QCOMPARE(adam.steps(), 0L);
    const Vector g1{{0.5, -2.0, 0.0}}, g2{{-1.0, 3.0, 0.25}};
    const Vector d1 = adam.step(g1, 0.1);
    const Vector want1{{-0.09999999800000004, 0.0999999995, 0.0}};
    QVERIFY2((d1 - want1).cwiseAbs().maxCoeff() < 1e-14, qPrintable(QString::number(d1[0], 'g', 17)));
    QCOMPARE(adam.steps(), 1L);
    const Vector d2 = adam.step(g2, 0.1);
    const Vector want2{{0.03661035224056564, -0.02477018151626894, -0.07441367814827792}};
    for (Eigen::Index j = 0; j < 3; ++j)
      QVERIFY2(std::abs(d2[j] - want2[j]) < 1e-14,
               qPrintable(QString("coordinate %1: %2 vs %3").arg(j).arg(d2[j], 0, 'g', 17).arg(want2[j], 0, 'g', 17)));
    QCOMPARE(adam.steps(), 2L);
    // The raw moments (before bias correction) after step 2.
    QVERIFY(std::abs(adam.firstMoment()[0] - (-0.055)) < 1e-16);
    QVERIFY(std::abs(adam.secondMoment()[0] - 0.00124975) < 1e-17);
  }

  // Other β and ε are used: with β₁ = β₂ = 0 every step is −α g/(|g| + ε), the sign step.
  void zeroBetasGiveTheSignStep() {
    Adam adam(0.0, 0.0, 0.5);
    adam.step(Vector{{4.0}}, 1.0);
    const Vector d = adam.step(Vector{{-1.5}}, 1.0);
    QCOMPARE(d[0], 1.5 / 2.0);  // −1·(−1.5)/(1.5 + 0.5), exact in binary
  }

  void throwsOnBadInput() {
    // The engine's own constants (no user sets Adam's betas or epsilon): out of range is a bug.
    QVERIFY_THROWS_EXCEPTION(InternalError, Adam(1.0));
    QVERIFY_THROWS_EXCEPTION(InternalError, Adam(0.9, -0.1));
    QVERIFY_THROWS_EXCEPTION(InternalError, Adam(0.9, 0.999, -1));
    Adam adam;
    adam.step(Vector::Ones(3), 0.1);
    QVERIFY_THROWS_EXCEPTION(InternalError, adam.step(Vector::Ones(4), 0.1));  // a state of another network: a bug
  }
};

QTEST_APPLESS_MAIN(TestAdam)
#include "tst_adam.moc"
