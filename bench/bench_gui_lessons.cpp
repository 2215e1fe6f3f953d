// No waiting in class (issue #20 item 7, issue #40 item 6): every lesson of the Presets menu (the built-in
// scenarios with a "lesson" block) run once in process as the GUI's worker runs it (a new thread at the
// worker's nice value and OpenMP team, RunController::prepareWorkerThread), timing the first published frame and the
// end of the run (wall clock, the machine as it is: the load average is printed beside the figures), and the
// CPU time of the process over the run (all threads; OpenMP's spin-waiting counts when a core is taken).
// With --busy N each lesson is also run with N busy processes beside it (`while :; do :; done`, as a
// lecturer's laptop that is also sharing its screen), started before that run and killed after it; idle and
// busy runs alternate lesson by lesson, so a change in the shared machine's load hits both columns alike.
// Every run is a fresh process (this program with --run-one), as a lecturer's first run of a lesson is: the
// engine's process-wide memos (the PLD accountants' one-step PLDs and ε answers) start empty each time.
// Prints a Markdown table and exits 1 if a lesson misses the goal (first frame ≤ 1 s, end ≤ 15 s) in either.
//   QT_QPA_PLATFORM=offscreen build/bench/bench_gui_lessons [--repeat N] [--busy N] [--only 5.4]
//   (--repeat: the median of N runs, default 1; --only: lessons whose number starts so)
// Built with -DDPW_BUILD_BENCH=ON; not a test (the figures depend on the machine).
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QProcess>
#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <thread>
#include <vector>

#include "common/embedded_resources.h"
#include "common/scenario_files.h"
#include "gui/lesson_menu.h"
#include "gui/run_controller.h"

#ifdef __linux__
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

namespace {

class TimingObserver : public dpw::RunObserver {
 public:
  explicit TimingObserver(const QElapsedTimer& clock) : clock_(clock) {}
  void onFrame(dpw::FramePtr) override {
    if (firstFrameMs < 0) firstFrameMs = double(clock_.nsecsElapsed()) / 1e6;
    ++frames;
  }
  void onStatus(const std::string& what) override {
    if (firstFrameMs < 0) saidBeforeFirstFrame = what;
  }
  double firstFrameMs = -1;
  long frames = 0;
  std::string saidBeforeFirstFrame;  ///< the run's last status before its first frame (what the GUI showed)

 private:
  const QElapsedTimer& clock_;
};

struct Timing {
  double first = 0, end = 0, cpu = 0;
  long frames = 0;
  int threads = 0;  ///< the OpenMP team the worker chose
  std::string said;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

double loadAverage() {
  double load = -1;
  if (FILE* f = std::fopen("/proc/loadavg", "r")) {
    if (std::fscanf(f, "%lf", &load) != 1) load = -1;
    std::fclose(f);
  }
  return load;
}

/// N processes that spin until killed (the destructor kills and reaps them).
class BusyProcesses {
 public:
  explicit BusyProcesses(int n) {
#ifdef __linux__
    for (int i = 0; i < n; ++i) {
      const pid_t pid = fork();
      if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive the bench
        volatile bool spin = true;
        while (spin) {
        }
      }
      if (pid > 0) pids_.push_back(pid);
    }
#else
    (void)n;
#endif
  }
  ~BusyProcesses() {
#ifdef __linux__
    for (const pid_t pid : pids_) kill(pid, SIGKILL);
    for (const pid_t pid : pids_) waitpid(pid, nullptr, 0);
#endif
  }
  BusyProcesses(const BusyProcesses&) = delete;
  BusyProcesses& operator=(const BusyProcesses&) = delete;

