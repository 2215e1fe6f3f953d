#include "gui/main_window.h"

#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

#include "common/run_export.h"
#include "core/error.h"
#include "gui/chart_grid.h"
#include "gui/parameter_form.h"
#include "gui/run_controller.h"

namespace dpwapp {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      method_(new QComboBox),
      seed_(new QLineEdit),
      form_(new ParameterForm),
      summary_(new QLabel),
      run_(new QPushButton(tr("Run"))),
      stop_(new QPushButton(tr("Stop"))),
      charts_(new ChartGrid),
      controller_(new RunController(this)),
      timer_(new QTimer(this)),
      progress_(new QLabel) {
  setWindowTitle(tr("DPW Lab"));
  setCentralWidget(charts_);

  auto* panel = new QWidget;
  auto* layout = new QVBoxLayout(panel);
  auto* top = new QFormLayout;
  for (const auto& m : dpw::allMethods()) method_->addItem(QString::fromStdString(m.title), QString::fromStdString(m.id));
  method_->setObjectName("method");
  seed_->setObjectName("seed");
  seed_->setToolTip(tr("Seed of the run's random numbers: the same seed replays the run exactly."));
  top->addRow(tr("Method"), method_);
  top->addRow(tr("Seed"), seed_);
  layout->addLayout(top);
  auto* scroll = new QScrollArea;
  scroll->setWidget(form_);
  scroll->setWidgetResizable(true);
  layout->addWidget(scroll, 1);
  auto* buttons = new QHBoxLayout;
  run_->setObjectName("run");
  stop_->setObjectName("stop");
  run_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
  run_->setToolTip(tr("Start the run (Ctrl+R)"));
  stop_->setEnabled(false);
  buttons->addWidget(run_);
  buttons->addWidget(stop_);
  layout->addLayout(buttons);
  summary_->setWordWrap(true);
  summary_->setObjectName("summary");
  layout->addWidget(summary_);
  auto* dock = new QDockWidget(tr("Method"), this);
  dock->setObjectName("methodDock");
  dock->setWidget(panel);
  dock->setFeatures(QDockWidget::DockWidgetMovable);
  panel->setMinimumWidth(320);
  addDockWidget(Qt::LeftDockWidgetArea, dock);
  statusBar()->addPermanentWidget(progress_);

  auto* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&Open scenario…"), QKeySequence::Open, this, &MainWindow::openScenario);
  file->addAction(tr("&Save scenario…"), QKeySequence::Save, this, &MainWindow::saveScenario);
  file->addAction(tr("&Export all charts…"), this, [this] {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Export into folder"));
    if (!dir.isEmpty()) exportAll(dir);
  });
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

  connect(method_, &QComboBox::currentIndexChanged, this, &MainWindow::selectMethod);
  connect(run_, &QPushButton::clicked, this, &MainWindow::startRun);
  connect(stop_, &QPushButton::clicked, controller_, &RunController::cancel);
  connect(controller_, &RunController::finished, this, &MainWindow::onFinished);
  connect(timer_, &QTimer::timeout, this, &MainWindow::pullFrames);
  timer_->setInterval(33);  // about 30 Hz

  loadScenario(Scenario::embeddedDefault());
  resize(1280, 800);
}

MainWindow::~MainWindow() { controller_->stopAndWait(); }

void MainWindow::selectMethod(int index) {
  if (index < 0) return;
  const Scenario s = Scenario::defaults(method_->itemData(index).toString().toStdString());
  form_->setValues(s.params);
  summary_->setText(QString::fromStdString(s.methodInfo().summary));
}

void MainWindow::loadScenario(const Scenario& s) {
  const int index = method_->findData(QString::fromStdString(s.method));
  method_->blockSignals(true);
  method_->setCurrentIndex(index);
  method_->blockSignals(false);
  seed_->setText(QString::number(s.seed));
  form_->setValues(s.params);
  summary_->setText(QString::fromStdString(s.methodInfo().summary));
}

Scenario MainWindow::currentScenario() const {
  Scenario s = Scenario::defaults(method_->currentData().toString().toStdString());
  bool ok = false;
  const qulonglong seed = seed_->text().trimmed().toULongLong(&ok);
  if (!ok) throw dpw::InvalidArgument("Seed: '" + seed_->text().toStdString() + "' is not a whole number >= 0");
  s.seed = seed;
  s.params = form_->values();
  return s;
}

bool MainWindow::startRun() {
  if (controller_->running()) return false;
  Scenario s;
  try {
    s = currentScenario();
  } catch (const dpw::InvalidArgument& e) {
    statusBar()->showMessage(tr("Not started: %1").arg(QString::fromUtf8(e.what())));
    QMessageBox::warning(this, tr("Invalid parameter"), QString::fromUtf8(e.what()));
    return false;
  }
  charts_->clear();
  run_->setEnabled(false);
  stop_->setEnabled(true);
  statusBar()->showMessage(tr("Running %1…").arg(QString::fromStdString(s.methodInfo().title)));
  controller_->start(s);
  timer_->start();
  return true;
}

void MainWindow::pullFrames() {
  for (const auto& f : controller_->takeNewFrames()) charts_->show(f);
  const long total = controller_->totalSteps();
  progress_->setText(total > 0 ? tr("step %1 / %2").arg(controller_->step()).arg(total) : QString());
}

void MainWindow::onFinished(bool ok, const QString& message, const Scenario& scenario, const QVariantMap& metrics,
                            const QString& statement) {
  timer_->stop();
  pullFrames();
  run_->setEnabled(true);
  stop_->setEnabled(false);
  lastScenario_ = scenario;
  lastMetrics_ = metrics;
  lastStatement_ = statement;
  statusBar()->showMessage(ok ? tr("Finished. %1").arg(statement) : message);
  emit runFinished(ok);
}

void MainWindow::exportAll(const QString& dir) {
  dpw::RunResult r;
  for (auto it = lastMetrics_.begin(); it != lastMetrics_.end(); ++it) r.metrics[it.key().toStdString()] = it.value().toDouble();
  r.privacyStatement = lastStatement_.toStdString();
  try {
    exportRun(lastScenario_.method.empty() ? currentScenario() : lastScenario_, r, charts_->frames(), dir);
    statusBar()->showMessage(tr("Exported to %1").arg(dir));
  } catch (const std::exception& e) {
    QMessageBox::warning(this, tr("Export failed"), QString::fromUtf8(e.what()));
  }
}

void MainWindow::openScenario() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open scenario"), {}, tr("Scenarios (*.json)"));
  if (path.isEmpty()) return;
  try {
    loadScenario(Scenario::fromFile(path));
  } catch (const std::exception& e) {
    QMessageBox::warning(this, tr("Cannot open scenario"), QString::fromUtf8(e.what()));
  }
}

void MainWindow::saveScenario() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Save scenario"), {}, tr("Scenarios (*.json)"));
  if (path.isEmpty()) return;
  try {
    writeFileAtomically(path, currentScenario().toJson());
  } catch (const std::exception& e) {
    QMessageBox::warning(this, tr("Cannot save scenario"), QString::fromUtf8(e.what()));
  }
}

}  // namespace dpwapp
