// dpwlab: the DPW Lab desktop application.
#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>

#include "common/scenario.h"
#include "gui/main_window.h"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setApplicationName("DPW Lab");
  QApplication::setOrganizationName("DPW Lab");
  QCommandLineParser parser;
  parser.setApplicationDescription("Differentially private machine learning with optimal transport");
  parser.addHelpOption();
  parser.addPositionalArgument("scenario", "Scenario file to open");
  QCommandLineOption runOption("run", "Start the run at once");
  QCommandLineOption screenshotOption("screenshot", "After the run, save a screenshot to FILE and quit", "FILE");
  parser.addOption(runOption);
  parser.addOption(screenshotOption);
  parser.process(app);

  dpwapp::MainWindow window;
  if (!parser.positionalArguments().isEmpty()) {
    try {
      window.loadScenario(dpwapp::Scenario::fromFile(parser.positionalArguments().first()));
    } catch (const std::exception& e) {
      QMessageBox::warning(&window, "Cannot open scenario", QString::fromUtf8(e.what()));
    }
  }
  window.show();
  if (parser.isSet(screenshotOption)) {
    const QString file = parser.value(screenshotOption);
    QObject::connect(&window, &dpwapp::MainWindow::runFinished, &window, [&window, file] {
      window.grab().save(file);
      QApplication::quit();
    });
  }
  if (parser.isSet(runOption) || parser.isSet(screenshotOption)) window.startRun();
  return app.exec();
}
