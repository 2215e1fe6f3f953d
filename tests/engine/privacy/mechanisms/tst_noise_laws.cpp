// The noise-law registry (privacy/mechanisms/noise_law.h, laws/law_list.h; issue #21): every law's
// descriptor (privacy/mechanisms/laws/<law>.cpp) is complete and agrees with the Mechanism API, the choice
// lists and the count-release formulas, in one loop over the registry; this test covers a new law without
// being edited. The laws' draws are tested through Mechanism (tst_mechanisms.cpp: moments, replay) and their
// exact samplers in tst_discrete_noise.cpp. A law's own test, if it needs one, mirrors its file:
// tests/engine/privacy/mechanisms/laws/tst_<law>.cpp.
#include <QtTest>

#include <cmath>
#include <set>
#include <string>

#include "core/error.h"
#include "privacy/mechanisms/mechanisms.h"
#include "privacy/mechanisms/noise_law.h"
#include "privacy/mechanisms/secure_noise.h"

using namespace dpw;

class TestNoiseLaws : public QObject {
  Q_OBJECT
 private slots:
  void everyLawIsCompleteAndListedOnce() {
    const auto& laws = noiseLawRegistry();
    QVERIFY(!laws.empty());
    QCOMPARE(noiseMechanismIds().size(), laws.size());
    std::set<std::string> ids;
    for (std::size_t i = 0; i < laws.size(); ++i) {
      const NoiseLaw& law = *laws[i];
      QVERIFY2(ids.insert(law.id).second, law.id);
      QCOMPARE(noiseMechanismIds()[i], std::string(law.id));
      QVERIFY(parseNoiseMechanism(law.id) == law.kind);
      QCOMPARE(noiseMechanismId(law.kind), std::string(law.id));
      QVERIFY(&noiseLaw(law.kind) == &law);
      QCOMPARE(isDiscrete(law.kind), law.discrete);
      QVERIFY(law.displayName && *law.displayName);
      QVERIFY(law.describe && law.reach && law.normaliser && law.density && law.cdf && law.histogram &&
              law.releaseEpsilon);
      QVERIFY(law.scaleSymbol && *law.scaleSymbol && law.releaseBound && *law.releaseBound);
      if (law.discrete) QVERIFY(law.drawInteger && law.unitScale && !law.addSeeded);
      else QVERIFY(law.addSeeded && !law.drawInteger && !law.unitScale);
    }
  }

  // The histogram release of every law: noise for a finite ε, a statement, and the count-release
  // density (through CountRelease) sums / integrates to 1 with a cdf that reaches 1.
  void histogramAndCountReleaseAgree() {
    for (const NoiseLaw* law : noiseLawRegistry()) {
      const Mechanism m = law->histogram(1.0, 1e-5, 100);
      QVERIFY2(!m.isNone() && m.scale() > 0, law->id);
      QVERIFY(m.law() == law->kind);
      // The ledger's reading of the release (releaseEpsilon at multiplier = scale / Δ) gives back the ε it was
      // calibrated for: Δ of the histogram of 100 rows is 2 (L1) or √2 (L2) on the counts (discrete laws), ÷ 100
      // on the frequencies. Never above 1 (beyond rounding, 1e-12), and below by at most the calibrations'
      // rounding toward more noise: the discrete Gaussian's σ² on the 2^-20 grid (≈ 6e-8 relative at σ² ≈ 33),
      // the analytic Gaussian's μ at 1e-13; 1e-6 covers both.
      const double counts = law->norm == SensitivityNorm::L1 ? 2.0 : std::sqrt(2.0);
      const double delta = law->discrete ? counts : counts / 100;
      const double eps = law->releaseEpsilon(m.scale() / delta, 1e-5);
      QVERIFY2(eps <= 1 + 1e-12 && eps >= 1 - 1e-6, qPrintable(QString("%1: %2").arg(law->id).arg(eps, 0, 'g', 17)));
      QVERIFY_THROWS_EXCEPTION(InvalidArgument, law->releaseEpsilon(0.0, 1e-5));
      QVERIFY(!m.describe().empty());
      const double s = 3.0, norm = law->normaliser(s);
      const double w = 2 * law->reach(s);
      double mass = 0;
      if (law->discrete) {
        for (double z = -w; z <= w; z += 1) mass += law->density(z, s, norm);
      } else {
        const int points = 20001;
        const double h = 2 * w / (points - 1);
        for (int i = 0; i < points; ++i) mass += (i == 0 || i == points - 1 ? 0.5 : 1.0) * law->density(-w + h * i, s, norm) * h;
      }
      QVERIFY2(std::abs(mass - 1) < 1e-5, law->id);
      QVERIFY2(law->cdf(-w, s, norm) < 1e-5 && law->cdf(w, s, norm) > 1 - 1e-5, law->id);
      QVERIFY2(std::abs(law->cdf(0, s, norm) - (law->discrete ? 0.5 + 0.5 * law->density(0, s, norm) : 0.5)) < 1e-9,
               law->id);
    }
  }

  // Seeded draws through the descriptor are the Mechanism's draws (same words, same order).
  void seededDrawsGoThroughTheDescriptor() {
    for (const NoiseLaw* law : noiseLawRegistry()) {
      const Mechanism m = law->histogram(1.0, 1e-5, 1);
      std::vector<double> a(7, 0.0), b(7, 0.0);
      Rng r1 = makeRng(11), r2 = makeRng(11);
      m.addTo(std::span<double>(a), r1);
      if (law->discrete) {
        SeededWords words(r2);
        for (double& v : b) v = double(law->drawInteger(m.discreteParameter(), words));
      } else {
        law->addSeeded(std::span<double>(b), m.scale(), r2);
      }
      QVERIFY2(a == b, law->id);
      QVERIFY2(r1() == r2(), law->id);
    }
  }
};

QTEST_APPLESS_MAIN(TestNoiseLaws)
#include "tst_noise_laws.moc"
