// Black-box end-to-end audits of the DP basics (methods/basics_run_audits.h on methods/method_run_audit.h): each
// lesson's registered run on two neighbouring inputs typed into its form, scored from its release metrics and
// charts. A correct run stays below its claim; the run calibrated for 4ε (noise / 4) is caught above it.
#include <QtTest>
#include <cmath>

#include "audit/mechanism_audits.h"
#include "core/method.h"
#include "core/internal_error.h"
#include "methods/method_run_audit.h"

using namespace dpw;

class TestBasicsRunAudits : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { allMethods(); }

  // ε = 1 typed; the claims are the runs' own (count, choice: 1; two surveys, two releases: 2). Runs a side chosen
  // for a few seconds each at load 15 (a count-query run computes its closed-form charts: about 4 ms of CPU, the
  // others well under 1 ms). Measured (seed 5), correct / noise / 4, distribution-free: count-query (300)
  // 0.221 / 2.436 (2000: 0.928 / 3.048); randomized response (2000) 1.773 / 5.546; clipped mean (2000)
  // 1.481 / 4.740; exponential mechanism (10^4) 0.279 / 1.395. `floor`: a share of the claim below the
  // measured one that a correct run must reach, so a score that lost its signal (reads 0) fails; the
  // exponential mechanism is ε/2-DP for votes (monotone under add/remove, basics_run_audits.h), so its ceiling
  // is ε/2.
  void correctAndBroken_data() {
    QTest::addColumn<QString>("mechanism");
    QTest::addColumn<long>("trials");
    QTest::addColumn<double>("floor");
    QTest::addColumn<double>("ceiling");
    const struct {
      const char* id;
      long trials;
      double floor, ceiling;
    } rows[] = {{"count-query-run", 300, 0.1, 1.0},
                {"randomized-response-run", 2000, 0.7, 1.0},
                {"clipped-mean-run", 2000, 0.5, 1.0},
                {"exponential-mechanism-run", 10000, 0.15, 0.5}};
    for (const auto& r : rows)
      QTest::newRow(r.id) << QString(r.id) << r.trials << r.floor << r.ceiling;
  }
  void correctAndBroken() {
    QFETCH(QString, mechanism);
    QFETCH(long, trials);
    QFETCH(double, floor);
    QFETCH(double, ceiling);
    for (const AuditFault fault : {AuditFault::None, AuditFault::NoiseQuarter}) {
      MechanismAuditSettings s;
      s.mechanism = mechanism.toStdString();
      s.epsilon = 1.0;
      s.trials = trials;
      s.fault = fault;
      QElapsedTimer timer;
      timer.start();
      const MechanismAudit a = auditMechanism(s, 5);
      qInfo("%s, fault %s: claim %.3f, distribution-free %.3f (%.2f of the claim), Gaussian-DP family %.3f (mu %.3f), "
            "%ld runs a side, %.1f s",
            s.mechanism.c_str(), auditFaultIds()[std::size_t(fault)].c_str(), a.claimedEpsilon,
            a.result.epsilonLowerBound, a.result.epsilonLowerBound / a.claimedEpsilon, a.gdp.epsilonLowerBound,
            a.gdp.muLowerBound, s.trials, double(timer.elapsed()) / 1000);
      QCOMPARE(a.claimedDelta, 0.0);  // all four are pure ε
      if (fault == AuditFault::None) {
        QVERIFY(a.result.epsilonLowerBound <= ceiling * a.claimedEpsilon);
        QVERIFY(a.result.epsilonLowerBound >= floor * a.claimedEpsilon);
      } else {
        QVERIFY(a.result.epsilonLowerBound > a.claimedEpsilon);
      }
    }
  }

  // The generic target refuses what it cannot plant, and runs only the method's own parameter checks.
  void refusals() {
    MechanismAuditSettings s;
    s.mechanism = "count-query-run";
    s.fault = AuditFault::SkipClip;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, auditMechanism(s, 5));
    s.fault = AuditFault::None;
    s.epsilon = 30;  // the count lesson takes ε ≤ 20
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, auditMechanism(s, 5));
    MethodRunAudit a;
    a.method = "count-query";
    QVERIFY_THROWS_EXCEPTION(InternalError, methodRunAuditTarget(a, MechanismAuditSettings{}));  // no score, no claim
  }
};

QTEST_GUILESS_MAIN(TestBasicsRunAudits)
#include "tst_basics_run_audits.moc"
