#include "gui/run_controller.h"

#include <QMetaObject>
#include <QVariantMap>
#include <optional>
#include <utility>

#include "core/free_cores.h"
#include "core/output_classes.h"

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace dpwapp {

class RunController::Observer : public dpw::RunObserver {
 public:
  explicit Observer(RunController* c) : c_(c) {}
  void onFrame(dpw::FramePtr frame) override {
    dpw::FramePtr replaced;  // an unpulled older frame: freed after the lock (10⁶ particles are 20 MB to
                             // unmap; the GUI thread must not wait for that, at this thread's low priority)
    QMutexLocker lock(&c_->mutex_);
    // What a run said before its first frame was its preparation (loading, fitting, calibrating): drawing,
    // it no longer does that, and the window must not say so after a preparation too quick to be shown.
    if (std::exchange(firstFrame_, false)) c_->status_.clear();
    dpw::FramePtr& slot = c_->pending_[frame->chart];
    if (!slot) c_->order_.push_back(frame->chart);
    replaced = std::exchange(slot, std::move(frame));
    lock.unlock();
  }
  void onProgress(long step, long total) override {
    c_->step_ = step;
    c_->total_ = total;
    // Pause and single-step happen here, at a step boundary, for every method alike.
    QMutexLocker lock(&c_->mutex_);
    while (c_->paused_ && !c_->cancel_) {
      if (c_->stepsAllowed_ > 0) {
        --c_->stepsAllowed_;
        break;
      }
      c_->waiting_ = true;
      c_->resumed_.wait(&c_->mutex_);
      c_->waiting_ = false;
    }
  }
  void onStatus(const std::string& what) override {
    const QString text = QString::fromStdString(what);
    QMutexLocker lock(&c_->mutex_);
    c_->status_ = text;
  }
  bool cancelRequested() const override { return c_->cancel_.load(); }

 private:
  RunController* c_;
  bool firstFrame_ = true;
};

RunController::RunController(QObject* parent) : QObject(parent) {}

int RunController::prepareWorkerThread(const std::function<bool()>& cancelled) {
#ifdef __linux__
  // On a busy machine the engine yields to the GUI thread: this thread and the OpenMP team it starts
  // (created from it, so inheriting its nice value) run at nice +kWorkerNice. An idle core still runs
  // them at full speed; only the wait for a core changes (bench/bench_gui_flow_live: longest stall).
  setpriority(PRIO_PROCESS, id_t(syscall(SYS_gettid)), kWorkerNice);
#endif
  return dpw::fitThreadsToFreeCores(kFreeCoresWindow, cancelled);
}

RunController::~RunController() { stopAndWait(); }

bool RunController::running() const { return thread_ && thread_->isRunning(); }

void RunController::start(const Scenario& scenario) {
  if (running()) return;
  if (thread_) {
    thread_->wait();
    delete thread_;
  }
  cancel_ = false;
  paused_ = false;
  stepsAllowed_ = 0;
  clock_.start();
  step_ = 0;
  total_ = 0;
  {
    QMutexLocker lock(&mutex_);
    pending_.clear();
    order_.clear();
    status_.clear();
    recorded_ = {};
  }
  thread_ = QThread::create([this, scenario, record = recording_] {
    prepareWorkerThread([this] { return cancel_.load(); });  // a Stop now ends the measure within 10 ms
    Observer observer(this);
    std::optional<AnimationRecorder> recorder;
    if (record) recorder.emplace(observer);
    dpw::RunObserver& watching = recorder ? static_cast<dpw::RunObserver&>(*recorder) : observer;
    bool ok = true;
    QString message;
    QVariantMap metrics;
    QString statement;
    try {
      dpw::throwIfCancelled(watching);  // stopped while the free cores were measured: the method does not start
      const dpw::RunResult r = scenario.methodInfo().run(scenario.params, scenario.seed, watching);
      for (const auto& [k, v] : r.metrics) metrics.insert(QString::fromStdString(k), v);
      for (const auto& [k, v] : r.evaluation) metrics.insert(QString::fromStdString(dpw::evaluationName(k)), v);
      statement = QString::fromStdString(r.privacyStatement);
    } catch (const dpw::Cancelled&) {
      ok = false;
      message = tr("Run cancelled.");
    } catch (const std::exception& e) {
      ok = false;
      message = QString::fromStdString(e.what());
    }
    if (recorder) {
      QMutexLocker lock(&mutex_);
      recorded_ = {recorder->snapshots(), recorder->totalSteps(), scenario.methodInfo().privacy};
    }
    QMetaObject::invokeMethod(
        this,
        [=, this] {
          if (thread_) thread_->wait();  // the worker is returning: join it so running() is false from here on
          emit finished(ok, message, scenario, metrics, statement);
        },
        Qt::QueuedConnection);
  });
  thread_->start();
}

void RunController::cancel() {
  QMutexLocker lock(&mutex_);
  cancel_ = true;
  resumed_.wakeAll();
}

void RunController::pause() {
  QMutexLocker lock(&mutex_);
  paused_ = true;
  stepsAllowed_ = 0;
}

void RunController::resume() {
  QMutexLocker lock(&mutex_);
  paused_ = false;
  resumed_.wakeAll();
}

void RunController::stepOnce() {
  QMutexLocker lock(&mutex_);
  if (!paused_) return;
  ++stepsAllowed_;
  resumed_.wakeAll();
}

void RunController::stopAndWait() {
  cancel();
  if (thread_) {
    thread_->wait();
    delete thread_;
    thread_ = nullptr;
  }
}

RunController::Recording RunController::takeRecording() {
  QMutexLocker lock(&mutex_);
  return std::exchange(recorded_, {});
}

QString RunController::status() const {
  QMutexLocker lock(&mutex_);
  return status_;
}

std::vector<dpw::FramePtr> RunController::takeNewFrames() {
  QMutexLocker lock(&mutex_);
  std::vector<dpw::FramePtr> out;
  for (const auto& id : order_)
    if (auto it = pending_.find(id); it != pending_.end()) out.push_back(it->second);
  pending_.clear();
  return out;
}

}  // namespace dpwapp
