#pragma once
/// A form built from a method's ParamSpecs: one validated field per parameter, with its help text as
/// tooltip. Invalid text is marked red and reported; `values()` refuses to return invalid values.
#include <QWidget>
#include <map>

#include "core/parameters.h"

class QFormLayout;
class QLineEdit;
class QComboBox;

namespace dpwapp {

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

 signals:
  void edited();

 private:
  void validateField(const dpw::ParamSpec& spec, QLineEdit* edit) const;
  QFormLayout* layout_;
  dpw::ParamValues current_;
  std::map<std::string, QWidget*> fields_;
  bool lessonMode_ = false;
};

}  // namespace dpwapp
