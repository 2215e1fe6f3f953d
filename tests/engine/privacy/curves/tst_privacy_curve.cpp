// Tests of engine/privacy/curves/privacy_curve.h: the "privacy" LinesFrame methods publish.
#include <QtTest>

#include "core/error.h"
#include "core/internal_error.h"
#include "privacy/accountants/accountant.h"
#include "privacy/curves/privacy_curve.h"

using namespace dpw;

class TestPrivacyCurve : public QObject {
  Q_OBJECT
 private slots:
  void frameHasOneGrowingSeriesPerAccountant() {
    PrivacyCurve curve({"rdp", "gdp"}, 1e-5);
    for (int i = 0; i < 5; ++i) curve.record(1.0, 0.01, 10);
    QCOMPARE(curve.step(), 50L);
    const FramePtr f = curve.frame();
    QCOMPARE(f->chart, std::string("privacy"));
    QCOMPARE(f->step, 50L);
    const auto& lines = std::get<LinesFrame>(f->data);
    QCOMPARE(lines.series.size(), size_t(2));
    QCOMPARE(lines.series[0].name, makeAccountant("rdp")->shortName());
    for (const auto& s : lines.series) {
      QCOMPARE(s.x.size(), size_t(6));  // the origin plus one point per record
      QCOMPARE(s.x.back(), 50.0);
      for (size_t i = 1; i < s.y.size(); ++i) QVERIFY(s.y[i] > s.y[i - 1]);
    }
    // The last point is the accountant's ε for the whole run.
    QCOMPARE(lines.series[0].y.back(), epsilonAfterGaussianSteps("rdp", 1.0, 0.01, 50, 1e-5));
    QCOMPARE(curve.epsilon(1), lines.series[1].y.back());
  }
  void badInputThrows() {
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, PrivacyCurve({"rdp"}, 0.0));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, PrivacyCurve({}, 1e-5));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, PrivacyCurve({"bogus"}, 1e-5));
    PrivacyCurve curve({"rdp"}, 1e-5);
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, curve.record(-1.0, 0.1, 1));
    QVERIFY_THROWS_EXCEPTION(InternalError, curve.replaceAccountant(1, makeAccountant("gdp")));  // an index: a bug
    curve.replaceAccountant(0, makeAccountant("gdp"));  // allowed before any step
    QCOMPARE(std::get<LinesFrame>(curve.frame()->data).series[0].name, makeAccountant("gdp")->shortName());
    curve.record(1.0, 0.1, 1);
    QVERIFY_THROWS_EXCEPTION(InternalError, curve.replaceAccountant(0, makeAccountant("rdp")));  // too late: a bug
  }
};

QTEST_APPLESS_MAIN(TestPrivacyCurve)
#include "tst_privacy_curve.moc"
