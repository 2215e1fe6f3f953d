#pragma once
/// The comparison grid's worker (gui/comparison_grid.h): runs a grid's cells with the engine's batch
/// runner (`dpw::runMethodBatch`, cells in parallel) in a thread of its own. The GUI thread polls the
/// cells finished so far and each cell's step; the end is delivered in the GUI thread, after the thread
/// has been joined. Cancel stops every running cell at its next step.
#include <QMutex>
#include <QObject>
#include <QString>
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/batch_run.h"

class QThread;

namespace dpwapp {

class GridWorker : public QObject {
 public:
  /// Called in the GUI thread once the worker thread of the last start() has ended and been joined:
  /// ok (all cells ran), a message for the user, the cells in the items' order (empty unless ok).
  using DoneHandler = std::function<void(bool ok, const QString& message, std::vector<dpw::BatchResult> cells)>;

  GridWorker(DoneHandler done, QObject* parent);
  /// Cancels and joins the thread.
  ~GridWorker() override;

  /// Runs `items` of `method`; a run still going must have been stopped (stopAndWait) first.
  void start(const std::string& method, std::vector<dpw::BatchItem> items);
  /// Asks every running cell to stop at its next step.
  void cancel();
  /// Cancels and joins the thread (its end is still delivered, from the event loop).
  void stopAndWait();
  bool running() const;

  /// Cells finished since the last call: (index in the items, result).
  std::vector<std::pair<std::size_t, dpw::BatchResult>> takeFinished();
  /// Number of cells of the last start().
  std::size_t cells() const { return progress_ ? progress_->step.size() : 0; }
  /// Step and total steps of cell i so far (0, 0 before its first step).
  std::pair<long, long> progress(std::size_t i) const;

 private:
  void join();

  DoneHandler done_;
  QThread* thread_ = nullptr;
  std::shared_ptr<std::atomic<bool>> cancel_;
  struct Progress {
    explicit Progress(std::size_t n) : step(n), total(n) {}
    std::vector<std::atomic<long>> step, total;
  };
  std::shared_ptr<Progress> progress_;
  struct Finished {
    QMutex mutex;
    std::vector<std::pair<std::size_t, dpw::BatchResult>> cells;
  };
  std::shared_ptr<Finished> finished_;
};

}  // namespace dpwapp
