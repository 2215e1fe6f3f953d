// dpwlab-cli sw: sliced W2 between N(0, I_d) (n points) and N(1, I_d) (m points), timed.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>

#include "cli/command.h"
#include "core/rng.h"
#include "dpswd/dpswd_release.h"
#include "ot/directions.h"
#include "ot/sliced_floor.h"

namespace dpwcli {
namespace {

struct Options {
  long n = 10000, m = -1, d = 8, k = 500, repeat = 5, seed = 0;
  double sigma = 0;
  bool gradients = false, floor = false;
};

CommandRun setup(CLI::App& cmd) {
  auto o = std::make_shared<Options>();
  addInteger(cmd, "--n", o->n, "points of the first sample")->default_str("10000");
  addInteger(cmd, "--m", o->m, "points of the second sample (default: n)");
  addInteger(cmd, "--d", o->d, "dimension")->default_str("8");
  addInteger(cmd, "--k", o->k, "number of projections")->default_str("500");
  addReal(cmd, "--sigma", o->sigma, "noise added to the projections")->default_str("0");
  addInteger(cmd, "--seed", o->seed, "random seed >= 0")->default_str("0");
  addInteger(cmd, "--repeat", o->repeat, "timed repetitions (the median is reported)")->default_str("5");
  cmd.add_flag("--gradients", o->gradients, "also compute the gradients");
  cmd.add_flag("--floor", o->floor,
               "also measure this machine's floor for the value (ot/sliced_floor.h: the projection's flops at the "
               "measured rate plus the sort's passes at the measured copy speed) and the ratios to it");
  setExamples(cmd, {"dpwlab-cli sw                                     n = m = 10000, d = 8, k = 500, timed",
                    "dpwlab-cli sw --n 100000 --d 32 --k 200 --floor   with this machine's floor"});
  return [o] {
    const long n = o->n, m = o->m < 0 ? o->n : o->m, d = o->d, k = o->k, repeat = o->repeat, seed = o->seed;
    const double sigma = o->sigma;
    if (n < 1 || m < 1 || d < 1 || k < 1) throw UsageError("--n, --m, --d and --k must be at least 1");
    if (repeat < 1) throw UsageError("--repeat must be at least 1");
    if (!(sigma >= 0)) throw UsageError("--sigma must be a finite number >= 0");
    if (seed < 0) throw UsageError("--seed must be >= 0");
    dpw::Rng rng = dpw::makeRng(std::uint64_t(seed));
    const dpw::Points X = dpw::standardNormal(n, d, rng);
    const dpw::Points Y = dpw::standardNormal(m, d, rng).array() + 1.0;
    const dpw::Points theta = dpw::randomDirections(k, d, rng);
    const dpw::SlicedOptions options{sigma, std::uint64_t(seed) + 1};
    std::vector<double> seconds, cpu;
    double value = 0;
    for (long r = 0; r < repeat; ++r) {
      const auto t0 = std::chrono::steady_clock::now();
      const double c0 = dpw::processCpuSeconds();
      value = o->gradients ? dpw::slicedW2SquaredWithGradients(X, Y, theta, options).value
                           : dpw::slicedW2Squared(X, Y, theta, options).value;
      seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      cpu.push_back(dpw::processCpuSeconds() - c0);
    }
    std::sort(seconds.begin(), seconds.end());
    std::sort(cpu.begin(), cpu.end());
    const double wall = seconds[seconds.size() / 2], cpuSeconds = cpu[cpu.size() / 2];
    Json out = {{"sw2", jsonNumber(std::sqrt(value))},
                {"sw2_squared", jsonNumber(value)},
                {"seconds_median", wall},
                {"cpu_seconds_median", cpuSeconds},
                {"n", n},
                {"m", m},
                {"d", d},
                {"k", k},
                {"sigma", sigma},
                {"gradients", o->gradients}};
    if (o->floor) {  // measured after the runs, in the same process
      const dpw::SlicedFloor f = dpw::measureSlicedFloor(n, m, d, k);
      out["floor_seconds"] = f.secondsWall();
      out["floor_cpu_seconds"] = f.secondsCpu();
      out["floor_ratio"] = wall / f.secondsWall();
      out["floor_ratio_cpu"] = cpuSeconds / f.secondsCpu();
      out["floor_bytes_per_value"] = f.bytesPerValue;
      out["projection_gflops"] = f.flopRateWall * 1e-9;
      out["copy_gbps"] = f.copyRateWall * 1e-9;
    }
    printJson(out);
    return kExitOk;
  };
}

const RegisterCommand registered("sw", "time sliced W2 between N(0, I) and N(1, I) samples", setup);

}  // namespace
}  // namespace dpwcli
