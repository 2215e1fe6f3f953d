#pragma once
/// The lists of values a comparison grid varies (gui/comparison_grid.h): what the user types for an axis
/// ("inf, 5, 1"; "sp, eo"), read and checked against the parameter's spec, with no widget involved.
#include <QJsonArray>
#include <QString>
#include <QStringList>
#include <string>

#include "core/parameters.h"

namespace dpwapp {

/// One list of values typed by the user for a grid axis ("inf, 5, 1"; "sp, eo"), validated against the
/// parameter's spec: the values (as sweep-grid JSON), their labels, or why the list is refused.
struct GridList {
  QJsonArray values;
  QStringList labels;
  QString error;  ///< empty when valid
};
inline constexpr int kMaxGridSide = 6;
/// Numbers within the parameter's range (or inf where it allows ∞), the words of its special values
/// ("from ε": the number, labelled with the word), or its choices; at most kMaxGridSide, no repeats.
GridList parseGridList(const dpw::ParamSpec& spec, const QString& text);
/// A starting list for an axis: the choices, or the current value and values around it.
QString suggestedGridList(const dpw::ParamSpec& spec, const dpw::ParamValue& current);
/// A number as the grid shows it: "∞", "−∞", "–" for NaN, else `precision` significant digits.
QString gridNumber(double v, int precision = 4);

}  // namespace dpwapp
