// Stop within 1 s in every phase (issue #40), surveyed over the parameter space the form allows: every method at
// its defaults, then with one parameter at a time at its largest and its smallest value and each other choice; or
// (--scenarios DIR) every scenario file in DIR, e.g. resources/scenarios: the presets and the lessons as shipped.
// Each variant runs in a fresh process (this program with --run-one, the memos and caches cold, as a user's first
// run), under a 12 GB address-space limit and a 120 s timeout; Stop is asked after --wait seconds (default 4).
// A line per variant: the longest stretch between two of the run's Stop questions (from its start to its return,
// and what it was doing then: the status, frame or progress before and after), and how long the Stop took to
// answer. "over" marks a stretch or an answer above 1 s. Not a Google Benchmark: a survey, run by hand
// (docs/speed-history.md has its last table).
//
//   bench_stop_answers [--wait SECONDS] [--only METHOD] [--scenarios DIR]
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/error.h"
#include "core/method.h"
#include "core/run_observer.h"
#include "scenario/scenario.h"

using namespace dpw;
using Clock = std::chrono::steady_clock;

namespace {

/// Times the questions "stop?" and remembers what the run said around the longest stretch between two.
class QuestionClock : public RunObserver {
 public:
  void onFrame(FramePtr f) override { said("frame " + f->chart + " " + std::to_string(f->step)); }
  void onStatus(const std::string& what) override { said("status " + what); }
  void onProgress(long step, long total) override { said("progress " + std::to_string(step) + "/" + std::to_string(total)); }
  bool cancelRequested() const override {
    std::lock_guard lock(mutex_);
    close(Clock::now());
    return cancel.load();
  }
  /// The stretch still open when the run returned counts too.
  void returned() const {
    std::lock_guard lock(mutex_);
    latest_ = "(returned)";
    close(Clock::now());
  }
  std::atomic<bool> cancel{false};
  mutable double longest = 0;
  mutable std::string from, to;

 private:
  void said(std::string what) {
    std::lock_guard lock(mutex_);
    latest_ = std::move(what);
  }
  void close(Clock::time_point now) const {
    const double gap = std::chrono::duration<double>(now - last_).count();
    if (gap > longest) longest = gap, from = atLast_, to = latest_;
    last_ = now;
    atLast_ = latest_;
  }
  mutable std::mutex mutex_;
  mutable std::string latest_ = "start", atLast_ = "start";
  mutable Clock::time_point last_ = Clock::now();
};

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

std::vector<std::pair<std::string, std::string>> variants(const std::string& only) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const MethodInfo& m : allMethods()) {
    if (!only.empty() && m.id != only) continue;
    out.emplace_back(m.id, "defaults");
    for (const ParamSpec& p : m.params) {
      if (p.kind == ParamKind::Real || p.kind == ParamKind::Integer) {
        for (const double v : {p.max, p.min})
          if (std::isfinite(v) && v != p.defaultValue) out.emplace_back(m.id, p.key + "=" + number(v));
      } else if (p.kind == ParamKind::Choice) {
        for (const std::string& c : p.choices)
          if (c != p.defaultText) out.emplace_back(m.id, p.key + "=" + c);
      }
    }
  }
  return out;
}

int runOne(const std::string& method, const std::string& variant, double wait) {
  const bool file = variant.size() > 5 && variant.ends_with(".json");
  const Scenario scenario = file ? Scenario::fromFile(variant) : Scenario::defaults(method);
  const MethodInfo& m = scenario.methodInfo();
  ParamValues values = scenario.params;
  if (!file && variant != "defaults") {
    const auto eq = variant.find('=');
    const std::string key = variant.substr(0, eq), value = variant.substr(eq + 1);
    for (const ParamSpec& p : m.params)
      if (p.key == key) {
        if (p.kind == ParamKind::Choice || p.kind == ParamKind::Text) values.set(key, value);
        else values.set(key, std::strtod(value.c_str(), nullptr));
      }
  }
  QuestionClock clock;
  std::atomic<bool> done{false};
  std::string outcome = "finished";
  const auto start = Clock::now();
  std::thread run([&] {
    try {
      m.run(values, file ? scenario.seed : 1, clock);
    } catch (const Cancelled&) {
      outcome = "stopped";
    } catch (const std::exception& e) {
      outcome = "refused: " + std::string(e.what()).substr(0, 60);
    }
    clock.returned();
    done = true;
  });
  while (!done && std::chrono::duration<double>(Clock::now() - start).count() < wait)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  const bool asked = !done;
  const auto askedAt = Clock::now();
  clock.cancel = true;
  run.join();
  const double answer = asked ? std::chrono::duration<double>(Clock::now() - askedAt).count() : 0;
  const bool over = clock.longest > 1 || answer > 1;
  std::printf("%-5s %-24s %-34s longest %7.3f s  answer %7.3f s  %s\n      longest stretch: after [%s] until [%s]\n",
              over ? "over" : "ok", m.id.c_str(), file ? std::filesystem::path(variant).filename().c_str() : variant.c_str(),
              clock.longest, answer, outcome.c_str(),
              clock.from.c_str(), clock.to.c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  double wait = 4;
  std::string only, scenarios;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--run-one") == 0 && i + 3 < argc) return runOne(argv[i + 1], argv[i + 2], std::atof(argv[i + 3]));
    if (std::strcmp(argv[i], "--wait") == 0 && i + 1 < argc) wait = std::atof(argv[++i]);
    else if (std::strcmp(argv[i], "--only") == 0 && i + 1 < argc) only = argv[++i];
    else if (std::strcmp(argv[i], "--scenarios") == 0 && i + 1 < argc) scenarios = argv[++i];
    else {
      std::fprintf(stderr, "usage: %s [--wait SECONDS] [--only METHOD] [--scenarios DIR]\n", argv[0]);
      return 2;
    }
  }
  int total = 0, over = 0;
  std::vector<std::pair<std::string, std::string>> list;
  if (scenarios.empty()) {
    list = variants(only);
  } else {
    for (const auto& entry : std::filesystem::directory_iterator(scenarios))
      if (entry.path().extension() == ".json") list.emplace_back("scenario", entry.path().string());
    std::sort(list.begin(), list.end());
  }
  for (const auto& [method, variant] : list) {
    const std::string command = "ulimit -v 12000000; timeout 120 '" + std::string(argv[0]) + "' --run-one '" + method +
                                "' '" + variant + "' " + number(wait);
    FILE* out = popen(command.c_str(), "r");
    if (!out) return 1;
    std::string text;
    char buffer[512];
    while (std::fgets(buffer, sizeof buffer, out)) text += buffer;
    const int status = pclose(out);
    if (text.empty() || status != 0)
      text = "over  " + method + " " + variant + ": no answer (timeout after 120 s, or out of memory; status " +
             std::to_string(status) + ")\n";
    std::fputs(text.c_str(), stdout);
    std::fflush(stdout);
    ++total;
    over += text.rfind("over", 0) == 0;
  }
  std::printf("%d variants, %d with a stretch or an answer above 1 s\n", total, over);
  return 0;
}
