#pragma once
/// The comparison grid's names for the metrics its cells report: a short name for the cells' captions
/// ([FairLearn] prints ACC, DI, EO₀ ...), a title for the table's header, and what the metric means (the
/// legend under the grid and the tooltips; issue #19 item 4), read from the engine's output labels
/// (methods/output_labels.h). Keys without a label show as their key.
#include <QString>

namespace dpwapp {

/// The metric's short name (`brief`) or its table title; the key itself when the table has no entry.
QString metricTitle(const QString& key, bool brief);
/// "ACC: accuracy on the test set (…)" for a metric with a short name; empty for one shown by its key.
QString metricExplained(const QString& key);

}  // namespace dpwapp
