#pragma once
/// The cores other processes leave free, and a run's OpenMP team sized to them (issue #40: every lesson's
/// first frame ≤ 1 s and end ≤ 15 s also beside one busy process). A team of two on two cores, one of them
/// shared with a busy process, runs at the pace of its slower thread (a share of that core, less at the GUI
/// worker's nice +5) while the other spin-waits at each barrier: lesson 5.4 took 2.3x as long as idle, with
/// 1.7x the CPU. One thread on the free core does not wait for anyone.
///
/// Linux: /proc/stat (idle and iowait of all cores) and /proc/self/stat (this process's own time, which is
/// not another process's load), both in clock ticks. Elsewhere every core counts as free.
#include <chrono>
#include <functional>
#include <optional>
#include <string>

namespace dpw {

/// Clock ticks since boot: idle (idle + iowait) and total over all cores, and this process's own.
struct CpuTicks {
  unsigned long long idle = 0, total = 0, self = 0;
};

/// The aggregate "cpu " line of /proc/stat → idle and total (self left 0); nullopt if it does not parse.
std::optional<CpuTicks> parseProcStatCpuLine(const std::string& line);
/// utime + stime from a /proc/<pid>/stat line (fields 14 and 15, counted after the name's closing ')').
std::optional<unsigned long long> parseProcSelfStatTicks(const std::string& line);

/// The ticks now; nullopt where /proc is not readable.
std::optional<CpuTicks> readCpuTicks();

/// Cores free of other processes between two readings: (idle + this process's time) / total × cores,
/// in [0, cores]; `cores` if no tick passed.
double freeCores(const CpuTicks& before, const CpuTicks& after, int cores);

/// The team for `free` cores of `cores`: at least 1, at most `cores`, a core counted from 0.75 free (a tick or
/// two of noise in a short window must not cost an idle machine its second thread).
int teamSizeFor(double free, int cores);

/// Measures the free cores over `window` (the calling thread sleeps) and sets the calling thread's OpenMP
/// team size (omp_set_num_threads: that thread's own setting; other threads keep theirs) to
/// teamSizeFor(them), the cores counted as min(processors, omp_get_max_threads()). Returns the team size set
/// (that count, unchanged, where /proc is not readable).
/// `cancelled` (when given) is asked every kCancelSlice of the window (issue #40: Stop is answered within
/// 1 s in every phase, this one included): once it says true the measure ends at once, the team is left
/// as it was, and the cores are returned.
int fitThreadsToFreeCores(std::chrono::milliseconds window, const std::function<bool()>& cancelled = {});
/// The slices the window is slept in, asking `cancelled` between them.
inline constexpr std::chrono::milliseconds kCancelSlice{10};

}  // namespace dpw
