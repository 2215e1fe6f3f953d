// Every registered method stops promptly when its observer asks, at random points of its run, and
// leaves no thread behind (issue #8). Runs each method with its default parameters in a worker
// thread, cancels after a random delay, and requires the run to end within the step budget below.
#include <QtTest>
#include <chrono>
#include <future>
#include <random>

#include "core/method.h"

using namespace std::chrono_literals;

class TestCancellation : public QObject {
  Q_OBJECT
 private slots:
  void everyMethodStopsWhenAsked_data() {
    QTest::addColumn<QString>("method");
    for (const auto& m : dpw::allMethods()) QTest::newRow(m.id.c_str()) << QString::fromStdString(m.id);
  }
  void everyMethodStopsWhenAsked() {
    QFETCH(QString, method);
    const auto& info = dpw::findMethod(method.toStdString());
    std::mt19937_64 rng(std::hash<std::string>{}(info.id));
    for (int trial = 0; trial < 3; ++trial) {
      auto observer = std::make_shared<dpw::CollectingObserver>();
      const dpw::ParamValues params(info.params);
      auto run = std::async(std::launch::async, [&info, params, observer] {
        try {
          info.run(params, 7, *observer);
          return 0;  // finished before the cancel arrived: allowed
        } catch (const dpw::Cancelled&) {
          return 1;
        }
      });
      std::this_thread::sleep_for(std::chrono::milliseconds(std::uniform_int_distribution<int>(0, 300)(rng)));
      observer->cancel = true;
      // One step of any method at its defaults takes well under 20 s on 2 cores.
      QVERIFY2(run.wait_for(20s) == std::future_status::ready, qPrintable(method + ": did not stop within 20 s"));
      const int outcome = run.get();  // 0: finished first, 1: cancelled; anything else has thrown
      QVERIFY(outcome == 0 || outcome == 1);
    }
  }
};

QTEST_APPLESS_MAIN(TestCancellation)
#include "tst_cancellation.moc"
