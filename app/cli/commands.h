#pragma once
/// The sub-commands of dpwlab-cli. Each returns the process exit code: 0 success, 1 a run failed
/// (message on stderr), 2 bad usage or bad input (message on stderr). JSON results go to stdout.
#include <string>
#include <vector>

namespace dpwcli {

struct Command {
  const char* name;
  const char* usage;
  int (*run)(const std::vector<std::string>& args);
};

int runCommand(const std::vector<std::string>& args);       ///< run SCENARIO.json --out DIR
int swCommand(const std::vector<std::string>& args);        ///< sw --n N --m M --d D --k K ...
int methodsCommand(const std::vector<std::string>& args);   ///< methods: list methods and parameters
int accountCommand(const std::vector<std::string>& args);      ///< account --accountant A --q Q --sigma S ...
int calibrateCommand(const std::vector<std::string>& args);    ///< calibrate --accountant A --epsilon E ...
int sensitivityCommand(const std::vector<std::string>& args);  ///< sensitivity --bound B --k K --d D --delta D
int tradeoffCommand(const std::vector<std::string>& args);     ///< tradeoff --accountant pld|gdp --q Q --sigma S --steps T

int sweepCommand(const std::vector<std::string>& args);       ///< sweep GRID.json --shard i/N --out DIR
int mergeCommand(const std::vector<std::string>& args);       ///< merge DIR...
int auditCommand(const std::vector<std::string>& args);       ///< audit SCENARIO.json --trials N

const std::vector<Command>& allCommands();

}  // namespace dpwcli
