// GuardedApplication: an exception leaving an event handler is caught at that event's dispatch, reported, and
// the application goes on (without it, each case below ends the test program: Qt lets no exception through).
#include <QEvent>
#include <QSignalSpy>
#include <QTimer>
#include <QtTest>
#include <stdexcept>

#include "core/internal_error.h"
#include "gui/guarded_application.h"

namespace {

const QEvent::Type kThrow = QEvent::Type(QEvent::User + 1);

/// Throws an InternalError on kThrow, counts every other user event it handles.
class Fragile : public QObject {
 public:
  int handled = 0;
  bool event(QEvent* e) override {
    if (e->type() == kThrow) throw dpw::InternalError("a broken invariant in a handler");
    if (e->type() >= QEvent::User) {
      ++handled;
      return true;
    }
    return QObject::event(e);
  }
};

}  // namespace

class TestGuardedApplication : public QObject {
  Q_OBJECT
  static dpwapp::GuardedApplication* app() { return static_cast<dpwapp::GuardedApplication*>(qApp); }
  static QString messageOf(const QSignalSpy& spy, int i) { return spy.at(i).at(0).toString(); }

 private slots:
  void sentEventThatThrowsIsReportedAndNotHandled() {
    Fragile target;
    QSignalSpy spy(app(), &dpwapp::GuardedApplication::exceptionCaught);
    QEvent boom(kThrow);
    QVERIFY(!QCoreApplication::sendEvent(&target, &boom));  // not handled
    QCOMPARE(spy.count(), 1);
    QVERIFY(messageOf(spy, 0).startsWith("internal error, please report: a broken invariant in a handler"));
    // The same object and the application go on.
    QEvent fine(QEvent::Type(QEvent::User + 2));
    QVERIFY(QCoreApplication::sendEvent(&target, &fine));
    QCOMPARE(target.handled, 1);
  }

  void postedEventAndThrowingSlotInTheEventLoop() {
    Fragile target;
    QSignalSpy spy(app(), &dpwapp::GuardedApplication::exceptionCaught);
    QCoreApplication::postEvent(&target, new QEvent(kThrow));
    QCoreApplication::postEvent(&target, new QEvent(QEvent::Type(QEvent::User + 2)));
    bool after = false;
    QTimer::singleShot(0, &target, [] { throw std::runtime_error("a slot failed"); });
    QTimer::singleShot(5, &target, [&after] { after = true; });
    QTRY_VERIFY(after);  // the loop kept running past both exceptions
    QCOMPARE(spy.count(), 2);
    QCOMPARE(messageOf(spy, 1), QStringLiteral("a slot failed"));
    QCOMPARE(target.handled, 1);  // the event posted after the throwing one was delivered
  }
};

int main(int argc, char** argv) {
  qputenv("DPW_NO_DIALOGS", "1");
  dpwapp::GuardedApplication app(argc, argv);
  TestGuardedApplication test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_guarded_application.moc"
