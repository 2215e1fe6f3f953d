#pragma once
/// The comparison grid of the fair-learning methods ([FairLearn] Fig. 5, 7, 9, 11): rows ε, columns
/// α, one small chart per cell (the final score histograms per group, or the final point cloud) with
/// the numbers the paper prints above each panel, and a summary table (accuracy, fairness violation,
/// ε spent per cell) that exports to CSV; the grid picture exports to PNG.
///
/// The grid runs `dpw::runFairLearningGrid` (cells in parallel, OpenMP) in a worker thread with the
/// main window's current parameters and seed, so a cell equals a single run with that ε and α. The
/// GUI thread only polls finished cells (about 30 Hz) and draws them; Cancel and closing the dialog
/// stop the worker at the next step of every running cell and join it.
#include <QDialog>
#include <QMutex>
#include <QStringList>
#include <atomic>
#include <functional>
#include <memory>
#include <vector>

#include "common/scenario.h"
#include "methods/fair_learning.h"

class QGridLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QThread;
class QTimer;

namespace dpwapp {

/// One number list typed by the user ("inf, 5, 1"), validated: what it holds or why it is refused.
struct GridList {
  std::vector<double> values;
  QString error;  ///< empty when valid
};
/// ε list: numbers > 0 or inf, at most kMaxGridSide, no repeats.
GridList parseEpsilonList(const QString& text);
/// α list: numbers in [0, 1], at most kMaxGridSide, no repeats.
GridList parseAlphaList(const QString& text);
inline constexpr int kMaxGridSide = 6;

/// The fair-learning task of a method id, or false if the method has no comparison grid (it needs
/// an α: fair-classifier, fair-regression-2d, fair-representation).
bool gridTaskFor(const std::string& methodId, dpw::FairTask* task);

class ComparisonGridDialog : public QDialog {
  Q_OBJECT
 public:
  /// `scenario` returns the main window's current scenario (method, parameters, seed); it throws
  /// dpw::InvalidArgument when a field is invalid.
  explicit ComparisonGridDialog(std::function<Scenario()> scenario, QWidget* parent = nullptr);
  ~ComparisonGridDialog() override;

  void setLists(const QString& epsilons, const QString& alphas);
  /// Starts the grid; returns false (with the reason shown in the dialog) if anything is invalid.
  bool startGrid();
  /// Asks the worker to stop at the next step of every running cell.
  void cancel();
  /// Cancels and joins the worker thread.
  void stopAndWait();
  bool running() const;

  /// Cells of the last finished grid, row-major (r · |α| + c); empty while running or after a cancel.
  const std::vector<dpw::FairGridCell>& results() const { return results_; }
  /// Settings, lists and seed of the last started grid.
  const dpw::FairLearningSettings& settings() const { return settings_; }
  std::uint64_t seed() const { return seed_; }
  const std::vector<double>& epsilons() const { return epsilons_; }
  const std::vector<double>& alphas() const { return alphas_; }
  /// Cells drawn so far (they appear as they finish).
  int filledCells() const { return filled_; }
  /// The cell widget of row r, column c (nullptr outside the grid).
  QWidget* cellWidget(int r, int c) const;
  QTableWidget* table() const { return table_; }
  QString message() const;

  /// Summary table as CSV (one row per cell, full precision); the header is the metric keys.
  QByteArray tableCsv() const;
  /// Writes tableCsv() / the grid picture atomically; returns an error message or empty.
  QString exportCsv(const QString& path) const;
  QString exportPng(const QString& path) const;
  /// The grid (headers and cells) as a picture.
  QImage gridImage() const;

 signals:
  void gridFinished(bool ok);

 protected:
  void closeEvent(QCloseEvent* event) override;
  void reject() override;

 private:
  void validateInputs();
  void showMessage(const QString& text, bool error);
  void buildEmptyGrid();
  void pollWorker();
  void fillCell(std::size_t index, const dpw::FairGridCell& cell);
  void fillTable();
  void onWorkerDone(bool ok, const QString& message, std::vector<dpw::FairGridCell> cells);
  void updateButtons();
  QStringList columnKeys() const;

  std::function<Scenario()> scenario_;
  QLineEdit* epsEdit_;
  QLineEdit* alphaEdit_;
  QLabel* message_;
  QPushButton* runButton_;
  QPushButton* cancelButton_;
  QPushButton* csvButton_;
  QPushButton* pngButton_;
  QProgressBar* progress_;
  QWidget* gridHost_;
  QGridLayout* gridLayout_;
  QTableWidget* table_;
  QTimer* poll_;

  dpw::FairLearningSettings settings_;
  std::uint64_t seed_ = 0;
  std::string method_;
  std::vector<double> epsilons_, alphas_;
  std::vector<dpw::FairGridCell> results_;
  std::vector<QWidget*> cells_;
  int filled_ = 0;

  // Shared with the worker thread.
  QThread* thread_ = nullptr;
  std::shared_ptr<std::atomic<bool>> cancel_;
  std::shared_ptr<std::vector<std::atomic<long>>> cellSteps_;
  struct Done {
    QMutex mutex;
    std::vector<std::pair<std::size_t, dpw::FairGridCell>> cells;
  };
  std::shared_ptr<Done> done_;
};

}  // namespace dpwapp
