// Animations for slides (app/common/animation_writer.h, issue #20 item 5): what dpwlab-cli and the GUI write
// is decoded again by FFmpeg's own tools (ffprobe/ffmpeg, installed by scripts/install-deps.sh): frame
// count, size, distinct pictures; bad settings are refused before the run starts and cost nothing.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "common/animation_writer.h"
#include "common/scenario_files.h"
#include "core/error.h"
#include "gui/record_animation.h"
#include "support/cli_runner.h"

namespace {

struct Decoded {
  int width = 0, height = 0, frames = 0, distinct = 0;
};

/// Decodes every frame with ffmpeg (framemd5: one hash per decoded picture) and reads the size with ffprobe.
Decoded decode(const QString& path) {
  Decoded d;
  QProcess probe;
  probe.start("ffprobe", {"-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of",
                          "json", path});
  if (!probe.waitForFinished(60000) || probe.exitCode() != 0) return d;
  const QJsonObject stream = QJsonDocument::fromJson(probe.readAllStandardOutput()).object()["streams"].toArray()[0].toObject();
  d.width = stream["width"].toInt();
  d.height = stream["height"].toInt();
  QProcess md5;
  // -vsync passthrough: one output per decoded picture (no duplication to a constant rate).
  md5.start("ffmpeg", {"-v", "error", "-i", path, "-vsync", "passthrough", "-f", "framemd5", "-"});
  if (!md5.waitForFinished(120000) || md5.exitCode() != 0) return d;
  QSet<QByteArray> hashes;
  for (const QByteArray& line : md5.readAllStandardOutput().split('\n')) {
    if (line.isEmpty() || line.startsWith('#')) continue;
    ++d.frames;
    hashes.insert(line.split(',').last().trimmed());
  }
  d.distinct = int(hashes.size());
  return d;
}

QString scenarioPath(const QString& name) { return QString(DPW_SOURCE_DIR) + "/resources/scenarios/" + name; }

}  // namespace

