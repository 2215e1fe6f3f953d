// Charts read whole at the sizes the main window gives them (#13): at 360 x 300 pixels (a chart of
// the default 1400 x 860 window) every legend name is shown in full, a long title keeps every word,
// and horizontal tick labels are never closer than their own width.
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QRegularExpression>
#include <QTextDocument>
#include <QtCharts/QChart>
#include <QtCharts/QValueAxis>
#include <QtTest>

#include "charts/chart_builder.h"

namespace {

dpw::FramePtr crowdedFrame() {
  dpw::LinesFrame f{"order (μ for WDP, α for RDP)", "privacy budget", {}};
  const char* names[] = {"RDP (Balle et al.)", "RDP (Mironov)", "RDP w/o replacement", "GDP (CLT)", "GDP uniform (CLT)",
                         "PLD", "particles → held-out", "private data → held-out (floor)"};
  int i = 0;
  for (const char* n : names) {
    dpw::Series s{n, {}, {}};
    for (int x = 0; x <= 1000; x += 50) s.x.push_back(x), s.y.push_back(0.001 * x * (1 + i));
    f.series.push_back(s);
    ++i;
  }
  return dpw::makeFrame("crowded", "Basic mechanisms: WDP vs RDP budget by order ([WDP] Fig. 1) with a long tail", 1, f);
}

QString plain(const QString& html) {
  QTextDocument d;
  d.setHtml(html);
  return d.toPlainText().replace(QChar(0x00A0), ' ').replace('\n', ' ');
}

}  // namespace

class TestChartReadability : public QObject {
  Q_OBJECT
 private slots:
  void everyTextWholeAtWindowSize() {
    const auto frame = crowdedFrame();
    QChart* chart = dpwapp::buildChart(*frame);
    QVERIFY(chart);
    QGraphicsScene scene;  // owns the chart
    scene.addItem(chart);
    chart->setGeometry(QRectF(0, 0, 360, 300));
    QCoreApplication::sendPostedEvents();  // lay out (plot area, ticks, axis titles)
    QCoreApplication::processEvents();

    // Legend: one text item holding every series name in full.
    QString legend;
    for (QGraphicsItem* item : chart->childItems())
      if (auto* text = dynamic_cast<QGraphicsTextItem*>(item); text && text->isVisible()) legend += text->toPlainText();
    legend.replace(QChar(0x00A0), ' ');
    for (const auto& s : std::get<dpw::LinesFrame>(frame->data).series)
      QVERIFY2(legend.contains(QString::fromStdString(s.name)), qPrintable(QString::fromStdString(s.name) + " | " + legend));
    QVERIFY(!chart->legend()->isVisible());  // QLegend (which elides) is not used

    // Title: every word, no ellipsis; broken into lines instead.
    const QString title = plain(chart->title());
    QCOMPARE(title.simplified(), QString::fromStdString(frame->title));
    QVERIFY(!title.contains(QStringLiteral("...")) && !title.contains(QChar(0x2026)));
    // ... and each of its lines fits the chart's width in the title's font (Qt Charts elides otherwise).
    for (const QString& line : chart->title().split("<br>")) {
      const double w = QFontMetricsF(chart->titleFont()).horizontalAdvance(plain(line));
      QVERIFY2(w <= 360 - 20, qPrintable(QString("title line '%1' is %2 px wide").arg(plain(line)).arg(w)));
    }

    // Ticks: label width plus a gap fits between two horizontal ticks.
    auto* x = qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal).first());
    QVERIFY(x);
    const double pixelsPerTick = chart->plotArea().width() * x->tickInterval() / (x->max() - x->min());
    const double label = QFontMetricsF(x->labelsFont()).horizontalAdvance(QString::number(x->max()));
    QVERIFY2(pixelsPerTick >= label + 8, qPrintable(QString("%1 px per tick, label %2 px").arg(pixelsPerTick).arg(label)));
    // The axis title keeps every word too.
    QCOMPARE(plain(x->titleText()).simplified(), QStringLiteral("order (μ for WDP, α for RDP)"));
  }

  // The same frame rendered by the CLI's path (renderFrame) at the export size: not blank.
  void renderedImageHasContent() {
    const QImage img = dpwapp::renderFrame(*crowdedFrame(), {400, 300});
    QCOMPARE(img.width(), 400);
    int dark = 0;
    for (int y = 0; y < img.height(); y += 2)
      for (int x = 0; x < img.width(); x += 2) dark += qGray(img.pixel(x, y)) < 128;
    QVERIFY(dark > 100);
  }
};

QTEST_MAIN(TestChartReadability)
#include "tst_chart_readability.moc"
