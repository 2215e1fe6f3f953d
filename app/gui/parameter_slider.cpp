#include "gui/parameter_slider.h"

#include <algorithm>
#include <cmath>

namespace dpwapp {
namespace {

bool isNoiseLevel(const std::string& key) {
  return key == "noise_multiplier" || key == "noise_std" || key == "sigma" || key == "sigma1" || key == "sigma2";
}

/// `v` rounded to two significant digits (0.52, 5.2, 13): values a lecturer can say aloud.
double twoDigits(double v) {
  if (!(v > 0)) return v;
  const double mag = std::pow(10.0, std::floor(std::log10(v)) - 1);
  return std::round(v / mag) * mag;
}

}  // namespace

bool ParameterSlider::wanted(const dpw::ParamSpec& spec) {
  if (spec.kind != dpw::ParamKind::Real) return false;
  if (spec.key == "alpha") return std::isfinite(spec.min) && std::isfinite(spec.max) && spec.max > spec.min;
  if (spec.key == "epsilon") return spec.max > 0.01;
  if (isNoiseLevel(spec.key)) return spec.min >= 0 && spec.max > 0.05;
  return false;
}

ParameterSlider::ParameterSlider(const dpw::ParamSpec& spec, QWidget* parent) : QSlider(Qt::Horizontal, parent) {
  log_ = spec.key != "alpha";
  if (log_) {
    // ε from 0.01 to 100 and σ from 0.05 to 100 span every budget a lesson shows; typed values go beyond.
    lo_ = std::max(spec.min, spec.key == "epsilon" ? 0.01 : 0.05);
    hi_ = std::min(spec.max, 100.0);
  } else {
    lo_ = spec.min;
    hi_ = spec.max;
  }
  setRange(0, kSteps);
  setPageStep(kSteps / 10);
  setSingleStep(kSteps / 100);
  setObjectName(QString::fromStdString(spec.key) + "Slider");
  setAccessibleName(QString::fromStdString(spec.label) + tr(" slider"));
  setToolTip(tr("Drag to change %1 (%2 scale, %3 to %4); the run restarts when you let go.")
                 .arg(QString::fromStdString(spec.label), log_ ? tr("log") : tr("linear"), QString::number(lo_),
                      QString::number(hi_)));
  connect(this, &QSlider::valueChanged, this, [this](int position) {
    if (quiet_) return;
    if (isSliderDown())
      emit moved(valueAt(position));
    else
      emit released(valueAt(position));  // keys, wheel, a click on the groove: one step, committed at once
  });
  connect(this, &QSlider::sliderReleased, this, [this] { emit released(valueAt(value())); });
}

double ParameterSlider::valueAt(int position) const {
  const double t = double(std::clamp(position, 0, kSteps)) / kSteps;
  if (log_) return std::clamp(twoDigits(lo_ * std::pow(hi_ / lo_, t)), lo_, hi_);
  return std::clamp(std::round((lo_ + t * (hi_ - lo_)) * 100) / 100, lo_, hi_);
}

int ParameterSlider::positionOf(double v) const {
  if (std::isnan(v)) return 0;
  double t = log_ ? (v > 0 ? std::log(v / lo_) / std::log(hi_ / lo_) : 0.0) : (v - lo_) / (hi_ - lo_);
  t = std::clamp(t, 0.0, 1.0);  // inf (no privacy) sits at the right end
  return int(std::lround(t * kSteps));
}

void ParameterSlider::showValue(double v) {
  quiet_ = true;
  setValue(positionOf(v));
  quiet_ = false;
}

}  // namespace dpwapp
