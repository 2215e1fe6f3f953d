// The one-run estimator of Steinke, Nasr & Jagielski (NeurIPS 2023; audit/one_run_audit.h, issue #36):
// its p-value and bound against a closed form and an independent exact re-implementation
// (tests/reference/one_run_audit_reference.py, rational arithmetic), and its behaviour on scores.
#include <QtTest>
#include <cmath>
#include <random>

#include "audit/one_run_audit.h"
#include "core/error.h"
#include "support/throws_with.h"

using namespace dpw;

class TestOneRunAudit : public QObject {
  Q_OBJECT
 private slots:
  // δ = 0 and every guess right: f(r) = p^r, so the bound is the ε with p^r = β, p = β^{1/r},
  // ε = ln(p / (1 − p)) (bisection to 1e-7).
  void allCorrectPureClosedForm() {
    for (long r : {5L, 20L, 300L, 5000L}) {
      const double p = std::pow(0.05, 1.0 / double(r)), closed = std::log(p / (1 - p));
      QVERIFY2(std::abs(oneRunEpsilonLowerBound(10000, r, r, 0.0, 0.05) - closed) < 1e-6,
               qPrintable(QString::number(r)));
    }
    // and the p-value there is β: f(r) = p^r
    QVERIFY(std::abs(oneRunPValue(100, 20, 20, std::log(std::pow(0.05, 0.05) / (1 - std::pow(0.05, 0.05))), 0) -
                     0.05) < 1e-12);
  }

  // Values of the reference script (exact sums in fractions of the same floats; bisection to 1e-7):
  // agreement to 1e-6 in ε, 1e-9 relative in the p-value.
  void matchesExactReference() {
    struct Case {
      long m, r, v;
      double delta, beta, bound;
    };
    for (const Case& c : {Case{100, 20, 20, 0.0, 0.05, 1.82271558791399}, Case{100, 20, 18, 0.0, 0.05, 0.9315096773207188},
                          Case{1000, 100, 95, 1e-5, 0.05, 2.165175788104534},
                          Case{1000, 200, 200, 1e-5, 0.005, 3.5120993480086327},
                          Case{200, 40, 30, 1e-3, 0.05, 0.2951088175177574}})
      QVERIFY2(std::abs(oneRunEpsilonLowerBound(c.m, c.r, c.v, c.delta, c.beta) - c.bound) < 1e-6,
               qPrintable(QString("m %1 r %2 v %3").arg(c.m).arg(c.r).arg(c.v)));
    struct PCase {
      long m, r, v;
      double eps, delta, p;
    };
    for (const PCase& c : {PCase{1000, 100, 95, 2.0, 1e-5, 0.017824634643071487},
                           PCase{200, 40, 30, 1.0, 1e-3, 0.5303221027025093},
                           PCase{1000, 200, 199, 4.0, 1e-4, 0.1627501813023757}})
      QVERIFY(std::abs(oneRunPValue(c.m, c.r, c.v, c.eps, c.delta) / c.p - 1) < 1e-9);
  }

  // The δ term only ever raises the p-value (so lowers the bound), and more canaries at the same δ
  // raise it more (2mδ); δ = 0 leaves Binomial's tail.
  void deltaTermLowersTheBound() {
    const double pure = oneRunEpsilonLowerBound(1000, 200, 195, 0, 0.05);
    const double small = oneRunEpsilonLowerBound(1000, 200, 195, 1e-6, 0.05);
    const double many = oneRunEpsilonLowerBound(100000, 200, 195, 1e-6, 0.05);
    QVERIFY(pure >= small && small > many);
    QVERIFY(pure - small < 0.05);  // 2mδ = 0.002: a small change
  }

  // Chance: scores unrelated to the bits give (almost always) no bound; separated scores a positive one,
  // and the guesses reported are consistent (correct ≤ guesses, candidates counted for the union bound).
  void scoresChanceAndSeparated() {
    std::mt19937_64 gen(7);
    std::normal_distribution<double> n01;
    std::bernoulli_distribution coin(0.5);
    const long m = 2000;
    std::vector<double> noise(m), shifted(m);
    std::vector<bool> bits(m);
    for (long i = 0; i < m; ++i) {
      bits[std::size_t(i)] = coin(gen);
      noise[std::size_t(i)] = n01(gen);
      shifted[std::size_t(i)] = n01(gen) + (bits[std::size_t(i)] ? 4.0 : 0.0);
    }
    const OneRunAuditResult chance = oneRunAuditFromScores(noise, bits, 1e-5);
    QCOMPARE(chance.epsilonLowerBound, 0.0);  // a false rejection has probability ≤ β = 0.05 (seed fixed)
    const OneRunAuditResult sep = oneRunAuditFromScores(shifted, bits, 1e-5);
    // 4σ apart: the top 500 and bottom 500 of 2000 are nearly all right; the bound is well above 2.
    QVERIFY2(sep.epsilonLowerBound > 2.0, qPrintable(QString::number(sep.epsilonLowerBound)));
    QVERIFY(sep.correct <= sep.guessesIn + sep.guessesOut && sep.correct > 0);
    QCOMPARE(sep.candidates, 14L);  // k ∈ {10, 20, 50, 100, 200, 500, 1000} x (both sides, "in" only)
    QCOMPARE(sep.canaries, m);
    // the reported bound is the one of its own guesses at β / candidates
    QVERIFY(std::abs(sep.epsilonLowerBound - oneRunEpsilonLowerBound(m, sep.guessesIn + sep.guessesOut, sep.correct,
                                                                     1e-5, 0.05 / 14)) < 1e-12);
  }

  void refusesBadInput() {
    QVERIFY(dpwtest::throwsInternalWith([&] { oneRunPValue(10, 5, 6, 1, 0); },
                                         "need 0 <= correct <= guesses <= canaries"));
    QVERIFY(dpwtest::throwsInternalWith([&] { oneRunPValue(10, 11, 5, 1, 0); },
                                         "need 0 <= correct <= guesses <= canaries"));
    QVERIFY(dpwtest::throwsInternalWith([&] { oneRunEpsilonLowerBound(10, 5, 5, 0, 1.0); }, "beta must lie in (0, 1)"));
    const std::vector<double> ten(10, 0.0), thirty(30, 0.0);
    QVERIFY(dpwtest::throwsInternalWith([&] { oneRunAuditFromScores(ten, std::vector<bool>(10), 0); },
                                         "at least 20 canaries"));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, oneRunAuditFromScores(std::vector<double>(30, NAN), std::vector<bool>(30), 0));
    QVERIFY(dpwtest::throwsInternalWith([&] { oneRunAuditFromScores(thirty, std::vector<bool>(29), 0); },
                                         "one inclusion bit per canary"));
  }
};

QTEST_APPLESS_MAIN(TestOneRunAudit)
#include "tst_one_run_audit.moc"
