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
#include <QStringList>
#include <QTimer>
#include <algorithm>
#include <exception>

#include "core/error.h"
#include "gui/run_controller.h"

namespace dpwapp {

RecordingPanel::RecordingPanel(RunController* controller, std::function<std::vector<std::string>()> chartsOffered,
                               QWidget* parent)
    : QWidget(parent),
      controller_(controller),
      chartsOffered_(std::move(chartsOffered)),
      path_(new QLineEdit),
      width_(new QSpinBox),
      height_(new QSpinBox),
      fps_(new QSpinBox),
      whole_(new QRadioButton(tr("The whole view (every chart)"))),
      chosen_(new QRadioButton(tr("Only the charts ticked below"))),
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
  chosen_->setObjectName("recordChosenCharts");
  whole_->setChecked(true);
  charts_->setObjectName("recordCharts");
  charts_->setEnabled(false);
  charts_->setToolTip(tr("The charts the method draws (the lesson's first), known before the first run. The ticks "
                         "are read when the recording is encoded, after the run; a chart the run did not draw is "
                         "left out."));
  connect(chosen_, &QRadioButton::toggled, charts_, &QWidget::setEnabled);
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
  form->addRow(chosen_);
  form->addRow(charts_);
  form->addRow(armed_);
  form->addRow(progressRow);
  form->addRow(status_);
  // The list follows the method and lesson chosen (and any chart on screen) while the panel is open.
  poll_->setInterval(500);
  connect(poll_, &QTimer::timeout, this, [this] {
    if (isVisible()) refreshCharts();
  });
  poll_->start();
  refreshCharts();
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
  if (ids == offeredCharts()) return;  // polled: the list (its ticks, its scroll) stays as it is
  std::vector<std::string> ticked;
  for (int i = 0; i < charts_->count(); ++i)
    if (charts_->item(i)->checkState() == Qt::Checked) ticked.push_back(charts_->item(i)->text().toStdString());
  charts_->clear();
  for (const std::string& id : ids) {
    auto* item = new QListWidgetItem(QString::fromStdString(id), charts_);
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    item->setCheckState(std::find(ticked.begin(), ticked.end(), id) != ticked.end() ? Qt::Checked : Qt::Unchecked);
  }
}

void RecordingPanel::refreshCharts() {
  if (chartsOffered_) offerCharts(chartsOffered_());
}

std::vector<std::string> RecordingPanel::offeredCharts() const {
  std::vector<std::string> ids;
  for (int i = 0; i < charts_->count(); ++i) ids.push_back(charts_->item(i)->text().toStdString());
  return ids;
}

bool RecordingPanel::tickChart(const std::string& id, bool on) {
  const QList<QListWidgetItem*> found = charts_->findItems(QString::fromStdString(id), Qt::MatchExactly);
  if (found.isEmpty()) return false;
  found.front()->setCheckState(on ? Qt::Checked : Qt::Unchecked);
  if (on) chosen_->setChecked(true);
  return true;
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
  encodingSettings_ = settings();
  encodingSettings_.totalSteps = r.totalSteps;
  encodingSettings_.privacy = r.privacy;
  // The ticks were made before the run, from the charts the method declares: one this run's parameters did
  // not draw is left out (saying so) rather than refused after the run.
  const std::vector<std::string> drawn = recordedCharts(r.snapshots);
  QStringList notDrawn;
  std::erase_if(encodingSettings_.charts, [&](const std::string& id) {
    const bool missing = std::find(drawn.begin(), drawn.end(), id) == drawn.end();
    if (missing) notDrawn << QString::fromStdString(id);
    return missing;
  });
  QString note;
  if (!notDrawn.isEmpty()) note = tr("Not drawn by this run, left out: %1. ").arg(notDrawn.join(", "));
  if (!whole_->isChecked() && encodingSettings_.charts.empty()) note += tr("No chart ticked that the run drew: recording the whole view.");
  if (!note.isEmpty()) say(note.trimmed());
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
  status_->setText(note + tr("Encoding %1…").arg(encodingSettings_.path));
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
    QStringList charts;
    for (const std::string& id : encodingSettings_.charts) charts << QString::fromStdString(id);
    say(tr("Recorded %1: %2 pictures, %3 KB (%4); %5")
            .arg(encodingSettings_.path)
            .arg(r.frames)
            .arg(r.bytes / 1024)
            .arg(r.encoder)
            .arg(charts.isEmpty() ? tr("the whole view") : tr("charts %1").arg(charts.join(", "))));
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