 private:
#ifdef __linux__
  std::vector<pid_t> pids_;
#endif
};

/// One run of `s` in a new thread at the GUI worker's priority, as RunController::start runs it.
Timing timeOnce(const dpwapp::Scenario& s) {
  Timing t;
  std::thread worker([&] {
    QElapsedTimer clock;
    TimingObserver obs(clock);
    const std::clock_t cpu0 = std::clock();
    clock.start();  // the worker's preparation (its free-core measurement) is part of the wait
    t.threads = dpwapp::RunController::prepareWorkerThread();
    s.methodInfo().run(s.params, s.seed, obs);
    t.cpu = double(std::clock() - cpu0) / CLOCKS_PER_SEC;
    t.end = double(clock.nsecsElapsed()) / 1e9;
    t.first = obs.firstFrameMs / 1e3;
    t.frames = obs.frames;
    t.said = obs.saidBeforeFirstFrame;
  });
  worker.join();
  return t;
}

/// --run-one PATH BUSY: one run of the scenario at PATH with BUSY spinning processes beside it, printed as one
/// line: first end cpu frames threads, then a tab and what the run said before its first frame.
int runOne(const char* path, int busy) {
  const dpwapp::Scenario s = dpwapp::readScenarioFile(QString::fromUtf8(path));
  BusyProcesses others(busy);
  const Timing t = timeOnce(s);
  std::printf("%.6f %.6f %.6f %ld %d\t%s\n", t.first, t.end, t.cpu, t.frames, t.threads, t.said.c_str());
  return 0;
}

/// One run in a fresh process (runOne).
Timing timeInFreshProcess(const QString& path, int busy) {
  QProcess p;
  p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
  p.start(QCoreApplication::applicationFilePath(), {"--run-one", path, QString::number(busy)});
  p.waitForFinished(-1);
  const QString out = QString::fromUtf8(p.readAllStandardOutput()).trimmed();
  const QStringList parts = out.section('\t', 0, 0).split(' ');
  Timing t;
  if (p.exitCode() != 0 || parts.size() != 5) {
    std::fprintf(stderr, "run of %s failed: %s\n", qPrintable(path), qPrintable(out));
    t.first = -1;
    return t;
  }
  t.first = parts[0].toDouble(), t.end = parts[1].toDouble(), t.cpu = parts[2].toDouble();
  t.frames = parts[3].toLong(), t.threads = parts[4].toInt();
  t.said = out.section('\t', 1).toStdString();
  return t;
}

Timing timeMedian(const QString& path, int repeat, int busy) {
  std::vector<double> first, end, cpu;
  Timing t;
  for (int r = 0; r < repeat; ++r) {
    t = timeInFreshProcess(path, busy);
    first.push_back(t.first);
    end.push_back(t.end);
    cpu.push_back(t.cpu);
  }
  t.first = median(first);
  t.end = median(end);
  t.cpu = median(cpu);
  return t;  // threads, frames and status: the last run's
}

/// The status column: the run's words before its first frame, "—" if it said nothing (the GUI then says a
/// general sentence after 0.5 s).
std::string said(const Timing& t) { return t.said.empty() ? "—" : t.said; }

bool meetsGoal(const Timing& t) { return t.first >= 0 && t.first <= 1 && t.end <= 15; }

}  // namespace

int main(int argc, char** argv) {
  QGuiApplication app(argc, argv);
  int repeat = 1, busy = 0;
  std::string only;
  dpwapp::ensureEmbeddedResources();
  if (argc == 4 && std::strcmp(argv[1], "--run-one") == 0) return runOne(argv[2], std::atoi(argv[3]));
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], "--repeat") == 0) repeat = std::max(1, std::atoi(argv[i + 1]));
    if (std::strcmp(argv[i], "--busy") == 0) busy = std::max(0, std::atoi(argv[i + 1]));
    if (std::strcmp(argv[i], "--only") == 0) only = argv[i + 1];
  }
  const double load = loadAverage();
  if (busy > 0)
    std::printf(
        "| lesson | method | first frame (s) idle / busy | end (s) idle / busy | end busy ÷ idle | CPU (s) idle / busy "
        "| threads idle / busy | frames | says before its first frame |\n"
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
  else
    std::printf(
        "| lesson | method | first frame (s) | end (s) | CPU (s) | frames | says before its first frame |\n"
        "| --- | --- | --- | --- | --- | --- | --- |\n");
  bool ok = true;
  for (const auto& e : dpwapp::lessonCatalog(":/scenarios")) {
    const std::string number = e.lesson.number();
    if (number.rfind(only, 0) != 0) continue;
    const dpwapp::Scenario s = dpwapp::readScenarioFile(e.path);
    const Timing idle = timeMedian(e.path, repeat, 0);
    ok = ok && meetsGoal(idle);
    if (busy > 0) {
      const Timing b = timeMedian(e.path, repeat, busy);
      ok = ok && meetsGoal(b);
      std::printf("| %s %s | %s | %.2f / %.2f | %.2f / %.2f | %.2f | %.1f / %.1f | %d / %d | %ld | %s |\n",
                  number.c_str(), e.lesson.title.c_str(), s.method.c_str(), idle.first, b.first, idle.end, b.end,
                  b.end / idle.end, idle.cpu, b.cpu, idle.threads, b.threads, idle.frames, said(idle).c_str());
    } else {
      std::printf("| %s %s | %s | %.3f | %.2f | %.2f | %ld | %s |\n", number.c_str(), e.lesson.title.c_str(),
                  s.method.c_str(), idle.first, idle.end, idle.cpu, idle.frames, said(idle).c_str());
    }
    std::fflush(stdout);
  }
  std::printf("\nload average (1 min) at the start %.2f, at the end %.2f; %d run(s) per lesson, median", load,
              loadAverage(), repeat);
  if (busy > 0) std::printf("; busy: %d spinning process(es) beside each busy run", busy);
  std::printf("\n");
  return ok ? 0 : 1;
}
