#pragma once
/// The Help menu's texts and the dialogs that show them: About (version, build, licence, the papers),
/// Getting started, the papers, the README, the keyboard shortcuts read from the menus.
#include <QString>

class QMenuBar;
class QWidget;

namespace dpwapp {

/// "dpwlab <version> (<native|portable>)": the first line of `--version` and of the About box.
QString versionLine();
/// The About box's text above the papers: version, build flags, licence.
QString aboutHtml();
/// The text of an embedded resource (":/help/…"), empty if it cannot be read.
QString readResourceText(const QString& path);
/// The README: installed documentation first (GNUInstallDirs' share/doc/<name>), then the source tree
/// of a build (the binary in build/app/); empty if neither has it.
QString findReadme();
/// Every shortcut of the menu bar's menus as an HTML table ("Ctrl+R  Run → Run").
QString shortcutsHtml(const QMenuBar* menus);
/// Shows `text` (HTML, or Markdown) in the window's one help dialog (object name "helpDialog"), made on first use.
void showHelpText(QWidget* window, const QString& title, const QString& text, bool markdown = false);
/// Help → README: the README found beside the program, else the getting-started page with a note.
void showReadme(QWidget* window);
/// Help → About: the window's one About dialog (object name "aboutDialog"), made on first use.
void showAbout(QWidget* window);

}  // namespace dpwapp
