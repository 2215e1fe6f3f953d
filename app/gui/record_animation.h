#pragma once
/// Recording a scenario in one call: runs it in a worker thread, keeping one snapshot of the charts per
/// published step (common/animation_writer.h), then paints and encodes the chosen charts (the whole view by
/// default) as a GIF or an MP4, with a progress dialog that can cancel either stage. The window's File →
/// Record animation… records its own run without a dialog instead (gui/recording_panel.h).
#include <string>
#include <vector>

#include "common/animation_writer.h"
#include "common/scenario_files.h"

class QWidget;

namespace dpwapp {

/// Records `scenario` into settings.path, showing progress over `parent` (none when DPW_NO_DIALOGS is set).
/// Throws dpw::InvalidArgument (bad settings: before the run starts), dpw::Cancelled, or the run's error.
AnimationReport recordAnimation(const Scenario& scenario, const AnimationSettings& settings, QWidget* parent);

}  // namespace dpwapp