class TestAnimation : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY2(!QStandardPaths::findExecutable("ffprobe").isEmpty(), "ffprobe is missing: run scripts/install-deps.sh");
  }

  // The must-show of #20: the ring5 flow lesson (300 steps, a frame every 10) as a GIF and an MP4 at
  // 1024x640, through dpwlab-cli; both decode to ≥ 20 distinct pictures of that size, and the run's other
  // outputs are all there.
  void cliRecordsTheRing5FlowAsGifAndMp4_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("gif") << "a.gif";
    QTest::newRow("mp4") << "a.mp4";
  }
  void cliRecordsTheRing5FlowAsGifAndMp4() {
    QFETCH(QString, file);
    QTemporaryDir dir;
    const QString path = dir.filePath(file);
    const auto r = dpwtest::runCli({"run", scenarioPath("lesson-5-1-flow.json"), "--out", dir.filePath("o"), "--no-png",
                                    "--animation", path, "--fps", "12", "--size", "1024x640"},
                                   300000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(QFile::exists(dir.filePath("o/summary.json")));
    QVERIFY2(r.err.contains("animation: "), r.err.constData());
    const Decoded d = decode(path);
    QCOMPARE(d.width, 1024);
    QCOMPARE(d.height, 640);
    QVERIFY2(d.distinct >= 20, qPrintable(QString("%1 distinct of %2 frames").arg(d.distinct).arg(d.frames)));
    // 300 steps with a frame every 10 (and the first and last): at least 30 pictures, evenly paced in steps
    // (a step published late repeats its picture); the GIF folds a repeated picture into the previous one's
    // delay, so it decodes to its distinct pictures only.
    QVERIFY2(d.frames >= (file.endsWith("gif") ? 20 : 30), qPrintable(QString::number(d.frames)));
    qInfo("%s: %d frames (%d distinct), %lld bytes", qPrintable(file), d.frames, d.distinct, QFileInfo(path).size());
  }

  // Refused before the run (no output folder is created, exit code 2, the reason in the message): an unknown
  // extension, a folder that does not exist, an unwritable folder, a zero or odd MP4 size, a GIF at 60 frames/s.
  void badSettingsAreRefusedBeforeTheRun_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("extension") << QStringList{"--animation", "@/a.avi"} << ".gif or .mp4";
    QTest::newRow("no folder") << QStringList{"--animation", "@/missing/a.gif"} << "does not exist";
    QTest::newRow("unwritable") << QStringList{"--animation", "/proc/a.gif"} << "not writable";
    QTest::newRow("zero size") << QStringList{"--animation", "@/a.gif", "--size", "0x0"} << "16 to 7680";
    QTest::newRow("odd mp4") << QStringList{"--animation", "@/a.mp4", "--size", "641x400"} << "even";
    QTest::newRow("gif fps") << QStringList{"--animation", "@/a.gif", "--fps", "60"} << "1 to 50";
    QTest::newRow("no animation") << QStringList{"--fps", "5"} << "--animation";
  }
  void badSettingsAreRefusedBeforeTheRun() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QTemporaryDir dir;
    for (QString& a : args) a.replace("@", dir.path());
    const auto r = dpwtest::runCli(QStringList{"run", scenarioPath("lesson-1-1-count.json"), "--out", dir.filePath("o")} + args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    QVERIFY(!QDir(dir.filePath("o")).exists());  // the run never started
  }

  // In process: the count lesson recorded chart by chart. Its 20 draw frames (plus step 0) give 21 pictures
  // in the MP4; the GIF stores only the pictures that differ; an unknown chart id is refused naming the charts.
  void chosenChartsAndFrameCounts() {
    const dpwapp::Scenario s = dpwapp::readScenarioFile(scenarioPath("lesson-1-1-count.json"));
    dpw::CollectingObserver sink;
    dpwapp::AnimationRecorder recorder(sink);
    s.methodInfo().run(s.params, s.seed, recorder);
    QCOMPARE(int(recorder.snapshots().size()), 21);
    QCOMPARE(int(recorder.snapshots().front().size()), 4);  // step 0: the four density/ratio/attack charts at once
    QTemporaryDir dir;
    dpwapp::AnimationSettings a;
    a.size = {640, 400};
    a.charts = {"count_draws"};
    a.path = dir.filePath("draws.mp4");
    const auto mp4 = dpwapp::writeAnimation(recorder.snapshots(), a);
    QCOMPARE(mp4.frames, 21);
    const Decoded dm = decode(a.path);
    QCOMPARE(dm.frames, 21);
    QCOMPARE(dm.width, 640);
    QVERIFY(dm.distinct >= 20);  // step 0 has no draws yet (white), then 20 growing histograms
    a.path = dir.filePath("draws.gif");
    const auto gif = dpwapp::writeAnimation(recorder.snapshots(), a);
    const Decoded dg = decode(a.path);
    QCOMPARE(dg.frames, gif.frames);
    QVERIFY(dg.distinct >= 20);
    a.charts = {"no_such_chart"};
    try {
      dpwapp::writeAnimation(recorder.snapshots(), a);
      QFAIL("an unknown chart was accepted");
    } catch (const dpw::InvalidArgument& e) {
      QVERIFY2(QByteArray(e.what()).contains("count_attack"), e.what());
    }
  }

  // Slide-ready pictures (issue #40 item 4), on a made-up recording: a loss published at steps 0-10 then
  // 100, 200, 300 and an ε published every 10 steps lagging one step behind. The pictures are evenly spaced
  // in steps (300/12 = 25 steps apart, the last sparse stretch repeating its picture), the loss is cut at
  // the step ε has reached, every picture carries the same fixed axes (the recording's whole range), and
  // the caption says the step of the total and the ε spent there (rounded up).
  void picturesAreEvenlySpacedCutAndFixed() {
    std::vector<dpwapp::AnimationSnapshot> snaps;
    dpw::Series loss{"loss", {}, {}}, eps{"accountant", {}, {}};
    dpwapp::AnimationSnapshot current;
    auto publish = [&](long step) {
      loss.x.push_back(double(step)), loss.y.push_back(10.0 - 0.03 * double(step));
      dpwapp::AnimationSnapshot snap;
      snap.push_back(dpw::makeFrame("loss", "Loss", step, dpw::LinesFrame{"step", "loss", {loss}}));
      if (step >= 1) {
        eps.x.push_back(double(step - 1)), eps.y.push_back(0.01 * double(step - 1));
        snap.push_back(dpw::makeFrame("epsilon", "ε", step - 1, dpw::LinesFrame{"step", "ε", {eps}}));
      }
      snaps.push_back(snap);
    };
    for (long s : {0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 100L, 200L, 300L}) publish(s);
    const auto pictures = dpwapp::animationPictures(snaps);
    QCOMPARE(int(pictures.size()), int(snaps.size()));
    // Snapshot steps after cutting: 0, 0, 1, ..., 9, 99, 199, 299; targets 0, 23, 46, ..., 299.
    QCOMPARE(pictures.front().step, 0L);
    QCOMPARE(pictures[1].step, 9L);   // target 23: the newest at or before it is step 9 (of snapshot 10)
    QCOMPARE(pictures[4].step, 9L);   // target 92
    QCOMPARE(pictures[5].step, 99L);  // target 115
    QCOMPARE(pictures.back().step, 299L);
    for (const auto& pic : pictures) {
      QCOMPARE(int(pic.frames.size()), 2);  // the first picture is the newest at step 0: both charts
      for (const auto& f : pic.frames) {
        const auto& lines = std::get<dpw::LinesFrame>(f->data);
        for (const auto& s : lines.series)
          for (double x : s.x) QVERIFY2(x <= double(pic.step), qPrintable(QString("%1 beyond step %2").arg(x).arg(pic.step)));
        // Fixed axes: the whole recording's range, the same on every picture.
        if (f->chart == "loss") {
          QCOMPARE(lines.xSpan.lo, 0.0);
          QCOMPARE(lines.xSpan.hi, 300.0);  // a chart against steps spans the recording's steps
          QCOMPARE(lines.ySpan.lo, 10.0 - 0.03 * 200.0);  // the loss at step 300 is cut (ε ends at 299)
          QCOMPARE(lines.ySpan.hi, 10.0);
        }
      }
    }
    dpwapp::AnimationSettings a;
    a.totalSteps = 300;
    a.privacy.chart = "epsilon";
    QCOMPARE(dpwapp::animationCaption(pictures[5].frames, pictures[5].step, a), QString("step 99 of 300 · ε spent: 0.99"));
    a.privacy = {};
    a.privacy.none = "a public explorer";
    QCOMPARE(dpwapp::animationCaption(pictures[5].frames, pictures[5].step, a), QString("step 99 of 300"));
  }

  // The GUI's recorder (File → Record animation…) on the count lesson writes a decodable GIF of the whole view.
  void guiRecorderWritesAGif() {
    qputenv("DPW_NO_DIALOGS", "1");
    const dpwapp::Scenario s = dpwapp::readScenarioFile(scenarioPath("lesson-1-1-count.json"));
    QTemporaryDir dir;
    dpwapp::AnimationSettings a;
    a.path = dir.filePath("view.gif");
    a.size = {800, 500};
    const auto r = dpwapp::recordAnimation(s, a, nullptr);
    QVERIFY(r.frames >= 20);
    const Decoded d = decode(a.path);
    QCOMPARE(d.width, 800);
    QCOMPARE(d.frames, r.frames);
  }
};

QTEST_MAIN(TestAnimation)
#include "tst_animation.moc"
