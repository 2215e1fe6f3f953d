#pragma once
/// Sweeps: a grid of parameter values x seeds over one base scenario, split into shares that run
/// anywhere (a Slurm job array, GNU parallel, several machines) and merged afterwards. No code of
/// ours distributes work: each share is an independent `dpwlab-cli sweep GRID.json --shard i/N`.
///
/// GRID.json:
///   {
///     "format": "dpwlab-sweep", "version": 1,
///     "scenario": { ...a scenario document... },          // the base run
///     "grid": { "epsilon": [1, 5, "inf"], "alpha": [0, 0.5] },  // parameters to vary
///     "seeds": { "first": 1, "count": 50 }                // or an explicit list [1, 2, 3]
///   }
///
/// Items are keyed by content. An item's identity (its key) is a hash of the run it resolves to: the
/// method, the seed, every parameter (defaults filled in) and the data description, so it does not
/// depend on where the item sits in the grid, on how many shares there are, or on which grid listed it.
/// Hence a sweep
///   - resumes under any share count (items already in the folder are skipped, whoever wrote them);
///   - grows (more seeds, more values) without running again what is done;
///   - refuses, when it is read, a grid that lists a value (1 and 1.0) or a seed twice: two items of one
///     key would be counted as two seeds of one point (issue 37: std 0.01424 where 3 seeds give 0.01592);
///   - never runs one item twice at once: a share claims an item by creating `DIR/locks/KEY.lock` with
///     O_CREAT | O_EXCL (atomic on a local file system and on NFS v3 or later) before it runs it.
///
/// Items are numbered in the grid's order (keys in lexicographic order, last key fastest, then the
/// seeds, fastest); share i of N (1-based) is the items with index % N == i - 1: the numbering decides
/// which process runs an item, never what the item is.
///
/// Files of a results folder DIR:
///   sweep.json                         the grid last started in DIR (merge reads it when no grid is given)
///   shard-i-of-N.HOST-PID.jsonl        one JSON line per finished item, one file per process (appends of
///                                      two processes never interleave), each line written with one
///                                      write() and fsync()ed: a kill costs at most the item running
///   locks/KEY.lock                     "host pid job started": the claim of an item being run
/// A line without its newline (a process killed while writing it) is never read.
/// Non-finite metrics in the lines are "inf", "-inf", "nan" (common/scenario_files.h: numberToJson).
#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>
#include <vector>

#include "common/scenario_files.h"

namespace dpwapp {

/// The key of the run `s` resolves to: the first 16 hex digits of the SHA-256 of its method, seed, every
/// parameter value and its data description (compact JSON, keys sorted). Equal keys: the same run.
QByteArray itemKey(const Scenario& s);

struct SweepItem {
  long index = 0;
  Scenario scenario;  ///< base scenario with this item's parameter values and seed
  QJsonObject point;  ///< the grid values of this item (without the seed)
  QByteArray key;     ///< itemKey(scenario)
};

struct Sweep {
  Scenario base;
  QJsonObject grid;
  std::vector<std::uint64_t> seeds;
  QByteArray fingerprint;  ///< hash of the grid document (for the record: items are matched by key)
  QByteArray document;     ///< the grid document as read (indented JSON), written to DIR/sweep.json

