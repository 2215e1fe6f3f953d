// dpwlab-cli sweep GRID.json [--shard i/N] [--out DIR]   and   dpwlab-cli merge DIR...
#include <charconv>
#include <cstdlib>
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "common/sweep.h"

namespace dpwcli {
namespace {

/// "i/N" with 1 <= i <= N.
std::pair<int, int> parseShard(const std::string& text, const std::string& from) {
  int i = 0, n = 0;
  const char* end = text.data() + text.size();
  const auto [slash, e1] = std::from_chars(text.data(), end, i);
  bool ok = e1 == std::errc() && slash != end && *slash == '/';
  if (ok) {
    const auto [rest, e2] = std::from_chars(slash + 1, end, n);
    ok = e2 == std::errc() && rest == end;
  }
  if (!ok || n < 1 || i < 1 || i > n)
    throw UsageError("--shard must be i/N with 1 <= i <= N (e.g. 3/8), got '" + text + "'" + from);
  return {i, n};
}

/// The shard of a Slurm job array task: task ids MIN..MAX map to shards 1..COUNT.
std::string shardFromSlurm() {
  const char* id = std::getenv("SLURM_ARRAY_TASK_ID");
  const char* count = std::getenv("SLURM_ARRAY_TASK_COUNT");
  const char* min = std::getenv("SLURM_ARRAY_TASK_MIN");
  if (!id || !*id) return "1/1";
  if (!count || !*count) throw UsageError("SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not: give --shard i/N");
  const long shard = parseInteger(id, "SLURM_ARRAY_TASK_ID") - (min && *min ? parseInteger(min, "SLURM_ARRAY_TASK_MIN") : 0) + 1;
  return std::to_string(shard) + "/" + count;
}

struct SweepOptions {
  std::string grid, shard, out = "sweep-out";
};

CommandRun setupSweep(CLI::App& cmd) {
  auto o = std::make_shared<SweepOptions>();
  cmd.add_option("grid", o->grid, "sweep file GRID.json")->required();
  auto* shard = cmd.add_option("--shard", o->shard,
                               "run share i of N (1-based); default: from SLURM_ARRAY_TASK_ID/_MIN/_COUNT in a "
                               "Slurm job array, else 1/1");
  cmd.add_option("--out", o->out, "output folder of shard-i-of-N.jsonl (resumed when it exists)")->default_str("sweep-out");
  return [o, shard] {
    const bool fromSlurm = !shard->count();
    const auto [i, n] = parseShard(fromSlurm ? shardFromSlurm() : o->shard,
                                   fromSlurm ? " (from SLURM_ARRAY_TASK_ID/_MIN/_COUNT: the array must be contiguous)" : "");
    const auto sweep = dpwapp::Sweep::fromFile(QString::fromStdString(o->grid));
    const auto progress = dpwapp::runSweepShard(sweep, i, n, QString::fromStdString(o->out));
    printJson({{"shard", std::to_string(i) + "/" + std::to_string(n)},
               {"items", progress.items},
               {"already_done", progress.alreadyDone},
               {"ran", progress.ran},
               {"of", sweep.size()},
               {"sweep", sweep.fingerprint.toStdString()}});
    return 0;
  };
}

CommandRun setupMerge(CLI::App& cmd) {
  auto dirs = std::make_shared<std::vector<std::string>>();
  cmd.add_option("dirs", *dirs, "folders with shard-*-of-*.jsonl files")->required();
  return [dirs] {
    QStringList list;
    for (const auto& d : *dirs) list << QString::fromStdString(d);
    std::cout << dpwapp::mergeSweepShards(list).toStdString();
    return 0;
  };
}

const RegisterCommand sweep("sweep", "run (or resume) one share of a grid x seeds sweep", setupSweep);
const RegisterCommand merge("merge", "combine sweep shards: mean and std per grid point", setupMerge);

}  // namespace
}  // namespace dpwcli
