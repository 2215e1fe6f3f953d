// Tests of engine/privacy/projection_sensitivity.h against the values of reference sections 1-2.
#include <QtTest>

#include "core/error.h"
#include "privacy/projection_sensitivity.h"

using namespace dpw;

class TestProjectionSensitivity : public QObject {
  Q_OBJECT
 private slots:
  // Reference §1: the paper's Bernstein bound for k = 200, d = 784, δ = 5e-6 is 2.918610.
  void bernsteinMatchesPaper() {
    QVERIFY(std::abs(projectionSensitivityBernstein(200, 784, 5e-6) - 2.918610) < 5e-7);
  }
  // Reference §1: the DP-SWD code's quirk (k counted twice under the root) gives 3.189293.
  void dpSwdCodeQuirkMatchesReference() {
    QVERIFY(std::abs(projectionSensitivityBernsteinDpSwdCode(200, 784, 5e-6) - 3.189293) < 5e-7);
    // Same as the paper's bound when k = 1 (k² = k), larger for k > 1.
    QVERIFY(std::abs(projectionSensitivityBernsteinDpSwdCode(1, 50, 1e-3) - projectionSensitivityBernstein(1, 50, 1e-3)) < 1e-15);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, projectionSensitivityBernsteinDpSwdCode(0, 8, 1e-5));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, projectionSensitivityBernsteinDpSwdCode(10, 8, 1.0));
  }
  // Reference §2: Δ(k=70, d=8, δ=1e-5) = 2 w_CLT(70, 8, δ/2) = 7.5408151363.
  void cltMatchesFlowReference() {
    QVERIFY(std::abs(2 * projectionSensitivityClt(70, 8, 1e-5 / 2) - 7.5408151363) < 1e-9);
  }
  // The bounds exceed the mean sqrt(k/d) and grow as δ shrinks.
  void monotoneInDelta() {
    for (long k : {5L, 50L, 500L}) {
      QVERIFY(projectionSensitivityBernstein(k, 10, 1e-6) > projectionSensitivityBernstein(k, 10, 1e-3));
      QVERIFY(projectionSensitivityClt(k, 10, 1e-6) > projectionSensitivityClt(k, 10, 1e-3));
      QVERIFY(projectionSensitivityClt(k, 10, 1e-3) > std::sqrt(k / 10.0));
    }
  }
  void badInputThrows() {
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, projectionSensitivityClt(0, 8, 1e-5));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, projectionSensitivityClt(10, 0, 1e-5));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, projectionSensitivityBernstein(10, 8, 0.0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, projectionSensitivityBernstein(10, 8, 1.0));
  }
};

QTEST_APPLESS_MAIN(TestProjectionSensitivity)
#include "tst_projection_sensitivity.moc"
