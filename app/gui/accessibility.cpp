#include "gui/accessibility.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QTabBar>
#include <QAction>
#include <QRegularExpression>
#include <QTextEdit>
#include <QToolButton>

namespace dpwapp {
namespace {

QString plainText(QString text) {
  text.remove('&');
  if (Qt::mightBeRichText(text)) {
    text.remove(QRegularExpression("<[^>]*>"));
  }
  return text.simplified().remove(QRegularExpression(":$"));
}

/// The label a field sits beside: a QLabel whose buddy is the field or one of its ancestors, or the
/// label of its QFormLayout row.
QString labelOf(const QWidget* w) {
  for (const QWidget* at = w; at && !at->isWindow(); at = at->parentWidget()) {
    const QWidget* parent = at->parentWidget();
    if (!parent) break;
    for (const QLabel* label : parent->findChildren<QLabel*>(QString(), Qt::FindDirectChildrenOnly))
      if (label->buddy() == at && !label->text().isEmpty()) return plainText(label->text());
    if (auto* form = qobject_cast<QFormLayout*>(parent->layout()))
      if (auto* label = qobject_cast<QLabel*>(form->labelForField(const_cast<QWidget*>(at))); label && !label->text().isEmpty())
        return plainText(label->text());
  }
  return {};
}

}  // namespace

bool isInteractive(const QWidget* w) {
  if (!w) return false;
  if (qobject_cast<const QLineEdit*>(w) && qobject_cast<const QAbstractSpinBox*>(w->parentWidget())) return false;  // a spin box's editor
  if (qobject_cast<const QLineEdit*>(w) && qobject_cast<const QComboBox*>(w->parentWidget())) return false;  // an editable combo's editor
  if (w->inherits("QScrollBar")) return false;  // part of a scroll area
  if (qobject_cast<const QToolButton*>(w) && w->objectName() == "qt_toolbar_ext_button") return true;
  return qobject_cast<const QAbstractButton*>(w) || qobject_cast<const QComboBox*>(w) || qobject_cast<const QLineEdit*>(w) ||
         qobject_cast<const QAbstractSpinBox*>(w) || qobject_cast<const QAbstractSlider*>(w) ||
         qobject_cast<const QAbstractItemView*>(w) || qobject_cast<const QTabBar*>(w) ||
         (qobject_cast<const QTextEdit*>(w) && w->focusPolicy() != Qt::NoFocus);
}

void nameControl(QWidget* w) {
  if (!isInteractive(w)) return;
  if (w->accessibleName().isEmpty()) {
    QString name = labelOf(w);
    if (name.isEmpty())
      if (auto* b = qobject_cast<QAbstractButton*>(w)) name = plainText(b->text());
    if (name.isEmpty())
      if (auto* t = qobject_cast<QToolButton*>(w); t && t->defaultAction()) name = plainText(t->defaultAction()->text());
    if (name.isEmpty() && w->objectName() == "qt_toolbar_ext_button") name = QObject::tr("More toolbar actions");
    if (name.isEmpty()) name = plainText(w->toolTip());
    if (name.isEmpty()) name = plainText(w->windowTitle());
    if (name.isEmpty() && !w->objectName().isEmpty() && !w->objectName().startsWith("qt_")) name = w->objectName();
    if (!name.isEmpty()) w->setAccessibleName(name);
  }
  if (w->toolTip().isEmpty() && !w->accessibleName().isEmpty()) {
    QString tip = w->accessibleDescription().isEmpty() ? w->accessibleName() : w->accessibleDescription();
    if (auto* t = qobject_cast<QToolButton*>(w); t && t->defaultAction() && !t->defaultAction()->shortcut().isEmpty())
      tip += QStringLiteral(" (%1)").arg(t->defaultAction()->shortcut().toString(QKeySequence::NativeText));
    w->setToolTip(tip);
  }
}

void nameControls(QWidget* root) {
  nameControl(root);
  for (QWidget* w : root->findChildren<QWidget*>()) nameControl(w);
}

void ControlNamer::install() {
  static ControlNamer* namer = nullptr;
  if (namer) return;
  namer = new ControlNamer(qApp);
  qApp->installEventFilter(namer);
}

bool ControlNamer::eventFilter(QObject* watched, QEvent* event) {
  // Polish: before it is first shown; Show: names Qt gives its own parts late (a dock's float button).
  if ((event->type() == QEvent::Polish || event->type() == QEvent::Show) && watched->isWidgetType())
    nameControl(static_cast<QWidget*>(watched));
  return QObject::eventFilter(watched, event);
}

}  // namespace dpwapp
