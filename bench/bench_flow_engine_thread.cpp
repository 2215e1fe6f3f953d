// The engine thread of a live 10⁶-particle run without the GUI (issue #22 item 6): DPSWflow-r at the method's
// defaults on ring5 (--set changes a numeric parameter), a frame every step, frames dropped by the observer.
// Prints the mean time of the step alone (the method's steps_per_second), and per step with its frame the
// wall time and the process's CPU time (both OpenMP threads), 10th/50th/90th percentiles: the frame's share
// and the use of 2 cores show.
//   build/bench/bench_flow_engine_thread [--particles 1000000] [--steps 100] [--frame-every 1] [--set key=value]...
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "core/method.h"
#include "core/run_observer.h"

namespace {

double processCpuMs() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return 1e3 * double(ts.tv_sec) + 1e-6 * double(ts.tv_nsec);
}

double nowMs() { return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

/// Drops the frames; times each step with its frame after the first kWarmUp (from one onProgress to the next:
/// the frame of step t is built just before onProgress(t)).
class TimingObserver : public dpw::RunObserver {
 public:
  /// Steps not timed: the privacy curve's points come often at first (every 25% more steps), later rarely.
  static constexpr long kWarmUp = 40;
  void onFrame(dpw::FramePtr) override { ++frames; }
  void onProgress(long step, long) override {
    const double w = nowMs(), c = processCpuMs();
    if (lastWall_ > 0 && step > kWarmUp) wall.push_back(w - lastWall_), cpu.push_back(c - lastCpu_);
    lastWall_ = w, lastCpu_ = c;
  }
  long frames = 0;
  std::vector<double> wall, cpu;

 private:
  double lastWall_ = 0, lastCpu_ = 0;
};

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::size_t(q * double(v.size() - 1) + 0.5)];
}

}  // namespace

int main(int argc, char** argv) {
  const dpw::MethodInfo& method = dpw::findMethod("dpswflow-r");
  dpw::ParamValues p(method.params);
  p.set("target", std::string("ring5"));
  double particles = 1e6, steps = 100, frameEvery = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i], v = argv[i + 1];
    if (a == "--particles") particles = std::atof(v.c_str());
    else if (a == "--steps") steps = std::atof(v.c_str());
    else if (a == "--frame-every") frameEvery = std::atof(v.c_str());
    else if (a == "--set" && v.find('=') != std::string::npos) p.set(v.substr(0, v.find('=')), std::atof(v.substr(v.find('=') + 1).c_str()));
    else {
      std::fprintf(stderr, "unknown option %s\n", a.c_str());
      return 2;
    }
  }
  p.set("particles", particles);
  p.set("steps", steps);
  p.set("frame_every", frameEvery);
  TimingObserver obs;
  const dpw::RunResult r = method.run(p, 42, obs);
  std::printf("{\"particles\": %.0f, \"steps\": %.0f, \"frames\": %ld, \"step_alone_ms_mean\": %.2f, "
              "\"wall_ms_per_step_with_frame\": [%.2f, %.2f, %.2f], \"cpu_ms_per_step_with_frame\": [%.2f, %.2f, %.2f], "
              "\"sw2_heldout\": %.17g}\n",
              particles, steps, obs.frames, 1e3 / r.metrics.at("steps_per_second"), quantile(obs.wall, 0.1),
              quantile(obs.wall, 0.5), quantile(obs.wall, 0.9), quantile(obs.cpu, 0.1), quantile(obs.cpu, 0.5),
              quantile(obs.cpu, 0.9), r.metrics.at("sw2_heldout"));
  return 0;
}
