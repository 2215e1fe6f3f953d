#pragma once
/// The pictures of dpwlab-cli (chart PNGs, GIF and MP4 animations) live in a plugin, libdpwlab-export.so,
/// loaded when a command first draws. dpwlab-cli itself links Qt Core only: on a compute node without Qt
/// Gui, EGL, X11 or FFmpeg it runs every method and writes every number and CSV; only the pictures need
/// the plugin and the libraries it links (Qt Gui and Svg, giflib, FFmpeg).
///
/// Where the plugin is looked for, first found wins:
///   1. $DPWLAB_EXPORT_PLUGIN, a file path (then nothing else: a wrong path says so);
///   2. beside the program (the build tree: build/app/libdpwlab-export.so);
///   3. the installed place, <bindir>/../<libdir>/dpwlab/libdpwlab-export.so (relative to the program, so
///      any installation prefix works).
/// The plugin must come from the same build as the program (version and commit are compared): its entry
/// points take C++ types, which only the same compiler run lays out the same.
#include <QString>
#include <string>
#include <vector>

#include "common/animation_settings.h"
#include "core/frame.h"

namespace dpwapp {

/// The plugin's entry points. Each returns "" on success, or the reason it failed.
struct ExportPluginApi {
  int abi;              ///< kExportPluginAbi of the plugin's build
  const char* build;    ///< exportPluginBuild() of the plugin's build
  std::string (*writeChartPngs)(const std::vector<dpw::FramePtr>& charts, const QString& dir);
  std::string (*writeAnimation)(const std::vector<AnimationSnapshot>& snapshots, const AnimationSettings& settings,
                                AnimationReport* report);
  void (*shutdown)();   ///< ends the offscreen QGuiApplication the plugin started (before the program exits)
};

inline constexpr int kExportPluginAbi = 1;
inline constexpr const char* kExportPluginEntry = "dpwlab_export_plugin";  ///< extern "C" const ExportPluginApi* ()
inline constexpr const char* kExportPluginFile = "libdpwlab-export.so";

/// "0.4.0 <commit> <state>": what must match between the program and the plugin.
std::string exportPluginBuild();

/// The plugin, loaded on first call (dlopen) and kept; nullptr when it cannot be loaded, with the reason in
/// `why` (not found: the places looked at; found but not loadable: the loader's message, e.g. a missing
/// libQt6Gui.so.6; another build's plugin).
const ExportPluginApi* exportPlugin(std::string* why = nullptr);

/// Keep one alive in main(): when it ends, the plugin (if it was loaded) ends its QGuiApplication.
class ExportPluginSession {
 public:
  ExportPluginSession() = default;
  ~ExportPluginSession();
  ExportPluginSession(const ExportPluginSession&) = delete;
  ExportPluginSession& operator=(const ExportPluginSession&) = delete;
};

}  // namespace dpwapp
