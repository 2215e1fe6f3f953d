#pragma once
/// The run's results as the explanation panel shows them (issue #40 item 3): each metric by its human name
/// (the engine's output labels, methods/output_labels.h), its value and unit, and whether it is part of the
/// private release (covered by ε) or an evaluation on private data (not private, outside ε;
/// core/output_classes.h). The release first, then the evaluation; a previous run's rows are faded.
#include <QString>
#include <QVariantMap>

namespace dpwapp {

/// One row of the table (also what tests read).
struct ResultRow {
  QString key;    ///< the summary.json key, evaluation suffix removed
  QString name;   ///< the human name ("β at α = 0.1, discrete Gaussian"); the key when it has none
  QString value;  ///< formatted ("0.0123", "yes")
  QString unit;   ///< "" or e.g. "probability", "s"
  bool evaluation = false;
};

/// The rows of `metrics` (keys of an evaluation end with dpw::evaluationSuffix()), release first, each
/// group in key order.
QVector<ResultRow> resultRows(const QVariantMap& metrics);

/// The HTML of the table: "<p><b>Last run:</b></p>" (or "Previous run (differences)" faded when `previous`)
/// then the release's table, then "Evaluation on private data" and its table. A method that spends no
/// privacy (`spendsPrivacy` false: its PrivacyReadout says why none) heads its table "no private data",
/// not "private release (covered by ε)".
QString resultsTableHtml(const QVariantMap& metrics, bool previous, const QString& previousDifferences,
                         bool spendsPrivacy = true);

}  // namespace dpwapp
