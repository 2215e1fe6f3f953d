// Issue #19 item 1, "no picture outlives its run", in a shown main window (headless): after changing the
// method, loading a preset or lesson, Reset or editing a field, no chart, series, "Last run" table or
// statement of another method or run is on show unless it is marked as the previous run (faded overlay
// labelled "previous run: <what it had>", the panel's table headed "Previous run"); the status bar and
// the explanation panel agree on state, step and ε while running, paused, cancelled and finished.
// Item 4, "words, not codes": numbers with a special meaning are offered by name in the form and read
// back as the same numbers.
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QLabel>
#include <QProgressBar>
#include <QLineEdit>
#include <QSignalSpy>
#include <QToolButton>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QXYSeries>
#include <QtTest>
#include <cmath>

#include "charts/frame_overlay.h"
#include "common/scenario_files.h"
#include "core/method.h"
#include "gui/chart_grid.h"
#include "gui/main_window.h"
#include "gui/parameter_form.h"
#include "gui/parameter_slider.h"
#include "gui/pinned_runs.h"
#include "gui/run_controller.h"
#include "support/gui_suite.h"
#include "support/type_into.h"

using dpwapp::MainWindow;
using dpwapp::RunState;

namespace {

QString stepLabel(MainWindow& w) { return w.findChild<QLabel*>("stepLabel")->text(); }
QString epsilonLabel(MainWindow& w) { return w.findChild<QLabel*>("epsilonLabel")->text(); }
bool progressShown(MainWindow& w) { return !w.findChild<QProgressBar*>()->isHidden(); }

/// The names of the series drawn in a chart view that are not marked as another run's.
QStringList liveSeriesNames(QChartView* view) {
  QStringList out;
  if (!view || !view->chart()) return out;
  for (auto* s : view->chart()->series())
    if (s->property("dpwOverlay").toString().isEmpty()) out << s->name();
  return out;
}

/// The curve names of a frame (lines and histogram groups), overlays excluded.
QStringList frameSeriesNames(const dpw::Frame& f) {
  QStringList out;
  if (const auto* lines = std::get_if<dpw::LinesFrame>(&f.data))
    for (const auto& s : lines->series)
      if (s.overlay.empty()) out << QString::fromStdString(s.name);
  if (const auto* h = std::get_if<dpw::HistogramFrame>(&f.data))
    for (const auto& g : h->groups)
      if (g.overlay.empty()) out << QString::fromStdString(g.name);
  return out;
}

/// Nothing of an earlier run is on show: no chart, no "Last run" or "Previous run" table, no statement,
/// no step or state in the status bar or the panel.
void checkNothingShown(MainWindow& w, const QString& where, const QString& earlierStatement) {
  QVERIFY2(w.charts()->chartCount() == 0, qPrintable(where + ": charts of an earlier run are on show"));
  QVERIFY2(w.charts()->overlays().empty(), qPrintable(where + ": overlays of an earlier run"));
  const QString html = w.explanationHtml();
  QVERIFY2(!html.contains("Last run") && !html.contains("Previous run") && !html.contains("Now:"),
           qPrintable(where + ": the panel still describes an earlier run"));
  if (!earlierStatement.isEmpty()) {
    QVERIFY2(!html.contains(earlierStatement.toHtmlEscaped().left(60)), qPrintable(where + ": an earlier statement"));
    QVERIFY2(!w.statusMessage().contains(earlierStatement.left(60)), qPrintable(where + ": an earlier statement"));
  }
  QCOMPARE(w.shownReadout().state, RunState::None);
  QVERIFY2(stepLabel(w).isEmpty(), qPrintable(where + ": status bar says " + stepLabel(w)));
  QVERIFY(w.lastMetrics().isEmpty());
}

/// Every chart on show is one of this run's: a view per live frame and no other, and every series drawn
/// without an overlay mark is the live frame's. The status bar and the panel agree on the state and step.
void checkOwnRun(MainWindow& w, const QString& where, const std::string& method) {
  QCOMPARE(w.lastScenario().method, method);
  QVERIFY(!w.showsPreviousRun());
  const auto frames = w.charts()->frames();
  QVERIFY2(w.charts()->chartCount() == int(frames.size()) || !w.charts()->overlays().empty(),
           qPrintable(QString("%1: %2 views for %3 frames of the run").arg(where).arg(w.charts()->chartCount()).arg(frames.size())));
  for (const auto& f : frames) {
    auto* view = qobject_cast<QChartView*>(w.charts()->view(f->chart));
    if (!view) continue;  // a picture: it paints this frame
    const QStringList expected = frameSeriesNames(*f);
    for (const QString& name : liveSeriesNames(view))
      QVERIFY2(expected.contains(name), qPrintable(QString("%1: chart %2 draws '%3', not a series of this run")
                                                       .arg(where, QString::fromStdString(f->chart), name)));
  }
  for (const auto& o : w.charts()->overlays()) QVERIFY2(!o.label.empty(), qPrintable(where));
  const auto& r = w.shownReadout();
  QVERIFY2(r.state == RunState::Finished || r.state == RunState::Cancelled,
           qPrintable(where + ": state " + r.stateWord()));
  QCOMPARE(stepLabel(w), r.statusText());
  QVERIFY2(stepLabel(w).startsWith(r.stateWord()), qPrintable(stepLabel(w)));
  QVERIFY2(w.explanationHtml().contains(r.panelHtml()), qPrintable(where));
  if (r.total > 0)
    QVERIFY2(w.explanationHtml().contains(QString("%1 at step %2 of %3").arg(r.stateWord()).arg(r.step).arg(r.total)),
             qPrintable(where + ": " + w.explanationHtml()));
  QCOMPARE(r.step, w.controller()->step());
  if (r.state == RunState::Finished && !w.lastMetrics().isEmpty()) QVERIFY(w.explanationHtml().contains("Last run"));
}

/// After an edit: the run on show is the previous one, faded and labelled, its table headed so.
void checkMarkedPrevious(MainWindow& w, const QString& where, const QString& labelStart, bool byEdit = true) {
  QVERIFY2(w.showsPreviousRun(), qPrintable(where));
  QVERIFY(w.charts()->frames().empty());  // nothing drawn as live
  for (const auto& f : w.charts()->shownFrames()) {
    auto* view = qobject_cast<QChartView*>(w.charts()->view(f->chart));
    QVERIFY2(liveSeriesNames(view).isEmpty(), qPrintable(where + ": an unmarked series on " + QString::fromStdString(f->chart)));
  }
  bool labelled = w.charts()->overlays().empty();  // a run that drew nothing has nothing to fade
  for (const auto& o : w.charts()->overlays())
    if (QString::fromStdString(o.label).startsWith(labelStart) && o.standsIn) labelled = true;
  QVERIFY2(labelled, qPrintable(where + ": no overlay labelled '" + labelStart + "'"));
  QCOMPARE(w.shownReadout().state, RunState::Previous);
  QVERIFY2(stepLabel(w).startsWith("previous run"), qPrintable(stepLabel(w)));
  QVERIFY2(epsilonLabel(w).isEmpty() || epsilonLabel(w).startsWith("previous run: "), qPrintable(epsilonLabel(w)));
  if (byEdit)  // (Reset says how many fields it reset instead)
    QVERIFY2(w.statusMessage().startsWith("The form has changed since the run on show"), qPrintable(w.statusMessage()));
  const QString html = w.explanationHtml();
  QVERIFY2(!html.contains("Last run") && !html.contains("Now:"), qPrintable(where + ": " + html));
  if (!w.lastMetrics().isEmpty()) QVERIFY2(html.contains("Previous run"), qPrintable(where));
}

/// Runs until the first frame is drawn (then stops the run) or the end, whichever comes first.
void runBriefly(MainWindow& w, const QString& where) {
  QSignalSpy finished(&w, &MainWindow::runFinished);
  QVERIFY2(w.startRun(), qPrintable(where + ": not started: " + w.statusMessage()));
  QElapsedTimer clock;
  clock.start();
  while (finished.isEmpty() && w.charts()->frames().empty() && clock.elapsed() < 2500) QTest::qWait(20);
  if (finished.isEmpty()) w.action("stop")->trigger();
  QVERIFY2(!finished.isEmpty() || finished.wait(20000), qPrintable(where + ": Stop was not answered within 20 s"));
}

}  // namespace

