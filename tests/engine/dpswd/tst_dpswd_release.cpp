// The DP-SWD release's audit hook (dpswd/dpswd_release.h, SlicedOptions::releasedY): it receives Y's noisy
// projections exactly as the distance used them.
#include <QtTest>
#include <cmath>

#include "core/rng.h"
#include "dpswd/dpswd_release.h"
#include "ot/directions.h"
#include "ot/wasserstein_1d.h"

using namespace dpw;

class TestDpswdRelease : public QObject {
  Q_OBJECT
 private slots:
  // X's noisy projections are noisyProjections' (stream j, X first); with the recorded Y's, every direction's
  // W₂² is the one the release computed, to rounding: the hook holds the values used, not another draw.
  void releasedYIsWhatTheDistanceUsed() {
    Rng rng = makeRng(11, 0);
    const Points X = standardNormal(7, 3, rng), Y = standardNormal(5, 3, rng), theta = randomDirections(6, 3, rng);
    Points released;
    SlicedOptions o;
    o.noiseStd = 0.7, o.noiseSeed = 99, o.releasedY = &released;
    const SlicedResult r = slicedW2SquaredWithGradients(X, Y, theta, o);
    QCOMPARE(released.rows(), theta.rows());
    QCOMPARE(released.cols(), Y.rows());
    const Points noisyX = noisyProjections(X, theta, o);
    const Points exactY = theta * Y.transpose();
    double noiseSquares = 0;
    for (Eigen::Index j = 0; j < theta.rows(); ++j) {
      const double w = w2Squared(noisyX.row(j).transpose(), released.row(j).transpose());
      QVERIFY2(std::abs(w - r.perDirection[j]) < 1e-9 * (1 + w), qPrintable(QString::number(w - r.perDirection[j])));
      noiseSquares += (released.row(j) - exactY.row(j)).squaredNorm();
    }
    QVERIFY(noiseSquares > 0);  // the noise is in it
    o.releasedY = nullptr;  // without the hook the release is the same
    QCOMPARE(slicedW2SquaredWithGradients(X, Y, theta, o).value, r.value);
  }
};

QTEST_APPLESS_MAIN(TestDpswdRelease)
#include "tst_dpswd_release.moc"
