#include "gui/status_message_label.h"

#include <algorithm>

#include "charts/chart_style.h"  // wrapWords

namespace dpwapp {

void StatusMessageLabel::setFullText(const QString& text) {
  full_ = text;
  setToolTip(text);
  updateText();
}

void StatusMessageLabel::resizeEvent(QResizeEvent* e) {
  QLabel::resizeEvent(e);
  updateText();
}

void StatusMessageLabel::updateText() {
  const int room = std::max(0, width() - 4);
  const QFontMetrics metrics = fontMetrics();
  QString shown = full_;
  auto fits = [&](const QString& line) { return metrics.horizontalAdvance(line) <= room; };
  if (!fits(full_)) {
    const QStringList lines = wrapWords(full_, fits);
    shown = !fits(lines[0]) ? metrics.elidedText(full_, Qt::ElideRight, room)
                            : lines[0] + QLatin1Char('\n') +
                                  metrics.elidedText(lines.mid(1).join(QLatin1Char(' ')), Qt::ElideRight, room);
  }
  const bool twoLines = shown.contains(QLatin1Char('\n'));
  QLabel::setText(shown);
  if (twoLines != twoLines_) {  // the status bar's height follows
    twoLines_ = twoLines;
    updateGeometry();
  }
}

}  // namespace dpwapp
