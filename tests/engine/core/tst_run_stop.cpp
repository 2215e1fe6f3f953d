// core/run_stop.h: the run's Stop question for code below it (issue #40: within 1 s in every phase). Asked inside a
// scope it throws once the run is asked to stop, outside one or inside a parallel region it never does, scopes nest;
// every method run through MethodInfo::run answers it (a data generation loop and a sliced Wasserstein call that
// have no observer at hand), and answering it changes no number.
#include "core/types.h"  // first: includes Eigen without GCC 12's false AVX-512 warnings

#include <QtTest>

#include <atomic>
#include <chrono>
#include <omp.h>

#include "core/batch_run.h"
#include "core/error.h"
#include "core/method.h"
#include "core/one_thread.h"
#include "core/rng.h"
#include "core/run_stop.h"
#include "ot/directions.h"
#include "ot/sliced_wasserstein.h"
#include "support/stop_clock.h"

using namespace dpw;

namespace {
/// Says "stop" from its stopAt-th question on, counting them.
struct StopAtQuestion : LatestFramesObserver {
  bool cancelRequested() const override { return ++questions >= stopAt; }
  mutable int questions = 0;
  int stopAt = 1;
};
}  // namespace

class TestRunStop : public QObject {
  Q_OBJECT
 private slots:
  void answersInsideAScopeOnly() {
    LatestFramesObserver run;
    run.cancel = true;
    throwIfRunStopped();  // no run on this thread: nothing to answer
    {
      const RunStopScope scope(run);
      QVERIFY_THROWS_EXCEPTION(Cancelled, throwIfRunStopped());
      QCOMPARE(runStopObserver(), &run);
      LatestFramesObserver inner;  // a run inside the run (a whole-run audit's): its own question, then the outer's
      {
        const RunStopScope innerScope(inner);
        throwIfRunStopped();
      }
      QVERIFY_THROWS_EXCEPTION(Cancelled, throwIfRunStopped());
      // Inside a parallel region nobody is asked (an exception must not leave one), on any thread.
      int asked = 0;
#pragma omp parallel num_threads(2) reduction(+ : asked)
      asked += runStopObserver() != nullptr;
      QCOMPARE(asked, 0);
      // A one-thread region (inactive: omp_in_parallel() is false in it) is a region too.
      int askedAlone = 0;
#pragma omp parallel num_threads(1)
      askedAlone += runStopObserver() != nullptr;
      QCOMPARE(askedAlone, 0);
      // A scope installed in a region's body (a sweep's task, whose body catches) answers there, on every thread of
      // the team, and its own inner regions do not; after it, the region again answers no.
      int inBody = 0, inInner = 0, afterBody = 0;
#pragma omp parallel num_threads(2) reduction(+ : inBody, inInner, afterBody)
      {
        {
          const RunStopScope task(run);
          inBody += runStopObserver() == &run;
          int innerAsked = 0;
#pragma omp parallel num_threads(2) reduction(+ : innerAsked)
          innerAsked += runStopObserver() != nullptr;
          inInner += innerAsked;
        }
        afterBody += runStopObserver() != nullptr;
      }
      QCOMPARE(inBody, omp_get_max_threads() >= 2 ? 2 : 1);
      QCOMPARE(inInner, 0);
      QCOMPARE(afterBody, 0);
      QCOMPARE(runStopObserver(), &run);  // and the outer scope answers again after the region
      // onOneThread (a one-thread region whose body catches: the generator and the fair learners run in one) asks
      // the caller's run inside (without it, those runs went 4-112 s without a question).
      QVERIFY_THROWS_EXCEPTION(Cancelled, onOneThread([] { throwIfRunStopped(); }));
    }
    throwIfRunStopped();
    QCOMPARE(runStopObserver(), nullptr);
    onOneThread([] { throwIfRunStopped(); });  // outside a run: nothing to answer there either
    // A batch's items (the comparison grid, the fair-learning grid) ask their item's observer below them too: the
    // hooks say "stop" from their second question on, which comes from inside the item's body.
    std::atomic<int> polled{0};
    BatchHooks hooks;
    hooks.cancelled = [&] { return ++polled >= 2; };
    QVERIFY_THROWS_EXCEPTION(Cancelled, runBatch(1, [](std::size_t, RunObserver&) {
                                           throwIfRunStopped();
                                           return RunResult{};
                                         }, hooks));
  }

  // A sliced W2 call asks before it starts and, on its calling thread, between blocks of directions: asked to stop
  // at its second question (one thread: 4 blocks of 16 directions) it throws Cancelled; not asked, it gives the very
  // value it gives outside a run, through both of its paths (blocks per thread and, past 2^23 points, blocks shared
  // by the threads).
  void slicedWassersteinStopsAndOtherwiseAgrees() {
    Rng rng = makeRng(1, 0);
    const Points X = standardNormal(20000, 3, rng), Y = standardNormal(20000, 3, rng), dirs = randomDirections(64, 3, rng);
    const double outside = slicedW2Squared(X, Y, dirs).value;
    StopAtQuestion run;
    const RunStopScope scope(run);
    run.stopAt = 1000;
    QCOMPARE(slicedW2Squared(X, Y, dirs).value, outside);
    QVERIFY(run.questions >= 2);  // before it starts, then between blocks
    run.questions = 0, run.stopAt = 2;
    const int threads = omp_get_max_threads();
    omp_set_num_threads(1);  // thread 0, the caller, runs every block: the second question comes from inside
    QVERIFY_THROWS_EXCEPTION(Cancelled, slicedW2Squared(X, Y, dirs));
    omp_set_num_threads(threads);
    QCOMPARE(run.questions, 2);
    const Points big = standardNormal(Eigen::Index(1) << 22, 1, rng), big2 = standardNormal((Eigen::Index(1) << 22) + 1, 1, rng);
    const Points few = randomDirections(2, 1, rng);
    run.questions = 0, run.stopAt = 1000;
    const double shared = slicedW2Squared(big, big2, few).value;  // n + m > 2^23: the shared blocks
    QVERIFY(run.questions >= 2);
    const RunStopScope none(nobody_);  // a run never asked: the same value as outside any
    QCOMPARE(slicedW2Squared(big, big2, few).value, shared);
  }

  // Every method run through MethodInfo::run answers it: fair regression drawing 10⁷ synthetic rows a group (~5 s,
  // no observer in the generator; before, Stop waited for the whole draw) returns within 1 s of a Stop 0.3 s in.
  void methodRunsAnswerIt() {
    const MethodInfo& m = findMethod("fair-regression");
    ParamValues p(m.params);
    p.set("synthetic_rows", 1e7);
    const double latency = dpwtest::stopLatency([&](RunObserver& o) { m.run(p, 1, o); }, std::chrono::milliseconds(300));
    qInfo("stop latency while drawing 10^7 rows: %.3f s", latency);
    QVERIFY2(latency < 1.0, qPrintable(QString::number(latency)));  // NaN (not stopped mid-run) fails too
  }

 private:
  LatestFramesObserver nobody_;
};

QTEST_APPLESS_MAIN(TestRunStop)
#include "tst_run_stop.moc"