  /// Parses and validates: every grid value is checked against the method's parameter specs, and a
  /// value listed twice for one parameter (after parsing: 1 and 1.0 are one value) or a seed listed
  /// twice is refused by name. @throws dpw::InvalidArgument.
  static Sweep fromJson(const QByteArray& json);
  static Sweep fromFile(const QString& path);
  /// The sweep of `grid` (parameter key -> list of values, as in GRID.json) around `base` with the
  /// base's seed only: the GUI's comparison grid, validated and enumerated exactly as a sweep file.
  static Sweep around(const Scenario& base, const QJsonObject& grid);
  long size() const;
  /// Grid points (items without the seeds).
  long points() const { return size() / long(seeds.size()); }
  /// All items of share `shard` (1-based) of `shards`. @throws dpw::InvalidArgument unless 1 <= shard <= shards.
  std::vector<SweepItem> shardItems(int shard, int shards) const;
};

/// "shard-i-of-N".
QString shardFileStem(int shard, int shards);

/// Where a share is running, for its claims and result lines (the defaults read the process).
struct RunPlace {
  QString host;   ///< short host name
  QString jobId;  ///< Slurm's SLURM_JOB_ID (and _ARRAY_JOB_ID_TASK) when set, else ""
  /// A claim of another host older than this is stale (its process is taken to be gone); a claim of this
  /// host is stale as soon as its process has ended.
  double staleClaimSeconds = 24 * 3600;
  static RunPlace here();
};

struct ShardProgress {
  long items = 0;        ///< items of this share
  long alreadyDone = 0;  ///< found in the folder (this share's earlier run, another share or sweep), skipped
  long ran = 0;          ///< run now
  long heldByOthers = 0; ///< claimed by another running process when this share reached them: not run here
  std::vector<QString> failed;  ///< "item 7 (epsilon=1000, seed 2): <why>", one per item whose run threw
  bool failedOnInput = false;   ///< every failure was bad input (dpw::InvalidArgument)
};

/// One line per item as it starts, ends, is skipped or fails (for the Slurm log); may be empty.
using SweepLog = std::function<void(const QString&)>;

/// Runs the items of one share not yet in `dir`, appending each as it finishes. An item that throws is
/// named in the progress and the others still run. @throws dpw::InvalidArgument on bad arguments or an
/// unwritable folder.
ShardProgress runSweepShard(const Sweep& sweep, int shard, int shards, const QString& dir, const SweepLog& log = {},
                            const RunPlace& place = RunPlace::here());

// ---- Planning ----------------------------------------------------------------------------------------

struct PlannedPoint {
  QJsonObject point;
  double probeSeconds = 0;  ///< time of the probe run (a whole run, or its first steps extrapolated)
  QString error;            ///< non-empty: this point cannot run (the message names it)
};

struct SweepPlan {
  std::vector<PlannedPoint> points;  ///< in grid order
  long alreadyDone = 0;              ///< items of this sweep already in the folder
  std::vector<long> doneIndices;     ///< their indices
};

/// Checks every grid point before anything runs: each point's first seed is run until its first step
/// (the noise is calibrated before it: a budget that cannot be met throws there) and a few steps more,
/// timed and extrapolated to the whole run from the run's own step count. The budget, accountant and steps
/// are the point's (a seed changes at most the data split, so q and σ in the last digits): one seed per
/// point checks the point.
SweepPlan planSweep(const Sweep& sweep, const QString& dir);

// ---- Merging -----------------------------------------------------------------------------------------

/// Every result line in `dirs`, matched to the items of `sweep` by key. Two lines of one item (two
/// processes that ran it, or the same folder given twice) are one result when they agree in what the
/// run computed (metrics, evaluation, privacy statement); lines that disagree are refused by name.
/// Lines of items not in `sweep` (another grid, a sweep before it grew or shrank) are left out and counted.
struct SweepResults {
  std::vector<QJsonObject> lines;  ///< one per item, in item order
  long ignored = 0;                ///< lines of items not in this sweep
  long duplicates = 0;             ///< identical repeated lines folded into one
};
/// @throws dpw::InvalidArgument naming the missing items, a disagreement, or an unreadable line.
SweepResults collectSweepResults(const Sweep& sweep, const QStringList& dirs);

/// The grid a merge of `dirs` uses: `gridPath` when given, else the folders' sweep.json (which must agree).
Sweep sweepOfFolders(const QStringList& dirs, const QString& gridPath = {});

/// The merge as a JSON document: per grid point and metric n, mean, sd (sample standard deviation,
/// ddof = 1), standard error sd/√n and the 95% Student-t interval mean ± t(0.975, n − 1)·se; the method;
/// snake_case metric names; the privacy of the whole sweep by basic composition (the runs read one data
/// set); the program versions and commits that wrote the lines, and this program's. No host, time or job
/// in it: a merge is the same wherever and however the items ran.
QByteArray mergeSweep(const Sweep& sweep, const SweepResults& results);

/// Tables for a paper, written to `dir`: runs.csv and runs.jsonl (one row per run), summary.csv (one row
/// per grid point and metric), privacy.md and privacy.tex (the privacy parameters per grid point and the
/// sweep's basic composition). Column meanings: docs/sweeps.md.
void writeSweepTables(const Sweep& sweep, const SweepResults& results, const QString& dir);

/// snake_case of a metric name: lower case, every run of other characters one '_' ("accuracy
/// (evaluation, not private)" -> "accuracy_evaluation_not_private").
QString snakeCase(const QString& name);

/// The privacy numbers of one run, read from its privacy statement (the ledger's claim sentence,
/// engine/privacy/ledger/privacy_statement.h: numbers as printed, 4 significant digits, rounded so as not to
/// flatter) and its method's declared readout (the full-precision ε where the method has an ε metric; σ and
/// q from the metrics noise_multiplier and sample_rate where a run reports them).
struct RunPrivacy {
  std::optional<double> epsilon, delta, sigma, q;
  std::optional<long> steps;
  QString accountant;  ///< resolved id ("pld-wor"), "basic-composition", or "" when none is named
  QString claim;       ///< "proven-bound", "approximation", "not-dp", "no-privacy", "" when unknown
};
RunPrivacy runPrivacy(const QString& method, const QJsonObject& metrics, const QJsonObject& scenarioParameters,
                      const QString& statement);
/// The same, with the run's structured claim (dpw::RunResult::privacy, filled by the method from its ledger)
/// taking precedence over the sentence: δ at full precision whenever the run claims an ε; and from the ledger
/// (teaching mode) the accountant, the kind of claim, σ, q and steps, as the ledger's sentence states them
/// (privacy_statement.h: its last event). The sentence is read only for what the structure lacks: methods
/// that fill no RunPrivacy, and secure mode, whose RunPrivacy carries (ε, δ) without a ledger.
RunPrivacy runPrivacy(const QString& method, const QJsonObject& metrics, const QJsonObject& scenarioParameters,
                      const QString& statement, const dpw::RunPrivacy& structured);

}  // namespace dpwapp
