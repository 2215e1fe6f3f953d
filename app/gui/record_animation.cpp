#include "gui/record_animation.h"

#include <QApplication>
#include <QProgressDialog>
#include <QThread>
#include <atomic>
#include <exception>
#include <memory>
#include <thread>

#include "core/error.h"

namespace dpwapp {
namespace {

/// Progress and cancellation shared between the worker and the GUI thread.
class ProgressObserver : public dpw::RunObserver {
 public:
  void onFrame(dpw::FramePtr) override {}
  void onProgress(long step, long total) override {
    step_ = step;
    total_ = total;
  }
  bool cancelRequested() const override { return cancel_.load(); }
  std::atomic<long> step_{0}, total_{0};
  std::atomic<bool> cancel_{false};
};

}  // namespace

AnimationReport recordAnimation(const Scenario& scenario, const AnimationSettings& settings, QWidget* parent) {
  checkAnimationSettings(settings);  // before the run: a bad path or size costs nothing
  const bool dialogs = !qEnvironmentVariableIsSet("DPW_NO_DIALOGS");
  std::unique_ptr<QProgressDialog> progress;
  if (dialogs) {
    progress = std::make_unique<QProgressDialog>(QObject::tr("Running the scenario…"), QObject::tr("Cancel"), 0, 100, parent);
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(0);
  }
  ProgressObserver observer;
  AnimationRecorder recorder(observer);
  std::exception_ptr error;
  std::atomic<bool> done{false};
  std::thread worker([&] {
    try {
      scenario.methodInfo().run(scenario.params, scenario.seed, recorder);
    } catch (...) {
      error = std::current_exception();
    }
    done = true;
  });
  while (!done) {
    if (progress) {
      const long total = observer.total_, step = observer.step_;
      progress->setMaximum(int(std::max(1L, total)));
      progress->setValue(int(std::min(step, std::max(1L, total))));
      if (progress->wasCanceled()) observer.cancel_ = true;
    }
    QApplication::processEvents(QEventLoop::AllEvents, 30);
    QThread::msleep(10);
  }
  worker.join();
  if (error) std::rethrow_exception(error);
  if (progress) {
    progress->setLabelText(QObject::tr("Encoding %1…").arg(settings.path));
    progress->setValue(0);
  }
  AnimationSettings captioned = settings;
  captioned.totalSteps = recorder.totalSteps();
  captioned.privacy = scenario.methodInfo().privacy;
  return writeAnimation(recorder.snapshots(), captioned, [&](int i, int n) {
    if (!progress) return true;
    progress->setMaximum(n);
    progress->setValue(i);
    QApplication::processEvents();
    return !progress->wasCanceled();
  });
}

}  // namespace dpwapp
