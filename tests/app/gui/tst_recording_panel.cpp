// GUI test of File → Record animation… without a modal dialog (app/gui/recording_panel.h, issue #40 item 4):
// the panel docks beside the charts, its settings are chosen and "Record the next run" ticked before the
// lesson's first run, the window's own run is recorded, and the encoding goes on while the window stays
// usable (no modal widget, a new run starts meanwhile); a bad path is refused before any run.
#include <QApplication>
#include <QCheckBox>
#include <QImageReader>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

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
