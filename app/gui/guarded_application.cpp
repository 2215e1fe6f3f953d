#include "gui/guarded_application.h"

#include <QMessageBox>
#include <QtGlobal>
#include <exception>

namespace dpwapp {

GuardedApplication::GuardedApplication(int& argc, char** argv) : QApplication(argc, argv) {}

bool GuardedApplication::notify(QObject* receiver, QEvent* event) {
  try {
    return QApplication::notify(receiver, event);
  } catch (const std::exception& e) {
    report(QString::fromUtf8(e.what()));
  } catch (...) {
    report(QStringLiteral("internal error, please report: an exception that is not a std::exception"));
  }
  return false;
}

void GuardedApplication::report(const QString& message) {
  qCritical("dpwlab: %s", qPrintable(message));
  emit exceptionCaught(message);
  if (showing_ || qEnvironmentVariableIsSet("DPW_NO_DIALOGS")) return;
  showing_ = true;
  QMessageBox::critical(activeWindow(), tr("DPW Lab: something went wrong"),
                        tr("%1\n\nThe action was not completed; the window stays open. Please report this message "
                           "with the scenario you had open (File → Save scenario).")
                            .arg(message));
  showing_ = false;
}

}  // namespace dpwapp
