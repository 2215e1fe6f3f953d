// dpwlab-cli: the headless runner. It links no Qt Widgets and needs no display: commands that write
// charts start an offscreen QGuiApplication on first use (common/offscreen_gui.h), the others none.
#include <iostream>
#include <string>

#include "cli/command.h"
#include "common/offscreen_gui.h"
#include "core/build_info.h"
#include "core/error.h"
#include "core/internal_error.h"

namespace {

/// "dpwlab-cli 0.4.0 (portable) commit 0123…cdef clean": the version, the build flags, and the commit the
/// build was configured from with its state (core/build_info.h).
std::string versionLine() {
  return std::string("dpwlab-cli ") + dpw::kVersion + " (" + dpw::kBuildFlags + ") commit " + dpw::kGitCommit + " " +
         dpw::kGitState;
}

}  // namespace

int main(int argc, char** argv) {
  dpwapp::OffscreenGui gui;  // owns the QGuiApplication if a command draws
  CLI::App app("DPW Lab headless runner: scenarios, sweeps, privacy accounting. Results are JSON on stdout; "
               "exit code 0 success, 1 a run failed, 2 bad usage or input.",
               "dpwlab-cli");
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
    return 2;
  }
  const std::string first = argv[1];
  if (first == "help") {  // as `dpwlab-cli --help`
    std::cout << app.help();
    return 0;
  }
  try {
    if (first.rfind("-", 0) != 0) {
      bool known = false;
      for (const auto& [sub, run] : commands) known = known || sub->get_name() == first;
      if (!known) {
        std::cerr << "dpwlab-cli: unknown command '" << first << "'\n" << app.help();
        return 2;
      }
      name += " " + first;
    }
    app.parse(argc, argv);
    for (const auto& [sub, run] : commands)
      if (sub->parsed()) return run();
    return 2;  // unreachable: require_subcommand(1)
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);  // --help of the program or of a command: stdout, exit 0
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion&) {
    std::cout << versionLine() << std::endl;
    return 0;
  } catch (const CLI::ExtrasError& e) {
    const std::string what = e.what();  // "The following argument(s) was/were not expected: ..."
    const auto colon = what.find(": ");
    std::cerr << name << ": unknown option or unexpected argument: " << (colon == std::string::npos ? what : what.substr(colon + 2))
              << "; see " << name << " --help\n";
    return 2;
  } catch (const CLI::ParseError& e) {
    std::cerr << name << ": " << e.what() << "; see " << name << " --help\n";
    return 2;
  } catch (const dpwcli::UsageError& e) {
    std::cerr << name << ": " << e.what() << "\n";
    return 2;
  } catch (const dpw::InvalidArgument& e) {
    std::cerr << name << ": " << e.what() << "\n";
    return 2;
  } catch (const dpw::InternalError& e) {  // a bug, not the input: "internal error, please report: ..."
    std::cerr << name << ": " << e.what() << "\n";
    return 3;
  } catch (const std::exception& e) {
    std::cerr << name << ": " << e.what() << "\n";
    return 1;
  }
}
