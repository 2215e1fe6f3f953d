#pragma once
/// Sweeps: a grid of parameter values x seeds over one base scenario, split into shards that run
/// anywhere (a Slurm job array, GNU parallel, several machines) and merged afterwards. No code of
/// ours distributes work: each shard is an independent `dpwlab-cli sweep GRID.json --shard i/N`.
///
/// GRID.json:
///   {
///     "format": "dpwlab-sweep", "version": 1,
///     "scenario": { ...a scenario document... },          // the base run
///     "grid": { "epsilon": [1, 5, "inf"], "alpha": [0, 0.5] },  // parameters to vary
///     "seeds": { "first": 1, "count": 50 }                // or an explicit list [1, 2, 3]
///   }
/// Items are the Cartesian product of the grid (keys in lexicographic order, last key fastest) times
/// the seeds (fastest), numbered from 0. Shard i of N (1-based, as `--shard 3/8`) runs the items
/// with index % N == i - 1 and appends to `shard-i-of-N.jsonl` one JSON line per finished item (with the
/// program version and build flags), flushed to the disk as it goes. Rerun with the same arguments, a
/// shard resumes: the items already in its file are skipped, a last line cut short by a kill is
/// dropped, and a file of another sweep is refused. Non-finite metrics are "inf", "-inf", "nan".
#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <vector>

#include "common/scenario.h"

namespace dpwapp {

struct SweepItem {
  long index = 0;
  Scenario scenario;  ///< base scenario with this item's parameter values and seed
  QJsonObject point;  ///< the grid values of this item (without the seed)
};

struct Sweep {
  Scenario base;
  QJsonObject grid;
  std::vector<std::uint64_t> seeds;
  QByteArray fingerprint;  ///< hash of the grid document: shards of different grids never merge

  /// Parses and validates (every grid value is checked against the method's parameter specs).
  static Sweep fromJson(const QByteArray& json);
  static Sweep fromFile(const QString& path);
  /// The sweep of `grid` (parameter key -> list of values, as in GRID.json) around `base` with the
  /// base's seed only: the GUI's comparison grid, validated and enumerated exactly as a sweep file.
  static Sweep around(const Scenario& base, const QJsonObject& grid);
  long size() const;
  /// All items of shard `shard` (1-based) of `shards`.
  std::vector<SweepItem> shardItems(int shard, int shards) const;
};

/// "shard-i-of-N.jsonl".
QString shardFileName(int shard, int shards);

struct ShardProgress {
  long items = 0;        ///< items of this shard
  long alreadyDone = 0;  ///< found in the shard file of an earlier (interrupted) run, skipped
  long ran = 0;          ///< run now
};

/// Runs the items of one shard not yet in `dir/shard-i-of-N.jsonl`, appending each as it finishes.
/// Throws dpw::InvalidArgument on bad input, an unwritable folder, or a shard file of another sweep.
ShardProgress runSweepShard(const Sweep& sweep, int shard, int shards, const QString& dir);

/// Reads every shard file in `dirs` (a last line without its newline, from a shard still running or
/// killed, is not read), checks that together they hold each item of one sweep exactly once, and returns per grid point the mean and standard deviation (n - 1) of every metric over
/// seeds, as a JSON document (with "shards_built_by": the program versions and build flags of the
/// shards, and this program's own). Non-finite values stay non-finite ("-inf" stays "-inf"). Throws dpw::InvalidArgument naming what is missing or inconsistent.
QByteArray mergeSweepShards(const QStringList& dirs);

}  // namespace dpwapp
