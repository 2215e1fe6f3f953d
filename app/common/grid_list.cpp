#include "common/grid_list.h"

#include <QObject>
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/error.h"
#include "core/parameter_text.h"

namespace dpwapp {

QString gridNumber(double v, int precision) {
  if (std::isinf(v)) return v > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
  if (std::isnan(v)) return QStringLiteral("–");
  return QString::number(v, 'g', precision);
}

namespace {

/// A value of a grid list as its JSON (what a sweep file holds) and its label.
QJsonValue jsonOf(const dpw::ParamValue& v) {
  if (const auto* t = std::get_if<std::string>(&v)) return QString::fromStdString(*t);
  const double d = std::get<double>(v);
  if (std::isinf(d)) return d > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
  return d;
}

QString labelOf(const QJsonValue& v) {
  if (v.isString()) return v.toString() == "inf" ? QStringLiteral("∞") : v.toString();
  return gridNumber(v.toDouble());
}

}  // namespace

GridList parseGridList(const dpw::ParamSpec& spec, const QString& text) {
  GridList out;
  const QString what = QString::fromStdString(spec.label);
  const bool textual = spec.kind == dpw::ParamKind::Choice || spec.kind == dpw::ParamKind::Text;
  std::vector<std::string> items;  // the engine's one list splitter and number reader (core/parameter_text.h)
  try {
    items = dpw::splitList(text.toStdString(), "list");
  } catch (const dpw::InvalidArgument&) {
    out.error = QObject::tr("%1 list: an empty item between commas").arg(what);
    return out;
  }
  QStringList seen;
  for (const std::string& item : items) {
    const QString t = QString::fromStdString(item);
    dpw::ParamValue v;
    const dpw::SpecialValue* special = textual ? nullptr : dpw::specialValue(spec, t.toStdString());
    if (textual) {
      v = item;
    } else if (special) {  // a number that means a word ("from ε"): the sweep keeps the number
      v = special->value;
    } else if (const auto d = dpw::parseReal(item)) {
      v = *d;
    } else {
      out.error = QObject::tr("%1 list: '%2' is not a number%3")
                      .arg(what, t, spec.allowInfinity ? QObject::tr(" (or inf)") : QString());
      return out;
    }
    const std::string problem = dpw::checkParam(spec, v);
    if (!problem.empty()) {
      out.error = QObject::tr("%1 list: %2").arg(what, QString::fromStdString(problem));
      return out;
    }
    const QJsonValue json = jsonOf(v);
    const QString key = json.isString() ? json.toString() : QString::number(json.toDouble(), 'g', 17);
    if (seen.contains(key)) {
      out.error = QObject::tr("%1 list: %2 appears twice").arg(what, t);
      return out;
    }
    seen << key;
    out.values.append(json);
    const dpw::SpecialValue* word = textual ? nullptr : dpw::specialValue(spec, std::get<double>(v));
    out.labels << (word ? QString::fromStdString(word->label) : labelOf(json));
  }
  if (out.values.isEmpty()) {
    out.error = QObject::tr("%1 list is empty: enter values separated by commas").arg(what);
    return out;
  }
  if (out.values.size() > kMaxGridSide)
    out.error = QObject::tr("%1 list: at most %2 values, got %3").arg(what).arg(kMaxGridSide).arg(out.values.size());
  return out;
}

QString suggestedGridList(const dpw::ParamSpec& spec, const dpw::ParamValue& current) {
  QStringList out;
  if (spec.kind == dpw::ParamKind::Choice) {
    for (const auto& c : spec.choices)
      if (out.size() < kMaxGridSide) out << QString::fromStdString(c);
    return out.join(", ");
  }
  const double v = std::holds_alternative<double>(current) ? std::get<double>(current) : spec.defaultValue;
  if (spec.key == "epsilon" && spec.allowInfinity) return QStringLiteral("inf, 5, 1");
  if (spec.min == 0 && spec.max == 1 && spec.kind == dpw::ParamKind::Real) return QStringLiteral("0, 0.25, 0.5, 0.75");
  std::vector<double> candidates;
  if (std::isinf(v) || v == 0) {
    candidates = {spec.min, spec.defaultValue};
  } else {
    candidates = {v / 2, v, v * 2};
  }
  for (double c : candidates) {
    if (spec.kind == dpw::ParamKind::Integer) c = std::round(c);
    c = std::clamp(c, spec.min, spec.max);
    if (!std::isfinite(c)) continue;
    const dpw::SpecialValue* word = dpw::specialValue(spec, c);  // "from ε", not 0
    const QString text = word ? QString::fromStdString(word->label) : QString::number(c, 'g', 6);
    if (!out.contains(text)) out << text;
  }
  return out.join(", ");
}

}  // namespace dpwapp
