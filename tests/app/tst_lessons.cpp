// Lessons (issue #20 item 1): the Presets menu is an ordered sequence of lessons in chapters, each with a
// title, a one-line summary and a lecturer's note shown in the explanation panel; next/previous lesson
// (PgDn/PgUp); presets that are not lessons in a submenu; a lesson file written by hand opens as a lesson.
// With DPW_SCREENSHOT_DIR set, screenshots of the menu and of the count lesson's view are saved there.
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QScreen>
#include <QScrollBar>
#include <QTextBrowser>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QSettings>
#include <QTimer>
#include <QtTest>
#include <set>

#include "common/embedded_resources.h"
#include "common/scenario_files.h"
#include "core/error.h"
#include "gui/chart_grid.h"
#include "gui/lesson_menu.h"
#include "gui/main_window.h"
#include "gui/parameter_form.h"
#include "gui/run_controller.h"
#include "support/gui_suite.h"

using namespace dpwapp;

namespace {

const char* kHandWritten = R"({
  "format": "dpwlab-scenario", "version": 1, "method": "count-query", "seed": 5,
  "lesson": {"chapter": 1, "order": 1, "title": "My own count", "summary": "A count of 100 at ε = 0.5.",
             "note": {"look": "LOOK-TEXT", "ask": "ASK-TEXT"}},
  "parameters": {"count": 100, "epsilon": 0.5}
})";

QString shots() { return qEnvironmentVariable("DPW_SCREENSHOT_DIR"); }

}  // namespace

