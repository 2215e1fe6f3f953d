// core/one_thread.h: the work runs once, on one thread, and an exception thrown inside reaches the caller.
#include <QtTest>
#include <stdexcept>

#include "core/error.h"
#include "core/one_thread.h"

using namespace dpw;

class TestOneThread : public QObject {
  Q_OBJECT
 private slots:
  void runsTheWorkOnce() {
    int calls = 0;
    onOneThread([&] { ++calls; });
    QCOMPARE(calls, 1);
  }
  void carriesAnExceptionOut() {
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, onOneThread([] { require(false, "the rule"); }));
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, onOneThread([] { throw std::runtime_error("x"); }));
  }
};

QTEST_APPLESS_MAIN(TestOneThread)
#include "tst_one_thread.moc"
