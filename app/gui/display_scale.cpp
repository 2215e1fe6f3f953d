#include "gui/display_scale.h"

#include <QApplication>
#include <QSettings>
#include <algorithm>
#include <cmath>

#include "charts/chart_style.h"

namespace dpwapp {

DisplayScale::DisplayScale(QObject* parent) : QObject(parent) {
  // The application font's size before any zoom, kept on the application: a second window (or a
  // test's) must not take the zoomed size for its base.
  if (!qApp->property("dpwBaseFontSize").isValid()) qApp->setProperty("dpwBaseFontSize", QApplication::font().pointSizeF());
  basePointSize_ = qApp->property("dpwBaseFontSize").toDouble();
  if (!(basePointSize_ > 0)) basePointSize_ = 9;
  const double saved = QSettings().value("textZoom", 1.0).toDouble();
  zoom_ = std::clamp(std::isfinite(saved) && saved > 0 ? saved : 1.0, kMinZoom, kMaxZoom);
  apply();
}

double DisplayScale::textFactor() const { return zoom_ * (presentation_ ? kPresentationFactor : 1.0); }

void DisplayScale::setZoom(double zoom) {
  zoom = std::clamp(std::isfinite(zoom) ? zoom : 1.0, kMinZoom, kMaxZoom);
  if (std::abs(zoom - 1.0) < 0.02) zoom = 1.0;  // steps of 1.15 come back to exactly 1
  if (zoom == zoom_) return;
  zoom_ = zoom;
  QSettings().setValue("textZoom", zoom_);
  apply();
}

void DisplayScale::setPresentation(bool on) {
  if (on == presentation_) return;
  presentation_ = on;
  apply();
}

void DisplayScale::apply() {
  QFont f = QApplication::font();
  f.setPointSizeF(basePointSize_ * textFactor());
  QApplication::setFont(f);
  setChartTextScale(textFactor());
  // Lines twice as thick in presentation mode; the zoom changes text only.
  setChartLineScale(presentation_ ? kPresentationFactor : 1.0);
  emit changed();
}

}  // namespace dpwapp
