#pragma once
// What the suites that drive the main window set up alike: settings of their own, kept out of the user's
// (organisation "DPW Lab Tests", the suite's application name), no modal dialog waiting for a click, a window
// shown at a size, and the event loop run until layouts and deferred resizes settle.
#include <QByteArray>
#include <QCoreApplication>
#include <QSettings>
#include <QSize>
#include <QWidget>
#include <QtTest>

namespace dpwtest {

/// From initTestCase: the suite's own settings (application name `suite`; none keeps the executable's name),
/// cleared when `clearSettings`; DPW_NO_DIALOGS set when `noDialogs`, so that no modal dialog waits for a click.
inline void isolateGuiSuite(const char* suite, bool clearSettings, bool noDialogs = true) {
  if (noDialogs) qputenv("DPW_NO_DIALOGS", "1");
  QCoreApplication::setOrganizationName("DPW Lab Tests");
  if (suite) QCoreApplication::setApplicationName(suite);
  if (clearSettings) QSettings().clear();
}

/// Delivers the posted events and runs the event loop, `rounds` times.
inline void settle(int rounds = 5) {
  for (int i = 0; i < rounds; ++i) {
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
  }
}

/// Resizes `w` to `size`, shows it and waits until it is exposed; false if it never is.
[[nodiscard]] inline bool showAt(QWidget& w, QSize size) {
  w.resize(size);
  w.show();
  return QTest::qWaitForWindowExposed(&w);
}

}  // namespace dpwtest
