#pragma once
/// File → Record animation…: runs the current scenario again in a worker thread, keeping one snapshot of
/// the charts per published step (common/animation_writer.h), then paints and encodes the chosen charts
/// (the whole view by default) as a GIF or an MP4 at the chosen size and frame rate, with a progress
/// dialog that can cancel either stage. The view on screen is left as it is.
#include <QDialog>
#include <string>
#include <vector>

#include "common/animation_writer.h"
#include "common/scenario.h"

class QLineEdit;
class QListWidget;
class QRadioButton;
class QSpinBox;

namespace dpwapp {

/// Records `scenario` into settings.path, showing progress over `parent` (none when DPW_NO_DIALOGS is set).
/// Throws dpw::InvalidArgument (bad settings: before the run starts), dpw::Cancelled, or the run's error.
AnimationReport recordAnimation(const Scenario& scenario, const AnimationSettings& settings, QWidget* parent);

class RecordAnimationDialog : public QDialog {
  Q_OBJECT
 public:
  /// `charts`: the chart ids on screen now (may be empty before a first run: the whole view is recorded).
  RecordAnimationDialog(const Scenario& scenario, const std::vector<std::string>& charts, QWidget* parent = nullptr);
  /// The settings the fields describe (not yet checked).
  AnimationSettings settings() const;
  /// Checks the settings, records, reports; returns an error message or empty.
  QString record();

 private:
  Scenario scenario_;
  QLineEdit* path_;
  QSpinBox* width_;
  QSpinBox* height_;
  QSpinBox* fps_;
  QRadioButton* whole_;
  QListWidget* charts_;
};

}  // namespace dpwapp
