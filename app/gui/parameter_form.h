#pragma once
/// A form built from a method's ParamSpecs: one validated field per parameter, with its help text as
/// tooltip. Invalid text is marked red and reported; `values()` refuses to return invalid values.
#include <QWidget>
#include <map>
#include <optional>

#include "core/parameters.h"

class QFormLayout;
class QLineEdit;
class QComboBox;
class QToolButton;

namespace dpwapp {

class ParameterSlider;

class ParameterForm : public QWidget {
  Q_OBJECT
 public:
  explicit ParameterForm(QWidget* parent = nullptr);
  /// Rebuilds the fields for `values`' specs, filled with `values`.
  void setValues(const dpw::ParamValues& values);
  /// Current values; throws dpw::InvalidArgument naming the first invalid field.
  dpw::ParamValues values() const;
  /// The input widget of a parameter (for tests).
  QWidget* field(const std::string& key) const;
  /// Lesson mode hides the parameters marked advanced.
  void setLessonMode(bool on);
  /// Whether a field is in use under the choices now in the form (dpw::ParamSpec::usedWhen): a field
  /// the run would ignore (a data file with the synthetic data set) is greyed out, its value kept.
  bool fieldInUse(const std::string& key) const;

  /// The values "reset" goes back to (a lesson's), kept across setValues until replaced; none: the
  /// method's defaults.
  void setBaseline(std::optional<dpw::ParamValues> baseline) { baseline_ = std::move(baseline); }
  bool hasBaseline() const { return baseline_.has_value(); }
  /// A field's text as typed (or chosen), and its default's text (the baseline's value, if one is set).
  QString fieldText(const std::string& key) const;
  QString defaultText(const std::string& key) const;
  /// Sets a field's text as if committed (undo, redo, reset), without emitting `committed`.
  void setFieldText(const std::string& key, const QString& text);
  /// Keys of the fields, in form order.
  std::vector<std::string> keys() const;
  /// The slider beside a field (ε, α, σ; parameter_slider.h), or nullptr.
  ParameterSlider* slider(const std::string& key) const;
  /// The small "reset to default" button of a field.
  QToolButton* resetButton(const std::string& key) const;

 signals:
  void edited();
  /// A field's value was committed by the user (edit finished, choice made, slider let go, reset
  /// pressed): the text before and after. Undo history is built from these (parameter_undo.h).
  void committed(const std::string& key, const QString& before, const QString& after);
  /// A slider was let go: its value is committed (after `committed`) and the run may restart.
  void sliderReleased(const std::string& key);

 private:
  void validateField(const dpw::ParamSpec& spec, QLineEdit* edit) const;
  QWidget* decorateField(const dpw::ParamSpec& spec, QWidget* field);
  void commitField(const std::string& key);
  void updateFieldExtras(const std::string& key);
  void updateFieldsInUse();
  QFormLayout* layout_;
  dpw::ParamValues current_;
  std::map<std::string, QWidget*> fields_;
  std::map<std::string, QWidget*> rows_;                ///< the field with its slider and reset button
  std::map<std::string, ParameterSlider*> sliders_;
  std::map<std::string, QToolButton*> resetButtons_;
  std::map<std::string, QString> committedText_;        ///< the value of each field as last committed
  bool lessonMode_ = false;
  std::optional<dpw::ParamValues> baseline_;
};

}  // namespace dpwapp
