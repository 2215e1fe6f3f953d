#pragma once
/// A QGuiApplication on demand, for programs that only sometimes draw (dpwlab-cli).
///
/// Painting text into a QImage or an SVG needs a QGuiApplication. dpwlab-cli keeps one OffscreenGui
/// alive in main(); ensureGuiApplication(), called before each rendering, creates the application on
/// first use (owned by that OffscreenGui and destroyed with it). Commands that draw nothing never
/// start Qt Gui. The application runs on Qt's "offscreen" platform unless QT_QPA_PLATFORM says
/// otherwise, so no display is needed. When XDG_RUNTIME_DIR is not set (batch jobs, containers, ssh
/// sessions), it points it at a private folder (mode 0700, owned by the user) under the temporary
/// folder, as Qt itself would do, but without Qt's warning on stderr.
#include <memory>

class QGuiApplication;

namespace dpwapp {

class OffscreenGui {
 public:
  OffscreenGui();
  ~OffscreenGui();
  OffscreenGui(const OffscreenGui&) = delete;
  OffscreenGui& operator=(const OffscreenGui&) = delete;

 private:
  friend void ensureGuiApplication();
  std::unique_ptr<QGuiApplication> app_;
};

/// When XDG_RUNTIME_DIR is unset, points it at a private folder (0700, ours) under the temporary folder,
/// as Qt would, without Qt's warning on stderr. Call before creating the application (dpwlab's main does).
void providePrivateRuntimeDir();

/// Makes sure a QGuiApplication exists: does nothing when the program made one (the GUI, the tests),
/// otherwise creates it in the live OffscreenGui. Throws std::logic_error when there is neither.
void ensureGuiApplication();

}  // namespace dpwapp
