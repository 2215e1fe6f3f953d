// dpwlab-cli's exit code for each error tier (app/cli/error_exit.h, what main() calls): a rule the input
// broke exits 2 with its message as it is, a broken invariant (ensure) exits 4 with "internal error, please
// report", anything else 1. No input can make the program break an invariant, so the mapping is tested
// directly, with the real throwers (require, ensure, runBatch) rather than hand-made exceptions.
#include <QtTest>
#include <sstream>
#include <stdexcept>

#include "cli/error_exit.h"
#include "cli/exit_codes.h"
#include "core/batch_run.h"
#include "core/error.h"
#include "core/internal_error.h"
#include "support/cli_runner.h"

using namespace dpwcli;

namespace {

struct Ended {
  int code;
  QString err;
};

/// What the CLI does when `f` throws out of a command named `name`.
template <typename F>
Ended endOf(F f, const std::string& name = "dpwlab-cli run") {
  try {
    f();
  } catch (const std::exception&) {
    std::ostringstream err;
    const int code = reportError(name, std::current_exception(), err);
    return {code, QString::fromStdString(err.str())};
  }
  return {-1, {}};
}

}  // namespace

class TestErrorExit : public QObject {
  Q_OBJECT
 private slots:
  void theCodesAreDistinct() {
    QCOMPARE(kExitUsage, 2);
    QCOMPARE(kExitInternalError, 4);
    QVERIFY(kExitInternalError != kExitRunFailed && kExitInternalError != kExitClaimViolated);
  }

  void userErrorExitsTwo() {
    const Ended e = endOf([] { dpw::require(false, "epsilon must be > 0, got ", -1); });
    QCOMPARE(e.code, kExitUsage);
    QCOMPARE(e.err, QString("dpwlab-cli run: epsilon must be > 0, got -1\n"));  // the rule, as it is
    QCOMPARE(endOf([] { throw UsageError("--delta is required"); }).code, kExitUsage);
  }

  void internalErrorExitsFour() {
    const Ended e = endOf([] { dpw::ensure(false, "one batch per cell: ", 4, " cells, ", 3, " batches"); },
                          "dpwlab-cli sweep");
    QCOMPARE(e.code, kExitInternalError);
    QCOMPARE(e.err, QString("dpwlab-cli sweep: internal error, please report: one batch per cell: 4 cells, 3 batches\n"));
  }

  void aBugInABatchCellExitsFour() {
    // Sweeps and grids run their cells through runBatch: a cell's broken invariant still ends the CLI with 4,
    // a cell's bad input with 2.
    const auto batch = [](bool bug) {
      return [bug] {
        dpw::runBatch(3, [bug](std::size_t i, dpw::RunObserver&) -> dpw::RunResult {
          if (i == 2) {
            if (bug) dpw::ensure(false, "cell 2 broke an invariant");
            dpw::require(false, "cell 2: bins must be >= 2");
          }
          return {};
        });
      };
    };
    QCOMPARE(endOf(batch(true)).code, kExitInternalError);
    QCOMPARE(endOf(batch(false)).code, kExitUsage);
  }

  void otherFailuresExitOne() {
    QCOMPARE(endOf([] { throw std::runtime_error("cannot write out/summary.json: disk full"); }).code, kExitRunFailed);
  }

  void helpListsTheCode() {
    // The built program documents the code it returns (exit_codes.h's paragraph, printed by --help).
    const dpwtest::CliOutput r = dpwtest::runCli({"--help"}, 60000);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("4 an internal error"), r.out.constData());
  }
};

QTEST_GUILESS_MAIN(TestErrorExit)
#include "tst_error_exit.moc"
