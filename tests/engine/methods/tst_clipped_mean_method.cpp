// The clipped-mean lesson (engine/methods/clipped_mean_method.h) through the registry: the releases follow the Laplace
// law of scale C/(ε n) around the clipped mean (mean within 4 SE, sd within 4 SE: Laplace's excess kurtosis 3 makes the
// sd's relative SE ½√(5/N)), the bias is the clipped minus the true mean, the noise std is √2 C/(ε n), the data charts
// are probabilities, and the statement is the Laplace mechanism's pure-ε claim on the clipped sum.
#include <QtTest>
#include <cmath>
#include <map>
#include <numeric>

#include "core/error.h"
#include "core/method.h"
#include "methods/clipped_mean_method.h"

using namespace dpw;

class TestClippedMeanMethod : public QObject {
  Q_OBJECT
 private slots:
  void releasesFollowTheirLaw() {
    const MethodInfo& m = findMethod("clipped-mean");
    ParamValues p(m.params);
    p.set("releases", 20000.0);
    p.set("clip", 25.0);
    p.set("epsilon", 0.5);
    CollectingObserver obs;
    const RunResult r = m.run(p, 9, obs);
    const double sd = std::sqrt(2.0) * 25 / (0.5 * 200), N = 20000;
    QVERIFY(std::abs(r.metrics.at("noise_std") - sd) < 1e-12);
    QVERIFY(std::abs(r.metrics.at("release_mean") - r.metrics.at("clipped_mean")) < 4 * sd / std::sqrt(N));
    QVERIFY2(std::abs(r.metrics.at("release_std") / sd - 1) < 4 * 0.5 * std::sqrt(5 / N),
             qPrintable(QString::number(r.metrics.at("release_std") / sd)));
    QCOMPARE(r.metrics.at("bias"), r.metrics.at("clipped_mean") - r.metrics.at("true_mean"));
    QVERIFY(std::abs(r.metrics.at("bias_closed_form") + 10 * std::exp(-2.5)) < 1e-12);
    QVERIFY(std::abs(r.metrics.at("rmse") / r.metrics.at("rmse_closed_form") - 1) < 0.03);  // same data: noise only
    // The last frame of each histogram: the data's groups hold every value; the releases' window reaches 6 sd
    // beyond both means (Laplace mass outside: e^{−6√2} = 2e-4), measured over 20000 releases (SE 1e-4).
    std::map<std::string, const HistogramFrame*> last;
    for (const auto& f : obs.frames)
      if (const auto* h = std::get_if<HistogramFrame>(&f->data)) last[f->chart] = h;
    QCOMPARE(last.size(), std::size_t(2));
    for (const auto& [chart, h] : last)
      for (const auto& g : h->groups) {
        const double total = std::accumulate(g.mass.begin(), g.mass.end(), 0.0);
        QVERIFY2(total > 0.999 && total < 1 + 1e-9, qPrintable(QString::fromStdString(g.name) + QString(": %1").arg(total)));
      }
    const std::string& st = r.privacyStatement;
    QVERIFY2(st.rfind("ε = 0.5 (pure DP) by the Laplace mechanism", 0) == 0, st.c_str());
    QVERIFY2(st.find("replace-one") != std::string::npos, st.c_str());
    QVERIFY2(st.find("compose to ε = 10000") != std::string::npos, st.c_str());
    QCOMPARE(r.privacy.epsilon, 0.5);
  }

  // The largest clipping bound the form takes (10^9 hours, μ = 10) draws the data in at most 400 bins of equal width
  // reaching past C (bins of μ/4 asked for 4·10^8: out of memory after 23 s); at the lesson's C = 200 the bins stay μ/4.
  void theLargestBoundDrawsInFewBins() {
    const MethodInfo& m = findMethod("clipped-mean");
    for (const double clip : {1e9, 200.0}) {
      ParamValues p(m.params);
      p.set("clip", clip);
      CollectingObserver obs;
      m.run(p, 1, obs);
      const HistogramFrame* data = nullptr;
      for (const auto& f : obs.frames)
        if (f->chart == "clip_data") data = std::get_if<HistogramFrame>(&f->data);
      QVERIFY(data != nullptr);
      QVERIFY2(data->edges.size() <= 402 && data->edges.back() >= clip, qPrintable(QString::number(data->edges.size())));
      if (clip == 200) QCOMPARE(data->edges[1] - data->edges[0], 2.5);
    }
  }

  void refusesBadSettings() {
    ClippedMeanSettings s;
    CollectingObserver obs;
    s.clip = 0;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runClippedMean(s, 1, obs));
    s = {};
    s.epsilon = 0;
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, runClippedMean(s, 1, obs));
  }
};

QTEST_APPLESS_MAIN(TestClippedMeanMethod)
#include "tst_clipped_mean_method.moc"
