#pragma once
/// File → Open recent: the last scenario files opened or saved, newest first, kept in QSettings
/// ("recentFiles") across sessions.
#include <QObject>
#include <QStringList>

class QMenu;

namespace dpwapp {

class RecentFiles : public QObject {
  Q_OBJECT
 public:
  static constexpr int kMaxRecent = 8;
  /// Fills `menu` (disabled while the list is empty); the menu's entries emit openRequested.
  explicit RecentFiles(QMenu* menu);
  /// `path` first in the list (moved there if already listed), at most kMaxRecent kept.
  void add(const QString& path);
  QStringList paths() const;

 signals:
  void openRequested(const QString& path);

 private:
  void rebuild();
  QMenu* menu_;
};

}  // namespace dpwapp
