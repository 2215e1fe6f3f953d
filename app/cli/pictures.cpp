#include "cli/pictures.h"

#include <iostream>
#include <stdexcept>

namespace dpwcli {

bool writeChartPictures(const std::vector<dpw::FramePtr>& charts, const std::string& dir) {
  if (charts.empty()) return true;
  std::string why;
  const dpwapp::ExportPluginApi* plugin = dpwapp::exportPlugin(&why);
  if (!plugin) {
    std::cerr << "note: no PNG charts (the CSV files hold their data): the export plugin is not available: " << why
              << "; give --no-png to skip them without this note\n";
    return false;
  }
  if (const std::string error = plugin->writeChartPngs(charts, QString::fromStdString(dir)); !error.empty())
    throw std::runtime_error(error);
  return true;
}

const dpwapp::ExportPluginApi& requireExportPlugin(const std::string& what) {
  std::string why;
  if (const dpwapp::ExportPluginApi* plugin = dpwapp::exportPlugin(&why)) return *plugin;
  throw std::runtime_error(what + " needs the export plugin (Qt Gui, giflib, FFmpeg), which is not available: " + why +
                           ". Leave out " + what + " on this machine (the run's numbers and CSV files need no "
                           "plugin), or run where those libraries are installed");
}

}  // namespace dpwcli
