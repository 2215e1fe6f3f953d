#include "gui/record_animation.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
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

RecordAnimationDialog::RecordAnimationDialog(const Scenario& scenario, const std::vector<std::string>& charts,
                                             QWidget* parent)
    : QDialog(parent),
      scenario_(scenario),
      path_(new QLineEdit),
      width_(new QSpinBox),
      height_(new QSpinBox),
      fps_(new QSpinBox),
      whole_(new QRadioButton(tr("The whole view (every chart)"))),
      charts_(new QListWidget) {
  setWindowTitle(tr("Record animation"));
  path_->setObjectName("animationPath");
  path_->setPlaceholderText(tr("animation.gif or animation.mp4"));
  auto* browse = new QPushButton(tr("Browse…"));
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString p = QFileDialog::getSaveFileName(this, tr("Record animation"), path_->text(),
                                                   tr("Animations (*.gif *.mp4)"));
    if (!p.isEmpty()) path_->setText(p);
  });
  auto* pathRow = new QHBoxLayout;
  pathRow->addWidget(path_, 1);
  pathRow->addWidget(browse);
  for (auto [box, lo, hi, value] : {std::tuple{width_, 16, 7680, 1024}, {height_, 16, 7680, 640}, {fps_, 1, 60, 10}}) {
    box->setRange(lo, hi);
    box->setValue(value);
  }
  width_->setSuffix(" px");
  height_->setSuffix(" px");
  fps_->setSuffix(tr(" frames/s"));
  auto* chosen = new QRadioButton(tr("Only the charts ticked below"));
  whole_->setChecked(true);
  for (const std::string& id : charts) {
    auto* item = new QListWidgetItem(QString::fromStdString(id), charts_);
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    item->setCheckState(Qt::Unchecked);
  }
  chosen->setEnabled(!charts.empty());
  charts_->setEnabled(false);
  connect(chosen, &QRadioButton::toggled, charts_, &QWidget::setEnabled);
  auto* form = new QFormLayout(this);
  form->addRow(tr("File"), pathRow);
  form->addRow(tr("Width"), width_);
  form->addRow(tr("Height"), height_);
  form->addRow(tr("Frame rate"), fps_);
  form->addRow(whole_);
  form->addRow(chosen);
  form->addRow(charts_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
  buttons->addButton(tr("Record"), QDialogButtonBox::AcceptRole);
  connect(buttons, &QDialogButtonBox::accepted, this, [this] {
    const QString error = record();
    if (error.isEmpty())
      accept();
    else
      QMessageBox::warning(this, tr("Cannot record"), error);
  });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  form->addRow(buttons);
}

AnimationSettings RecordAnimationDialog::settings() const {
  AnimationSettings s;
  s.path = path_->text().trimmed();
  s.size = {width_->value(), height_->value()};
  s.fps = fps_->value();
  if (!whole_->isChecked())
    for (int i = 0; i < charts_->count(); ++i)
      if (charts_->item(i)->checkState() == Qt::Checked) s.charts.push_back(charts_->item(i)->text().toStdString());
  return s;
}

QString RecordAnimationDialog::record() {
  const AnimationSettings s = settings();
  if (!whole_->isChecked() && s.charts.empty()) return tr("Tick at least one chart, or record the whole view.");
  try {
    const AnimationReport r = recordAnimation(scenario_, s, this);
    setProperty("report", tr("Recorded %1: %2 pictures, %3 KB (%4)")
                              .arg(s.path)
                              .arg(r.frames)
                              .arg(r.bytes / 1024)
                              .arg(r.encoder));
    return {};
  } catch (const dpw::Cancelled&) {
    return tr("Recording cancelled; nothing was written.");
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
}

}  // namespace dpwapp
