#pragma once
/// File → Record animation… without a modal dialog (issue #40 item 4): a panel beside the charts where the
/// lecturer picks the file, size, frame rate and charts, then ticks "Record the next run". The window's own
/// next run is recorded as it draws (RunController::setRecording: one snapshot per published step, nothing
/// runs twice), and when it ends the panel paints and encodes the pictures one per turn of the event loop,
/// with its own progress bar and Cancel, while the window stays usable. The chart list is there before the
/// first run (issue #40 item 4: charts chosen before the first run): the open lesson's charts, then every chart
/// the method declares (methods/output_charts.h), then any other chart on screen; it follows the method chosen.
/// The ticks are read when the encoding starts; a ticked chart the run did not draw is left out, saying so.
#include <QWidget>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "common/animation_writer.h"

class QCheckBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QTimer;

namespace dpwapp {

class RunController;

class RecordingPanel : public QWidget {
  Q_OBJECT
 public:
  /// `chartsOffered`: the chart ids to offer now, in order (polled while the panel is visible): the lesson's
  /// and the method's declared charts, before any run, and those on screen.
  RecordingPanel(RunController* controller, std::function<std::vector<std::string>()> chartsOffered,
                 QWidget* parent = nullptr);
  ~RecordingPanel() override;

  /// The settings the fields describe (not yet checked).
  AnimationSettings settings() const;
  /// Ticks or unticks "Record the next run"; ticking checks the settings first (a bad path costs no run) and
  /// stays unticked, with the reason shown, if they fail.
  void setArmed(bool on);
  bool armed() const;
  bool encoding() const { return encoding_ != nullptr; }
  /// Lists exactly the charts in `ids`, in that order (the ticks of those listed before are kept).
  void offerCharts(const std::vector<std::string>& ids);
  /// Lists the charts `chartsOffered` gives now (the panel polls it every 0.5 s while visible).
  void refreshCharts();
  /// The charts listed, in order.
  std::vector<std::string> offeredCharts() const;
  /// Ticks (or unticks) chart `id` and, when ticking, chooses "Only the charts ticked below"; false if not listed.
  bool tickChart(const std::string& id, bool on = true);
  /// The settings of the encoding under way or last started (its charts: the ticks the run drew).
  const AnimationSettings& encodingSettings() const { return encodingSettings_; }

  /// The window's run ended: if it was recorded, start encoding it (MainWindow::runFinished).
  void runEnded(bool ok);
  /// Stops an encoding under way; nothing is written.
  void cancelEncoding();

 signals:
  /// A sentence for the status bar: recorded (file, pictures, size, encoder), or why not.
  void message(const QString& text);

 private:
  void encodeSome();
  void say(const QString& text);

  RunController* controller_;
  std::function<std::vector<std::string>()> chartsOffered_;
  QLineEdit* path_;
  QSpinBox* width_;
  QSpinBox* height_;
  QSpinBox* fps_;
  QRadioButton* whole_;
  QRadioButton* chosen_;
  QListWidget* charts_;
  QCheckBox* armed_;
  QProgressBar* progress_;
  QPushButton* cancel_;
  QLabel* status_;
  QTimer* poll_;
  std::unique_ptr<AnimationEncoding> encoding_;
  AnimationSettings encodingSettings_;
};

}  // namespace dpwapp
