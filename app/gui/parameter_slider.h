#pragma once
/// A slider beside a parameter's field, for the parameters a class varies by hand: the privacy budget
/// ε, the fairness weight α and the noise levels σ (log scale for ε and σ, linear for α).
///
/// Dragging shows the value in the field; releasing the slider (or a key, wheel or click on the groove)
/// commits it: `released` fires once with the value, and the main window reruns the method.
#include <QSlider>

#include "core/parameters.h"

namespace dpwapp {

class ParameterSlider : public QSlider {
  Q_OBJECT
 public:
  /// True if `spec` gets a slider: ε, α or a noise level σ with a usable range (a σ whose negative
  /// value means "calibrate from ε" has none: ε is the lever there).
  static bool wanted(const dpw::ParamSpec& spec);

  explicit ParameterSlider(const dpw::ParamSpec& spec, QWidget* parent = nullptr);
  /// The value at a slider position, rounded to two significant digits (log scale) or 0.01 (linear).
  double valueAt(int position) const;
  /// The position nearest to `value` (the ends for values beyond the slider's range).
  int positionOf(double value) const;
  /// Moves the handle to `value` without emitting anything (the field was typed or undone).
  void showValue(double value);
  double lowest() const { return lo_; }
  double highest() const { return hi_; }
  bool logScale() const { return log_; }

 signals:
  /// While dragging: the value under the handle.
  void moved(double value);
  /// The slider was let go (or moved by key, wheel or a click on the groove) at `value`.
  void released(double value);

 private:
  static constexpr int kSteps = 400;
  double lo_ = 0, hi_ = 1;
  bool log_ = false;
  bool quiet_ = false;
};

}  // namespace dpwapp
