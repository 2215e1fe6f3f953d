// No raw markup or doubled words in any chart text (#19): every method runs its default parameters
// (long-running knobs shortened, as tst_main_window does) and every frame's title, axis titles,
// series, group and label names are checked: no '^', no '_{' or 'x_a' subscripts, no word twice in a
// row ("group group 0").
#include <QRegularExpression>
#include <QtTest>

#include "core/method.h"
#include "support/quick_default_frames.h"

namespace {

/// Why `text` is not plain words for a chart, or empty.
QString markupIn(const std::string& s) {
  const QString text = QString::fromStdString(s);
  if (text.contains('^')) return "raw '^'";
  if (text.contains("_{")) return "raw '_{'";
  static const QRegularExpression subscript("(?<![\\p{L}\\p{N}_])\\p{L}_[\\p{L}\\p{N}](?![\\p{L}\\p{N}_])",
                                            QRegularExpression::UseUnicodePropertiesOption);  // g_a, ε_W
  if (subscript.match(text).hasMatch()) return "raw subscript " + subscript.match(text).captured(0);
  static const QRegularExpression doubled("\\b(\\w+)\\s+\\1\\b", QRegularExpression::CaseInsensitiveOption |
                                                                    QRegularExpression::UseUnicodePropertiesOption);
  if (auto m = doubled.match(text); m.hasMatch() && !m.captured(1).at(0).isDigit()) return "doubled word '" + m.captured(0) + "'";
  return {};
}

}  // namespace

class TestChartTitles : public QObject {
  Q_OBJECT
 private slots:
  void checkerCatchesMarkup() {
    QVERIFY(!markupIn("Predicted (centred) Y^C per group").isEmpty());
    QVERIFY(!markupIn("Transport g_a of group group 0").isEmpty());
    QVERIFY(!markupIn("x_{i}").isEmpty());
    QVERIFY(!markupIn("Wasserstein accountant: ε_W = L").isEmpty());
    QVERIFY(markupIn("SW₂² to held-out data").isEmpty());
    QVERIFY(markupIn("Transport plan: group 0").isEmpty());
  }

  void everyMethodsDefaultFramesReadAsWords_data() {
    QTest::addColumn<QString>("method");
    for (const auto& m : dpw::allMethods()) QTest::newRow(m.id.c_str()) << QString::fromStdString(m.id);
  }
  void everyMethodsDefaultFramesReadAsWords() {
    QFETCH(QString, method);
    const auto& m = dpw::findMethod(method.toStdString());
    const std::vector<dpw::FramePtr> frames = dpwtest::quickDefaultFrames(m);
    QVERIFY(!frames.empty());
    for (const auto& f : frames) {
      std::vector<std::string> texts{f->title};
      std::visit(
          [&](const auto& d) {
            using T = std::decay_t<decltype(d)>;
            if constexpr (std::is_same_v<T, dpw::LinesFrame>) {
              texts.insert(texts.end(), {d.xLabel, d.yLabel});
              for (const auto& s : d.series) texts.push_back(s.name);
            } else if constexpr (std::is_same_v<T, dpw::HistogramFrame>) {
              texts.push_back(d.xLabel);
              for (const auto& g : d.groups) texts.push_back(g.name);
            } else if constexpr (std::is_same_v<T, dpw::PointsFrame>) {
              texts.insert(texts.end(), {d.xLabel, d.yLabel});
              texts.insert(texts.end(), d.labelNames.begin(), d.labelNames.end());
            } else if constexpr (std::is_same_v<T, dpw::HeatmapFrame>) {
              texts.insert(texts.end(), {d.xLabel, d.yLabel});
            }
          },
          f->data);
      for (const auto& t : texts) {
        const QString why = markupIn(t);
        QVERIFY2(why.isEmpty(), qPrintable(QString("%1, chart %2: '%3': %4").arg(method, QString::fromStdString(f->chart),
                                                                                  QString::fromStdString(t), why)));
      }
    }
  }
};

QTEST_MAIN(TestChartTitles)
#include "tst_chart_titles.moc"
