#include "gui/parameter_form.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <cmath>

#include "core/error.h"

namespace dpwapp {
namespace {

QString formatNumber(double v) {
  if (std::isinf(v)) return QStringLiteral("inf");
  return QString::number(v, 'g', 12);
}

/// Parses a field's text; returns the reason it is unacceptable in `problem`.
dpw::ParamValue parseField(const dpw::ParamSpec& spec, const QString& text, QString* problem) {
  const QString t = text.trimmed();
  if (spec.kind == dpw::ParamKind::Text || spec.kind == dpw::ParamKind::Choice) return t.toStdString();
  double v = 0;
  if (t.compare("inf", Qt::CaseInsensitive) == 0 || t == QStringLiteral("∞")) {
    v = INFINITY;
  } else {
    bool ok = false;
    v = t.toDouble(&ok);
    if (!ok) {
      *problem = QStringLiteral("'%1' is not a number").arg(t);
      return 0.0;
    }
  }
  const std::string why = dpw::checkParam(spec, v);
  if (!why.empty()) *problem = QString::fromStdString(why);
  return v;
}

}  // namespace

ParameterForm::ParameterForm(QWidget* parent) : QWidget(parent), layout_(new QFormLayout(this)) {
  layout_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
}

void ParameterForm::setValues(const dpw::ParamValues& values) {
  while (layout_->rowCount() > 0) layout_->removeRow(0);
  fields_.clear();
  current_ = values;
  for (const auto& spec : values.specs()) {
    QString tip = QString::fromStdString(spec.help);
    if (!spec.unit.empty()) tip += QStringLiteral("\nUnit: %1").arg(QString::fromStdString(spec.unit));
    tip += tr("\nTakes effect at the next run.");
    const QString label = QString::fromStdString(spec.label);
    QWidget* field = nullptr;
    const auto& value = values.values().at(spec.key);
    if (spec.kind == dpw::ParamKind::Choice) {
      auto* combo = new QComboBox;
      for (const auto& c : spec.choices) combo->addItem(QString::fromStdString(c));
      combo->setCurrentText(QString::fromStdString(std::get<std::string>(value)));
      connect(combo, &QComboBox::currentTextChanged, this, &ParameterForm::edited);
      field = combo;
    } else {
      auto* edit = new QLineEdit;
      edit->setText(std::holds_alternative<double>(value) ? formatNumber(std::get<double>(value))
                                                          : QString::fromStdString(std::get<std::string>(value)));
      connect(edit, &QLineEdit::textChanged, this, [this, spec, edit] {
        validateField(spec, edit);
        emit edited();
      });
      field = edit;
    }
    field->setToolTip(tip);
    field->setObjectName(QString::fromStdString(spec.key));
    auto* labelWidget = new QLabel(label);
    labelWidget->setToolTip(tip);
    layout_->addRow(labelWidget, field);
    fields_[spec.key] = field;
  }
  setLessonMode(lessonMode_);
}

void ParameterForm::validateField(const dpw::ParamSpec& spec, QLineEdit* edit) const {
  QString problem;
  parseField(spec, edit->text(), &problem);
  edit->setStyleSheet(problem.isEmpty() ? QString() : QStringLiteral("QLineEdit { background: #ffd7d7; }"));
  edit->setToolTip(problem.isEmpty() ? QString::fromStdString(spec.help) : problem);
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
    if (spec.advanced) layout_->setRowVisible(fields_.at(spec.key), !on);
}

QWidget* ParameterForm::field(const std::string& key) const {
  auto it = fields_.find(key);
  return it == fields_.end() ? nullptr : it->second;
}

}  // namespace dpwapp
