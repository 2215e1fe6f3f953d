#include "gui/grid_worker.h"

#include <QElapsedTimer>
#include <QThread>

#include "core/error.h"
#include "core/method.h"

namespace dpwapp {

GridWorker::GridWorker(DoneHandler done, QObject* parent) : QObject(parent), done_(std::move(done)) {}

GridWorker::~GridWorker() { stopAndWait(); }

bool GridWorker::running() const { return thread_ && thread_->isRunning(); }

void GridWorker::cancel() {
  if (cancel_) *cancel_ = true;
}

void GridWorker::join() {
  if (thread_) {
    thread_->wait();
    delete thread_;
    thread_ = nullptr;
  }
}

void GridWorker::stopAndWait() {
  cancel();
  join();
}

std::vector<std::pair<std::size_t, dpw::BatchResult>> GridWorker::takeFinished() {
  std::vector<std::pair<std::size_t, dpw::BatchResult>> ready;
  if (!finished_) return ready;
  QMutexLocker lock(&finished_->mutex);
  ready.swap(finished_->cells);
  return ready;
}

std::pair<long, long> GridWorker::progress(std::size_t i) const {
  if (!progress_ || i >= progress_->step.size()) return {0, 0};
  return {progress_->step[i].load(), progress_->total[i].load()};
}

void GridWorker::start(const std::string& method, std::vector<dpw::BatchItem> items) {
  const std::size_t n = items.size();
  cancel_ = std::make_shared<std::atomic<bool>>(false);
  progress_ = std::make_shared<Progress>(n);
  finished_ = std::make_shared<Finished>();
  join();
  auto cancel = cancel_;
  auto progress = progress_;
  auto finished = finished_;
  auto clock = std::make_shared<QElapsedTimer>();
  clock->start();
  thread_ = QThread::create([this, method, items, cancel, progress, finished, clock] {
    dpw::BatchHooks hooks;
    hooks.cancelled = [cancel] { return cancel->load(); };
    hooks.progress = [progress](std::size_t c, long step, long total) {
      progress->step[c] = step;
      progress->total[c] = total;
    };
    hooks.itemDone = [finished](std::size_t i, const dpw::BatchResult& cell) {
      QMutexLocker lock(&finished->mutex);
      finished->cells.emplace_back(i, cell);
    };
    bool ok = true;
    QString message;
    std::vector<dpw::BatchResult> cells;
    try {
      cells = dpw::runMethodBatch(dpw::findMethod(method), items, hooks);
      message = QObject::tr("Finished %1 runs in %2 s.").arg(cells.size()).arg(clock->elapsed() / 1000.0, 0, 'f', 1);
    } catch (const dpw::Cancelled&) {
      ok = false;
      message = QObject::tr("Grid cancelled; the cells shown had finished.");
    } catch (const std::exception& ex) {
      ok = false;
      message = QObject::tr("Grid failed: %1").arg(QString::fromUtf8(ex.what()));
    }
    // Delivered only while this worker lives (its destructor joins this thread first) and only for the
    // latest start(); the worker is returning, so it is joined first: running() is false in the handler.
    QMetaObject::invokeMethod(
        this,
        [this, finished, ok, message, cells] {
          if (finished != finished_) return;
          join();
          done_(ok, message, cells);
        },
        Qt::QueuedConnection);
  });
  thread_->start();
}

}  // namespace dpwapp
