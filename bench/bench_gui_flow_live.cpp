// Is the GUI live while a flow runs with 10^5 or 10^6 particles? (issue #15 item 5, #22 item 6.) The real GUI path: the
// main window (offscreen), its run controller's worker thread running dpswflow-r on the ring5 toy
// (the preset, with `particles` = 10^5 and a frame every step), the 30 Hz frame pull and the charts.
// One run, alternating phases of PHASE seconds with the chart drawing on and off (the chart grid's
// updates disabled: frames are still pulled and handed to the charts, nothing is painted), so both
// see the same machine load. Per phase: engine steps/s, new frames published by the engine per
// second (timed between the phase's first and last step), paints per second of the particle chart (all,
// and those showing a new frame) and of all charts, CPU time of the GUI thread
// (ms per s), the longest event-loop stall (a 10 ms precise timer's largest lateness; with its parts: the
// GUI thread's CPU time in it and the time it waited for a core, Linux schedstat) and the longest
// GUI-thread CPU time between two ticks of that timer (the GUI's own share of a stall). Then, with
// the run paused, the paint time of every chart in the GUI thread (synchronous repaint, median of 30):
// the drawing capacity in frames/s; and for a large cloud, which a helper thread draws
// (gui/cloud_renderer.h), that thread's time for one new frame at the view's size (median of 10: axis
// range, binning every particle into the density image, the chart): its frames/s.
// Prints JSON; --screenshot FILE saves the window after the last phase.
//   QT_QPA_PLATFORM=offscreen build/bench/bench_gui_flow_live [--particles 100000] [--phase 4]
//       [--phases 6] [--frame-every 1] [--scenario :/scenarios/dpswflow-r-ring5.json] [--screenshot FILE]
// Built with -DDPW_BUILD_BENCH=ON; not a test (the figures depend on the machine).
#include <QAbstractScrollArea>
#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <utility>
#include <vector>

#include "common/scenario_files.h"
#include "gui/chart_grid.h"
#include "gui/cloud_renderer.h"
#include "gui/main_window.h"
#include "gui/run_controller.h"

namespace {

/// Time this thread has waited for a core so far (ms; Linux schedstat: run-queue wait), or NaN.
double threadRunQueueWaitMs() {
  std::FILE* f = std::fopen("/proc/thread-self/schedstat", "r");
  if (!f) return NAN;
  unsigned long long run = 0, wait = 0;
  const int n = std::fscanf(f, "%llu %llu", &run, &wait);
  std::fclose(f);
  return n == 2 ? double(wait) / 1e6 : NAN;
}

double threadCpuMs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return 1e3 * double(ts.tv_sec) + 1e-6 * double(ts.tv_nsec);
}

void runEventLoopFor(int ms) {
  QEventLoop loop;
  QTimer::singleShot(ms, &loop, &QEventLoop::quit);
  loop.exec();
}

/// Counts paint events of the chart views (children of the chart grid), per chart id, and the paints of the
/// particle chart that show a new frame.
class PaintCounter : public QObject {
 public:
  explicit PaintCounter(QWidget* grid) : grid_(grid) {}
  long particles = 0, all = 0, newPictures = 0;

 protected:
  bool eventFilter(QObject* o, QEvent* e) override {
    if (e->type() == QEvent::Paint && o->isWidgetType() && grid_->isAncestorOf(static_cast<QWidget*>(o))) {
      ++all;
      for (QObject* p = o; p && p != grid_; p = p->parent())
        if (p->objectName() == "particles") {
          ++particles;
          // A paint that shows another frame than the last paint did (the view's "dpwShownStep"): a new
          // picture, as opposed to a repaint of the same one (e.g. when the window around it repaints).
          const QVariant step = p->property("dpwShownStep");
          if (step.isValid() && step.toLongLong() != lastStep_) ++newPictures, lastStep_ = step.toLongLong();
          break;
        }
    }
    return false;
  }

 private:
  QWidget* grid_;
  long long lastStep_ = -2;
};

