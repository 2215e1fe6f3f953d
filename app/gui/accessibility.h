#pragma once
/// Every control of the GUI has an accessible name (what a screen reader says) and a tooltip (what a
/// pointer shows): ControlNamer fills in the ones a widget was built without, from the label it sits
/// beside (a QLabel buddy, a QFormLayout row), its text, or its tooltip, as each widget is first shown.
#include <QObject>

class QWidget;

namespace dpwapp {

/// True for widgets a user operates (buttons, fields, combo boxes, sliders, lists, menus' tool buttons).
bool isInteractive(const QWidget* widget);

/// Gives `widget` an accessible name and a tooltip if it is interactive and lacks them.
void nameControl(QWidget* widget);
/// nameControl for `root` and every widget under it.
void nameControls(QWidget* root);

/// Installed on the application: names every interactive widget when it is polished (before it is
/// first shown) and when it is shown, so controls built later (a method's parameter fields, dialogs)
/// are named too.
class ControlNamer : public QObject {
 public:
  using QObject::QObject;
  /// Installs one namer on the application (once).
  static void install();

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;
};

}  // namespace dpwapp
