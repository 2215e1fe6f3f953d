#pragma once
/// The GUI's last line against an exception that leaves an event handler. Qt does not let an exception pass
/// through its event loop (an uncaught one in a slot ends the program), and the GUI catches only the errors it
/// expects where it expects them: a user's input (dpw::InvalidArgument) where a form is read. A programmer error
/// (dpw::InternalError, core/internal_error.h) or anything else thrown while an event is handled is caught here,
/// at the dispatch of that one event: the event counts as not handled, the message is logged and shown once in a
/// dialog ("internal error, please report: …"), and the window goes on, so a lecturer's open lesson and a
/// researcher's unsaved run are not lost to a bug in one handler. A run's own errors never come here: the
/// engine's worker thread reports them as the run's end (RunController).
#include <QApplication>
#include <QString>

namespace dpwapp {

class GuardedApplication : public QApplication {
  Q_OBJECT
 public:
  GuardedApplication(int& argc, char** argv);

  bool notify(QObject* receiver, QEvent* event) override;

 signals:
  /// Emitted once per exception caught, after it is logged; the dialog is shown unless DPW_NO_DIALOGS is set.
  void exceptionCaught(const QString& message);

 private:
  void report(const QString& message);
  bool showing_ = false;  // a dialog is open: a second exception while it shows is logged, not stacked
};

}  // namespace dpwapp
