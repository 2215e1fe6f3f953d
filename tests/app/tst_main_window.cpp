// GUI tests of the main window, headless (QT_QPA_PLATFORM=offscreen): parameters set through the
// widgets, runs to completion, charts filled, exports valid and equal to dpwlab-cli's numbers, bad
// input refused, pause/step/stop, no thread left behind.
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "common/run_export.h"
#include "gui/chart_grid.h"
#include "gui/main_window.h"
#include "support/type_into.h"
#include "gui/parameter_form.h"
#include "gui/run_controller.h"
#include "support/cli_runner.h"

#include <QComboBox>
#include <QDir>
#include <QDialog>
#include <QLabel>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTextBrowser>
#include <cmath>

#include "core/build_info.h"
#include "core/method.h"
#include "privacy/ledger/privacy_statement.h"

using dpwapp::MainWindow;

namespace {
using dpwtest::typeInto;

/// The status bar shows the privacy the method declares (dpw::MethodInfo::privacy) after a run: the
/// final metric, the one-shot parameter, or why the method spends none; and the declared live chart
/// carries ε in its declared series.
void checkPrivacyReadout(MainWindow& w, const QString& method) {
  const dpw::PrivacyReadout& r = dpw::findMethod(method.toStdString()).privacy;
  auto* label = w.findChild<QLabel*>("epsilonLabel");
  QVERIFY(label);
  const QString text = label->text();
  QVERIFY2(!text.isEmpty(), qPrintable(method + ": the status bar shows no privacy"));
  QCOMPARE(text, w.privacyText());
  if (!r.none.empty()) {
    QVERIFY2(text.contains(QString::fromStdString(r.none)), qPrintable(text));
    QVERIFY(std::isnan(w.liveEpsilon()));
    return;
  }
  double expected = NAN;
  if (!r.metric.empty()) {
    QVERIFY2(w.lastMetrics().contains(QString::fromStdString(r.metric)), r.metric.c_str());
    expected = w.lastMetrics().value(QString::fromStdString(r.metric)).toDouble();
  } else {
    expected = w.currentScenario().params.real(r.param);
  }
  QVERIFY2(std::isfinite(expected) && expected > 0, qPrintable(QString("%1: ε = %2").arg(method).arg(expected)));
  QCOMPARE(w.liveEpsilon(), expected);  // the very number, not a recomputation
  QVERIFY2(text.contains(QString::fromStdString(dpw::claimNumber(expected))), qPrintable(text));  // rounded up
  if (!r.chart.empty()) {  // the live curve: its declared series ends at a positive ε not above the final one
    bool found = false;
    for (const auto& f : w.charts()->frames()) {
      if (f->chart != r.chart) continue;
      const auto& lines = std::get<dpw::LinesFrame>(f->data);
      for (const auto& s : lines.series)
        if ((r.series.empty() ? &s == &lines.series.front() : s.name == r.series) && !s.y.empty()) {
          found = true;
          QVERIFY(s.y.back() > 0);
          QVERIFY(s.y.back() <= expected * (1 + 1e-12));  // ε only grows with the steps
        }
    }
    QVERIFY2(found, qPrintable(method + ": no series '" + QString::fromStdString(r.series) + "' in chart " +
                               QString::fromStdString(r.chart)));
  }
}

bool waitFinished(MainWindow& w, int ms = 60000) {
  QSignalSpy spy(&w, &MainWindow::runFinished);
  return spy.wait(ms);
}
}  // namespace

