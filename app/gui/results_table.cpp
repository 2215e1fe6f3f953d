#include "gui/results_table.h"

#include <QObject>
#include <QVector>

#include "core/output_classes.h"
#include "methods/output_labels.h"

namespace dpwapp {

namespace {

/// A key shown as itself (no label) breaks after each underscore: in a narrow panel
/// "some_long_key" wraps between its words.
QString breakableId(const QString& id) {
  return id.toHtmlEscaped().replace(QLatin1Char('_'), QStringLiteral("_\u200b"));
}

}  // namespace

QVector<ResultRow> resultRows(const QVariantMap& metrics) {
  const QString suffix = QString::fromStdString(dpw::evaluationSuffix());
  QVector<ResultRow> rows;
  for (const bool evaluation : {false, true})
    for (auto it = metrics.begin(); it != metrics.end(); ++it) {
      if (it.key().endsWith(suffix) != evaluation) continue;
      ResultRow r;
      r.key = evaluation ? it.key().left(it.key().size() - suffix.size()) : it.key();
      r.evaluation = evaluation;
      const dpw::OutputLabel label = dpw::outputLabel(r.key.toStdString());
      r.name = label.title.empty() ? r.key : QString::fromStdString(label.title);
      r.unit = QString::fromStdString(label.unit);
      const double v = it.value().toDouble();
      if (r.unit == QLatin1String("yes/no")) {
        r.value = v != 0 ? QObject::tr("yes") : QObject::tr("no");
        r.unit.clear();
      } else {
        r.value = QString::number(v, 'g', 5);
      }
      rows.push_back(r);
    }
  return rows;
}

QString resultsTableHtml(const QVariantMap& metrics, bool previous, const QString& previousDifferences, bool spendsPrivacy) {
  const QVector<ResultRow> rows = resultRows(metrics);
  if (rows.isEmpty()) return {};
  const QString grey = previous ? QStringLiteral(" color:#8c8c8c;") : QString();
  const QString faint = QStringLiteral("color:#6b6b6b;");  // units and kinds: secondary, still readable
  QString html;
  for (const bool evaluation : {false, true}) {
    QString body;
    for (const ResultRow& r : rows) {
      if (r.evaluation != evaluation) continue;
      // The unit follows the name, greyed ("… (probability)"): the value column stays narrow enough for
      // the panel at 1024 × 768.
      QString name = r.name == r.key ? breakableId(r.key) : r.name.toHtmlEscaped();
      if (!r.unit.isEmpty()) name += QStringLiteral(" <span style='%1'>(%2)</span>").arg(previous ? grey : faint, r.unit.toHtmlEscaped());
      body += QStringLiteral("<tr><td style='padding-bottom:2px;%1'>%2</td>"
                             "<td align=right style='padding-left:8px; white-space:nowrap;%1'>%3</td></tr>")
                  .arg(grey, name, r.value.toHtmlEscaped());
    }
    if (body.isEmpty()) continue;
    if (evaluation)
      html += previous ? QObject::tr("<p style='color:#8c8c8c'><b>Previous run, evaluation on private data</b> "
                                     "(not private: not covered by ε):</p>")
                       : QObject::tr("<p><b>Evaluation on private data</b> (not private: not covered by ε):</p>");
    else if (!spendsPrivacy)  // an explorer or a teaching method on synthetic data: nothing private to cover
      html += previous ? QObject::tr("<p style='color:#8c8c8c'><b>Previous run</b> (%1), no private data:</p>")
                             .arg(previousDifferences.toHtmlEscaped())
                       : QObject::tr("<p><b>Last run:</b> no private data</p>");
    else
      html += previous ? QObject::tr("<p style='color:#8c8c8c'><b>Previous run</b> (%1), private release "
                                     "(covered by ε):</p>").arg(previousDifferences.toHtmlEscaped())
                       : QObject::tr("<p><b>Last run:</b> private release (covered by ε)</p>");
    html += QStringLiteral("<table cellspacing=0 width='100%'>") + body + "</table>";
  }
  return html;
}

}  // namespace dpwapp
