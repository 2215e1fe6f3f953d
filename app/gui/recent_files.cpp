#include "gui/recent_files.h"

#include <QMenu>
#include <QSettings>

namespace dpwapp {

RecentFiles::RecentFiles(QMenu* menu) : QObject(menu), menu_(menu) { rebuild(); }

QStringList RecentFiles::paths() const { return QSettings().value("recentFiles").toStringList(); }

void RecentFiles::add(const QString& path) {
  QStringList recent = paths();
  recent.removeAll(path);
  recent.prepend(path);
  while (recent.size() > kMaxRecent) recent.removeLast();
  QSettings().setValue("recentFiles", recent);
  rebuild();
}

void RecentFiles::rebuild() {
  menu_->clear();
  const QStringList recent = paths();
  for (const QString& path : recent) menu_->addAction(path, this, [this, path] { emit openRequested(path); });
  menu_->setEnabled(!recent.isEmpty());
}

}  // namespace dpwapp
