#pragma once
// The metrics two runs of the same settings and seed disagree on, other than their timing ("seconds",
// "steps_per_second"), as "key: a vs b" items: empty when b computed every number a did, to the last digit.
#include <QString>
#include <QStringList>
#include <cmath>

#include "core/method.h"

namespace dpwtest {

inline QString metricDifferences(const dpw::RunResult& a, const dpw::RunResult& b) {
  QStringList out;
  for (const auto& [key, value] : a.metrics) {
    if (key == "seconds" || key == "steps_per_second") continue;
    const auto it = b.metrics.find(key);
    if (it == b.metrics.end() || !(it->second == value || (std::isnan(it->second) && std::isnan(value))))
      out << QString("%1: %2 vs %3").arg(QString::fromStdString(key)).arg(value, 0, 'g', 17)
                 .arg(it == b.metrics.end() ? QString("missing") : QString::number(it->second, 'g', 17));
  }
  return out.join("; ");
}

}  // namespace dpwtest