/// Largest lateness of a 10 ms precise timer since the last reset: how long the event loop was busy.
/// The same tick notes when the engine's step counter changes (`steps`: time in ms, step), so the
/// step rate of a phase is measured between its first and last step, not rounded to whole steps.
class StallProbe : public QObject {
 public:
  explicit StallProbe(const dpwapp::RunController* run) {
    timer_.setTimerType(Qt::PreciseTimer);
    timer_.setInterval(10);
    connect(&timer_, &QTimer::timeout, this, [this, run] {
      const double now = clock_.nsecsElapsed() / 1e6, cpu = threadCpuMs(), waited = threadRunQueueWaitMs();
      if (now - last_ - 10.0 > worst) {  // the worst stall, and its parts
        worst = now - last_ - 10.0;
        worstStallBusy = cpu - lastCpu_;
        worstStallWaitingForCore = waited - lastWait_;
      }
      worstBusy = std::max(worstBusy, cpu - lastCpu_);
      last_ = now;
      lastCpu_ = cpu;
      lastWait_ = waited;
      const long step = run->step();
      if (steps.empty() || steps.back().second != step) steps.emplace_back(now, step);
    });
    clock_.start();
    timer_.start();
  }
  void reset() {
    worst = worstBusy = worstStallBusy = worstStallWaitingForCore = 0;
    last_ = clock_.nsecsElapsed() / 1e6;
    lastCpu_ = threadCpuMs();
    lastWait_ = threadRunQueueWaitMs();
    steps.clear();
  }
  /// Steps per second between the first and the last step change seen since reset().
  double stepRate() const {
    if (steps.size() < 3) return 0.0;
    const auto& a = steps[1];  // steps[0] is the state at reset (its step began earlier)
    const auto& b = steps.back();
    return b.first > a.first ? 1e3 * double(b.second - a.second) / (b.first - a.first) : 0.0;
  }
  double worst = 0;
  /// Largest GUI-thread CPU time between two ticks: the part of a stall that is the GUI's own work
  /// (the rest of a stall is the thread waiting for a core on a loaded machine).
  double worstBusy = 0;
  /// The worst stall's parts: GUI-thread CPU time in it, and time the thread waited for a core (the
  /// rest of it the thread was blocked: a lock, a page fault, the kernel).
  double worstStallBusy = 0, worstStallWaitingForCore = 0;
  std::vector<std::pair<double, long>> steps;

 private:
  QTimer timer_;
  QElapsedTimer clock_;
  double last_ = 0, lastCpu_ = 0, lastWait_ = 0;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  qputenv("DPW_NO_DIALOGS", "1");
  QApplication app(argc, argv);
  double particles = 100000, phaseSeconds = 4, frameEvery = 1;
  int phases = 6;
  QString scenarioPath = ":/scenarios/dpswflow-r-ring5.json", screenshot;
  const QStringList args = app.arguments();
  for (int i = 1; i + 1 < args.size(); i += 2) {
    if (args[i] == "--particles") particles = args[i + 1].toDouble();
    else if (args[i] == "--phase") phaseSeconds = args[i + 1].toDouble();
    else if (args[i] == "--phases") phases = args[i + 1].toInt();
    else if (args[i] == "--frame-every") frameEvery = args[i + 1].toDouble();
    else if (args[i] == "--scenario") scenarioPath = args[i + 1];
    else if (args[i] == "--screenshot") screenshot = args[i + 1];
    else {
      std::fprintf(stderr, "unknown option %s\n", qPrintable(args[i]));
      return 2;
    }
  }

  dpwapp::Scenario s = dpwapp::readScenarioFile(scenarioPath);
  s.params.set("particles", particles);
  s.params.set("steps", 1e6);  // longer than the measurement: cancelled at the end
  s.params.set("frame_every", frameEvery);

  dpwapp::MainWindow w;
  w.resize(1400, 900);
  w.show();
  w.loadScenario(s);
  PaintCounter paints(w.charts());
  app.installEventFilter(&paints);
  dpwapp::RunController* run = w.controller();
  StallProbe stall(run);
  if (!w.startRun()) return 1;
  runEventLoopFor(3000);  // warm-up: charts created, first frames drawn

