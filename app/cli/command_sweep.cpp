// dpwlab-cli sweep GRID.json --shard i/N --out DIR   and   dpwlab-cli merge DIR...
#include <cstdio>
#include <iostream>

#include "cli/cli_args.h"
#include "cli/commands.h"
#include "common/sweep.h"

namespace dpwcli {

int sweepCommand(const std::vector<std::string>& words) {
  const Args args(words);
  args.allowOnly({"shard", "out"});
  if (args.positional().size() != 1) throw UsageError("expected one sweep file GRID.json");
  const std::string shard = args.text("shard", std::string("1/1"));
  int i = 0, n = 0;
  char tail = 0;
  if (std::sscanf(shard.c_str(), "%d/%d%c", &i, &n, &tail) != 2 || n < 1 || i < 1 || i > n)
    throw UsageError("--shard must be i/N with 1 <= i <= N (e.g. 3/8), got '" + shard + "'");
  const auto sweep = dpwapp::Sweep::fromFile(QString::fromStdString(args.positional()[0]));
  const QString out = QString::fromStdString(args.text("out", std::string("sweep-out")));
  const long ran = dpwapp::runSweepShard(sweep, i, n, out);
  std::cout << "{\"shard\": \"" << i << "/" << n << "\", \"items\": " << ran << ", \"of\": " << sweep.size()
            << ", \"sweep\": \"" << sweep.fingerprint.toStdString() << "\"}" << std::endl;
  return 0;
}

int mergeCommand(const std::vector<std::string>& words) {
  const Args args(words);
  args.allowOnly({});
  if (args.positional().empty()) throw UsageError("expected one or more folders with shard-*-of-*.jsonl files");
  QStringList dirs;
  for (const auto& d : args.positional()) dirs << QString::fromStdString(d);
  std::cout << dpwapp::mergeSweepShards(dirs).toStdString();
  return 0;
}

}  // namespace dpwcli
