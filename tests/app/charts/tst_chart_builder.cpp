// Chart titles keep clear of the tick labels (issue #40 item 4): at 115% (View → Zoom in once, the text
// scale 1.15) the title of a Qt Charts chart collided with the top tick label of its vertical axis.
// The default frames of the quick methods (long-running knobs shortened, as tst_chart_titles does) are built at text
// scales 1, 1.15 and 1.3225 (two zoom steps) in the smallest chart the grid draws at that zoom and in a
// wider one, and the title's box must not overlap any other text of the chart (ticks, axis titles, legend).
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QRegularExpression>
#include <QAbstractTextDocumentLayout>
#include <QTextBlock>
#include <QTextDocument>
#include <QtCharts/QChart>
#include <QtTest>
#include <cmath>

#include "charts/chart_builder.h"
#include "charts/chart_style.h"
#include "core/method.h"
#include "core/run_observer.h"
#include "support/quick_default_frames.h"

namespace {

QString plain(QString s) {
  s.replace("<br>", " ");
  s.remove(QRegularExpression("<[^>]*>"));
  s.replace("&nbsp;", " ").replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">");
  return s.simplified();
}

/// The visible text items of a chart (title, tick labels, axis titles, legend), with their scene boxes.
std::vector<std::pair<QString, QRectF>> textItems(QChart* chart) {
  std::vector<std::pair<QString, QRectF>> out;
  const QList<QGraphicsItem*> children = chart->childItems();
  std::vector<QGraphicsItem*> todo(children.begin(), children.end());
  while (!todo.empty()) {
    QGraphicsItem* item = todo.back();
    todo.pop_back();
    if (!item->isVisible()) continue;
    for (QGraphicsItem* c : item->childItems()) todo.push_back(c);
    if (auto* t = dynamic_cast<QGraphicsTextItem*>(item); t && !t->toPlainText().trimmed().isEmpty()) {
      // The ink of the text: its blocks that hold more than spaces (an empty spacer line is room, not text).
      QRectF ink;
      for (QTextBlock b = t->document()->begin(); b.isValid(); b = b.next())
        if (!b.text().trimmed().isEmpty()) ink |= t->document()->documentLayout()->blockBoundingRect(b);
      const double m = t->document()->documentMargin();
      out.emplace_back(t->toPlainText(), t->mapRectToScene(ink.adjusted(m, m, -m, -m)));
    }
  }
  return out;
}

}  // namespace

class TestChartBuilder : public QObject {
  Q_OBJECT
 private slots:
  void titleClearOfTicks_data() {
    QTest::addColumn<QString>("method");
    // Methods with a log axis among their charts, quick at their defaults (the flows' SW₂² chart has the
    // same log axis as count-query's ratio chart: one builder draws them).
    for (const char* id : {"count-query", "randomized-response", "exponential-mechanism", "clipped-mean",
                           "privacy-tradeoff", "accountant-explorer", "ot-basics"})
      QTest::newRow(id) << QString(id);
  }
  void titleClearOfTicks() {
    QFETCH(QString, method);
    const auto frames = dpwtest::quickDefaultFrames(dpw::findMethod(method.toStdString()));
    QStringList failures;
    for (const double scale : {1.0, 1.15, 1.15 * 1.15}) {
      dpwapp::setChartTextScale(scale);
      const int side = int(300 * std::sqrt(scale));  // the grid's smallest chart at this zoom (main_menus.cpp)
      for (const QSizeF size : {QSizeF(side, side), QSizeF(1.6 * side, side)})
        for (const auto& f : frames) {
          QChart* chart = dpwapp::buildChart(*f);
          if (!chart) continue;  // a picture chart (points, heat map, images): painted, titles laid out by hand
          QGraphicsScene scene;  // owns the chart
          scene.addItem(chart);
          chart->setGeometry(QRectF(QPointF(0, 0), size));
          for (int i = 0; i < 3; ++i) {
            QCoreApplication::sendPostedEvents();
            QCoreApplication::processEvents();
          }
          const auto items = textItems(chart);
          const QString title = plain(chart->title());
          const auto t = std::find_if(items.begin(), items.end(), [&](const auto& it) { return plain(it.first) == title; });
          if (t == items.end()) {
            failures << QString("%1 at %2: title item not found").arg(QString::fromStdString(f->chart)).arg(scale);
            continue;
          }
          for (const auto& [text, box] : items)
            if (&text != &t->first && box.intersects(t->second))
              failures << QString("%1 at %2, %3x%4: title [%5] overlaps '%6' [%7]")
                              .arg(QString::fromStdString(f->chart)).arg(scale).arg(size.width()).arg(size.height())
                              .arg(QString("%1..%2").arg(t->second.top()).arg(t->second.bottom()), text.left(30),
                                   QString("%1..%2").arg(box.top()).arg(box.bottom()));
        }
    }
    dpwapp::setChartTextScale(1);
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join("\n")));
  }
};

QTEST_MAIN(TestChartBuilder)
#include "tst_chart_builder.moc"
