#pragma once
/// The comparison grid of any method (the papers' grids of panels, e.g. [FairLearn] Figs. 5, 7, 9, 11:
/// rows ε, columns α): two parameters the method declares as grid axes (dpw::MethodInfo::grid), a list
/// of values for each, one cell per pair with the final chart the method declares and the metrics it
/// declares above it, and a summary table (one row per cell, exportable as CSV; the grid as PNG).
///
/// The cells are the items of a `Sweep` around the main window's current scenario (the same
/// validation and enumeration as `dpwlab-cli sweep`, with the scenario's seed), run by the engine's
/// batch runner (`dpw::runMethodBatch`, cells in parallel) in a worker thread (gui/grid_worker.h); so a
/// cell equals a single run with those two values. The GUI thread only polls finished cells (about 30 Hz)
/// and draws them (gui/grid_cell_chart.h); Cancel and closing the dialog stop the worker at the next step
/// of every running cell and join it. The axes' lists are read by common/grid_list.h, the metrics named
/// by gui/metric_titles.h; the table, joint claim and exports are in gui/comparison_grid_results.cpp.
#include <QDialog>
#include <QJsonArray>
#include <QStringList>
#include <atomic>
#include <functional>
#include <memory>
#include <vector>

#include "common/grid_list.h"  // the axes' lists of values
#include "common/scenario_files.h"
#include "core/batch_run.h"
#include "privacy/ledger/joint_claim.h"

class QComboBox;
class QPainter;
class QGridLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QTimer;

namespace dpwapp {

class GridWorker;

/// A metric of a cell's run: from its metrics, else from its evaluation on private data; NaN if neither has it.
double gridMetric(const dpw::RunResult& r, const std::string& key);

/// True when the method declares at least two grid axes (every method of the engine does).
bool hasComparisonGrid(const std::string& methodId);

class ComparisonGridDialog : public QDialog {
  Q_OBJECT
 public:
  /// `scenario` returns the main window's current scenario (method, parameters, seed); it throws
  /// dpw::InvalidArgument when a field is invalid.
  explicit ComparisonGridDialog(std::function<Scenario()> scenario, QWidget* parent = nullptr);
  ~ComparisonGridDialog() override;

  /// Offers the axes of `methodId` (the first two declared axes as rows and columns, with suggested
  /// values). Ignored while a grid runs.
  void setMethod(const std::string& methodId);
  /// Chooses the row and column parameters (keys the method declares) and their lists of values.
  /// Returns false (message shown) when a key is not a declared axis.
  bool setAxes(const QString& rowKey, const QString& rowValues, const QString& columnKey, const QString& columnValues);
  /// Sets the value lists of the current row and column parameters.
  void setLists(const QString& rowValues, const QString& columnValues);
  /// Starts the grid; returns false (with the reason shown in the dialog) if anything is invalid.
  bool startGrid();
  /// Asks the worker to stop at the next step of every running cell.
  void cancel();
  /// Cancels and joins the worker thread.
  void stopAndWait();
  bool running() const;

  /// Cells of the last finished grid, row-major (r · columns + c); empty while running or after a cancel.
  const std::vector<dpw::BatchResult>& results() const { return results_; }
  /// Method, axes, labels and seed of the last started grid.
  const std::string& method() const { return method_; }
  const QString& rowKey() const { return rowKey_; }
  const QString& columnKey() const { return columnKey_; }
  const QJsonArray& rowValues() const { return rowValues_; }
  const QJsonArray& columnValues() const { return columnValues_; }
  std::uint64_t seed() const { return seed_; }
  /// The scenario of cell (r, c) of the last started grid (the base with the two values set).
  const Scenario& cellScenario(int r, int c) const;
  /// Cells drawn so far (they appear as they finish).
  int filledCells() const { return filled_; }
  /// The cell widget of row r, column c (nullptr outside the grid).
  QWidget* cellWidget(int r, int c) const;
  QTableWidget* table() const { return table_; }
  QString message() const;

  /// The joint claim of the last finished grid's cells (privacy/ledger/joint_claim.h): they ran on the same
  /// data, so whoever sees the grid sees all their releases.
  dpw::JointClaim jointClaim() const;
  /// Its sentence (empty before a grid finished), shown under the grid when it finishes and in the exports.
  QString jointClaimText() const;

  /// Summary table as CSV (one row per cell, full precision): "point.<row key>", "point.<column key>",
  /// then the method's declared metrics, then the grid's joint claim "joint_epsilon", "joint_delta" (the
  /// same in every row).
  QByteArray tableCsv() const;
  /// Writes tableCsv() / the grid picture atomically; returns an error message or empty.
  QString exportCsv(const QString& path) const;
  /// The grid picture: a PNG, or an SVG drawing when `path` ends in .svg.
  QString exportPng(const QString& path) const;
  /// The grid (headers and cells, and the line explaining the captions' short names) as a picture, under a
  /// heading: the method, the two axes, and every fixed setting of the cells (parameters and seed).
  QImage gridImage() const;
  /// The line under the grid that explains the short names in the cells' captions ("ACC: accuracy …").
  QString abbreviationsText() const;
  /// That heading: a title line, then "Fixed: ...", then the joint claim of the cells (for tests).
  QString exportHeading() const;

 signals:
  void gridFinished(bool ok);

 protected:
  void closeEvent(QCloseEvent* event) override;
  void reject() override;

 private:
  const dpw::ParamSpec* axisSpec(const QComboBox* box) const;
  void axisChosen(QComboBox* box, QLineEdit* edit);
  void validateInputs();
  void showMessage(const QString& text, bool error);
  void buildEmptyGrid();
  void pollWorker();
  void fillCell(std::size_t index, const dpw::BatchResult& cell);
  void fillTable();
  void shareColumnScales();
  void paintExport(QPainter& painter, QSize size, int headingHeight) const;
  int exportHeadingHeight(int width) const;
  void onWorkerDone(bool ok, const QString& message, std::vector<dpw::BatchResult> cells);
  void updateButtons();
  void updateAbbreviations(const QStringList& keys);
  QStringList metricKeys() const;
  double cellValue(std::size_t index, const QString& column) const;

  std::function<Scenario()> scenario_;
  QComboBox* rowKeyBox_;
  QComboBox* columnKeyBox_;
  QLineEdit* rowEdit_;
  QLineEdit* columnEdit_;
  QLabel* intro_;
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

  std::string offered_;  ///< method whose axes the boxes offer
  std::string method_;   ///< method of the last started grid
  QString rowKey_, columnKey_;
  QJsonArray rowValues_, columnValues_;
  QStringList rowLabels_, columnLabels_;
  std::uint64_t seed_ = 0;
  std::vector<Scenario> cellScenarios_;
  std::vector<dpw::BatchResult> results_;
  std::vector<QWidget*> cells_;
  QStringList abbreviated_;  ///< metrics with a short name shown in the captions, in order of appearance
  int filled_ = 0;

  GridWorker* worker_;  ///< runs the cells in its thread (gui/grid_worker.h)
};

}  // namespace dpwapp
