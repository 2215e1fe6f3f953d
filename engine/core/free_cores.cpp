#include "core/free_cores.h"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <thread>

namespace dpw {

std::optional<CpuTicks> parseProcStatCpuLine(const std::string& line) {
  std::istringstream in(line);
  std::string name;
  in >> name;
  if (name != "cpu") return std::nullopt;
  // user nice system idle iowait irq softirq steal (guest time is already inside user and nice)
  unsigned long long v[8] = {};
  int read = 0;
  while (read < 8 && in >> v[read]) ++read;
  if (read < 4) return std::nullopt;
  CpuTicks t;
  t.idle = v[3] + v[4];
  for (int i = 0; i < read; ++i) t.total += v[i];
  return t;
}

std::optional<unsigned long long> parseProcSelfStatTicks(const std::string& line) {
  const std::size_t close = line.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream in(line.substr(close + 1));
  std::string field;
  // After the name: state is field 3, utime field 14, stime field 15.
  for (int f = 3; f < 14; ++f)
    if (!(in >> field)) return std::nullopt;
  unsigned long long utime = 0, stime = 0;
  if (!(in >> utime >> stime)) return std::nullopt;
  return utime + stime;
}

std::optional<CpuTicks> readCpuTicks() {
  std::ifstream stat("/proc/stat"), self("/proc/self/stat");
  std::string cpuLine, selfLine;
  if (!std::getline(stat, cpuLine) || !std::getline(self, selfLine)) return std::nullopt;
  std::optional<CpuTicks> t = parseProcStatCpuLine(cpuLine);
  const std::optional<unsigned long long> own = parseProcSelfStatTicks(selfLine);
  if (!t || !own) return std::nullopt;
  t->self = *own;
  return t;
}

double freeCores(const CpuTicks& before, const CpuTicks& after, int cores) {
  if (after.total <= before.total) return cores;
  const double total = double(after.total - before.total);
  const double idle = after.idle >= before.idle ? double(after.idle - before.idle) : 0.0;
  const double self = after.self >= before.self ? double(after.self - before.self) : 0.0;
  return std::clamp((idle + self) / total * cores, 0.0, double(cores));
}

int teamSizeFor(double free, int cores) {
  return std::clamp(int(std::floor(free + 0.25)), 1, std::max(1, cores));
}

int fitThreadsToFreeCores(std::chrono::milliseconds window, const std::function<bool()>& cancelled) {
  const int cores = std::min(omp_get_num_procs(), omp_get_max_threads());  // OMP_NUM_THREADS still caps it
  const std::optional<CpuTicks> before = readCpuTicks();
  if (!before) return cores;
  // Slept in slices, asking between them: a Stop during the measure is answered within a slice.
  const auto end = std::chrono::steady_clock::now() + window;
  for (auto now = std::chrono::steady_clock::now(); now < end; now = std::chrono::steady_clock::now()) {
    if (cancelled && cancelled()) return cores;
    std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(end - now, kCancelSlice));
  }
  const std::optional<CpuTicks> after = readCpuTicks();
  if (!after) return cores;
  const int team = teamSizeFor(freeCores(*before, *after, cores), cores);
  omp_set_num_threads(team);
  return team;
}

}  // namespace dpw
