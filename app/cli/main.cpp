// dpwlab-cli: the headless runner. It links Qt Core only (no Qt Gui, EGL, X11 or FFmpeg) and needs no
// display: chart pictures and animations come from the export plugin, loaded when a command draws
// (common/export_plugin.h), which starts an offscreen QGuiApplication of its own.
#include <iostream>
#include <string>

#include "cli/command.h"
#include "cli/error_exit.h"
#include "cli/exit_codes.h"
#include "common/export_plugin.h"
#include "core/build_info.h"

namespace {

/// "dpwlab-cli 0.4.0 (portable) commit 0123…cdef clean": the version, the build flags, and the commit the
/// build was configured from with its state (core/build_info.h).
std::string versionLine() {
  return std::string("dpwlab-cli ") + dpw::kVersion + " (" + dpw::kBuildFlags + ") commit " + dpw::kGitCommit + " " +
         dpw::kGitState;
}

}  // namespace

int main(int argc, char** argv) {
  dpwapp::ExportPluginSession pictures;  // ends the plugin's QGuiApplication, if a command drew
  CLI::App app("DPW Lab headless runner: scenarios, sweeps, privacy accounting. Results are JSON on stdout.",
               "dpwlab-cli");
  app.footer(std::string("Examples:\n"
                         "  dpwlab-cli run default --out out           the default scenario: summary.json, CSV, PNG\n"
                         "  dpwlab-cli methods fair-classifier         one method's parameters (JSON)\n"
                         "  dpwlab-cli calibrate --epsilon 1 --q 0.01 --epochs 10 --delta 1e-5\n"
                         "  dpwlab-cli sweep grid.json --plan          check and cost a sweep before running it\n"
                         "  dpwlab-cli COMMAND --help                  a command's options and examples\n\n") +
             dpwcli::kExitCodesHelp +
             "\nManual: man dpwlab-cli once installed; in a build tree, man -l build/packaging/man/dpwlab-cli.1.gz "
             "(docs/cli.md says more).");
  app.set_version_flag("-v,--version", versionLine(), "print the version, build flags and commit, then exit");
  app.require_subcommand(1);
  app.fallthrough(false);
  std::vector<std::pair<CLI::App*, dpwcli::CommandRun>> commands;
  for (const auto& c : dpwcli::registeredCommands()) {
    CLI::App* sub = app.add_subcommand(c.name, c.description);
    commands.emplace_back(sub, c.setup(*sub));
  }
  std::string name = "dpwlab-cli";
  if (argc < 2) {
    std::cerr << "dpwlab-cli: a command is required\n" << app.help();
    return dpwcli::kExitUsage;
  }
  const std::string first = argv[1];
  if (first == "help") {  // as `dpwlab-cli --help`
    std::cout << app.help();
    return dpwcli::kExitOk;
  }
  try {
    if (first.rfind("-", 0) != 0) {
      bool known = false;
      for (const auto& [sub, run] : commands) known = known || sub->get_name() == first;
      if (!known) {
        std::cerr << "dpwlab-cli: unknown command '" << first << "'\n" << app.help();
        return dpwcli::kExitUsage;
      }
      name += " " + first;
    }
    app.parse(argc, argv);
    for (const auto& [sub, run] : commands)
      if (sub->parsed()) return run();
    return dpwcli::kExitUsage;  // unreachable: require_subcommand(1)
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);  // --help of the program or of a command: stdout, exit 0
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion&) {
    std::cout << versionLine() << std::endl;
    return dpwcli::kExitOk;
  } catch (const CLI::ExtrasError& e) {
    const std::string what = e.what();  // "The following argument(s) was/were not expected: ..."
    const auto colon = what.find(": ");
    std::cerr << name << ": unknown option or unexpected argument: " << (colon == std::string::npos ? what : what.substr(colon + 2))
              << "; see " << name << " --help\n";
    return dpwcli::kExitUsage;
  } catch (const CLI::ParseError& e) {
    std::cerr << name << ": " << e.what() << "; see " << name << " --help\n";
    return dpwcli::kExitUsage;
  } catch (const std::exception&) {  // the two error tiers and the rest (cli/error_exit.h)
    return dpwcli::reportError(name, std::current_exception(), std::cerr);
  }
}
