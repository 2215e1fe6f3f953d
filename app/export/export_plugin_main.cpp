// libdpwlab-export.so: dpwlab-cli's pictures (common/export_plugin.h). Chart PNGs and GIF/MP4 animations
// drawn on an offscreen QGuiApplication that the plugin starts on first use and ends in shutdown().
#include <exception>
#include <memory>

#include "common/animation_writer.h"
#include "common/chart_export.h"
#include "common/export_plugin.h"
#include "common/offscreen_gui.h"

namespace {

std::unique_ptr<dpwapp::OffscreenGui> g_gui;

void startGui() {
  if (!g_gui) g_gui = std::make_unique<dpwapp::OffscreenGui>();
  dpwapp::ensureGuiApplication();
}

template <class F>
std::string guarded(F&& f) {
  try {
    startGui();
    f();
    return {};
  } catch (const std::exception& e) {
    return e.what();
  }
}

std::string writeChartPngs(const std::vector<dpw::FramePtr>& charts, const QString& dir) {
  return guarded([&] { dpwapp::writeChartPngs(charts, dir); });
}

std::string writeAnimation(const std::vector<dpwapp::AnimationSnapshot>& snapshots,
                           const dpwapp::AnimationSettings& settings, dpwapp::AnimationReport* report) {
  return guarded([&] { *report = dpwapp::writeAnimation(snapshots, settings); });
}

void shutdown() { g_gui.reset(); }

}  // namespace

extern "C" __attribute__((visibility("default"))) const dpwapp::ExportPluginApi* dpwlab_export_plugin() {
  static const std::string build = dpwapp::exportPluginBuild();
  static const dpwapp::ExportPluginApi api{dpwapp::kExportPluginAbi, build.c_str(), &writeChartPngs, &writeAnimation,
                                          &shutdown};
  return &api;
}
