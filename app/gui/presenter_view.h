#pragma once
/// The presenter view (View → Presenter view, Alt+F5), as slide software has it: a window for the lecturer's
/// laptop with the lesson's number and title, its lecturer's note, the next lesson's title and the run
/// controls (Previous, Run, Stop, Next: the main window's own actions), while the main window shows the
/// charts in presentation mode on the projector. With two screens the main window goes full screen on the
/// other one; with one screen the two windows sit side by side, the charts taking two thirds of the width.
/// Closing it (or the action again) puts the main window back where it was.
#include <QPointer>
#include <QRect>
#include <QWidget>

class QLabel;
class QTextBrowser;
class QTimer;

namespace dpwapp {

class MainWindow;

class PresenterView : public QWidget {
  Q_OBJECT
 public:
  explicit PresenterView(MainWindow* window);
  /// Shows the lesson now open in the main window (its note, the next lesson's title).
  void refresh();
  /// Places the two windows: main window on another screen (full screen) if there is one, else side by side.
  void arrange();
  /// Puts the main window back as it was before arrange().
  void restoreMainWindow();

  QString titleText() const;
  QString notesHtml() const;
  QString nextText() const;

 signals:
  void closed();

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  void updateReadout();

  QPointer<MainWindow> window_;
  QLabel* title_;
  QTextBrowser* notes_;
  QLabel* next_;
  QLabel* readout_;
  QTimer* timer_;
  QRect mainGeometry_;  ///< the main window's geometry before arrange()
  bool mainWasFullScreen_ = false;
  bool arranged_ = false;
};

}  // namespace dpwapp
