#pragma once
// The shape every one-run audit test of a whole run shares (audit/one_run_targets.h): the three rows (a
// correct run at claim 8, the noise x 0.67 at claim 8, the noise / 4 at claim 2), the audit run with 1000
// canaries and printed as the tables of docs/privacy-audits.md quote it, and the verdicts: a correct run stays
// below its claim in all four readings, noise x 0.67 is caught by the Gaussian-DP reading and noise / 4 by the
// proven bound (audit/one_run_audit.h says why the proven bound cannot reach a claim of 8).
#include <QtTest>

#include <cstdint>

#include "audit/mechanism_audits.h"
#include "audit/one_run_targets.h"

namespace dpwtest {

/// The rows: columns epsilon (the claim) and fault (an AuditFault).
inline void oneRunAuditRows() {
  QTest::addColumn<double>("epsilon");
  QTest::addColumn<int>("fault");
  QTest::newRow("claim 8, correct") << 8.0 << int(dpw::AuditFault::None);
  QTest::newRow("claim 8, noise x 0.67") << 8.0 << int(dpw::AuditFault::NoiseTwoThirds);
  QTest::newRow("claim 2, noise / 4") << 2.0 << int(dpw::AuditFault::NoiseQuarter);
}

/// Runs `mechanism`'s one-run audit with 1000 canaries and prints the claim and every reading.
inline dpw::OneRunAudit loggedOneRunAudit(const char* mechanism, double epsilon, dpw::AuditFault fault,
                                          std::uint64_t seed) {
  dpw::MechanismAuditSettings s;
  s.mechanism = mechanism;
  s.epsilon = epsilon;
  s.trials = 1000;
  s.fault = fault;
  const dpw::OneRunAudit a = dpw::runOneRunAudit(s, seed);
  qInfo("claim %.3f, one-run %.3f (%ld of %ld right, %ld canaries), Gaussian-DP family %.3f (mu %.3f), %.1f s",
        a.claimedEpsilon, a.steinke.epsilonLowerBound, a.steinke.correct, a.steinke.guessesIn + a.steinke.guessesOut,
        a.canaries, a.gdp.epsilonLowerBound, a.gdp.muLowerBound, a.seconds);
  qInfo("f-DP one-run: (eps, delta) curve %.3f (%ld of %ld), Gaussian curve %.3f (%ld of %ld)",
        a.fdpApproximateDp.epsilonLowerBound, a.fdpApproximateDp.correct,
        a.fdpApproximateDp.guessesIn + a.fdpApproximateDp.guessesOut, a.fdpGaussian.epsilonLowerBound,
        a.fdpGaussian.correct, a.fdpGaussian.guessesIn + a.fdpGaussian.guessesOut);
  qInfo("order statistics: (eps, delta) pair %.3f (%ld of %ld), G_mu pair %.3f (%ld of %ld)",
        a.tightApproximateDp.epsilonLowerBound, a.tightApproximateDp.correct,
        a.tightApproximateDp.guessesIn + a.tightApproximateDp.guessesOut, a.tightGaussian.epsilonLowerBound,
        a.tightGaussian.correct, a.tightGaussian.guessesIn + a.tightGaussian.guessesOut);
  return a;
}

/// The checks every row makes: the Gaussian f-DP curve (a stronger claim) reads at least the (ε, δ) curve, the
/// claim is the target calibrated from below (pld and pld-wor stop within 1e-9 relative on σ), and the
/// verdict of the row's fault (see the top of this file). The caller checks that a correct run sees its canaries.
inline void checkOneRunVerdict(const dpw::OneRunAudit& a, double epsilon, dpw::AuditFault fault) {
  QVERIFY(a.fdpGaussian.epsilonLowerBound >= a.fdpApproximateDp.epsilonLowerBound - 1e-6);
  // The order statistics' (ε, δ) pair (audit/one_run_tight.h) is the exact ceiling of the counts for an (ε, δ)
  // claim: at or above the f-DP bound on the same grid (bisection tolerances 1e-5 and 1e-7), within 0.02 of it
  // at 1000 canaries.
  QVERIFY(a.tightApproximateDp.epsilonLowerBound >= a.fdpApproximateDp.epsilonLowerBound - 1e-4);
  QVERIFY(a.tightApproximateDp.epsilonLowerBound <= a.fdpApproximateDp.epsilonLowerBound + 0.02);
  QVERIFY(a.claimedEpsilon <= epsilon && a.claimedEpsilon > epsilon * (1 - 1e-6));
  if (fault == dpw::AuditFault::None) {
    QVERIFY(a.steinke.epsilonLowerBound <= a.claimedEpsilon);
    QVERIFY(a.gdp.epsilonLowerBound <= a.claimedEpsilon);
    QVERIFY(a.fdpApproximateDp.epsilonLowerBound <= a.claimedEpsilon);
    QVERIFY(a.fdpGaussian.epsilonLowerBound <= a.claimedEpsilon);
    QVERIFY(a.tightApproximateDp.epsilonLowerBound <= a.claimedEpsilon);
    QVERIFY(a.tightGaussian.epsilonLowerBound <= a.claimedEpsilon);
  } else if (fault == dpw::AuditFault::NoiseTwoThirds) {
    QVERIFY(a.gdp.epsilonLowerBound > a.claimedEpsilon);
    QVERIFY(a.tightGaussian.epsilonLowerBound > a.claimedEpsilon);  // refutes μ-GDP (not the ledger's claim)
  } else {
    QVERIFY(a.steinke.epsilonLowerBound > a.claimedEpsilon);
    QVERIFY(a.tightApproximateDp.epsilonLowerBound > a.claimedEpsilon);
  }
}

}  // namespace dpwtest
