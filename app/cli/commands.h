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

const std::vector<Command>& allCommands();

}  // namespace dpwcli
