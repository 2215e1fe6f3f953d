// Stop during data preparation (issue #40): a Fashion-MNIST flow run asked to stop while it reads,
// converts and fits its data returns Cancelled within 1 s of the request. Its own binary: Fashion-MNIST
// latents are cached per process (flow_data.h), and a cached load would leave nothing to cancel.
#include "core/types.h"  // first: includes Eigen without GCC 12's false AVX-512 warnings

#include <QtTest>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

#include "core/error.h"
#include "core/run_observer.h"
#include "flow/flow_data.h"
#include "methods/flow/dpsw_flow.h"

using namespace dpw;
using Clock = std::chrono::steady_clock;

class TestCancelLoading : public QObject {
  Q_OBJECT
 private slots:
  void stopWhileFashionMnistLoads() {
    if (!std::filesystem::exists(std::string(kFashionMnistDirForTest) + "/train-images-idx3-ubyte.gz"))
      QSKIP("Fashion-MNIST not installed (Debian package dataset-fashion-mnist)");
    // The settings of resources/scenarios/dpswflow-r-fashion-mnist.json: per-class flows on Fashion-MNIST.
    DpswFlowSettings s;
    s.data.target = "fashion-mnist";
    s.data.perClass = true;
    s.privacy.accountant = AccountantKind::Rdp;
    LatestFramesObserver obs;
    std::atomic<bool> done{false};
    bool cancelled = false;
    Clock::time_point returned;
    std::thread run([&] {
      try {
        runDpswFlow(s, 42, obs);
      } catch (const Cancelled&) {
        cancelled = true;
      }
      returned = Clock::now();
      done = true;
    });
    // Loading and fitting take seconds (≈ 3 s idle on the 2-core machine): 200 ms in, the run is reading.
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    const bool stillPreparing = !done.load();
    const auto asked = Clock::now();
    obs.cancel = true;
    run.join();
    const double latency = std::chrono::duration<double>(returned - asked).count();
    qInfo("stop latency while loading: %.3f s", latency);
    QVERIFY(stillPreparing);
    QVERIFY(cancelled);
    // The behaviour contract of #40 (Stop is answered within 1 s in every phase), not a speed benchmark:
    // the time from the request to the run's return. At 200 ms the run inflates the images (a check per
    // MiB, ~10 ms). The longest piece anywhere in the preparation is one 784 x 784 eigensolve or one
    // encode (≈ 0.3 s idle); without the checks Stop waited for the whole preparation (2.8-7.6 s here).
    QVERIFY2(latency < 1.0, qPrintable(QString::number(latency)));
  }

 private:
  static constexpr const char* kFashionMnistDirForTest = "/usr/share/datasets/fashion-mnist";
};

QTEST_APPLESS_MAIN(TestCancelLoading)
#include "tst_cancel_loading.moc"
