// The presenter view (issue #40 item 2; gui/presenter_view.h): the lecturer's window shows the open lesson's
// number, title and note, the next lesson's title and the run controls, and follows the lessons as the
// lecturer moves on; the main window shows the charts in presentation mode with the lesson's title and
// caption, the charts the lesson names first; on one screen the two windows sit side by side.
#include <QApplication>
#include <QLabel>
#include <QScreen>
#include <QSignalSpy>
#include <QTextBrowser>
#include <QPushButton>
#include <QtTest>

#include "core/frame.h"
#include "gui/chart_grid.h"
#include "gui/lesson_menu.h"
#include "gui/main_window.h"
#include "gui/presenter_view.h"
#include "support/gui_suite.h"

using dpwapp::MainWindow;
using dpwapp::PresenterView;

namespace {

QString plainNotes(const PresenterView& p) { return p.findChild<QTextBrowser*>("presenterNotes")->toPlainText(); }

/// The first words of a note part, as the panel shows them (plain text).
QString opening(const std::string& text) { return QString::fromStdString(text).left(40); }

bool waitForRun(QSignalSpy& finished, int runs) {
  return QTest::qWaitFor([&] { return finished.count() >= runs; }, 60000);
}

}  // namespace

class TestPresenterView : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    dpwtest::isolateGuiSuite("presenter view", true, false);
  }

  void followsTheLessons() {
    MainWindow w;
    w.resize(1024, 768);
    w.show();
    const auto& catalog = w.lessons()->lessons();
    QVERIFY(catalog.size() >= 3);
    QSignalSpy finished(&w, &MainWindow::runFinished);
    w.openScenarioFile(catalog[0].path);  // runs on load

    QAction* toggle = w.action("presenterView");
    QVERIFY(toggle);
    QVERIFY(!toggle->shortcut().isEmpty());
    toggle->trigger();
    PresenterView* p = w.presenterView();
    QVERIFY(p);
    QVERIFY(p->isVisible());
    QVERIFY(w.presentationMode());  // the charts for the projector

    auto checkShows = [&](std::size_t i) {
      const dpw::Lesson& l = catalog[i].lesson;
      QVERIFY2(p->titleText().contains(QString::fromStdString(l.number())) && p->titleText().contains(QString::fromStdString(l.title)),
               qPrintable(p->titleText()));
      QVERIFY2(plainNotes(*p).contains(opening(l.look)), qPrintable(plainNotes(*p)));
      const dpw::Lesson& next = catalog[i + 1].lesson;
      QVERIFY2(p->nextText().contains(QString::fromStdString(next.number())) && p->nextText().contains(QString::fromStdString(next.title)),
               qPrintable(p->nextText()));
      // The main window's banner: the lesson's title and its one-line caption on screen.
      auto* banner = w.findChild<QLabel*>("lessonBanner");
      QVERIFY(banner && banner->isVisible());
      QVERIFY2(banner->text().contains(QString::fromStdString(l.title).toHtmlEscaped()), qPrintable(banner->text()));
      const std::string& caption = l.caption.empty() ? l.summary : l.caption;
      QVERIFY2(banner->text().contains(QString::fromStdString(caption).toHtmlEscaped()), qPrintable(banner->text()));
    };
    checkShows(0);

    // One screen: side by side within it, not on top of each other, the charts the larger part.
    const QRect screen = w.screen()->availableGeometry();
    QVERIFY2(!p->geometry().intersects(w.geometry()),
             qPrintable(QString("presenter %1,%2 %3x%4 over the main window %5,%6 %7x%8")
                            .arg(p->x()).arg(p->y()).arg(p->width()).arg(p->height())
                            .arg(w.x()).arg(w.y()).arg(w.width()).arg(w.height())));
    QVERIFY(w.width() > p->width());
    QVERIFY2(screen.contains(p->geometry()), qPrintable(QString("presenter %1,%2 %3x%4 outside the screen %5x%6")
                                                            .arg(p->x()).arg(p->y()).arg(p->width()).arg(p->height())
                                                            .arg(screen.width()).arg(screen.height())));
    // The laptop's text at its normal size while the projector's is doubled.
    QVERIFY(p->font().pointSizeF() < 0.6 * QApplication::font().pointSizeF());

    // The lesson's charts come first, in the order it names them.
    QVERIFY(waitForRun(finished, 1));
    const auto& named = catalog[0].lesson.charts;
    QVERIFY(!named.empty());
    const auto& order = w.charts()->chartOrder();
    QVERIFY(order.size() >= named.size());
    for (std::size_t i = 0; i < named.size(); ++i) QCOMPARE(order[i], named[i]);

    // Next from the presenter view's own button: it shows the next lesson and the one after.
    auto* next = p->findChild<QPushButton*>("presenter-nextLesson");
    QVERIFY(next && next->isEnabled());
    next->click();
    checkShows(1);
    QVERIFY(waitForRun(finished, 2));  // the next lesson ran on load
    QVERIFY(w.presenterView() == p);      // the same window, still open

    // Closing it puts the main window back: presentation mode off.
    toggle->trigger();
    QVERIFY(!w.presenterView());
    QVERIFY(!w.presentationMode());
    QVERIFY(screen.isValid());
  }

  // Preferred charts go first whether they are drawn before or after the others.
  void preferredChartsComeFirst() {
    dpwapp::ChartGrid grid;
    dpw::LinesFrame lines{"x", "y", {{"s", {0, 1}, {0, 1}}}, false, false};
    grid.setPreferredOrder({"c", "b"});
    for (const char* id : {"a", "b", "c", "d"}) grid.show(dpw::makeFrame(id, id, 0, lines));
    QCOMPARE(grid.chartOrder(), (std::vector<std::string>{"c", "b", "a", "d"}));
    grid.setPreferredOrder({});  // no lesson: the order they came in... as now shown
    grid.setPreferredOrder({"d"});
    QCOMPARE(grid.chartOrder().front(), std::string("d"));
  }
};

QTEST_MAIN(TestPresenterView)
#include "tst_presenter_view.moc"
