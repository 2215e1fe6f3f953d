// MainWindow: File → Record animation… as a docked panel, not a modal dialog (gui/recording_panel.h).
#include <QDockWidget>

#include "gui/chart_grid.h"
#include "gui/main_window.h"
#include "gui/recording_panel.h"
#include "gui/run_controller.h"

namespace dpwapp {

void MainWindow::showRecordingPanel() {
  auto* dock = findChild<QDockWidget*>("recordingDock");
  if (!dock) {
    auto* panel = new RecordingPanel(controller_, [this] {
      std::vector<std::string> ids;
      for (const auto& f : charts_->frames()) ids.push_back(f->chart);
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
