// Attacks on the privacy claims through the production code (issue #23):
// - the published-seed attack: the seed is written to summary.json and scenario.json, so in secure mode it
//   must not determine which private rows a step uses (the subsampling amplification would be void);
//   in teaching mode it does (full replay, and the statement says so);
// - the neighbouring-row probe: the released and public reference values (the flows' SW₂² floor) must not
//   move when one private row changes, while a floor computed on the private rows does.
#include <QtTest>
#include <map>

#include "core/method.h"
#include "fair_learning/fair_dpsgd.h"
#include "methods/flow/dpsw_flow.h"
#include "ot/directions.h"
#include "ot/sliced_wasserstein.h"

using namespace dpw;

namespace {

using Pattern = std::map<std::pair<long, std::size_t>, std::vector<Eigen::Index>>;

DpswFlowSettings smallFlow(NoiseSource source) {
  DpswFlowSettings s;
  s.particles = 100;
  s.data.toySize = 400;
  s.batch = 40;
  s.steps = 6;
  s.frameEvery = 6;
  s.privacy.epsilon = 5;
  s.privacy.noiseSource = source;
  return s;
}

Pattern inclusionPattern(DpswFlowSettings s, std::uint64_t seed) {
  Pattern p;
  s.inspectBatchRows = [&](long t, std::size_t g, const std::vector<Eigen::Index>& rows) { p[{t, g}] = rows; };
  CollectingObserver obs;
  runDpswFlow(s, seed, obs);
  return p;
}

std::vector<std::vector<Eigen::Index>> fairBatches(NoiseSource source, std::uint64_t seed) {
  FairTrainingData data;
  data.X = nn::Matrix::Random(200, 3);
  data.target = nn::Matrix::Zero(200, 1);
  for (Eigen::Index i = 0; i < 200; ++i) data.cells.resize(2), data.cells[std::size_t(i % 2)].push_back(i);
  Rng init = makeRng(1, 0);
  nn::DenseNetwork net({3, 1}, {nn::Activation::Sigmoid}, init);
  FairStepSettings st;
  st.noiseSource = source;
  Rng rng = makeRng(seed, 5);
  return fairDpSgdStep(net, data, {20, 20}, st, 2.0, rng).batches;
}

}  // namespace

class TestSecureModeAttacks : public QObject {
  Q_OBJECT
 private slots:
  // DPSWflow-r (Poisson inclusion coins): the attacker reruns the published seed and reads off the steps in
  // which each row was sampled. Teaching mode: the same pattern (every step, bit for bit). Secure mode: two
  // runs with the same seed share no step's batch (40 of 400 rows per step: equal batches by chance have
  // probability far below 1e-30).
  void publishedSeedRevealsNoBatchInSecureMode() {
    const Pattern t1 = inclusionPattern(smallFlow(NoiseSource::Seeded), 1), t2 = inclusionPattern(smallFlow(NoiseSource::Seeded), 1);
    QCOMPARE(t1.size(), std::size_t(6));
    QVERIFY(t1 == t2);
    const Pattern s1 = inclusionPattern(smallFlow(NoiseSource::OsEntropy), 1),
                  s2 = inclusionPattern(smallFlow(NoiseSource::OsEntropy), 1);
    QCOMPARE(s1.size(), std::size_t(6));
    long sameSteps = 0, rows = 0;
    for (const auto& [key, batch] : s1) sameSteps += s2.at(key) == batch, rows += long(batch.size());
    QCOMPARE(sameSteps, 0L);
    QVERIFY(rows > 6 * 20);  // the batches are not empty (Poisson, expected 40 rows each)
    // Nor does the seed reproduce the secure run's batches in teaching mode.
    for (const auto& [key, batch] : s1) QVERIFY(t1.at(key) != batch);
  }
  // The fair-learning batches (fixed size per cell, without replacement): same attack.
  void publishedSeedRevealsNoFairBatchInSecureMode() {
    QVERIFY(fairBatches(NoiseSource::Seeded, 3) == fairBatches(NoiseSource::Seeded, 3));
    const auto a = fairBatches(NoiseSource::OsEntropy, 3), b = fairBatches(NoiseSource::OsEntropy, 3);
    QCOMPARE(a.size(), std::size_t(2));
    QVERIFY(a[0] != b[0] && a[1] != b[1]);
  }
  // Replacing one private ring5 row: the run's floor (from a public reference sample) does not move at all;
  // the old floor computed on the private rows moves (the probe has power: ~3% in the measurement).
  void floorDoesNotMoveWithOnePrivateRow() {
    DpswFlowSettings s = smallFlow(NoiseSource::Seeded);
    s.steps = 2;
    double privateFloor[2] = {0, 0};
    auto run = [&](bool replace) {
      s.editData = [&](FlowData& d) {
        if (replace) d.privateData.row(0) << 0.9, 0.0;  // a far-away row (unit ball)
        Rng r = makeRng(3, 3);
        privateFloor[replace] = slicedW2Squared(d.privateData, d.heldOut, randomDirections(200, 2, r)).value;
      };
      CollectingObserver obs;
      return runDpswFlow(s, 1, obs).metrics.at("sw2_floor");
    };
    const double before = run(false), after = run(true);
    QCOMPARE(after, before);  // bitwise
    QVERIFY2(std::abs(privateFloor[1] - privateFloor[0]) > 1e-3 * privateFloor[0],
             qPrintable(QString("%1 vs %2").arg(privateFloor[0]).arg(privateFloor[1])));
  }
  // The registered method in secure mode: the statement says what the seed still reproduces; teaching mode
  // says anyone with the seed can undo the noise and the sampling.
  void statementsSayWhatTheSeedReveals() {
    const MethodInfo& m = findMethod("dpswflow-r");
    ParamValues p(m.params);
    p.set("toy_size", 400.0), p.set("particles", 100.0), p.set("batch", 40.0), p.set("steps", 3.0);
    CollectingObserver obs;
    const std::string teaching = m.run(p, 1, obs).privacyStatement;
    QVERIFY(teaching.find("undo both") != std::string::npos);
    p.set("noise_source", std::string("os-entropy"));
    const std::string secure = m.run(p, 1, obs).privacyStatement;
    QVERIFY(secure.find("sampling coins, batches, splits") != std::string::npos);
    QVERIFY(secure.find("Treated as public") != std::string::npos);
  }
};

QTEST_APPLESS_MAIN(TestSecureModeAttacks)
#include "tst_secure_mode_attacks.moc"
