#pragma once
/// The DPW Lab main window: method and parameters on the left, live charts in the middle, run
/// progress and privacy spent in the status bar.
#include <QMainWindow>
#include <QVariantMap>

#include "common/scenario.h"

class QComboBox;
class QLineEdit;
class QLabel;
class QPushButton;
class QTimer;

namespace dpwapp {

class ChartGrid;
class ParameterForm;
class RunController;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  /// Loads a scenario into the controls (does not run it).
  void loadScenario(const Scenario& s);
  /// The scenario the controls describe; throws dpw::InvalidArgument on an invalid field.
  Scenario currentScenario() const;
  /// Starts a run of the current controls; shows an error and returns false if a field is invalid.
  bool startRun();
  RunController* controller() const { return controller_; }
  ChartGrid* charts() const { return charts_; }
  ParameterForm* form() const { return form_; }
  /// Writes summary, scenario, CSV and PNG of every chart into `dir`.
  void exportAll(const QString& dir);

 signals:
  void runFinished(bool ok);

 private:
  void selectMethod(int index);
  void pullFrames();
  void onFinished(bool ok, const QString& message, const Scenario& scenario, const QVariantMap& metrics,
                  const QString& statement);
  void openScenario();
  void saveScenario();

  QComboBox* method_;
  QLineEdit* seed_;
  ParameterForm* form_;
  QLabel* summary_;
  QPushButton* run_;
  QPushButton* stop_;
  ChartGrid* charts_;
  RunController* controller_;
  QTimer* timer_;
  QLabel* progress_;
  Scenario lastScenario_;
  QVariantMap lastMetrics_;
  QString lastStatement_;
};

}  // namespace dpwapp