  QJsonArray rows;
  std::vector<double> rateOn, rateOff, fpsOn, newOn, stallOn, stallOff, cpuOn, cpuOff, busy;
  for (int ph = 0; ph < phases; ++ph) {
    const bool drawing = ph % 2 == 0;
    w.charts()->setUpdatesEnabled(drawing);
    const long p0 = paints.particles, a0 = paints.all, n0 = paints.newPictures;
    const double cpu0 = threadCpuMs();
    QElapsedTimer t;
    t.start();
    stall.reset();
    runEventLoopFor(int(1000 * phaseSeconds));
    const double sec = t.nsecsElapsed() / 1e9;
    const double rate = stall.stepRate();
    const double fps = double(paints.particles - p0) / sec;
    const double cpu = (threadCpuMs() - cpu0) / sec;
    QJsonObject row{{"drawing", drawing},
                    {"seconds", sec},
                    {"engine_steps_per_second", rate},
                    {"frames_published_per_second", rate / frameEvery},
                    {"particle_chart_paints_per_second", fps},
                    {"particle_chart_new_frames_drawn_per_second", double(paints.newPictures - n0) / sec},
                    {"all_chart_paints_per_second", double(paints.all - a0) / sec},
                    {"gui_thread_cpu_ms_per_second", cpu},
                    {"longest_stall_ms", stall.worst},
                    {"longest_gui_work_between_ticks_ms", stall.worstBusy},
                    {"longest_stall_gui_work_ms", stall.worstStallBusy},
                    {"longest_stall_waiting_for_a_core_ms", stall.worstStallWaitingForCore}};
    rows.append(row);
    (drawing ? rateOn : rateOff).push_back(rate);
    (drawing ? stallOn : stallOff).push_back(stall.worst);
    (drawing ? cpuOn : cpuOff).push_back(cpu);
    busy.push_back(stall.worstBusy);
    if (drawing) fpsOn.push_back(fps), newOn.push_back(double(paints.newPictures - n0) / sec);
  }
  w.charts()->setUpdatesEnabled(true);
  if (!screenshot.isEmpty()) {
    runEventLoopFor(300);  // the newest frames painted
    w.grab().save(screenshot);
  }

  // Drawing capacity: with the run paused, the synchronous paint time of each chart.
  run->pause();
  for (int i = 0; i < 200 && !run->waitingAtPause(); ++i) runEventLoopFor(10);
  QJsonObject paintMs, renderMs, linePoints;
  double frameMs = 0;
  for (const auto& f : w.charts()->frames()) {
    QWidget* v = w.charts()->view(f->chart);
    auto* area = qobject_cast<QAbstractScrollArea*>(v);  // a Qt Charts view paints in its viewport
    QWidget* target = area ? area->viewport() : v;
    std::vector<double> ms;
    for (int i = 0; i < 30; ++i) {
      QElapsedTimer t;
      t.start();
      target->repaint();
      ms.push_back(t.nsecsElapsed() / 1e6);
    }
    paintMs[QString::fromStdString(f->chart)] = median(ms);
    if (dpwapp::CloudRenderer::wants(*f)) {
      std::vector<double> render;
      for (int i = 0; i < 10; ++i) {
        QElapsedTimer t;
        t.start();
        dpwapp::CloudRenderer::render({f, {}, v->size(), v->devicePixelRatioF(), 0});
        render.push_back(t.nsecsElapsed() / 1e6);
      }
      renderMs[QString::fromStdString(f->chart)] = median(render);
    }
    if (const auto* lines = std::get_if<dpw::LinesFrame>(&f->data)) {
      QJsonArray sizes;
      for (const auto& series : lines->series) sizes.append(double(series.x.size()));
      linePoints[QString::fromStdString(f->chart)] = sizes;
    }
    frameMs += median(ms);
  }
  run->stopAndWait();

  const double on = median(rateOn), off = median(rateOff);
  QJsonObject out{{"scenario", scenarioPath},
                  {"particles", particles},
                  {"frame_every", frameEvery},
                  {"phases", rows},
                  {"engine_steps_per_second_drawing", on},
                  {"engine_steps_per_second_not_drawing", off},
                  {"engine_slowdown_by_drawing_percent", off > 0 ? 100.0 * (1.0 - on / off) : 0.0},
                  {"gui_thread_cpu_ms_per_second_drawing", median(cpuOn)},
                  {"gui_thread_cpu_ms_per_second_not_drawing", median(cpuOff)},
                  {"particle_chart_paints_per_second_min", fpsOn.empty() ? 0.0 : *std::min_element(fpsOn.begin(), fpsOn.end())},
                  {"particle_chart_new_frames_drawn_per_second_min", newOn.empty() ? 0.0 : *std::min_element(newOn.begin(), newOn.end())},
                  {"longest_stall_ms_drawing", stallOn.empty() ? 0.0 : *std::max_element(stallOn.begin(), stallOn.end())},
                  {"longest_stall_ms_not_drawing", stallOff.empty() ? 0.0 : *std::max_element(stallOff.begin(), stallOff.end())},
                  {"longest_gui_work_between_ticks_ms", busy.empty() ? 0.0 : *std::max_element(busy.begin(), busy.end())},
                  {"paint_ms_per_chart", paintMs},
                  {"helper_thread_render_ms_per_new_frame", renderMs},
                  {"line_chart_points_per_series", linePoints},
                  {"all_charts_paint_ms", frameMs},
                  {"drawing_capacity_frames_per_second", frameMs > 0 ? 1000.0 / frameMs : 0.0}};
  std::printf("%s\n", QJsonDocument(out).toJson(QJsonDocument::Indented).constData());
  return 0;
}
