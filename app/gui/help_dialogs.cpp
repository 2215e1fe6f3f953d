#include "gui/help_dialogs.h"

#include <QAction>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "core/build_info.h"

namespace dpwapp {

QString readResourceText(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

QString findReadme() {
  const QDir bin(QCoreApplication::applicationDirPath());
  // CMAKE_INSTALL_DOCDIR is share/doc/<project name> (DPWLab); packagers often use the package name.
  for (const QString& rel : {QStringLiteral("../share/doc/DPWLab/README.md"), QStringLiteral("../share/doc/dpwlab/README.md"),
                             QStringLiteral("../share/doc/dpw-lab/README.md"), QStringLiteral("../../README.md"),
                             QStringLiteral("../README.md")}) {
    const QString path = QDir::cleanPath(bin.filePath(rel));
    if (QFileInfo(path).isFile()) return path;
  }
  return {};
}

QString versionLine() { return QStringLiteral("dpwlab %1 (%2)").arg(dpw::kVersion, dpw::kBuildFlags); }

QString aboutHtml() {
  return QObject::tr("<h2>DPW Lab</h2><p>%1<br>Build type %2.</p>"
                     "<p>Differentially private machine learning with optimal transport: the methods of five papers, "
                     "with live charts, privacy accountants and audits.</p>"
                     "<p>Licence: MIT (DPW Lab's own source code). The program links Qt %3 (LGPLv3; Qt Charts GPLv3), "
                     "Eigen (MPL 2.0), CLP (EPL 2.0), Boost (BSL 1.0) and OpenMP; their licences apply to them.</p>")
      .arg(versionLine().toHtmlEscaped(), QString::fromLatin1(dpw::kBuildType).toHtmlEscaped(), QString::fromLatin1(qVersion()));
}

QString shortcutsHtml(const QMenuBar* menus) {
  QString html = QObject::tr("<h3>Keyboard shortcuts</h3><table cellspacing=4>");
  for (QMenu* menu : menus->findChildren<QMenu*>(QString(), Qt::FindDirectChildrenOnly))
    for (QAction* a : menu->actions()) {
      if (a->shortcut().isEmpty()) continue;
      QString name = a->text();
      name.remove('&');
      html += QStringLiteral("<tr><td><b>%1</b></td><td>%2 → %3</td></tr>")
                  .arg(a->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped(),
                       menu->title().remove('&').toHtmlEscaped(), name.toHtmlEscaped());
    }
  html += QObject::tr("</table><p>In a chart: drag to zoom, right-click for export (PNG, SVG, CSV, copy) and Reset zoom.</p>");
  return html;
}

void showHelpText(QWidget* window, const QString& title, const QString& text, bool markdown) {
  auto* dialog = window->findChild<QDialog*>("helpDialog");
  if (!dialog) {
    dialog = new QDialog(window);
    dialog->setObjectName("helpDialog");
    auto* browser = new QTextBrowser;
    browser->setObjectName("helpText");
    browser->setOpenExternalLinks(true);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(browser);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close);
    QObject::connect(close, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    layout->addWidget(close);
    dialog->resize(720, 600);
  }
  dialog->setWindowTitle(title);
  auto* browser = dialog->findChild<QTextBrowser*>("helpText");
  if (markdown)
    browser->setMarkdown(text);
  else
    browser->setHtml(text);
  dialog->show();
  dialog->raise();
}

void showReadme(QWidget* window) {
  const QString path = findReadme();
  if (path.isEmpty()) {
    showHelpText(window, QObject::tr("README"),
                 QObject::tr("<p>The README was not found beside this program (looked in the "
                             "installed documentation folder and the source tree).</p>") +
                     readResourceText(":/help/getting-started.html"));
    return;
  }
  QFile f(path);
  f.open(QIODevice::ReadOnly);
  showHelpText(window, QObject::tr("README (%1)").arg(path), QString::fromUtf8(f.readAll()), true);
}

void showAbout(QWidget* window) {
  auto* dialog = window->findChild<QDialog*>("aboutDialog");
  if (!dialog) {
    dialog = new QDialog(window);
    dialog->setObjectName("aboutDialog");
    dialog->setWindowTitle(QObject::tr("About DPW Lab"));
    auto* text = new QTextBrowser;
    text->setObjectName("aboutText");
    text->setOpenExternalLinks(true);
    text->setHtml(aboutHtml() + readResourceText(":/help/papers.html"));
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(text);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close);
    QObject::connect(close, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    layout->addWidget(close);
    dialog->resize(640, 560);
  }
  dialog->show();
  dialog->raise();
}

}  // namespace dpwapp
