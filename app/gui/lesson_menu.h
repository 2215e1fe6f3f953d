#pragma once
/// The Presets menu as a class: the preset scenarios that carry a "lesson" block (common/lesson.h), in
/// chapter order with the chapters' names, then "Next lesson" (PgDn) and "Previous lesson" (PgUp), then
/// the presets that are not lessons in a submenu. Each lesson's one-line summary is its tooltip and
/// status tip. Next/previous follow the catalog's order from the current lesson, which may also be a
/// lesson file written by hand and opened from disk (it sits where its chapter and order put it).
#include <QObject>
#include <QString>
#include <optional>
#include <vector>

#include "common/scenario_files.h"

class QAction;
class QMenu;

namespace dpwapp {

struct LessonEntry {
  QString path;   ///< scenario file (":/scenarios/..." for the built-in ones)
  Lesson lesson;
};

/// The lessons among the scenarios in `dir`, sorted by chapter and order; `others` receives the paths of
/// the valid scenarios that are not lessons (sorted by name). Files that do not parse are skipped.
std::vector<LessonEntry> lessonCatalog(const QString& dir, QStringList* others = nullptr);

/// The explanation panel's lesson block: "Lesson 1.2 of 12", title, summary, and the lecturer's note.
QString lessonHtml(const Lesson& lesson, int index, int count);

class LessonMenu : public QObject {
  Q_OBJECT
 public:
  /// Fills `menu` from the built-in presets (":/scenarios").
  explicit LessonMenu(QMenu* menu, const QString& dir = QStringLiteral(":/scenarios"));

  const std::vector<LessonEntry>& lessons() const { return lessons_; }
  /// The lesson now shown (or none): sets where next/previous go from.
  void setCurrent(const std::optional<Lesson>& lesson);
  /// Index of the current lesson in lessons(), -1 if none or a lesson not in the catalog.
  int currentIndex() const;
  /// The catalog entry after/before the current lesson (by chapter and order), -1 if none.
  int nextIndex() const;
  int previousIndex() const;
  QAction* nextAction() const { return next_; }
  QAction* previousAction() const { return previous_; }

 signals:
  /// The user picked a scenario (a lesson, next/previous, or another preset).
  void openRequested(const QString& path);

 private:
  void updateActions();

  std::vector<LessonEntry> lessons_;
  std::optional<Lesson> current_;
  QAction* next_ = nullptr;
  QAction* previous_ = nullptr;
};

}  // namespace dpwapp