class TestStalePictures : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    dpwtest::isolateGuiSuite("tst_stale_pictures", false);
  }

  // Every method, then every preset and lesson, in one window: each choice starts from an empty view,
  // its run shows only its own charts, and edits (a new seed, Reset) turn the run into the marked
  // previous run. Each run is stopped at its first drawn frame (a cancelled run keeps its charts: they
  // are its own).
  void walkEveryMethodAndPreset() {
    MainWindow w;
    w.resize(1400, 860);
    w.show();
    auto* combo = w.findChild<QComboBox*>("method");
    QStringList items;
    for (const auto& m : dpw::allMethods()) items << "method:" + QString::fromStdString(m.id);
    for (const QString& f : QDir(":/scenarios").entryList({"*.json"}, QDir::Files, QDir::Name)) items << ":/scenarios/" + f;
    QVERIFY(items.size() > 40);
    QString statement;
    int index = 0, markedByEdit = 0, markedByReset = 0;
    for (const QString& item : items) {
      // Choose the next method or preset as a user does.
      if (item.startsWith("method:")) {
        const int i = combo->findData(item.mid(7));
        QVERIFY(i >= 0);
        combo->setCurrentIndex(i == combo->currentIndex() ? (i + 1) % combo->count() : i);
        combo->setCurrentIndex(i);
      } else {
        w.openScenarioFile(item);
      }
      checkNothingShown(w, item, statement);
      if (QTest::currentTestFailed()) return;
      const std::string method = w.currentScenario().method;
      QElapsedTimer itemClock;
      itemClock.start();
      runBriefly(w, item);
      qInfo("%s: %lld ms to its first frame and the stop", qPrintable(item), itemClock.elapsed());
      if (QTest::currentTestFailed()) return;
      checkOwnRun(w, item, method);
      if (QTest::currentTestFailed()) return;
      statement = w.shownReadout().state == RunState::Finished ? w.statusMessage().mid(10) : QString();
      // Every other item: edit the seed (as typed), or Reset, after the run.
      if (index % 3 == 1) {
        auto* seed = w.findChild<QLineEdit*>("seed");
        const QString before = seed->text();
        dpwtest::typeInto(seed, QString::number(before.toULongLong() + 1));
        checkMarkedPrevious(w, item + " (seed edited)", "previous run: seed " + before);
        ++markedByEdit;
        if (const QString shots = qEnvironmentVariable("DPW_SCREENSHOT_DIR"); !shots.isEmpty() && item.startsWith("method:")) {
          QCoreApplication::processEvents();
          QVERIFY(w.grab().save(QDir(shots).filePath("previous-run-" + item.mid(7) + ".png")));
        }
      } else if (index % 3 == 2) {
        w.action("reset")->trigger();
        if (!w.statusMessage().startsWith("Every parameter already")) {
          checkMarkedPrevious(w, item + " (Reset)", "previous run: ", false);
          ++markedByReset;
        }
      }
      if (QTest::currentTestFailed()) return;
      ++index;
    }
    QVERIFY(markedByEdit > 10);
    QVERIFY(markedByReset > 5);
  }

  // A method chosen while a run computes stops it: its frames are dropped, nothing of it is drawn after.
  void switchingMethodMidRunDropsTheRun() {
    MainWindow w;
    w.show();
    dpwtest::typeInto(w.form()->field("samples"), "2000");
    dpwtest::typeInto(w.form()->field("shifts"), "500");
    QVERIFY(w.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(!w.charts()->frames().empty(), 30000);
    auto* combo = w.findChild<QComboBox*>("method");
    combo->setCurrentIndex(combo->findData("privacy-tradeoff"));
    checkNothingShown(w, "switched mid-run", {});
    QTRY_VERIFY_WITH_TIMEOUT(!w.controller()->running(), 30000);
    QTest::qWait(100);  // any frame the dropped run published is not drawn
    checkNothingShown(w, "after the dropped run ended", {});
    QVERIFY(w.statusMessage().startsWith("Stopped the run of"));
    // Run pressed at once after a switch (the dropped run may still be stopping) starts the new method.
    dpwapp::Scenario slow = dpwapp::Scenario::defaults("dpswd-explorer");
    slow.params.set("samples", 2000.0);
    slow.params.set("shifts", 500.0);
    w.loadScenario(slow);
    QVERIFY(w.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(w.controller()->step() >= 1, 30000);
    combo->setCurrentIndex(combo->findData("privacy-tradeoff"));
    w.form()->setFieldText("trials", "200");
    QSignalSpy finished(&w, &MainWindow::runFinished);
    QVERIFY(w.startRun());
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.count(), 1);  // only the new run reports
    QVERIFY(finished.first().first().toBool());
    checkOwnRun(w, "run after a switch", "privacy-tradeoff");
  }

  // Editing a field after a run marks the run as the previous one, labelled with what it had; going back
  // to its values (undo) shows it as the run again; Run replaces it.
  void editMarksPreviousAndUndoRestores() {
    MainWindow w;
    w.resize(1400, 860);
    w.show();
    dpwapp::Scenario s = dpwapp::Scenario::defaults("privacy-tradeoff");
    s.params.set("trials", 200.0);
    w.loadScenario(s);
    QSignalSpy finished(&w, &MainWindow::runFinished);
    QVERIFY(w.startRun());
    QVERIFY(finished.wait(60000));
    checkOwnRun(w, "first run", "privacy-tradeoff");
    const int charts = w.charts()->chartCount();
    const int frames = int(w.charts()->frames().size());
    QVERIFY(frames > 0);
    const QString statement = w.statusMessage();

    auto* sigma = qobject_cast<QLineEdit*>(w.form()->field("noise_multiplier"));
    dpwtest::typeInto(sigma, "2");
    emit sigma->editingFinished();
    checkMarkedPrevious(w, "σ edited", "previous run: σ = 1");
    QCOMPARE(QString::fromStdString(w.charts()->overlays().front().label), QString("previous run: σ = 1"));
    QCOMPARE(w.charts()->chartCount(), charts);  // the charts stay, faded
    QVERIFY(w.explanationHtml().contains("Previous run</b> (σ = 1)"));
    QVERIFY(w.explanationHtml().contains("the form has changed since"));
    if (const QString shots = qEnvironmentVariable("DPW_SCREENSHOT_DIR"); !shots.isEmpty()) {
      QCoreApplication::processEvents();
      QVERIFY(w.grab().save(QDir(shots).filePath("previous-run-marked.png")));
    }
    QVERIFY(w.pinRun());  // the run on show can still be pinned
    w.clearPins();

    w.action("undo")->trigger();
    QCOMPARE(w.form()->fieldText("noise_multiplier"), QString("1"));
    QVERIFY(!w.showsPreviousRun());
    QCOMPARE(int(w.charts()->frames().size()), frames);  // the run is on show again
    QVERIFY(w.charts()->overlays().empty());
    checkOwnRun(w, "undone", "privacy-tradeoff");

    // Edited again, then Run: the new run is the one on show.
    dpwtest::typeInto(sigma, "2");
    QVERIFY(w.showsPreviousRun());
    QVERIFY(w.startRun());
    QVERIFY(finished.wait(60000));
    checkOwnRun(w, "second run", "privacy-tradeoff");
    QVERIFY(w.charts()->overlays().empty());
    QVERIFY(statement != w.statusMessage());
  }

  // The status bar and the panel tell the same state, step and ε at every stage (#19: "step 0 of 0"
  // beside 142, "Running…" while paused).
  void statusBarAndPanelAgree() {
    MainWindow w;
    w.show();
    dpwtest::typeInto(w.form()->field("samples"), "2000");
    dpwtest::typeInto(w.form()->field("shifts"), "500");
    QVERIFY(w.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(w.controller()->step() >= 2, 30000);
    QTRY_COMPARE_WITH_TIMEOUT(w.shownReadout().state, RunState::Running, 5000);
    QVERIFY(w.statusMessage().startsWith("Running"));
    QTRY_VERIFY_WITH_TIMEOUT(w.explanationHtml().contains("<b>Now:</b> running at step"), 5000);
    QVERIFY2(stepLabel(w).startsWith("running · step "), qPrintable(stepLabel(w)));
    QVERIFY(progressShown(w));  // the bar only while a run goes on
    QVERIFY2(w.explanationHtml().contains(QString("running at step %1 of 500").arg(w.shownReadout().step)),
             qPrintable(w.explanationHtml()));

    w.action("pause")->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(w.shownReadout().state, RunState::Paused, 30000);
    QTest::qWait(700);  // past the panel's 2 Hz refresh: nothing drifts while paused
    const long step = w.controller()->step(), total = w.controller()->totalSteps();
    QVERIFY(step > 0 && total == 500);
    QCOMPARE(w.shownReadout().step, step);
    QCOMPARE(stepLabel(w), QString("paused · step %1 / %2").arg(step).arg(total));
    QVERIFY(progressShown(w));
    QVERIFY2(w.explanationHtml().contains(QString("<b>Now:</b> paused at step %1 of %2").arg(step).arg(total)),
             qPrintable(w.explanationHtml()));
    QCOMPARE(w.statusMessage(), QString("Paused at step %1 of %2 (Space resumes, Ctrl+. runs one step).").arg(step).arg(total));
    QVERIFY(!w.explanationHtml().contains("running"));

    w.action("step")->trigger();  // one step, then paused again: both say the new step
    QTRY_COMPARE_WITH_TIMEOUT(w.controller()->step(), step + 1, 30000);
    QTRY_VERIFY_WITH_TIMEOUT(w.controller()->waitingAtPause(), 30000);
    QTRY_COMPARE_WITH_TIMEOUT(stepLabel(w), QString("paused · step %1 / %2").arg(step + 1).arg(total), 5000);
    QVERIFY(w.explanationHtml().contains(QString("paused at step %1 of %2").arg(step + 1).arg(total)));

    w.action("pause")->trigger();  // resume
    QTRY_COMPARE_WITH_TIMEOUT(w.shownReadout().state, RunState::Running, 5000);
    QVERIFY(w.statusMessage().startsWith("Running"));

    QSignalSpy finished(&w, &MainWindow::runFinished);
    w.action("stop")->trigger();
    QVERIFY(finished.wait(60000));
    const long stopped = w.controller()->step();
    QVERIFY(stopped < 500);
    QCOMPARE(w.shownReadout().state, RunState::Cancelled);
    QCOMPARE(stepLabel(w), QString("cancelled · step %1 / 500").arg(stopped));
    QVERIFY(!progressShown(w));
    QVERIFY(w.explanationHtml().contains(QString("<b>Now:</b> cancelled at step %1 of 500").arg(stopped)));
    QCOMPARE(w.statusMessage(), QString("Cancelled at step %1 of 500.").arg(stopped));

    // A finished run with a privacy readout: the same ε in the status bar and the panel.
    w.loadScenario(dpwapp::Scenario::defaults("accountant-explorer"));
    QVERIFY(w.startRun());
    QVERIFY(finished.wait(120000));
    QCOMPARE(w.shownReadout().state, RunState::Finished);
    const long total2 = w.controller()->totalSteps();
    QVERIFY(total2 > 0);
    QCOMPARE(stepLabel(w), QString("finished · step %1 / %1").arg(total2));
    QVERIFY(!progressShown(w));  // its room goes to the message
    QVERIFY(w.explanationHtml().contains(QString("<b>Now:</b> finished at step %1 of %1").arg(total2)));
    QVERIFY(!epsilonLabel(w).isEmpty());
    QCOMPARE(epsilonLabel(w), w.privacyText());
    QVERIFY2(w.explanationHtml().contains(w.privacyText().toHtmlEscaped()), qPrintable(w.explanationHtml()));
  }

  // Item 4: the numbers that mean words are choices in the form, read back as the old numbers.
  void specialValuesAreWordsInTheForm() {
    MainWindow w;
    w.resize(1400, 860);
    w.show();
    w.loadScenario(dpwapp::Scenario::defaults("fair-classifier"));
    auto* delta = qobject_cast<QComboBox*>(w.form()->field("delta"));
    QVERIFY(delta && delta->isEditable());
    QCOMPARE(delta->itemText(0), QString("auto (0.1/n)"));
    QCOMPARE(w.form()->fieldText("delta"), QString("auto (0.1/n)"));
    QCOMPARE(w.form()->defaultText("delta"), QString("auto (0.1/n)"));
    QCOMPARE(w.form()->fieldText("noise_multiplier"), QString("from ε"));
    QVERIFY(delta->toolTip().contains("auto (0.1/n) = 0"));
    if (const QString shots = qEnvironmentVariable("DPW_SCREENSHOT_DIR"); !shots.isEmpty()) {
      QCoreApplication::processEvents();
      QVERIFY(w.grab().save(QDir(shots).filePath("special-values-form.png")));
    }
    dpwapp::Scenario s = w.currentScenario();
    QCOMPARE(s.params.real("delta"), 0.0);
    QCOMPARE(s.params.real("noise_multiplier"), -1.0);
    // Scenario files keep the number: the JSON holds 0 and −1, and reads back to the same form.
    const QByteArray json = dpwapp::scenarioJson(s);
    QVERIFY2(json.contains("\"delta\": 0") && json.contains("\"noise_multiplier\": -1"), json.constData());
    const dpwapp::Scenario back = dpwapp::Scenario::fromJson(json.toStdString());
    QCOMPARE(back.params.real("delta"), 0.0);
    QCOMPARE(back.params.real("noise_multiplier"), -1.0);
    // A number typed into the field is a number; picking the word again gives the special value.
    dpwtest::typeInto(delta->lineEdit(), "0.001");
    emit delta->lineEdit()->editingFinished();
    QCOMPARE(w.currentScenario().params.real("delta"), 0.001);
    QVERIFY(w.form()->resetButton("delta")->isEnabled());
    w.form()->resetButton("delta")->click();
    QCOMPARE(w.form()->fieldText("delta"), QString("auto (0.1/n)"));
    QCOMPARE(w.currentScenario().params.real("delta"), 0.0);
    dpwtest::typeInto(delta->lineEdit(), "often");
    QVERIFY_THROWS_EXCEPTION(dpw::InvalidArgument, w.currentScenario());
    QVERIFY(!w.startRun());  // bad input changes nothing
    delta->setCurrentIndex(0);
    emit delta->activated(0);
    QCOMPARE(w.currentScenario().params.real("delta"), 0.0);
    // A scenario with a number shows the number.
    dpwapp::Scenario given = dpwapp::Scenario::defaults("fair-classifier");
    given.params.set("delta", 1e-6);
    given.params.set("noise_multiplier", 0.8);
    w.loadScenario(given);
    QCOMPARE(w.form()->fieldText("delta"), QString("1e-06"));
    QCOMPARE(w.form()->fieldText("noise_multiplier"), QString("0.8"));

    // The flow: directions "= d", noise "from ε" with its slider still setting numbers (a form alone: a
    // slider let go in the window would start a run).
    dpwapp::ParameterForm form;
    form.setValues(dpwapp::Scenario::defaults("dpswflow-r").params);
    QCOMPARE(form.fieldText("projections"), QString("= d (data dimension)"));
    QCOMPARE(form.fieldText("noise_multiplier"), QString("from ε"));
    QCOMPARE(form.fieldText("public_rows"), QString("= m (private row count)"));
    QCOMPARE(form.values().real("projections"), 0.0);
    QCOMPARE(form.values().real("public_rows"), 0.0);
    auto* slider = form.slider("noise_multiplier");
    QVERIFY(slider);
    slider->setValue(slider->positionOf(2.0));
    QCOMPARE(form.values().real("noise_multiplier"), 2.0);
    form.resetButton("noise_multiplier")->click();
    QCOMPARE(form.fieldText("noise_multiplier"), QString("from ε"));
    QCOMPARE(form.values().real("noise_multiplier"), 0.0);
    // Pinned-run labels name no special value as a number ("σ = 0" would read as no noise).
    dpwapp::Scenario flow = dpwapp::Scenario::defaults("dpswflow-r");
    QVERIFY(!dpwapp::PinnedRuns::describe(flow).contains("σ"));
  }
};

QTEST_MAIN(TestStalePictures)
#include "tst_stale_pictures.moc"
