// dpwlab-cli sweep GRID.json [--shard i/N | --shards N] [--out DIR] [--plan]   and
// dpwlab-cli merge DIR... [--grid GRID.json] [--tables DIR]
#include <fcntl.h>
#include <unistd.h>

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <set>
#include <tuple>

#include "cli/command.h"
#include "common/run_export.h"
#include "common/sweep.h"
#include "core/error.h"

namespace dpwcli {
namespace {

/// "i/N" with 1 <= i <= N.
std::pair<int, int> parseShard(const std::string& text) {
  int i = 0, n = 0;
  const char* end = text.data() + text.size();
  const auto [slash, e1] = std::from_chars(text.data(), end, i);
  bool ok = e1 == std::errc() && slash != end && *slash == '/';
  if (ok) {
    const auto [rest, e2] = std::from_chars(slash + 1, end, n);
    ok = e2 == std::errc() && rest == end;
  }
  if (!ok || n < 1 || i < 1 || i > n) throw UsageError("--shard must be i/N with 1 <= i <= N (e.g. 3/8), got '" + text + "'");
  return {i, n};
}

long envInteger(const char* name) {
  const char* v = std::getenv(name);
  return v && *v ? parseInteger(v, name) : -1;
}

struct ShardChoice {
  int shard = 1, shards = 1;
  std::string note;  ///< how the share was chosen, for the log
};

/// The share of a Slurm job array task. The number of shares N and the first task id are recorded in
/// OUT/array.json by the first task that starts, so that a later array over some of the tasks
/// (`sbatch --array=2` to run task 2 again) runs the same shares: task id t runs share t - first + 1 of N.
/// A later array reaching beyond N (1-3, then 1-5) makes N larger; `--shards N` sets N (also smaller).
/// Items are keyed by content: whatever N, no item runs twice and the merge finds each.
ShardChoice shardFromSlurm(const std::string& out, long shardsOption) {
  const long id = envInteger("SLURM_ARRAY_TASK_ID");
  if (id < 0) {
    if (shardsOption > 0) throw UsageError("--shards N numbers the tasks of a Slurm job array; outside one give --shard i/N");
    return {1, 1, "not in a Slurm job array: the whole sweep (share 1/1)"};
  }
  const long min = envInteger("SLURM_ARRAY_TASK_MIN"), count = envInteger("SLURM_ARRAY_TASK_COUNT");
  long max = envInteger("SLURM_ARRAY_TASK_MAX");
  if (min < 0 || count < 1) throw UsageError("SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_MIN or _COUNT is not: give --shard i/N");
  if (max < 0) max = min + count - 1;
  if (!QDir().mkpath(QString::fromStdString(out))) throw UsageError("cannot create output folder " + out);
  const QString path = QDir(QString::fromStdString(out)).filePath("array.json");
  auto read = [&](long* first, long* tasks) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return false;
    const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    *first = long(o["first_task_id"].toDouble(-1)), *tasks = long(o["tasks"].toDouble(-1));
    if (*first < 0 || *tasks < 1) throw UsageError(path.toStdString() + " is not a record of an array (remove it to start afresh)");
    return true;
  };
  auto record = [&](long first, long tasks) {
    return QJsonDocument(QJsonObject{{"first_task_id", double(first)}, {"tasks", double(tasks)}}).toJson(QJsonDocument::Compact) + '\n';
  };
  long first = -1, tasks = -1;
  if (!read(&first, &tasks)) {
    // First start: the array's own range. Created O_EXCL: the tasks starting together agree on one record.
    if (shardsOption < 1 && count != max - min + 1)
      throw UsageError("the first array of a sweep must be a contiguous range such as --array=1-8 (got " + std::to_string(count) +
                       " tasks between " + std::to_string(min) + " and " + std::to_string(max) + "), or give --shards N");
    const QByteArray bytes = record(min, shardsOption > 0 ? shardsOption : max - min + 1);
    const int fd = ::open(QFile::encodeName(path).constData(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0644);
    if (fd >= 0) {
      const bool ok = ::write(fd, bytes.constData(), size_t(bytes.size())) == bytes.size();
      ::close(fd);
      if (!ok) throw UsageError("cannot write " + path.toStdString());
    }
    for (int i = 0; i < 50 && !read(&first, &tasks); ++i) ::usleep(100000);  // another task's record, being written
    if (first < 0) throw UsageError("cannot read " + path.toStdString());
  }
  const long recorded = tasks;
  tasks = shardsOption > 0 ? shardsOption : std::max(tasks, max - first + 1);
  if (tasks != recorded) dpwapp::writeFileAtomically(path, record(first, tasks));
  const long shard = id - first + 1;
  if (shard < 1 || shard > tasks)
    throw UsageError("task id " + std::to_string(id) + " is outside the sweep's " + std::to_string(tasks) + " tasks (ids " +
                     std::to_string(first) + "-" + std::to_string(first + tasks - 1) + " recorded in " + path.toStdString() +
                     "); give --shards N to split it anew");
  std::string note = "Slurm task " + std::to_string(id) + " -> share " + std::to_string(shard) + "/" + std::to_string(tasks) +
                     " (task ids from " + std::to_string(first) + ", " + std::to_string(tasks) + " tasks, as recorded in " +
                     path.toStdString() + ")";
  if (min > first || max < first + tasks - 1)
    note += "; this array runs tasks " + std::to_string(min) + "-" + std::to_string(max) + " only: the others' items wait for them";
  return {int(shard), int(tasks), note};
}

struct SweepOptions {
  std::string grid, shard, out = "sweep-out";
  long shards = 0;
  bool plan = false, quiet = false;
};

std::string humanSeconds(double s) {
  char buf[64];
  if (s < 120) std::snprintf(buf, sizeof buf, "%.1f s", s);
  else if (s < 7200) std::snprintf(buf, sizeof buf, "%.1f min", s / 60);
  else std::snprintf(buf, sizeof buf, "%.1f h", s / 3600);
  return buf;
}

/// --plan: checks every grid point, prints what each share runs and how long it should take.
int printPlan(const dpwapp::Sweep& sweep, const SweepOptions& o, int shards) {
  const QString dir = QString::fromStdString(o.out);
  const dpwapp::SweepPlan plan = dpwapp::planSweep(sweep, dir);
  std::cout << "sweep " << sweep.fingerprint.toStdString() << " (" << sweep.base.method << "): " << sweep.size() << " items = "
            << sweep.points() << " grid points x " << sweep.seeds.size() << " seeds\n";
  std::vector<std::string> errors;
  std::vector<double> perItem;
  for (const auto& p : plan.points) {
    QStringList point;
    for (auto it = p.point.begin(); it != p.point.end(); ++it)
      point << it.key() + "=" + (it.value().isString() ? it.value().toString() : QString::number(it.value().toDouble()));
    std::cout << "  point " << (point.isEmpty() ? QStringLiteral("(base)") : point.join(", ")).toStdString() << ": ";
    if (p.error.isEmpty()) std::cout << "checked, about " << humanSeconds(p.probeSeconds) << " per item\n";
    else std::cout << "FAILS: " << p.error.toStdString() << "\n", errors.push_back(p.error.toStdString());
    perItem.insert(perItem.end(), sweep.seeds.size(), p.probeSeconds);
  }
  std::set<long> done(plan.doneIndices.begin(), plan.doneIndices.end());
  std::cout << "already done in " << o.out << ": " << plan.alreadyDone << " of " << sweep.size() << " (skipped by every share)\n";
  double longest = 0, total = 0;
  for (int s = 1; s <= shards; ++s) {
    const auto items = sweep.shardItems(s, shards);
    std::string list;
    long toRun = 0, listed = 0;
    double t = 0;
    for (const auto& item : items) {
      if (done.count(item.index)) continue;
      ++toRun;
      t += perItem[std::size_t(item.index)];
      if (++listed <= 12) list += (list.empty() ? "" : " ") + std::to_string(item.index);
    }
    if (listed > 12) list += " …";
    longest = std::max(longest, t), total += t;
    std::cout << "task " << s << "/" << shards << ": " << toRun << " of " << items.size() << " items to run"
              << (list.empty() ? "" : " (" + list + ")") << ", about " << humanSeconds(t) << "\n";
  }
  std::cout << "estimated: " << humanSeconds(total) << " of work, " << humanSeconds(longest) << " for the longest of " << shards
            << " tasks (measured here, one probe per grid point with OMP_NUM_THREADS="
            << (std::getenv("OMP_NUM_THREADS") ? std::getenv("OMP_NUM_THREADS") : "unset") << ")\n";
  if (!errors.empty()) {
    std::string all;
    for (const auto& e : errors) all += "\n  " + e;
    throw dpw::InvalidArgument(std::to_string(errors.size()) + " grid point(s) cannot run; fix the grid before submitting:" + all);
  }
  return kExitOk;
}

CommandRun setupSweep(CLI::App& cmd) {
  auto o = std::make_shared<SweepOptions>();
  cmd.add_option("grid", o->grid, "sweep file GRID.json")->required();
  auto* shard = cmd.add_option("--shard", o->shard,
                               "run share i of N (1-based); default: from the Slurm job array (SLURM_ARRAY_TASK_ID), "
                               "else 1/1");
  addInteger(cmd, "--shards", o->shards,
             "in a Slurm job array: the number of shares (default: the first array's size, recorded in OUT/array.json); "
             "with --plan: the shares to show");
  cmd.add_option("--out", o->out, "results folder (resumed, shared by every share and by grown sweeps)")->default_str("sweep-out");
  cmd.add_flag("--plan", o->plan,
               "run nothing: check every grid point (calibration and first steps), show each task's items and an "
               "estimated time; exit 2 naming a point that cannot run");
  cmd.add_flag("-q,--quiet", o->quiet, "no line per item on stderr");
  cmd.footer(
      "Items are keyed by what they run (method, seed, parameters): a sweep resumes under any number of shares, grows "
      "without rerunning what is done, and never runs an item twice at once (OUT/locks).\n\n"
      "Examples:\n"
      "  dpwlab-cli sweep grid.json --plan --shards 8        check and estimate before submitting\n"
      "  dpwlab-cli sweep grid.json --out results            the whole sweep here (resumes when rerun)\n"
      "  dpwlab-cli sweep grid.json --shard 3/8 --out results   one share of eight\n"
      "  sbatch --array=1-8 scripts/slurm/sweep.sbatch grid.json results   as a Slurm job array\n"
      "  dpwlab-cli merge results --tables tables            then: statistics and tables");
  return [o, shard] {
    const auto sweep = dpwapp::Sweep::fromFile(QString::fromStdString(o->grid));
    if (o->plan) {
      if (shard->count()) throw UsageError("--plan shows every share: give --shards N, not --shard");
      return printPlan(sweep, *o, int(o->shards > 0 ? o->shards : 1));
    }
    ShardChoice choice;
    if (shard->count()) {
      if (o->shards > 0) throw UsageError("give --shard i/N or --shards N, not both");
      std::tie(choice.shard, choice.shards) = parseShard(o->shard);
    } else {
      choice = shardFromSlurm(o->out, o->shards);
    }
    auto log = [o](const QString& line) {
      if (!o->quiet) std::cerr << "dpwlab-cli sweep: " << line.toStdString() << std::endl;
    };
    if (!choice.note.empty()) log(QString::fromStdString(choice.note));
    const auto progress = dpwapp::runSweepShard(sweep, choice.shard, choice.shards, QString::fromStdString(o->out), log);
    printJson({{"shard", std::to_string(choice.shard) + "/" + std::to_string(choice.shards)},
               {"items", progress.items},
               {"already_done", progress.alreadyDone},
               {"ran", progress.ran},
               {"held_by_others", progress.heldByOthers},
               {"failed", long(progress.failed.size())},
               {"of", sweep.size()},
               {"sweep", sweep.fingerprint.toStdString()}});
    if (!progress.failed.empty()) {
      std::string all;
      for (const auto& f : progress.failed) all += "\n  " + f.toStdString();
      const std::string message = std::to_string(progress.failed.size()) + " item(s) failed (the others ran):" + all;
      if (progress.failedOnInput) throw dpw::InvalidArgument(message);
      throw std::runtime_error(message);
    }
    return kExitOk;
  };
}

struct MergeOptions {
  std::vector<std::string> dirs;
  std::string grid, tables;
};

CommandRun setupMerge(CLI::App& cmd) {
  auto o = std::make_shared<MergeOptions>();
  cmd.add_option("dirs", o->dirs, "results folders of dpwlab-cli sweep")->required();
  cmd.add_option("--grid", o->grid, "the sweep to merge (default: the folders' sweep.json, the grid last run there)");
  cmd.add_option("--tables", o->tables,
                 "also write runs.csv, runs.jsonl, summary.csv, privacy.md and privacy.tex to this folder");
  cmd.footer(
      "Per grid point and metric: n, mean, sd (ddof = 1), se and the 95% Student-t interval; the privacy of the whole "
      "sweep by basic composition. Two results of one item are one when they agree, refused when they differ.\n\n"
      "Examples:\n"
      "  dpwlab-cli merge results > merged.json\n"
      "  dpwlab-cli merge results --tables tables    also the tables for a paper (docs/sweeps.md)\n"
      "  dpwlab-cli merge run1 run2 --grid grid.json  results of one grid spread over two folders");
  return [o] {
    QStringList list;
    for (const auto& d : o->dirs) list << QString::fromStdString(d);
    const auto sweep = dpwapp::sweepOfFolders(list, QString::fromStdString(o->grid));
    const auto results = dpwapp::collectSweepResults(sweep, list);
    if (results.ignored || results.duplicates)
      std::cerr << "dpwlab-cli merge: " << results.lines.size() << " items; " << results.duplicates
                << " identical repeated result(s) counted once; " << results.ignored
                << " result(s) of items not in this grid left out\n";
    if (!o->tables.empty()) dpwapp::writeSweepTables(sweep, results, QString::fromStdString(o->tables));
    std::cout << dpwapp::mergeSweep(sweep, results).toStdString();
    return kExitOk;
  };
}

const RegisterCommand sweep("sweep", "run (or resume, or --plan) one share of a grid x seeds sweep", setupSweep);
const RegisterCommand merge("merge", "combine sweep results: statistics per grid point, tables, joint privacy", setupMerge);

}  // namespace
}  // namespace dpwcli
