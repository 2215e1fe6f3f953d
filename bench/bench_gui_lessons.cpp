// No waiting in class (issue #20, item 7): every lesson of the Presets menu (the built-in scenarios with a
// "lesson" block) run once in process as the GUI's worker runs it, timing the first published frame and the
// end of the run (wall clock, the machine as it is: say its load beside the figures), and the CPU time of
// the process over the run (all threads; OpenMP's spin-waiting counts when the machine is overloaded). Prints a Markdown
// table and exits 1 if a lesson misses the goal (first frame ≤ 1 s, end ≤ 15 s).
//   QT_QPA_PLATFORM=offscreen build/bench/bench_gui_lessons [--repeat N]   (the median of N runs, default 1)
// Built with -DDPW_BUILD_BENCH=ON; not a test (the figures depend on the machine).
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QGuiApplication>
#include <algorithm>
#include <ctime>
#include <cstdio>
#include <cstring>
#include <vector>

#include "common/embedded_resources.h"
#include "common/scenario.h"
#include "gui/lesson_menu.h"

namespace {

class TimingObserver : public dpw::RunObserver {
 public:
  explicit TimingObserver(const QElapsedTimer& clock) : clock_(clock) {}
  void onFrame(dpw::FramePtr) override {
    if (firstFrameMs < 0) firstFrameMs = double(clock_.nsecsElapsed()) / 1e6;
    ++frames;
  }
  double firstFrameMs = -1;
  long frames = 0;

 private:
  const QElapsedTimer& clock_;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  QGuiApplication app(argc, argv);
  int repeat = 1;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--repeat") == 0) repeat = std::max(1, std::atoi(argv[i + 1]));
  dpwapp::ensureEmbeddedResources();
  double load = 0;
  if (FILE* f = std::fopen("/proc/loadavg", "r")) {
    if (std::fscanf(f, "%lf", &load) != 1) load = -1;
    std::fclose(f);
  }
  std::printf("| lesson | method | first frame (s) | end (s) | CPU (s) | frames |\n| --- | --- | --- | --- | --- | --- |\n");
  bool ok = true;
  for (const auto& e : dpwapp::lessonCatalog(":/scenarios")) {
    const dpwapp::Scenario s = dpwapp::readScenarioFile(e.path);
    std::vector<double> first, end, cpu;
    long frames = 0;
    for (int r = 0; r < repeat; ++r) {
      QElapsedTimer clock;
      TimingObserver obs(clock);
      const std::clock_t cpu0 = std::clock();
      clock.start();
      s.methodInfo().run(s.params, s.seed, obs);
      cpu.push_back(double(std::clock() - cpu0) / CLOCKS_PER_SEC);
      end.push_back(double(clock.nsecsElapsed()) / 1e9);
      first.push_back(obs.firstFrameMs / 1e3);
      frames = obs.frames;
    }
    const double f = median(first), t = median(end);
    ok = ok && f <= 1 && t <= 15;
    std::printf("| %s %s | %s | %.3f | %.2f | %.2f | %ld |\n", e.lesson.number().c_str(), e.lesson.title.c_str(),
                s.method.c_str(), f, t, median(cpu), frames);
    std::fflush(stdout);
  }
  std::printf("\nload average (1 min) at the start: %.2f; %d run(s) per lesson, median\n", load, repeat);
  return ok ? 0 : 1;
}