class TestMainWindow : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    qputenv("DPW_NO_DIALOGS", "1");
    QCoreApplication::setOrganizationName("DPW Lab Tests");  // keep the user's settings out of it
    QCoreApplication::setApplicationName("tst_main_window");
  }

  void runsFromWidgetsAndExportsMatchCli() {
    MainWindow w;
    w.show();
    typeInto(w.form()->field("samples"), "300");
    typeInto(w.form()->field("shifts"), "4");
    QVERIFY(w.startRun());
    QVERIFY(waitFinished(w));
    QVERIFY(!w.controller()->running());
    QCOMPARE(w.charts()->chartCount(), 2);
    QVERIFY(w.charts()->view("distance_vs_shift"));

    QTemporaryDir gui, cli;
    QCOMPARE(w.exportAll(gui.path()), QString());
    for (const QString f : {"summary.json", "scenario.json", "distance_vs_shift.csv", "distance_vs_shift.png",
                            "projections.png"})
      QVERIFY2(QFile::exists(gui.filePath(f)), qPrintable(f));
    QVERIFY(!QImage(gui.filePath("distance_vs_shift.png")).isNull());
    QCOMPARE(w.charts()->exportChartTo("distance_vs_shift", gui.filePath("chart.svg")), QString());
    QFile svg(gui.filePath("chart.svg"));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QVERIFY(svg.readAll().contains("<svg"));
    QVERIFY(QFile::exists(gui.filePath("chart.svg.scenario.json")));
    QCOMPARE(w.charts()->exportChartTo("distance_vs_shift", gui.filePath("chart@2x.png"), 2), QString());
    QCOMPARE(QImage(gui.filePath("chart@2x.png")).width(), 1600);

    // The same scenario through dpwlab-cli gives the same summary and the same CSV.
    QProcess p;
    p.start(DPW_CLI_PATH, {"run", gui.filePath("scenario.json"), "--out", cli.path(), "--no-png"});
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);
    auto metrics = [](const QString& path) {
      QFile f(path);
      f.open(QIODevice::ReadOnly);
      return QJsonDocument::fromJson(f.readAll()).object()["metrics"].toObject();
    };
    QCOMPARE(metrics(gui.filePath("summary.json")), metrics(cli.filePath("summary.json")));
    QFile a(gui.filePath("distance_vs_shift.csv")), b(cli.filePath("distance_vs_shift.csv"));
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    QCOMPARE(a.readAll(), b.readAll());
  }

  // Every method runs a short scenario to completion through the GUI, fills its charts, and exports
  // valid PNG files (#7). With DPW_SCREENSHOT_DIR set, a screenshot of each method's view is saved.
  void everyMethodRunsInTheGui_data() {
    QTest::addColumn<QString>("method");
    for (const auto& m : dpw::allMethods()) QTest::newRow(m.id.c_str()) << QString::fromStdString(m.id);
  }
  void everyMethodRunsInTheGui() {
    QFETCH(QString, method);
    MainWindow w;
    w.resize(1400, 860);
    w.show();
    auto* combo = w.findChild<QComboBox*>("method");
    QVERIFY(combo);
    combo->setCurrentIndex(combo->findData(method));
    // Short versions of the long-running knobs, typed into the fields like a user would.
    const std::pair<const char*, const char*> shorter[] = {
        {"steps", "30"}, {"n", "2000"}, {"particles", "500"}, {"toy_size", "1000"}, {"samples", "300"},
        {"trials", "2000"}, {"shifts", "3"}, {"seeds", "2"}};
    for (const auto& [key, value] : shorter)
      if (QWidget* f = w.form()->field(key)) typeInto(f, value);
    if (method == "dpswd-explorer" || method == "projection-sensitivity")
      if (QWidget* f = w.form()->field("draws")) typeInto(f, method == "dpswd-explorer" ? "2" : "500");
    // A finite budget, so every private method runs its noise and its accountant.
    if (QWidget* f = w.form()->field("epsilon")) typeInto(f, "2");
    QSignalSpy finished(&w, &MainWindow::runFinished);
    QVERIFY(w.startRun());
    QVERIFY2(finished.wait(300000), qPrintable(method + " did not finish"));
    QVERIFY2(finished.first().first().toBool(), qPrintable(method + " failed"));
    QVERIFY(w.charts()->chartCount() >= 1);
    QVERIFY(!w.lastMetrics().isEmpty());
    checkPrivacyReadout(w, method);
    if (QTest::currentTestFailed()) return;
    // The view as the run left it (status bar: the privacy statement), before the exports below.
    if (const QString shots = qEnvironmentVariable("DPW_SCREENSHOT_DIR"); !shots.isEmpty()) {
      QCoreApplication::processEvents();
      QVERIFY(w.grab().save(QDir(shots).filePath("method-" + method + ".png")));
    }
    QTemporaryDir dir;
    QCOMPARE(w.exportAll(dir.path()), QString());
    const QStringList pngs = QDir(dir.path()).entryList({"*.png"});
    QCOMPARE(pngs.size(), w.charts()->chartCount());
    for (const QString& png : pngs) QVERIFY(!QImage(dir.filePath(png)).isNull());
    // SVG of the first chart (heat maps and image grids included when a method has them first).
    const QString first = QFileInfo(pngs.first()).completeBaseName();
    QCOMPARE(w.charts()->exportChartTo(first.toStdString(), dir.filePath("first.svg")), QString());
    QFile svg(dir.filePath("first.svg"));
    QVERIFY(svg.open(QIODevice::ReadOnly) && svg.readAll().contains("<svg"));

    // The exported scenario through dpwlab-cli: the same metrics (timings aside) and byte-equal CSV
    // files for every chart, heat maps and image grids included.
    QTemporaryDir cliDir;
    const auto cli = dpwtest::runCli({"run", dir.filePath("scenario.json"), "--out", cliDir.path(), "--no-png"}, 300000);
    QVERIFY2(cli.exitCode == 0, cli.err.constData());
    auto metrics = [](const QString& path) {
      QFile f(path);
      f.open(QIODevice::ReadOnly);
      QJsonObject m = QJsonDocument::fromJson(f.readAll()).object()["metrics"].toObject();
      for (const QString& k : m.keys())
        if (k.contains("second") || k.contains("time")) m.remove(k);  // wall-clock measurements
      return m;
    };
    QCOMPARE(metrics(dir.filePath("summary.json")), metrics(cliDir.filePath("summary.json")));
    const QStringList csvs = QDir(dir.path()).entryList({"*.csv"});
    QCOMPARE(csvs, QDir(cliDir.path()).entryList({"*.csv"}));
    for (const QString& csv : csvs) {
      QFile a(dir.filePath(csv)), b(cliDir.filePath(csv));
      QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
      QVERIFY2(a.readAll() == b.readAll(), qPrintable(method + ": " + csv + " differs from dpwlab-cli's"));
    }
  }

  void badValueDoesNotStartARun_data() {
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("text");
    QTest::newRow("not a number") << "samples" << "many";
    QTest::newRow("zero projections") << "projections" << "0";
    QTest::newRow("fraction for an integer") << "shifts" << "2.5";
    QTest::newRow("NaN") << "sigma1" << "nan";
    QTest::newRow("negative noise") << "sigma2" << "-1";
  }
  void badValueDoesNotStartARun() {
    QFETCH(QString, field);
    QFETCH(QString, text);
    MainWindow w;
    typeInto(w.form()->field(field.toStdString()), text);
    QVERIFY(!w.startRun());
    QVERIFY(!w.controller()->running());
    QCOMPARE(w.charts()->chartCount(), 0);
  }

  // A one-shot release refused by the engine (fair regression with lo >= hi) spent nothing for sure: the
  // readout does not claim the form's ε was spent, it says "at most" (it said "ε spent: 1").
  void refusedOneShotReleaseSaysAtMost() {
    MainWindow w;
    auto* combo = w.findChild<QComboBox*>("method");
    QVERIFY(combo);
    combo->setCurrentIndex(combo->findData(QString("fair-regression")));
    qobject_cast<QComboBox*>(w.form()->field("dataset"))->setCurrentText("csv");  // the bounds are CSV fields
    typeInto(w.form()->field("lo"), "1");
    typeInto(w.form()->field("hi"), "0");
    QSignalSpy finished(&w, &MainWindow::runFinished);
    QVERIFY(w.startRun());
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.first().first().toBool(), false);
    QCOMPARE(w.privacyText(), QStringLiteral("ε spent: at most 1"));
  }

  void pauseStepAndStop() {
    MainWindow w;
    typeInto(w.form()->field("samples"), "2000");
    typeInto(w.form()->field("shifts"), "500");
    QVERIFY(w.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(w.controller()->step() >= 1, 30000);
    w.controller()->pause();
    QTRY_VERIFY_WITH_TIMEOUT(w.controller()->waitingAtPause(), 30000);  // the worker reached a step boundary
    const long paused = w.controller()->step();
    QTest::qWait(300);
    QCOMPARE(w.controller()->step(), paused);  // nothing runs while paused
    w.controller()->stepOnce();
    QTRY_COMPARE_WITH_TIMEOUT(w.controller()->step(), paused + 1, 30000);
    QTRY_VERIFY_WITH_TIMEOUT(w.controller()->waitingAtPause(), 30000);
    QCOMPARE(w.controller()->step(), paused + 1);  // exactly one step, then waiting again
    w.controller()->cancel();
    QVERIFY(waitFinished(w));
    QVERIFY(!w.controller()->running());
    QVERIFY(w.controller()->step() < 500);
    // Its export says it was stopped and made no claim, not an empty statement beside 500 steps (#40).
    QTemporaryDir dir;
    QCOMPARE(w.exportAll(dir.path()), QString());
    QFile sidecar(dir.filePath("scenario.json"));
    QVERIFY(sidecar.open(QIODevice::ReadOnly));
    const QString statement = QJsonDocument::fromJson(sidecar.readAll()).object()["privacy_statement"].toString();
    QVERIFY2(statement.contains(QStringLiteral("stopped at step %1 of").arg(w.controller()->step())) &&
                 statement.contains("no claim was made"),
             qPrintable(statement));
  }

  // Identity (#12): --version without a display, the About box and the Help menu.
  void versionAboutAndHelp() {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("QT_QPA_PLATFORM");  // --version must not need a display
    env.remove("DISPLAY");
    p.setProcessEnvironment(env);
    p.start(DPW_GUI_PATH, {"--version"});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    const QString out = QString::fromUtf8(p.readAllStandardOutput()).trimmed();
    QCOMPARE(out, QStringLiteral("dpwlab %1 (%2)").arg(dpw::kVersion, dpw::kBuildFlags));
    QVERIFY(QRegularExpression(R"(^dpwlab \d+\.\d+\.\d+ \((native|portable)\)$)").match(out).hasMatch());
    QCOMPARE(p.readAllStandardError(), QByteArray());

    MainWindow w;
    w.action("helpAbout")->trigger();
    auto* about = w.findChild<QDialog*>("aboutDialog");
    QVERIFY(about && about->isVisible());
    const QString text = about->findChild<QTextBrowser*>("aboutText")->toPlainText();
    for (const QString& needle : {out, QStringLiteral("MIT"), QStringLiteral("Differentially Private Sliced Wasserstein Distance"),
                                  QStringLiteral("Wasserstein Differential Privacy"), QStringLiteral("Differentially Private Post-Processing"),
                                  QStringLiteral("Learning with Differentially Private (Sliced) Wasserstein Gradients"),
                                  QStringLiteral("Differentially Private Gradient Flow")})
      QVERIFY2(text.contains(needle), qPrintable(needle));

    w.action("helpShortcuts")->trigger();
    auto* help = w.findChild<QDialog*>("helpDialog");
    QVERIFY(help && help->isVisible());
    const QString shortcuts = help->findChild<QTextBrowser*>("helpText")->toPlainText();
    // Every action with a shortcut is listed, so the list cannot drift from the menus.
    for (const char* name : {"run", "pause", "step", "stop", "comparisonGrid", "exportAll", "reset", "resample"}) {
      QAction* a = w.action(name);
      QVERIFY2(a, name);
      QVERIFY2(shortcuts.contains(a->shortcut().toString(QKeySequence::NativeText)), name);
    }
    w.action("helpPapers")->trigger();
    QVERIFY(help->findChild<QTextBrowser*>("helpText")->toPlainText().contains("[DPSWFlow]"));
    w.action("helpGettingStarted")->trigger();
    QVERIFY(help->findChild<QTextBrowser*>("helpText")->toPlainText().contains("Comparison grid"));
    w.action("helpReadme")->trigger();  // the source tree's README beside the build, or the short help
    QVERIFY(help->findChild<QTextBrowser*>("helpText")->toPlainText().contains("DPW Lab"));
  }

  // The explanation panel's live line ("Now: running at step …") refreshes during a run without re-laying out
  // the text at every frame pull or scrolling the reader back to the top (setHtml alone resets it).
  void explanationKeepsItsScrollDuringARun() {
    MainWindow w;
    w.show();
    auto* ex = w.findChild<QTextBrowser*>("explanation");
    QVERIFY(ex);
    ex->setFixedHeight(60);  // little room: the text scrolls
    typeInto(w.form()->field("shifts"), "1000");
    QVERIFY(w.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(ex->toPlainText().contains("Now: running at step") && ex->verticalScrollBar()->maximum() > 0, 30000);
    ex->verticalScrollBar()->setValue(ex->verticalScrollBar()->maximum());
    const int scrolled = ex->verticalScrollBar()->value();
    QVERIFY(scrolled > 0);
    const QString before = ex->toPlainText();
    QTRY_VERIFY_WITH_TIMEOUT(ex->toPlainText() != before, 30000);  // the live line moved on (or the run ended)
    QCOMPARE(ex->verticalScrollBar()->value(), std::min(scrolled, ex->verticalScrollBar()->maximum()));
    QVERIFY(ex->verticalScrollBar()->value() > 0);
    if (w.controller()->running()) {  // the finish signal is queued to this thread: not missed below
      w.controller()->cancel();
      QVERIFY(waitFinished(w));
    }
  }

  void closingMidRunLeavesNoThread() {
    auto* w = new MainWindow;
    typeInto(w->form()->field("shifts"), "1000");
    QVERIFY(w->startRun());
    QTRY_VERIFY_WITH_TIMEOUT(w->controller()->step() >= 1, 30000);
    QPointer<dpwapp::RunController> controller = w->controller();
    delete w;  // the destructor cancels and joins the worker
    QVERIFY(controller.isNull());
  }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
