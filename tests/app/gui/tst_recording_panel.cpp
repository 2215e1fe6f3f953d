// GUI test of File → Record animation… without a modal dialog (app/gui/recording_panel.h, issue #40 item 4):
// the panel docks beside the charts, its settings are chosen and "Record the next run" ticked before the
// lesson's first run, the window's own run is recorded, and the encoding goes on while the window stays
// usable (no modal widget, a new run starts meanwhile); the charts to record are chosen before the first run,
// from the charts the lesson and its method declare; a bad path is refused before any run.
#include <QApplication>
#include <QCheckBox>
#include <QImageReader>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

#include "methods/output_charts.h"
#include "gui/chart_grid.h"
#include "gui/main_window.h"
#include "gui/recording_panel.h"
#include "gui/run_controller.h"

using dpwapp::MainWindow;
using dpwapp::RecordingPanel;

class TestRecordingPanel : public QObject {
  Q_OBJECT

  static RecordingPanel* openPanel(MainWindow& w) {
    w.action("recordAnimation")->trigger();
    auto* panel = w.findChild<RecordingPanel*>("recordingPanel");
    return panel && panel->isVisible() ? panel : nullptr;
  }

 private slots:
  void initTestCase() {
    qputenv("DPW_NO_DIALOGS", "1");
    QCoreApplication::setOrganizationName("DPW Lab Tests");
    QCoreApplication::setApplicationName("tst_recording_panel");
  }

  void recordsTheWindowsOwnRunWhileTheWindowStaysUsable() {
    MainWindow w;
    w.show();
    RecordingPanel* panel = openPanel(w);
    QVERIFY(panel);
    QCOMPARE(QApplication::activeModalWidget(), nullptr);  // a docked panel, not a dialog
    QTemporaryDir dir;
    const QString path = dir.filePath("lesson.gif");
    panel->findChild<QLineEdit*>("animationPath")->setText(path);
    panel->findChild<QCheckBox*>("recordArmed")->click();  // before the lesson's first run
    QVERIFY(panel->armed());
    QVERIFY(w.controller()->recording());

    QSignalSpy finished(&w, &MainWindow::runFinished);
    w.openScenarioFile(":/scenarios/lesson-1-1-count.json");  // a lesson starts its run on load
    QVERIFY(finished.wait(120000));
    QVERIFY(finished.first().first().toBool());
    // The run ended and the encoding goes on in turns of the event loop: nothing modal, the run is disarmed
    // (one recording per tick), and a new run can start meanwhile.
    QVERIFY(panel->encoding());
    QVERIFY(!panel->armed());
    QVERIFY(!w.controller()->recording());
    QCOMPARE(QApplication::activeModalWidget(), nullptr);
    QVERIFY(w.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(!panel->encoding(), 180000);
    const QString said = panel->findChild<QLabel*>("recordStatus")->text();
    QVERIFY2(said.startsWith("Recorded " + path), qPrintable(said));
    QImageReader gif(path);
    QVERIFY2(gif.canRead(), qPrintable(gif.errorString()));
    QVERIFY2(gif.imageCount() >= 20, qPrintable(QString::number(gif.imageCount())));  // the count lesson's frames
    QCOMPARE(gif.size(), QSize(1024, 640));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 120000);  // the run started during the encoding ends as usual
    QVERIFY(finished.last().first().toBool());
  }

  // Charts chosen before the first run (issue #40 item 4): before anything is drawn the panel lists the
  // lesson's charts, then the rest its method declares (methods/output_charts.h); the charts ticked then are the
  // recording's, from its first picture; the list follows the method chosen.
  void chartsAreChosenBeforeTheFirstRun() {
    MainWindow w;
    w.show();
    RecordingPanel* panel = openPanel(w);
    QVERIFY(panel);
    QVERIFY(w.charts()->frames().empty());
    w.openScenarioFile(":/scenarios/lesson-1-1-count.json");  // its run starts once the events queued are handled
    panel->refreshCharts();
    QVERIFY(!w.controller()->running());
    QVERIFY(w.charts()->frames().empty());  // still before the first run: nothing drawn
    const std::vector<std::string> offered = panel->offeredCharts();
    const std::vector<std::string>& declared = dpw::declaredCharts("count-query");
    QCOMPARE(offered.size(), declared.size());
    const std::vector<std::string> lessonFirst{"count_laplace", "count_loss_ratio", "count_gaussian"};  // the lesson's
    QVERIFY(std::equal(lessonFirst.begin(), lessonFirst.end(), offered.begin()));
    for (const auto& id : declared) QVERIFY(std::find(offered.begin(), offered.end(), id) != offered.end());

    QTemporaryDir dir;
    const QString path = dir.filePath("two-charts.gif");
    panel->findChild<QLineEdit*>("animationPath")->setText(path);
    QVERIFY(panel->tickChart("count_gaussian"));
    QVERIFY(panel->tickChart("count_loss_ratio"));
    QVERIFY(!panel->tickChart("no_such_chart"));
    panel->findChild<QCheckBox*>("recordArmed")->click();
    QVERIFY(panel->armed());
    QVERIFY(!w.controller()->running());  // all of it before the first run

    QSignalSpy finished(&w, &MainWindow::runFinished);
    QVERIFY(finished.wait(120000));
    QVERIFY(finished.first().first().toBool());
    QVERIFY(panel->encoding());
    QCOMPARE(panel->encodingSettings().charts, (std::vector<std::string>{"count_loss_ratio", "count_gaussian"}));
    QTRY_VERIFY_WITH_TIMEOUT(!panel->encoding(), 180000);
    const QString said = panel->findChild<QLabel*>("recordStatus")->text();
    QVERIFY2(said.startsWith("Recorded " + path) && said.endsWith("charts count_loss_ratio, count_gaussian"), qPrintable(said));
    QImageReader gif(path);
    QVERIFY2(gif.imageCount() >= 20, qPrintable(QString::number(gif.imageCount())));

    // Another method: its own declared charts, and a tick of a chart it does not draw is gone.
    w.loadScenario(dpwapp::Scenario::defaults("randomized-response"));
    panel->refreshCharts();
    QCOMPARE(panel->offeredCharts(), dpw::declaredCharts("randomized-response"));
    QVERIFY(panel->settings().charts.empty());
  }

  void aBadPathIsRefusedBeforeAnyRun() {
    MainWindow w;
    w.show();
    RecordingPanel* panel = openPanel(w);
    QVERIFY(panel);
    panel->findChild<QLineEdit*>("animationPath")->setText("/no/such/folder/x.gif");
    panel->findChild<QCheckBox*>("recordArmed")->click();
    QVERIFY(!panel->armed());
    QVERIFY(!panel->findChild<QCheckBox*>("recordArmed")->isChecked());
    QVERIFY(!w.controller()->recording());
    QVERIFY(panel->findChild<QLabel*>("recordStatus")->text().startsWith("Cannot record"));
  }
};

QTEST_MAIN(TestRecordingPanel)
#include "tst_recording_panel.moc"
