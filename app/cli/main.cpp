// dpwlab-cli: the headless runner. Charts are rendered with Qt's offscreen platform, so it never
// needs a display.
#include <QApplication>
#include <cstdlib>
#include <iostream>

#include "cli/cli_args.h"
#include "cli/commands.h"
#include "core/error.h"

namespace dpwcli {

const std::vector<Command>& allCommands() {
  static const std::vector<Command> commands = {
      {"run", "run SCENARIO.json [--out DIR] [--no-png]   run a scenario ('default' = the embedded one)", runCommand},
      {"sw", "sw --n N --m M --d D --k K [--sigma S] [--seed S] [--repeat R] [--gradients]   time sliced W2",
       swCommand},
      {"methods", "methods   list methods and their parameters as JSON", methodsCommand},
      {"sweep", "sweep GRID.json [--shard i/N] [--out DIR]   run one share of a grid x seeds sweep", sweepCommand},
      {"merge", "merge DIR...   combine sweep shards: mean and std per grid point", mergeCommand},
      {"audit", "audit SCENARIO.json [--trials N] [--out DIR]   privacy audit: claimed vs measured epsilon (exit 1 on a violation); "
                "mechanism gaussian|laplace|dpswd-projection|fair-histogram|dpsgd-canary",
       auditCommand},
      {"account", "account --accountant rdp|rdp-mironov|rdp-wor|gdp|gdp-uniform|pld|wdp --q Q --sigma S --steps T --delta D [--pairs-file F --mu M --beta B]   epsilon spent", accountCommand},
      {"calibrate", "calibrate --accountant A --epsilon E --q Q --steps T --delta D   noise multiplier for (epsilon, delta)", calibrateCommand},
      {"sensitivity", "sensitivity --bound chernoff|clt|bernstein|bernstein-dpswd-code --k K --d D --delta D   projection sensitivity w", sensitivityCommand},
      {"tradeoff", "tradeoff --accountant pld|gdp --q Q --sigma S --steps T   f-DP trade-off curve {alpha, beta}", tradeoffCommand},
  };
  return commands;
}

}  // namespace dpwcli

namespace {
void usage() {
  std::cerr << "usage: dpwlab-cli COMMAND [options]\n";
  for (const auto& c : dpwcli::allCommands()) std::cerr << "  " << c.usage << "\n";
}
}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);  // chart rendering needs a QApplication (offscreen)
  QApplication::setApplicationName("dpwlab-cli");
  std::vector<std::string> words(argv + 1, argv + argc);
  if (words.empty() || words[0] == "--help" || words[0] == "-h" || words[0] == "help") {
    usage();
    return words.empty() ? 2 : 0;
  }
  const std::string name = words[0];
  words.erase(words.begin());
  for (const auto& c : dpwcli::allCommands()) {
    if (name != c.name) continue;
    try {
      return c.run(words);
    } catch (const dpwcli::UsageError& e) {
      std::cerr << "dpwlab-cli " << name << ": " << e.what() << "\n";
      return 2;
    } catch (const dpw::InvalidArgument& e) {
      std::cerr << "dpwlab-cli " << name << ": " << e.what() << "\n";
      return 2;
    } catch (const std::exception& e) {
      std::cerr << "dpwlab-cli " << name << ": " << e.what() << "\n";
      return 1;
    }
  }
  std::cerr << "dpwlab-cli: unknown command '" << name << "'\n";
  usage();
  return 2;
}
