#include "gui/parameter_form.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>
#include <optional>

#include "core/error.h"
#include "core/parameter_text.h"
#include "gui/parameter_slider.h"

namespace dpwapp {
namespace {

QString formatNumber(double v) {
  if (std::isinf(v)) return QStringLiteral("inf");
  return QString::number(v, 'g', 12);
}

/// A number as the form shows it: the special value's word ("from ε") or the number.
QString displayText(const dpw::ParamSpec& spec, double v) {
  if (const dpw::SpecialValue* s = dpw::specialValue(spec, v)) return QString::fromStdString(s->label);
  return formatNumber(v);
}

/// The line edit a user types into: the field itself, or an editable combo's (numbers with special values).
QLineEdit* lineEditOf(QWidget* field) {
  if (auto* edit = qobject_cast<QLineEdit*>(field)) return edit;
  if (auto* combo = qobject_cast<QComboBox*>(field); combo && combo->isEditable()) return combo->lineEdit();
  return nullptr;
}

/// After the program put a value into a field (a line edit or an editable list), shows its start: a
/// number longer than the field (√2 as 1.41421356237) would otherwise show its last digits
/// ("21356237"), which read as another number.
void showStart(QWidget* field) {
  if (QLineEdit* edit = lineEditOf(field)) edit->setCursorPosition(0);
}

/// Parses a field's text: a special value's word ("from ε"), else the engine's one reader of numbers,
/// inf and choices (core/parameter_text.h); returns the reason it is unacceptable in `problem`.
dpw::ParamValue parseField(const dpw::ParamSpec& spec, const QString& text, QString* problem) {
  try {
    if (spec.kind != dpw::ParamKind::Text && spec.kind != dpw::ParamKind::Choice)
      if (const dpw::SpecialValue* s = dpw::specialValue(spec, text.trimmed().toStdString())) return s->value;
    return dpw::parseParamValue(spec, text.toStdString());
  } catch (const dpw::InvalidArgument& e) {
    *problem = QString::fromUtf8(e.what());
    return 0.0;
  }
}

/// The number a field shows (for its slider), if it holds one.
std::optional<double> fieldNumber(const QString& text) { return dpw::parseReal(text.toStdString()); }

}  // namespace

ParameterForm::ParameterForm(QWidget* parent) : QWidget(parent), layout_(new QFormLayout(this)) {
  layout_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  // In a narrow panel (1024 x 768: a quarter of the window) a field goes under its label instead of
  // being cut off behind a horizontal scroll bar.
  layout_->setRowWrapPolicy(QFormLayout::WrapLongRows);
}

void ParameterForm::setValues(const dpw::ParamValues& values) {
  while (layout_->rowCount() > 0) layout_->removeRow(0);
  fields_.clear();
  rows_.clear();
  sliders_.clear();
  resetButtons_.clear();
  committedText_.clear();
  current_ = values;
  for (const auto& spec : values.specs()) {
    QString tip = QString::fromStdString(spec.help);
    if (!spec.unit.empty()) tip += QStringLiteral("\nUnit: %1").arg(QString::fromStdString(spec.unit));
    for (const auto& w : spec.usedWhen) {
      QStringList choices;
      for (const auto& c : w.values) choices << QString::fromStdString(c);
      tip += tr("\nUsed only while %1 is %2 (greyed out otherwise).")
                 .arg(QString::fromStdString(values.spec(w.key).label), choices.join(tr(" or ")));
    }
    tip += tr("\nTakes effect at the next run.");
    const QString label = QString::fromStdString(spec.label);
    QWidget* field = nullptr;
    const auto& value = values.values().at(spec.key);
    if (spec.kind == dpw::ParamKind::Choice) {
      auto* combo = new QComboBox;
      for (const auto& c : spec.choices) combo->addItem(QString::fromStdString(c));
      combo->setCurrentText(QString::fromStdString(std::get<std::string>(value)));
      connect(combo, &QComboBox::currentTextChanged, this, &ParameterForm::edited);
      connect(combo, &QComboBox::currentTextChanged, this, &ParameterForm::updateFieldsInUse);
      connect(combo, &QComboBox::activated, this, [this, key = spec.key] { commitField(key); });
      field = combo;
    } else if (!spec.special.empty()) {
      // A number whose special values mean words ("auto (0.1/n)", "from ε", "= d"): pick one from the list
      // or type a number; the scenario keeps the number (issue #19 item 4).
      auto* combo = new QComboBox;
      combo->setEditable(true);
      combo->setInsertPolicy(QComboBox::NoInsert);
      for (const auto& s : spec.special) combo->addItem(QString::fromStdString(s.label), s.value);
      combo->setCurrentText(displayText(spec, std::get<double>(value)));
      QLineEdit* edit = combo->lineEdit();
      edit->setPlaceholderText(tr("a number, or pick from the list"));
      connect(edit, &QLineEdit::textChanged, this, [this, spec, edit] {
        validateField(spec, edit);
        emit edited();
      });
      connect(edit, &QLineEdit::editingFinished, this, [this, key = spec.key] { commitField(key); });
      connect(combo, &QComboBox::activated, this, [this, key = spec.key] { commitField(key); });
      QStringList words;
      for (const auto& s : spec.special) words << tr("%1 = %2").arg(QString::fromStdString(s.label), formatNumber(s.value));
      tip += tr("\nChoices in the list (the number in scenario files): %1. Or type a number.").arg(words.join("; "));
      field = combo;
    } else {
      auto* edit = new QLineEdit;
      edit->setText(std::holds_alternative<double>(value) ? formatNumber(std::get<double>(value))
                                                          : QString::fromStdString(std::get<std::string>(value)));
      connect(edit, &QLineEdit::textChanged, this, [this, spec, edit] {
        validateField(spec, edit);
        emit edited();
      });
      connect(edit, &QLineEdit::editingFinished, this, [this, key = spec.key] { commitField(key); });
      field = edit;
    }
    // A list is as wide as its longest entry where the panel has room, but may shrink to 12 characters
    // ("= m (private row count)" cut, the open list shows it whole) rather than scroll the whole form
    // sideways in a narrow panel.
    if (auto* combo = qobject_cast<QComboBox*>(field))
      combo->setMinimumWidth(combo->fontMetrics().horizontalAdvance(QString(12, QLatin1Char('x'))) + 28);
    showStart(field);
    field->setToolTip(tip);
    field->setObjectName(QString::fromStdString(spec.key));
    auto* labelWidget = new QLabel(label);
    labelWidget->setToolTip(tip);
    fields_[spec.key] = field;
    layout_->addRow(labelWidget, decorateField(spec, field));
    committedText_[spec.key] = fieldText(spec.key);
    updateFieldExtras(spec.key);
  }
  setLessonMode(lessonMode_);
  updateFieldsInUse();
}

bool ParameterForm::fieldInUse(const std::string& key) const {
  return dpw::takesEffect(current_.spec(key), [this](const std::string& k) { return fieldText(k).toStdString(); });
}

void ParameterForm::updateFieldsInUse() {
  for (const auto& spec : current_.specs()) {
    if (spec.usedWhen.empty()) continue;
    const bool used = fieldInUse(spec.key);
    QWidget* row = rows_.at(spec.key);
    row->setEnabled(used);
    if (QWidget* label = layout_->labelForField(row)) label->setEnabled(used);
  }
}

void ParameterForm::validateField(const dpw::ParamSpec& spec, QLineEdit* edit) const {
  QString problem;
  parseField(spec, edit->text(), &problem);
  edit->setStyleSheet(problem.isEmpty() ? QString() : QStringLiteral("QLineEdit { background: #ffd7d7; }"));
  QWidget* field = edit;
  if (auto* combo = qobject_cast<QComboBox*>(edit->parentWidget())) field = combo;  // an editable combo's edit
  field->setToolTip(problem.isEmpty() ? QString::fromStdString(spec.help) : problem);
}

dpw::ParamValues ParameterForm::values() const {
  dpw::ParamValues out = current_;
  for (const auto& spec : current_.specs()) {
    QWidget* w = fields_.at(spec.key);
    QString text;
    if (auto* combo = qobject_cast<QComboBox*>(w))
      text = combo->currentText();
    else
      text = static_cast<QLineEdit*>(w)->text();
    QString problem;
    const dpw::ParamValue v = parseField(spec, text, &problem);
    if (!problem.isEmpty())
      throw dpw::InvalidArgument(QStringLiteral("%1: %2").arg(QString::fromStdString(spec.label), problem).toStdString());
    out.set(spec.key, v);
  }
  return out;
}

void ParameterForm::setLessonMode(bool on) {
  lessonMode_ = on;
  for (const auto& spec : current_.specs())
    if (spec.advanced) layout_->setRowVisible(rows_.at(spec.key), !on);
}

QWidget* ParameterForm::decorateField(const dpw::ParamSpec& spec, QWidget* field) {
  // The field and a small reset button on one line; ε, α and σ get a slider under them.
  auto* row = new QWidget;
  auto* column = new QVBoxLayout(row);
  column->setContentsMargins(0, 0, 0, 0);
  column->setSpacing(1);
  auto* line = new QHBoxLayout;
  line->setSpacing(2);
  // A number field keeps room for seven digits: where the label column leaves less (long labels in a
  // narrow panel), the row wraps, field under its label, instead of showing "200" of 2000.
  if (auto* edit = qobject_cast<QLineEdit*>(field))
    edit->setMinimumWidth(edit->fontMetrics().horizontalAdvance(QStringLiteral("0000000")) + 12);
  line->addWidget(field, 1);
  auto* reset = new QToolButton;
  reset->setText(QStringLiteral("↺"));
  reset->setAutoRaise(true);
  reset->setObjectName(QString::fromStdString(spec.key) + "Reset");
  reset->setAccessibleName(tr("Reset %1 to its default").arg(QString::fromStdString(spec.label)));
  reset->setToolTip((baseline_ ? tr("Reset to the lesson's value (%1)") : tr("Reset to the default (%1)")).arg(defaultText(spec.key)));
  reset->setFocusPolicy(Qt::NoFocus);
  const std::string key = spec.key;
  connect(reset, &QToolButton::clicked, this, [this, key] {
    const QString before = committedText_[key], after = defaultText(key);
    setFieldText(key, after);
    if (before != after) emit committed(key, before, after);
  });
  line->addWidget(reset);
  resetButtons_[key] = reset;
  column->addLayout(line);
  if (ParameterSlider::wanted(spec)) {
    auto* slider = new ParameterSlider(spec);
    QLineEdit* edit = lineEditOf(field);
    connect(slider, &ParameterSlider::moved, this, [edit](double v) {
      edit->setText(formatNumber(v));
      showStart(edit);
    });
    connect(slider, &ParameterSlider::released, this, [this, key, edit](double v) {
      edit->setText(formatNumber(v));
      showStart(edit);
      commitField(key);
      emit sliderReleased(key);
    });
    connect(edit, &QLineEdit::textEdited, slider, [slider](const QString& text) {
      if (const auto v = fieldNumber(text)) slider->showValue(*v);
    });
    column->addWidget(slider);
    sliders_[key] = slider;
  }
  rows_[key] = row;
  return row;
}

void ParameterForm::commitField(const std::string& key) {
  const QString before = committedText_[key], after = fieldText(key);
  updateFieldExtras(key);
  if (before == after) return;
  committedText_[key] = after;
  emit committed(key, before, after);
}

void ParameterForm::updateFieldExtras(const std::string& key) {
  const QString text = fieldText(key);
  if (auto it = resetButtons_.find(key); it != resetButtons_.end()) it->second->setEnabled(text.trimmed() != defaultText(key));
  if (auto it = sliders_.find(key); it != sliders_.end()) {
    QString problem;
    const dpw::ParamValue v = parseField(current_.spec(key), text, &problem);
    if (problem.isEmpty() && std::holds_alternative<double>(v)) it->second->showValue(std::get<double>(v));
  }
}

QString ParameterForm::fieldText(const std::string& key) const {
  QWidget* w = field(key);
  if (auto* combo = qobject_cast<QComboBox*>(w)) return combo->currentText();
  if (auto* edit = qobject_cast<QLineEdit*>(w)) return edit->text();
  return {};
}

QString ParameterForm::defaultText(const std::string& key) const {
  for (const auto& spec : current_.specs())
    if (spec.key == key) {
      if (baseline_) {  // a lesson's value (the baseline has the same method's specs)
        const auto& values = baseline_->values();
        if (const auto it = values.find(key); it != values.end())
          return std::holds_alternative<std::string>(it->second) ? QString::fromStdString(std::get<std::string>(it->second))
                                                                 : displayText(spec, std::get<double>(it->second));
      }
      if (spec.kind == dpw::ParamKind::Choice || spec.kind == dpw::ParamKind::Text)
        return QString::fromStdString(spec.defaultText);
      return displayText(spec, spec.defaultValue);
    }
  return {};
}

void ParameterForm::setFieldText(const std::string& key, const QString& text) {
  QWidget* w = field(key);
  if (!w) return;
  if (auto* combo = qobject_cast<QComboBox*>(w)) {
    combo->setCurrentText(text);
  } else if (auto* edit = qobject_cast<QLineEdit*>(w)) {
    edit->setText(text);
  }
  showStart(w);
  committedText_[key] = fieldText(key);
  updateFieldExtras(key);
}

std::vector<std::string> ParameterForm::keys() const {
  std::vector<std::string> out;
  for (const auto& spec : current_.specs()) out.push_back(spec.key);
  return out;
}

ParameterSlider* ParameterForm::slider(const std::string& key) const {
  auto it = sliders_.find(key);
  return it == sliders_.end() ? nullptr : it->second;
}

QToolButton* ParameterForm::resetButton(const std::string& key) const {
  auto it = resetButtons_.find(key);
  return it == resetButtons_.end() ? nullptr : it->second;
}

QWidget* ParameterForm::field(const std::string& key) const {
  auto it = fields_.find(key);
  return it == fields_.end() ? nullptr : it->second;
}

}  // namespace dpwapp
