// Tests of engine/flow/flow_directions.h: orthonormal blocks and their exact sensitivity.
#include <QtTest>

#include "core/error.h"
#include "core/rng.h"
#include "flow/flow_directions.h"

using namespace dpw;

class TestFlowDirections : public QObject {
  Q_OBJECT
 private slots:
  // Each full block is orthonormal (Θ_b Θ_bᵀ = I to 1e-12, a d x d QR), every row has norm 1, and
  // ‖Θv‖² ≤ ⌈k/d⌉ ‖v‖² for 2000 random v (the bound behind Δ = 2√⌈k/d⌉), with equality when k is a
  // multiple of d (ΘᵀΘ = (k/d) I).
  void blocksAreOrthonormalAndTheBoundIsExact() {
    Rng rng = makeRng(6, 0);
    for (const auto& [k, d] : std::vector<std::pair<long, long>>{{2, 2}, {5, 2}, {8, 8}, {70, 8}, {3, 8}}) {
      const Points T = orthonormalDirectionBlocks(k, d, rng);
      QCOMPARE(T.rows(), Eigen::Index(k));
      for (long j0 = 0; j0 + d <= k; j0 += d) {
        const Eigen::MatrixXd G = T.middleRows(j0, d) * T.middleRows(j0, d).transpose();
        QVERIFY((G - Eigen::MatrixXd::Identity(d, d)).norm() < 1e-12);
      }
      QVERIFY((T.rowwise().norm().array() - 1).abs().maxCoeff() < 1e-12);
      const double blocks = double((k + d - 1) / d);
      QCOMPARE(orthonormalBlockSensitivity(k, d), 2 * std::sqrt(blocks));
      const Points V = standardNormal(2000, d, rng);
      for (Eigen::Index i = 0; i < V.rows(); ++i) {
        const double ratio = (T * V.row(i).transpose()).squaredNorm() / V.row(i).squaredNorm();
        QVERIFY(ratio <= blocks * (1 + 1e-12));
        if (k % d == 0) QVERIFY(std::abs(ratio - blocks) < 1e-9);
      }
    }
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, orthonormalDirectionBlocks(0, 2, rng));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, orthonormalBlockSensitivity(1, 0));
  }
};

QTEST_APPLESS_MAIN(TestFlowDirections)
#include "tst_flow_directions.moc"
