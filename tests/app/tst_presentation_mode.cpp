// Readable from the back of the room (#19): at 1024 x 768 the normal layout leaves the charts most of
// the width and never scrolls them sideways; presentation mode (F5) doubles text and lines and hides
// the side panels; zoom (Ctrl++ / Ctrl+- / Ctrl+0) scales every text, charts included, and is kept;
// and every control has an accessible name and a tooltip.
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QtCharts/QChartView>
#include <QtTest>

#include "charts/chart_style.h"
#include "gui/accessibility.h"
#include "gui/chart_grid.h"
#include "gui/display_scale.h"
#include "gui/main_window.h"
#include "gui/parameter_form.h"
#include "support/gui_suite.h"

using dpwapp::MainWindow;

namespace {

/// Four charts of every kind the grid shows: a line chart, a histogram, a point cloud and a heat map.
void showSampleCharts(MainWindow& w) {
  dpw::LinesFrame lines{"step", "SW₂²", {{"particles → held-out", {0, 10, 20}, {5, 1, 0.1}}}, false, true};
  dpw::HistogramFrame hist{"score", {0, 0.5, 1}, {{"group 0", {0.4, 0.6}}, {"group 1", {0.7, 0.3}}}};
  dpw::PointsFrame pts{"x₁", "x₂", dpw::Points(3, 2), {0, 1, 1}, {"particles", "target"}};
  pts.xy << 0, 0, 1, 1, -1, 2;
  dpw::HeatmapFrame heat{"fair score", "score", 2, 2, {0.5, 0, 0, 0.5}};
  w.charts()->show(dpw::makeFrame("loss", "SW₂² to held-out data", 1, lines));
  w.charts()->show(dpw::makeFrame("hist", "Scores per group", 1, hist));
  w.charts()->show(dpw::makeFrame("points", "Particles and target", 1, pts));
  w.charts()->show(dpw::makeFrame("heat", "Transport plan: group 0", 1, heat));
  w.charts()->flush();
  dpwtest::settle();
}

QScrollArea* chartScroll(MainWindow& w) { return w.findChild<QScrollArea*>("chartScroll"); }

/// The charts fit the viewport's width: no sideways scrolling, every chart inside.
void checkNoSidewaysScroll(MainWindow& w, const char* where) {
  QScrollArea* scroll = chartScroll(w);
  QVERIFY(scroll);
  QVERIFY2(scroll->horizontalScrollBar()->maximum() == 0,
           qPrintable(QString("%1: charts scroll sideways by %2 px").arg(where).arg(scroll->horizontalScrollBar()->maximum())));
  for (const char* id : {"loss", "hist", "points", "heat"}) {
    QWidget* v = w.charts()->view(id);
    QVERIFY(v);
    QVERIFY2(v->width() <= scroll->viewport()->width(), qPrintable(QString("%1: chart %2 is %3 px wide, viewport %4")
                                                                      .arg(where, id).arg(v->width()).arg(scroll->viewport()->width())));
  }
}

/// Shows `w` at `size`, then switches it to each method of its method box in turn and calls
/// check(method id); stops after the first method whose check fails.
template <class Check>
void forEveryMethod(MainWindow& w, QSize size, Check check) {
  QVERIFY(dpwtest::showAt(w, size));
  auto* combo = w.findChild<QComboBox*>("method");
  QVERIFY(combo && combo->count() > 10);
  for (int i = 0; i < combo->count() && !QTest::currentTestFailed(); ++i) {
    combo->setCurrentIndex(i);
    QCoreApplication::processEvents();
    check(combo->itemData(i).toString());
  }
}

double chartTitlePoints(MainWindow& w) {
  auto* view = qobject_cast<QChartView*>(w.charts()->view("loss"));
  return view && view->chart() ? view->chart()->titleFont().pointSizeF() : 0;
}

}  // namespace

