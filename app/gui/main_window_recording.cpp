// MainWindow: File → Record animation… as a docked panel, not a modal dialog (gui/recording_panel.h), its
// charts offered before the first run.
#include <QDockWidget>
#include <algorithm>
#include <optional>

#include "methods/output_charts.h"
#include "gui/chart_grid.h"
#include "gui/main_window.h"
#include "gui/recording_panel.h"
#include "gui/run_controller.h"

namespace dpwapp {

void MainWindow::showRecordingPanel() {
  auto* dock = findChild<QDockWidget*>("recordingDock");
  if (!dock) {
    // Before any run (issue #40 item 4: charts chosen before the first run): the lesson's charts, then every
    // chart the method declares (methods/output_charts.h), then any other chart on screen.
    auto* panel = new RecordingPanel(controller_, [this] {
      std::vector<std::string> ids;
      auto add = [&ids](const std::string& id) {
        if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
      };
      if (const std::optional<Lesson> lesson = shownLesson())
        for (const auto& id : lesson->charts) add(id);
      for (const auto& id : dpw::declaredCharts(currentMethod())) add(id);
      for (const auto& f : charts_->frames()) add(f->chart);
      return ids;
    });
    connect(this, &MainWindow::runFinished, panel, &RecordingPanel::runEnded);
    connect(panel, &RecordingPanel::message, this, &MainWindow::showStatus);
    dock = new QDockWidget(tr("Record animation"), this);
    dock->setObjectName("recordingDock");
    dock->setWidget(panel);
    dock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::RightDockWidgetArea, dock);
  }
  dock->show();
  dock->raise();
}

}  // namespace dpwapp
