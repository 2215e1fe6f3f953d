// dpwlab: the DPW Lab desktop application.
#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>
#include <QScreen>
#include <QTimer>
#include <cstdio>
#include <cstring>

#include "common/offscreen_gui.h"
#include "common/scenario_files.h"
#include "gui/comparison_grid.h"
#include "gui/guarded_application.h"
#include "gui/help_dialogs.h"
#include "gui/main_window.h"

int main(int argc, char** argv) {
  // --version needs no display: answered before Qt opens one.
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--version") == 0 || std::strcmp(argv[i], "-v") == 0) {
      std::printf("%s\n", dpwapp::versionLine().toUtf8().constData());
      return 0;
    }
  dpwapp::providePrivateRuntimeDir();  // headless sessions: no Qt warning about XDG_RUNTIME_DIR
  dpwapp::GuardedApplication app(argc, argv);  // an exception leaving an event handler: shown, not fatal
  QApplication::setApplicationName("DPW Lab");
  QApplication::setOrganizationName("DPW Lab");
  QCommandLineParser parser;
  parser.setApplicationDescription("Differentially private machine learning with optimal transport");
  parser.addHelpOption();
  parser.addOption(QCommandLineOption({"v", "version"}, "Print \"dpwlab <version> (<native|portable>)\" and exit"));
  parser.addPositionalArgument("scenario", "Scenario file to open");
  QCommandLineOption runOption("run", "Start the run at once");
  QCommandLineOption screenshotOption("screenshot", "After the run, save a screenshot to FILE and quit", "FILE");
  QCommandLineOption methodOption("method", "Select this method with its default parameters", "ID");
  QCommandLineOption sizeOption("size", "Window size, e.g. 1024x768", "WxH");
  QCommandLineOption presentationOption("presentation", "Start in presentation mode (View menu, F5)");
  QCommandLineOption presenterOption("presenter",
                                     "Open the presenter view (View menu, Alt+F5); --screenshot then saves the whole screen");
  parser.addOption(runOption);
  parser.addOption(screenshotOption);
  parser.addOption(methodOption);
  parser.addOption(sizeOption);
  parser.addOption(presentationOption);
  parser.addOption(presenterOption);
  parser.process(app);

  dpwapp::MainWindow window;
  dpwapp::Scenario scenario;
  bool loaded = false;
  if (!parser.positionalArguments().isEmpty()) {
    try {
      scenario = dpwapp::readScenarioFile(parser.positionalArguments().first());
      if (scenario.lesson)  // as File → Open does: the lesson's note, banner and charts first
        window.openScenarioFile(parser.positionalArguments().first());
      else
        window.loadScenario(scenario);
      loaded = true;
    } catch (const std::exception& e) {
      QMessageBox::warning(&window, "Cannot open scenario", QString::fromUtf8(e.what()));
    }
  }
  if (parser.isSet(methodOption)) {
    try {
      window.loadScenario(dpwapp::Scenario::defaults(parser.value(methodOption).toStdString()));
    } catch (const std::exception& e) {
      std::fprintf(stderr, "dpwlab: %s\n", e.what());
      return 2;
    }
  }
  if (parser.isSet(sizeOption)) {
    const QStringList wh = parser.value(sizeOption).split('x');
    bool okW = false, okH = false;
    const int w = wh.value(0).toInt(&okW), h = wh.value(1).toInt(&okH);
    if (wh.size() != 2 || !okW || !okH || w < 200 || h < 200) {
      std::fprintf(stderr, "dpwlab: --size wants WIDTHxHEIGHT (at least 200x200), got '%s'\n", qPrintable(parser.value(sizeOption)));
      return 2;
    }
    window.resize(w, h);
  }
  if (parser.isSet(presentationOption)) window.setPresentationMode(true);
  window.show();
  if (parser.isSet(presenterOption)) window.setPresenterView(true);
  if (loaded) window.applyView(scenario);
  // A scenario that opens the comparison grid: --run / --screenshot run the grid, and the screenshot
  // is of the grid window.
  if (dpwapp::ComparisonGridDialog* grid = window.comparisonGrid()) {
    if (parser.isSet(screenshotOption)) {
      const QString file = parser.value(screenshotOption);
      QObject::connect(grid, &dpwapp::ComparisonGridDialog::gridFinished, grid, [grid, file] {
        QTimer::singleShot(300, grid, [grid, file] {  // let the last cells be laid out and painted
          grid->grab().save(file);
          QApplication::quit();
        });
      });
    }
    if (parser.isSet(runOption) || parser.isSet(screenshotOption)) grid->startGrid();
    return app.exec();
  }
  if (parser.isSet(screenshotOption)) {
    const QString file = parser.value(screenshotOption);
    const bool wholeScreen = parser.isSet(presenterOption);  // both windows, as the lecturer's screen shows them
    QObject::connect(&window, &dpwapp::MainWindow::runFinished, &window, [&window, file, wholeScreen] {
      QTimer::singleShot(300, &window, [&window, file, wholeScreen] {  // let the last frames be laid out and painted
        if (wholeScreen && window.screen())
          window.screen()->grabWindow(0).save(file);
        else
          window.grab().save(file);
        QApplication::quit();
      });
    });
  }
  if (parser.isSet(runOption) || parser.isSet(screenshotOption)) window.startRun();
  return app.exec();
}
