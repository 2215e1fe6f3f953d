#include "gui/recording_panel.h"

#include <QCheckBox>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTimer>
#include <exception>

#include "core/error.h"
#include "gui/run_controller.h"

namespace dpwapp {

RecordingPanel::RecordingPanel(RunController* controller, std::function<std::vector<std::string>()> chartsOnScreen,
                               QWidget* parent)
    : QWidget(parent),
      controller_(controller),
      chartsOnScreen_(std::move(chartsOnScreen)),
      path_(new QLineEdit),
      width_(new QSpinBox),
      height_(new QSpinBox),
      fps_(new QSpinBox),
      whole_(new QRadioButton(tr("The whole view (every chart)"))),
      charts_(new QListWidget),
      armed_(new QCheckBox(tr("Record the next run"))),
      progress_(new QProgressBar),
      cancel_(new QPushButton(tr("Cancel"))),
      status_(new QLabel),
      poll_(new QTimer(this)) {
  setObjectName("recordingPanel");
  path_->setObjectName("animationPath");
  path_->setPlaceholderText(tr("animation.gif or animation.mp4"));
  auto* browse = new QPushButton(tr("Browse…"));
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString p = QFileDialog::getSaveFileName(this, tr("Record animation"), path_->text(), tr("Animations (*.gif *.mp4)"));
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
  charts_->setObjectName("recordCharts");
  charts_->setEnabled(false);
  charts_->setToolTip(tr("The charts on screen; a run adds its charts as it draws them. The ticks are read when "
                         "the recording is encoded, after the run."));
  connect(chosen, &QRadioButton::toggled, charts_, &QWidget::setEnabled);
  armed_->setObjectName("recordArmed");
  armed_->setToolTip(tr("The window's next run is recorded as it draws, then encoded here; the window stays usable."));
  connect(armed_, &QCheckBox::toggled, this, [this](bool on) { setArmed(on); });
  progress_->setObjectName("recordProgress");
  progress_->setVisible(false);
  cancel_->setObjectName("recordCancel");
  cancel_->setVisible(false);
  connect(cancel_, &QPushButton::clicked, this, &RecordingPanel::cancelEncoding);
  status_->setObjectName("recordStatus");
  status_->setWordWrap(true);
  auto* progressRow = new QHBoxLayout;
  progressRow->addWidget(progress_, 1);
  progressRow->addWidget(cancel_);
  auto* form = new QFormLayout(this);
  form->addRow(tr("File"), pathRow);
  form->addRow(tr("Width"), width_);
  form->addRow(tr("Height"), height_);
  form->addRow(tr("Frame rate"), fps_);
  form->addRow(whole_);
  form->addRow(chosen);
  form->addRow(charts_);
  form->addRow(armed_);
  form->addRow(progressRow);
  form->addRow(status_);
  // The list follows the charts on screen while the panel is open (a run adds its charts as it draws them).
  poll_->setInterval(500);
  connect(poll_, &QTimer::timeout, this, [this] {
    if (isVisible() && chartsOnScreen_) offerCharts(chartsOnScreen_());
  });
  poll_->start();
  if (chartsOnScreen_) offerCharts(chartsOnScreen_());
}

RecordingPanel::~RecordingPanel() {
  if (controller_) controller_->setRecording(false);
}

AnimationSettings RecordingPanel::settings() const {
  AnimationSettings s;
  s.path = path_->text().trimmed();
  s.size = {width_->value(), height_->value()};
  s.fps = fps_->value();
  if (!whole_->isChecked())
    for (int i = 0; i < charts_->count(); ++i)
      if (charts_->item(i)->checkState() == Qt::Checked) s.charts.push_back(charts_->item(i)->text().toStdString());
  return s;
}

bool RecordingPanel::armed() const { return armed_->isChecked(); }

void RecordingPanel::setArmed(bool on) {
  if (on) {
    try {
      checkAnimationSettings(settings());
    } catch (const std::exception& e) {
      on = false;
      say(tr("Cannot record: %1").arg(QString::fromUtf8(e.what())));
    }
  }
  if (armed_->isChecked() != on) {
    const QSignalBlocker block(armed_);
    armed_->setChecked(on);
  }
  controller_->setRecording(on);
  if (on) say(tr("The next run will be recorded into %1.").arg(settings().path));
}

void RecordingPanel::offerCharts(const std::vector<std::string>& ids) {
  for (const std::string& id : ids) {
    const QString text = QString::fromStdString(id);
    if (!charts_->findItems(text, Qt::MatchExactly).isEmpty()) continue;
    auto* item = new QListWidgetItem(text, charts_);
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    item->setCheckState(Qt::Unchecked);
  }
}

void RecordingPanel::runEnded(bool ok) {
  if (!controller_->recording()) return;
  RunController::Recording r = controller_->takeRecording();
  if (ok && r.snapshots.empty()) return;  // ticked while this run went on: the next one is recorded
  if (!ok) {  // stays armed: the next run is recorded instead
    say(tr("The run did not finish: nothing recorded; the next run will be."));
    return;
  }
  if (encoding()) {
    say(tr("Still encoding the previous recording: this run is not recorded."));
    return;
  }
  setArmed(false);  // one recording per tick
  if (chartsOnScreen_) offerCharts(chartsOnScreen_());
  encodingSettings_ = settings();
  encodingSettings_.totalSteps = r.totalSteps;
  encodingSettings_.privacy = r.privacy;
  if (!whole_->isChecked() && encodingSettings_.charts.empty()) {
    say(tr("No chart ticked: recording the whole view."));
  }
  try {
    encoding_ = std::make_unique<AnimationEncoding>(r.snapshots, encodingSettings_);
  } catch (const std::exception& e) {
    say(tr("Cannot record: %1").arg(QString::fromUtf8(e.what())));
    return;
  }
  progress_->setRange(0, encoding_->pictures());
  progress_->setValue(0);
  progress_->setVisible(true);
  cancel_->setVisible(true);
  status_->setText(tr("Encoding %1…").arg(encodingSettings_.path));
  QTimer::singleShot(0, this, &RecordingPanel::encodeSome);
}

void RecordingPanel::encodeSome() {
  if (!encoding_) return;
  // About 50 ms of painting a turn, then the event loop handles the user's input and the charts.
  QElapsedTimer turn;
  turn.start();
  try {
    while (turn.elapsed() < 50 && encoding_->encodeNext()) {
    }
    progress_->setValue(encoding_->encoded());
    if (encoding_->encoded() < encoding_->pictures()) {
      QTimer::singleShot(0, this, &RecordingPanel::encodeSome);
      return;
    }
    const AnimationReport r = encoding_->finish();
    encoding_.reset();
    say(tr("Recorded %1: %2 pictures, %3 KB (%4)")
            .arg(encodingSettings_.path)
            .arg(r.frames)
            .arg(r.bytes / 1024)
            .arg(r.encoder));
  } catch (const std::exception& e) {
    encoding_.reset();
    say(tr("Recording failed: %1").arg(QString::fromUtf8(e.what())));
  }
  progress_->setVisible(false);
  cancel_->setVisible(false);
}

void RecordingPanel::cancelEncoding() {
  if (!encoding_) return;
  encoding_.reset();  // removes the temporary file
  progress_->setVisible(false);
  cancel_->setVisible(false);
  say(tr("Recording cancelled; nothing was written."));
}

void RecordingPanel::say(const QString& text) {
  status_->setText(text);
  emit message(text);
}

}  // namespace dpwapp
