#pragma once
/// dpwlab-cli's pictures through the export plugin (common/export_plugin.h): the program links no Qt Gui,
/// so on a compute node without it the numbers and CSVs are written and the pictures are not, said on stderr.
#include <string>
#include <vector>

#include "common/animation_settings.h"
#include "common/export_plugin.h"
#include "core/frame.h"

namespace dpwcli {

/// Writes `<dir>/<chart>.png` for each chart. Without the plugin, writes nothing and says on stderr
/// "note: no PNG charts: ..." with the reason (the CSVs beside them hold the data); returns false.
/// A plugin that fails to draw throws std::runtime_error (exit 1).
bool writeChartPictures(const std::vector<dpw::FramePtr>& charts, const std::string& dir);

/// The plugin, for a picture the user asked for by name (`what`, e.g. "--animation"): throws
/// std::runtime_error (exit 1) saying it is unavailable and why. Call before a run: nothing is wasted.
const dpwapp::ExportPluginApi& requireExportPlugin(const std::string& what);

}  // namespace dpwcli