class TestLessons : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    dpwtest::isolateGuiSuite(nullptr, false);
    ensureEmbeddedResources();
  }

  // The built-in lessons: the five chapters of the issue and optimal transport's basics, in order, numbers unique, every lesson with a
  // title, a summary and all three parts of the note; the catalog equals the files with a lesson block.
  void builtInLessonsAreASequence() {
    QStringList others;
    const auto lessons = lessonCatalog(":/scenarios", &others);
    QVERIFY(lessons.size() >= 12);
    std::set<std::pair<int, int>> seen;
    std::set<int> chapters;
    for (size_t i = 0; i < lessons.size(); ++i) {
      const Lesson& l = lessons[i].lesson;
      QVERIFY2(seen.insert({l.chapter, l.order}).second, l.number().c_str());
      chapters.insert(l.chapter);
      QVERIFY(!l.title.empty() && !l.summary.empty() && !l.chapterTitle.empty());
      QVERIFY2(!l.look.empty() && !l.change.empty() && !l.ask.empty(), l.number().c_str());
      if (i > 0) QVERIFY(lessons[i - 1].lesson < l);
    }
    QCOMPARE(chapters, (std::set<int>{1, 2, 3, 4, 5, 6}));
    QCOMPARE(lessons.front().lesson.title, std::string("Noise on a count"));
    QCOMPARE(readScenarioFile(lessons.front().path).method, std::string("count-query"));
    QVERIFY(others.size() >= 30);  // the other presets stay
    QVERIFY(others.contains(":/scenarios/default.json"));
  }

  // The lesson block: read back as written; unknown keys, a missing title or an empty note are refused
  // with the field's name.
  void lessonBlockRoundTripsAndRefusesMistakes() {
    const Scenario s = Scenario::fromJson(kHandWritten);
    QVERIFY(s.lesson.has_value());
    QCOMPARE(s.lesson->title, std::string("My own count"));
    QCOMPARE(s.lesson->change, std::string());
    const Scenario back = Scenario::fromJson(s.toJson());
    QVERIFY(back.lesson.has_value());
    QCOMPARE(back.lesson->look, std::string("LOOK-TEXT"));
    const std::pair<QByteArray, QByteArray> bad[] = {
        {R"("lesson": {"chapter": 1, "order": 1, "title": "t", "summary": "s", "note": {"look": "x"}, "colour": 1})", "colour"},
        {R"("lesson": {"chapter": 1, "order": 1, "summary": "s", "note": {"look": "x"}})", "title"},
        {R"("lesson": {"chapter": 0, "order": 1, "title": "t", "summary": "s", "note": {"look": "x"}})", "chapter"},
        {R"("lesson": {"chapter": 1, "order": 1, "title": "t", "summary": "s", "note": {}})", "note"},
        {R"("lesson": {"chapter": 1, "order": 1, "title": "t", "summary": "s", "note": "just text"})", "note"}};
    for (const auto& [block, word] : bad) {
      const QByteArray json = R"({"format": "dpwlab-scenario", "version": 1, "method": "count-query", )" + block + "}";
      try {
        Scenario::fromJson(json.toStdString());
        QFAIL(json.constData());
      } catch (const dpw::InvalidArgument& e) {
        QVERIFY2(QByteArray(e.what()).contains(word), e.what());
      }
    }
  }

  // The Presets menu: chapter headers and lessons in order, next/previous, "Other presets" submenu. Opening
  // a lesson shows its note in the explanation panel; PgDn goes on, PgUp back.
  void menuOpensLessonsInOrder() {
    MainWindow w;
    QVERIFY(dpwtest::showAt(w, {1400, 860}));
    w.activateWindow();  // PgDn and PgUp are window shortcuts: on a display (xcb) they need the active window
    QVERIFY(QTest::qWaitForWindowActive(&w));
    auto* presets = w.menuBar()->findChild<QMenu*>("presetsMenu");
    QVERIFY(presets);
    QStringList texts;
    for (QAction* a : presets->actions()) texts << a->text();
    QVERIFY2(texts.first().startsWith("Chapter 1"), qPrintable(texts.first()));
    QVERIFY(texts.contains("1.1  Noise on a count"));
    QVERIFY(presets->findChild<QMenu*>("otherPresets"));
    QCOMPARE(w.action("nextLesson")->shortcut(), QKeySequence(Qt::Key_PageDown));
    QCOMPARE(w.action("previousLesson")->shortcut(), QKeySequence(Qt::Key_PageUp));
    QVERIFY(!w.action("previousLesson")->isEnabled());  // no lesson yet: only "next" (the first lesson)

    w.action("nextLesson")->trigger();
    QCOMPARE(w.currentScenario().method, std::string("count-query"));
    QVERIFY(w.explanationHtml().contains("Noise on a count"));
    QVERIFY(w.explanationHtml().contains("Ask the class"));
    QCOMPARE(w.lessons()->currentIndex(), 0);
    QTest::keyClick(&w, Qt::Key_PageDown);
    QCOMPARE(w.lessons()->currentIndex(), 1);
    QCOMPARE(w.currentScenario().method, std::string("privacy-tradeoff"));
    QVERIFY(w.explanationHtml().contains("The f-DP trade-off"));
    QTest::keyClick(&w, Qt::Key_PageUp);
    QCOMPARE(w.lessons()->currentIndex(), 0);
    // Every lesson opens with its note.
    for (const auto& e : w.lessons()->lessons()) {
      w.openScenarioFile(e.path);
      QVERIFY2(w.explanationHtml().contains(QString::fromStdString(e.lesson.title).toHtmlEscaped()), qPrintable(e.path));
      QVERIFY2(w.explanationHtml().contains("Point at"), qPrintable(e.path));
    }
    QVERIFY(!w.action("nextLesson")->isEnabled());  // the last lesson

    if (!shots().isEmpty()) {  // the menu as a lecturer sees it
      w.openScenarioFile(w.lessons()->lessons().front().path);
      QTimer::singleShot(300, [&] {
        presets->grab().save(QDir(shots()).filePath("lessons-menu.png"));
        presets->close();
      });
      presets->exec(w.mapToGlobal(QPoint(200, 30)));
    }
  }

  // A lesson file written by hand (not in the catalog) opens as a lesson: its note shows, and "next" goes
  // to the first built-in lesson after its place (chapter 1, order 1 → the built-in 1.2).
  void handWrittenLessonOpensAsALesson() {
    QTemporaryDir dir;
    QFile f(dir.filePath("my-lesson.json"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kHandWritten);
    f.close();
    MainWindow w;
    w.openScenarioFile(f.fileName());
    QVERIFY(w.explanationHtml().contains("My own count"));
    QVERIFY(w.explanationHtml().contains("LOOK-TEXT"));
    QVERIFY(w.explanationHtml().contains("ASK-TEXT"));
    QCOMPARE(w.currentScenario().params.real("epsilon"), 0.5);
    QCOMPARE(w.lessons()->currentIndex(), -1);
    QVERIFY(w.action("previousLesson")->isEnabled() == false);  // nothing before 1.1
    w.action("nextLesson")->trigger();
    QCOMPARE(w.lessons()->currentIndex(), 1);
    // Another method chosen by hand: the note goes (it belongs to its scenario's method).
    w.openScenarioFile(f.fileName());
    auto* combo = w.findChild<QComboBox*>("method");
    combo->setCurrentIndex(combo->findData("privacy-tradeoff"));
    QVERIFY(!w.explanationHtml().contains("My own count"));
  }

  // A lecture that flows (issue #40 item 2): a lesson runs on load; PgDn shows the next lesson's note from its
  // top; the seed is the lesson's, and a method chosen by hand gets its own (no carry-over); reset goes back to
  // the lesson's values; Save keeps the lesson block; presentation mode shows the lesson's title and caption.
  void lectureFlows() {
    MainWindow w;
    QVERIFY(dpwtest::showAt(w, {1024, 768}));
    QSignalSpy finished(&w, &MainWindow::runFinished);
    w.openScenarioFile(":/scenarios/lesson-1-1-count.json");
    QVERIFY(!w.controller()->running());  // not yet: after the events now queued
    QVERIFY(finished.wait(60000));        // ... then on its own, without Run
    QVERIFY(finished.first().first().toBool());
    QCOMPARE(w.lastScenario().method, std::string("count-query"));
    QCOMPARE(w.charts()->chartCount(), 5);

    // The notes from the top after scrolling down in the previous lesson's.
    QTextBrowser* notes = w.explanationPanel();
    notes->verticalScrollBar()->setValue(notes->verticalScrollBar()->maximum());
    QVERIFY(notes->verticalScrollBar()->maximum() > 0);  // 1024 × 768: the note and summary do not fit
    w.action("nextLesson")->trigger();
    QCOMPARE(notes->verticalScrollBar()->value(), 0);
    QVERIFY(finished.wait(60000));  // 1.2 runs too

    // Seeds: the lesson's, then the method's own default when a method is chosen by hand.
    auto* seed = w.findChild<QLineEdit*>("seed");
    QCOMPARE(seed->text(), QString("2026"));
    seed->setText("777");
    auto* combo = w.findChild<QComboBox*>("method");
    combo->setCurrentIndex(combo->findData("private-matching"));
    QCOMPARE(seed->text(), QString::number(dpw::Scenario::defaults("private-matching").seed));

    // Reset: to the lesson's values (50000 runs, noise quartered), not the method's defaults (200000, none).
    w.openScenarioFile(":/scenarios/lesson-1-4-broken.json");
    QVERIFY(finished.wait(60000));
    w.form()->setFieldText("trials", "300");
    w.form()->setFieldText("fault", "none");
    w.action("reset")->trigger();
    const dpw::Scenario broken = readScenarioFile(":/scenarios/lesson-1-4-broken.json");
    QCOMPARE(w.currentScenario().params.real("trials"), broken.params.real("trials"));
    QCOMPARE(w.currentScenario().params.text("fault"), broken.params.text("fault"));
    QVERIFY(broken.params.real("trials") != dpw::Scenario::defaults("privacy-audit").params.real("trials"));
    QVERIFY(broken.params.text("fault") != dpw::Scenario::defaults("privacy-audit").params.text("fault"));

    const dpw::Scenario lesson = readScenarioFile(":/scenarios/lesson-1-1-count.json");
    w.openScenarioFile(":/scenarios/lesson-1-1-count.json");
    QVERIFY(finished.wait(60000));

    // Save keeps the lesson block: reopened, the title and note are back.
    QTemporaryDir dir;
    const QString saved = dir.filePath("saved-lesson.json");
    QCOMPARE(w.saveScenarioTo(saved), QString());
    const dpw::Scenario back = readScenarioFile(saved);
    QVERIFY(back.lesson.has_value());
    QCOMPARE(back.lesson->title, lesson.lesson->title);
    QCOMPARE(back.lesson->look, lesson.lesson->look);
    QCOMPARE(back.lesson->claims.size(), lesson.lesson->claims.size());

    // Presentation mode: the lesson's number, title and caption above the charts.
    auto* banner = w.findChild<QLabel*>("lessonBanner");
    QVERIFY(banner && !banner->isVisible());
    w.setPresentationMode(true);
    QVERIFY(banner->isVisible());
    QVERIFY(banner->text().contains("1.1"));
    QVERIFY(banner->text().contains(QString::fromStdString(lesson.lesson->title).toHtmlEscaped()));
    QVERIFY(!lesson.lesson->caption.empty());
    QVERIFY(banner->text().contains(QString::fromStdString(lesson.lesson->caption).toHtmlEscaped()));
    if (!shots().isEmpty()) {
      QCoreApplication::processEvents();
      QVERIFY(w.grab().save(QDir(shots()).filePath("presentation-lesson.png")));
    }
    combo->setCurrentIndex(combo->findData("privacy-tradeoff"));  // another method: not the lesson's
    QVERIFY(!banner->isVisible());
    w.setPresentationMode(false);
  }

  // A run that prepares for long before its first step says so (issue #40 item 6): the Fashion-MNIST flow
  // loads and PCA-fits 70000 images first (seconds). Stop's answer time during the load is printed, not
  // asserted (the load has no cancellation point yet).
  void preparingIsSaid() {
    if (!QFileInfo::exists("/usr/share/datasets/fashion-mnist/train-images-idx3-ubyte.gz"))
      QSKIP("Fashion-MNIST is not installed (Debian dataset-fashion-mnist)");
    MainWindow w;
    QVERIFY(dpwtest::showAt(w, {1024, 768}));
    w.openScenarioFile(":/scenarios/dpswflow-r-fashion-mnist.json");
    QSignalSpy finished(&w, &MainWindow::runFinished);
    QVERIFY(w.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(w.statusMessage().startsWith("Preparing") || !w.charts()->frames().empty(), 30000);
    const bool said = w.statusMessage().startsWith("Preparing");
    qInfo("status before the first frame: %s", qPrintable(w.statusMessage()));
    QElapsedTimer clock;
    clock.start();
    w.action("stop")->trigger();
    QVERIFY(finished.wait(120000));
    qInfo("Stop answered after %lld ms (preparing: %d)", clock.elapsed(), int(said));
    QVERIFY(said);  // the load takes seconds: the message must have come before any frame
  }

  // The first window fits the screen (1400 × 860 where there is room, inside a 1024 × 768 screen).
  void firstWindowFitsTheScreen() {
    QSettings().remove("geometry");
    MainWindow w;
    const QSize screen = QGuiApplication::primaryScreen()->availableGeometry().size();
    QVERIFY2(w.width() <= screen.width() && w.height() <= screen.height(),
             qPrintable(QString("%1x%2 on %3x%4").arg(w.width()).arg(w.height()).arg(screen.width()).arg(screen.height())));
  }

  // The count lesson runs in the GUI and fills its five charts; its screenshot for the issue.
  void countLessonView() {
    MainWindow w;
    QVERIFY(dpwtest::showAt(w, {1400, 860}));
    w.openScenarioFile(":/scenarios/lesson-1-1-count.json");
    QSignalSpy finished(&w, &MainWindow::runFinished);
    QVERIFY(w.startRun());
    QVERIFY(finished.wait(60000));
    QVERIFY(finished.first().first().toBool());
    QCOMPARE(w.charts()->chartCount(), 5);
    if (!shots().isEmpty()) {
      QCoreApplication::processEvents();
      QVERIFY(w.grab().save(QDir(shots()).filePath("lesson-count.png")));
    }
  }
};

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"
