#pragma once
/// How large the GUI draws its text and lines: one zoom factor (View → Zoom in / out / Actual size,
/// Ctrl++ / Ctrl+− / Ctrl+0, kept in QSettings as "textZoom") times 2 in presentation mode (F5).
/// It is applied in one place to the application font (menus, panels, status bar) and to the chart
/// renderers' text and line scale (charts/chart_style.h), which both renderers read.
#include <QObject>

namespace dpwapp {

class DisplayScale : public QObject {
  Q_OBJECT
 public:
  static constexpr double kMinZoom = 0.6, kMaxZoom = 3.0, kZoomStep = 1.15;
  /// Text size of presentation mode relative to the normal mode (issue 19: at least twice).
  static constexpr double kPresentationFactor = 2.0;

  /// Reads the saved zoom and applies it.
  explicit DisplayScale(QObject* parent = nullptr);
  double zoom() const { return zoom_; }
  bool presentation() const { return presentation_; }
  /// zoom × (presentation ? 2 : 1): the factor every text is drawn at.
  double textFactor() const;
  /// Sets the zoom (clamped to [kMinZoom, kMaxZoom]) and saves it.
  void setZoom(double zoom);
  void zoomIn() { setZoom(zoom_ * kZoomStep); }
  void zoomOut() { setZoom(zoom_ / kZoomStep); }
  void resetZoom() { setZoom(1.0); }
  void setPresentation(bool on);

 signals:
  /// The factors changed: fonts are set; charts must be drawn again.
  void changed();

 private:
  void apply();
  double zoom_ = 1.0;
  bool presentation_ = false;
  double basePointSize_ = 0;  ///< the application font's size before any zoom
};

}  // namespace dpwapp
