#pragma once
// Types `text` into a line-edit field as a user would: select all, then type (an empty text erases).
#include <QLineEdit>
#include <QtTest>

namespace dpwtest {

inline void typeInto(QWidget* field, const QString& text) {
  auto* edit = qobject_cast<QLineEdit*>(field);
  QVERIFY(edit);
  edit->selectAll();
  if (text.isEmpty())
    QTest::keyClick(edit, Qt::Key_Backspace);
  else
    QTest::keyClicks(edit, text);
}

}  // namespace dpwtest