class TestPresentationMode : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    dpwtest::isolateGuiSuite("presentation mode", true);
  }
  void cleanup() { QSettings().clear(); }

  void normalLayoutFits1024x768() {
    MainWindow w;
    QVERIFY(dpwtest::showAt(w, {1024, 768}));
    showSampleCharts(w);
    const int panels = w.findChild<QDockWidget*>("methodDock")->width() + w.findChild<QDockWidget*>("explainDock")->width();
    QVERIFY2(panels <= 0.5 * w.width(), qPrintable(QString("side panels take %1 of %2 px").arg(panels).arg(w.width())));
    QVERIFY(chartScroll(w)->viewport()->width() >= 0.45 * w.width());
    checkNoSidewaysScroll(w, "normal 1024x768");
    QCOMPARE(w.charts()->columns(), 1);  // ~550 px of charts: one per row, each whole
    w.resize(1400, 860);
    showSampleCharts(w);
    QCOMPARE(w.charts()->columns(), 2);
    checkNoSidewaysScroll(w, "normal 1400x860");
  }

  // At 1024 x 768 every number field of every method has room for seven digits and starts with its value
  // (DPSWgen's fields were squeezed to three digits by its long labels: "Steps T 200" for 2000), and the
  // form never scrolls sideways: a long row puts its field under its label instead.
  void everyNumberFieldShowsItsValueAt1024x768() {
    MainWindow w;
    forEveryMethod(w, {1024, 768}, [&](const QString& method) {
      auto* scroll = qobject_cast<QScrollArea*>(w.form()->parentWidget()->parentWidget());
      QVERIFY(scroll);
      QVERIFY2(scroll->horizontalScrollBar()->maximum() == 0, qPrintable(method + ": the form scrolls sideways"));
      for (QLineEdit* edit : w.form()->findChildren<QLineEdit*>()) {
        if (qobject_cast<QComboBox*>(edit->parentWidget())) continue;  // an editable list's own field
        const int room = edit->width(), digits = edit->fontMetrics().horizontalAdvance(QStringLiteral("0000000"));
        QVERIFY2(room >= digits, qPrintable(QString("%1: field %2 is %3 px, seven digits need %4")
                                                .arg(method, edit->objectName()).arg(room).arg(digits)));
        QCOMPARE(edit->cursorPosition(), 0);
      }
    });
  }

  void presentationModeDoublesTextAndLines() {
    MainWindow w;
    QVERIFY(dpwtest::showAt(w, {1024, 768}));
    showSampleCharts(w);
    const double appFont = QApplication::font().pointSizeF(), title = chartTitlePoints(w);
    QAction* present = w.action("presentationMode");
    QVERIFY(present);
    QVERIFY(present->shortcuts().contains(QKeySequence(Qt::Key_F5)));
    present->trigger();
    showSampleCharts(w);
    QVERIFY(w.presentationMode());
    QVERIFY(QApplication::font().pointSizeF() >= 2 * appFont - 1e-9);
    QVERIFY(dpwapp::chartTextScale() >= 2 - 1e-9 && dpwapp::chartLineScale() >= 2 - 1e-9);
    QVERIFY2(chartTitlePoints(w) >= 2 * title - 1e-9, qPrintable(QString("chart title %1 -> %2 pt").arg(title).arg(chartTitlePoints(w))));
    QVERIFY(!w.findChild<QDockWidget*>("methodDock")->isVisible());
    QVERIFY(!w.findChild<QDockWidget*>("explainDock")->isVisible());
    QCOMPARE(w.charts()->columns(), 2);  // two charts side by side fill 1024 px
    checkNoSidewaysScroll(w, "presentation 1024x768");
    // Each chart gets a screen's height (large text needs it): no tick labels squeezed away.
    QVERIFY(w.charts()->view("loss")->height() >= 0.8 * chartScroll(w)->viewport()->height());
    present->trigger();  // back: panels and sizes as before
    QVERIFY(!w.presentationMode());
    QVERIFY(w.findChild<QDockWidget*>("methodDock")->isVisible());
    QCOMPARE(QApplication::font().pointSizeF(), appFont);
    QCOMPARE(dpwapp::chartTextScale(), 1.0);
  }

  // The status bar's message takes a second line before it elides: at 1024 x 768 a run's claim (ε, δ,
  // the accountant, "a proven bound", q, steps) shows whole, and in presentation mode, where one line
  // showed "Finished. (ε = 5, δ = 1e-05) by the…", the second line carries the accountant. A short
  // message stays on one line; the full text is always the tooltip.
  void statusMessageWrapsBeforeItElides() {
    MainWindow w;
    QVERIFY(dpwtest::showAt(w, {1024, 768}));
    auto* label = w.findChild<QLabel*>("statusMessage");
    QVERIFY(label);
    const QString claim = "Finished. (ε = 5, δ = 1e-05) by the PLD (Poisson, add/remove neighbours: one record added or "
                          "removed), a proven bound, q = 0.025 (Poisson), 500 steps, noise multiplier 1.2";
    auto shown = [&](const QString& text) {
      w.showStatus(text);
      dpwtest::settle(3);  // the status bar's layout request, then its resize
      return QString(label->text()).replace('\n', ' ');
    };
    QCOMPARE(shown(claim), claim);
    QVERIFY2(label->fontMetrics().horizontalAdvance(claim) > label->width(), "the claim fits one line: no test");
    QCOMPARE(label->text().count('\n'), 1);
    QVERIFY2(label->height() >= 2 * label->fontMetrics().lineSpacing(),
             qPrintable(QString("%1 px tall for two lines of %2").arg(label->height()).arg(label->fontMetrics().lineSpacing())));
    QCOMPARE(label->toolTip(), claim);
    w.action("presentationMode")->trigger();
    const QString large = shown(claim);
    QCOMPARE(label->text().count('\n'), 1);
    QVERIFY2(large.startsWith("Finished. (ε = 5, δ = 1e-05) by the PLD") && large.endsWith(QChar(0x2026)), qPrintable(large));
    QCOMPARE(shown("Pins cleared."), QString("Pins cleared."));
    QCOMPARE(label->text().count('\n'), 0);
  }

  void zoomScalesEveryTextAndIsKept() {
    double title = 0, appFont = 0;
    {
      MainWindow w;
      w.resize(1400, 860);
      w.show();
      showSampleCharts(w);
      title = chartTitlePoints(w);
      appFont = QApplication::font().pointSizeF();
      w.action("zoomIn")->trigger();
      w.action("zoomIn")->trigger();
      showSampleCharts(w);
      const double z = dpwapp::DisplayScale::kZoomStep * dpwapp::DisplayScale::kZoomStep;
      QVERIFY(std::abs(dpwapp::chartTextScale() - z) < 1e-9);
      QVERIFY(std::abs(chartTitlePoints(w) - z * title) < 0.05 * title);
      QVERIFY(std::abs(QApplication::font().pointSizeF() - z * appFont) < 0.05 * appFont);
      QVERIFY(w.action("zoomIn")->shortcuts().contains(QKeySequence::ZoomIn));
      QCOMPARE(w.action("zoomReset")->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_0));
      w.close();
    }
    QVERIFY(std::abs(QSettings().value("textZoom").toDouble() - 1.3225) < 1e-9);  // kept
    {
      MainWindow w;  // a new window starts at the kept zoom
      QVERIFY(std::abs(dpwapp::chartTextScale() - 1.3225) < 1e-9);
      w.action("zoomReset")->trigger();
      QCOMPARE(dpwapp::chartTextScale(), 1.0);
      QVERIFY(std::abs(QApplication::font().pointSizeF() - appFont) < 1e-6);
      w.action("zoomOut")->trigger();
      QVERIFY(dpwapp::chartTextScale() < 1);
      w.action("zoomReset")->trigger();
    }
  }

  // Every interactive control (fields, buttons, combo boxes, toolbar buttons, sliders) of the window
  // has an accessible name and a tooltip, for every method's parameter form.
  void everyControlHasAnAccessibleNameAndTooltip() {
    MainWindow w;
    int checked = 0;
    forEveryMethod(w, {1400, 860}, [&](const QString& method) {
      for (QWidget* widget : w.findChildren<QWidget*>()) {
        if (!dpwapp::isInteractive(widget) || !widget->isVisibleTo(&w)) continue;
        ++checked;
        const QString what = QString("%1 '%2' (%3)").arg(widget->metaObject()->className(), widget->objectName(), method);
        QVERIFY2(!widget->accessibleName().trimmed().isEmpty(), qPrintable(what + ": no accessible name"));
        QVERIFY2(!widget->toolTip().trimmed().isEmpty(), qPrintable(what + " '" + widget->accessibleName() + "': no tooltip"));
      }
    });
    QVERIFY(checked > 100);
    // The check can fail: a bare field in a plain layout has neither.
    QLineEdit bare;
    QVERIFY(bare.accessibleName().isEmpty() && bare.toolTip().isEmpty());
  }
};

QTEST_MAIN(TestPresentationMode)
#include "tst_presentation_mode.moc"
