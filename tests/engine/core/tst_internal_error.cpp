// The two error tiers (core/error.h, core/internal_error.h): require() for what a user supplies,
// ensure() for the engine's own invariants. A handler for user errors must not swallow a bug, a bug's
// message must say to report it, and running in a batch (grid cells, sweeps) must keep the tier.
#include <QtTest>
#include <stdexcept>
#include <type_traits>

#include "core/batch_run.h"
#include "core/error.h"
#include "core/internal_error.h"
#include "nn/adam.h"

using namespace dpw;

namespace {

/// Which handler of a GUI/CLI-style chain catches `f`'s exception: "user", "internal", "other" or "none".
template <typename F>
QString caughtAs(F f, QString* what = nullptr) {
  try {
    f();
  } catch (const InvalidArgument& e) {
    if (what) *what = QString::fromUtf8(e.what());
    return "user";
  } catch (const InternalError& e) {
    if (what) *what = QString::fromUtf8(e.what());
    return "internal";
  } catch (const std::exception&) {
    return "other";
  }
  return "none";
}

}  // namespace

class TestInternalError : public QObject {
  Q_OBJECT
 private slots:
  void tiersAreDistinct() {
    QString what;
    QCOMPARE(caughtAs([] { require(false, "epsilon must be > 0, got ", -1); }, &what), QString("user"));
    QCOMPARE(what, QString("epsilon must be > 0, got -1"));  // a user error says only what to fix
    QCOMPARE(caughtAs([] { ensure(false, "one batch per cell: ", 4, " cells, ", 3, " batches"); }, &what),
             QString("internal"));
    QCOMPARE(what, QString("internal error, please report: one batch per cell: 4 cells, 3 batches"));
    QCOMPARE(caughtAs([] { ensure(true, "never"); }), QString("none"));
    QCOMPARE(caughtAs([] { require(true, "never"); }), QString("none"));
  }

  void theTypesAreApart() {
    // A bug is a std::logic_error and no std::invalid_argument: handlers of "bad input" (the GUI's dialogs,
    // the CLI's exit 2, the Python module's ValueError, any catch of std::invalid_argument) never take it.
    static_assert(std::is_base_of_v<std::logic_error, InternalError>);
    static_assert(!std::is_base_of_v<std::invalid_argument, InternalError>);
    static_assert(!std::is_base_of_v<InvalidArgument, InternalError> && !std::is_base_of_v<InternalError, InvalidArgument>);
    bool takenAsBadInput = false;
    try {
      try {
        ensure(false, "a size the engine produced");
      } catch (const std::invalid_argument&) {
        takenAsBadInput = true;
      }
    } catch (const InternalError& e) {
      QVERIFY2(QString(e.what()).startsWith("internal error, please report: a size"), e.what());
    }
    QVERIFY(!takenAsBadInput);
  }

  void userHandlersDoNotSwallowBugs() {
    // Code that catches InvalidArgument to show "fix your input" lets an InternalError through.
    bool shownAsUserError = false, reachedOuter = false;
    try {
      try {
        ensure(false, "index 7 past size 3");
      } catch (const InvalidArgument&) {
        shownAsUserError = true;
      }
    } catch (const std::logic_error&) {
      reachedOuter = true;
    }
    QVERIFY(!shownAsUserError);
    QVERIFY(reachedOuter);
  }

  void aConvertedInvariant() {
    // Adam's state belongs to one network: a gradient of another size is a bug in the caller (nn/adam.cpp).
    nn::Adam adam;
    adam.step(Vector::Ones(3), 0.1);
    QString what;
    QCOMPARE(caughtAs([&] { adam.step(Vector::Ones(4), 0.1); }, &what), QString("internal"));
    QVERIFY2(what.startsWith("internal error, please report: Adam's state has 3 entries"), qPrintable(what));
  }

  void batchesKeepTheTier() {
    // Grid cells and sweeps run through runBatch: a cell's bug stays a bug, a cell's bad input stays the user's.
    auto body = [](bool internal) {
      return [internal](std::size_t i, RunObserver&) -> RunResult {
        if (i == 1) {
          if (internal) ensure(false, "cell 1 broke an invariant");
          require(false, "cell 1: bins must be >= 2");
        }
        return {};
      };
    };
    QString what;
    QCOMPARE(caughtAs([&] { runBatch(3, body(true)); }, &what), QString("internal"));
    QCOMPARE(what, QString("internal error, please report: cell 1 broke an invariant"));
    QCOMPARE(caughtAs([&] { runBatch(3, body(false)); }, &what), QString("user"));
    QCOMPARE(what, QString("cell 1: bins must be >= 2"));
  }
};

QTEST_GUILESS_MAIN(TestInternalError)
#include "tst_internal_error.moc"
