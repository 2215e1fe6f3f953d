#include "gui/run_readout.h"

#include <QObject>

namespace dpwapp {

QString RunReadout::stateWord() const {
  switch (state) {
    case RunState::None: return {};
    case RunState::Running: return QObject::tr("running");
    case RunState::Pausing: return QObject::tr("pausing");
    case RunState::Paused: return QObject::tr("paused");
    case RunState::Cancelled: return QObject::tr("cancelled");
    case RunState::Failed: return QObject::tr("failed");
    case RunState::Finished: return QObject::tr("finished");
    case RunState::Previous: return QObject::tr("previous run");
  }
  return {};
}

QString RunReadout::statusText() const {
  if (state == RunState::None) return {};
  if (total <= 0) return stateWord();
  return QObject::tr("%1 · step %2 / %3").arg(stateWord()).arg(step).arg(total);
}

QString RunReadout::panelHtml() const {
  if (state == RunState::None) return {};
  QString html = state == RunState::Previous ? QObject::tr("<p><b>Previous run</b>") : QObject::tr("<p><b>Now:</b> %1").arg(stateWord());
  if (total > 0) html += QObject::tr(" at step %1 of %2").arg(step).arg(total);
  if (!privacy.isEmpty()) html += QStringLiteral(", %1").arg(privacy.toHtmlEscaped());
  html += "</p>";
  if (!differences.isEmpty()) {
    const QString note = state == RunState::Previous
                             ? QObject::tr("<p><i>The charts, numbers and statement below are faded: they are of a "
                                           "run with %1; the form has changed since. Run to see the form's values.</i></p>")
                             : QObject::tr("<p><i>This run has %1; the form has changed since (the change takes "
                                           "effect at the next run).</i></p>");
    html += note.arg(differences.toHtmlEscaped());
  }
  return html;
}

}  // namespace dpwapp
