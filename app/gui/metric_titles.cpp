#include "gui/metric_titles.h"

#include <optional>

#include "methods/output_labels.h"

namespace dpwapp {

/// A metric's short name in the cells' captions ([FairLearn] prints ACC, DI, EO₀ ...), its name in the
/// table's header, and what it means (the legend under the grid and the tooltips; issue #19 item 4).
namespace {

struct MetricName {
  QString brief, title, meaning;
};

/// The engine's output labels (methods/output_labels.h): the one home of every metric's names.
std::optional<MetricName> metricName(const QString& key) {
  const dpw::OutputLabel l = dpw::outputLabel(key.toStdString());
  if (l.title.empty()) return std::nullopt;
  return MetricName{QString::fromStdString(l.brief), QString::fromStdString(l.title), QString::fromStdString(l.meaning)};
}

}  // namespace

QString metricTitle(const QString& key, bool brief) {
  const auto n = metricName(key);
  if (!n) return key;
  return brief ? n->brief : n->title;
}

QString metricExplained(const QString& key) {
  const auto n = metricName(key);
  return n ? QStringLiteral("%1: %2").arg(n->brief, n->meaning) : QString();
}

}  // namespace dpwapp
