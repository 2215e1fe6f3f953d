#include "gui/lesson_menu.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <algorithm>

#include "common/scenario_files.h"

namespace dpwapp {
namespace {

QString html(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }

bool sameLesson(const Lesson& a, const Lesson& b) {
  return a.chapter == b.chapter && a.order == b.order && a.title == b.title;
}

}  // namespace

std::vector<LessonEntry> lessonCatalog(const QString& dir, QStringList* others) {
  std::vector<LessonEntry> out;
  const QDir d(dir);
  for (const QString& name : d.entryList({"*.json"}, QDir::Files, QDir::Name)) {
    const QString path = d.filePath(name);
    try {
      const Scenario s = readScenarioFile(path);
      s.methodInfo();  // a preset for a method this build does not have is skipped
      if (s.lesson)
        out.push_back({path, *s.lesson});
      else if (others)
        others->append(path);
    } catch (const std::exception&) {
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const LessonEntry& a, const LessonEntry& b) { return a.lesson < b.lesson; });
  return out;
}

QString lessonHtml(const Lesson& l, int index, int count) {
  QString where = QStringLiteral("Lesson %1").arg(QString::fromStdString(l.number()));
  if (index >= 0) where += QStringLiteral(" · %1 of %2").arg(index + 1).arg(count);
  if (!l.chapterTitle.empty()) where += QStringLiteral(" · %1").arg(html(l.chapterTitle));
  QString out = QStringLiteral("<p style='color:#555'>%1</p><h2>%2</h2><p><i>%3</i></p>")
                    .arg(where, html(l.title), html(l.summary));
  out += QStringLiteral("<table cellspacing=0 cellpadding=6 width='100%' style='background:#fff8e1'>");
  const std::pair<const char*, const std::string*> parts[] = {
      {"Point at", &l.look}, {"Change next", &l.change}, {"Ask the class", &l.ask}};
  for (const auto& [label, text] : parts)
    if (!text->empty()) out += QStringLiteral("<tr><td><b>%1:</b> %2</td></tr>").arg(QString::fromLatin1(label), html(*text));
  out += QStringLiteral("</table><p style='color:#555'>PgDn: next lesson · PgUp: previous lesson</p><hr>");
  return out;
}

LessonMenu::LessonMenu(QMenu* menu, const QString& dir) : QObject(menu) {
  QStringList others;
  lessons_ = lessonCatalog(dir, &others);
  int chapter = 0;
  for (const LessonEntry& e : lessons_) {
    if (e.lesson.chapter != chapter) {
      chapter = e.lesson.chapter;
      if (chapter != lessons_.front().lesson.chapter) menu->addSeparator();
      QString name = tr("Chapter %1").arg(chapter);
      if (!e.lesson.chapterTitle.empty()) name += " · " + QString::fromStdString(e.lesson.chapterTitle);
      QAction* header = menu->addAction(name);
      header->setEnabled(false);
      QFont bold = header->font();
      bold.setBold(true);
      header->setFont(bold);
    }
    const QString path = e.path;
    QAction* a = menu->addAction(QStringLiteral("%1  %2").arg(QString::fromStdString(e.lesson.number()),
                                                              QString::fromStdString(e.lesson.title)),
                                 this, [this, path] { emit openRequested(path); });
    a->setObjectName("lesson-" + QFileInfo(path).completeBaseName());
    a->setToolTip(QString::fromStdString(e.lesson.summary));
    a->setStatusTip(QString::fromStdString(e.lesson.summary));
  }
  menu->setToolTipsVisible(true);
  menu->addSeparator();
  next_ = menu->addAction(tr("&Next lesson"), QKeySequence(Qt::Key_PageDown), this, [this] {
    if (const int i = nextIndex(); i >= 0) emit openRequested(lessons_[size_t(i)].path);
  });
  next_->setObjectName("nextLesson");
  previous_ = menu->addAction(tr("&Previous lesson"), QKeySequence(Qt::Key_PageUp), this, [this] {
    if (const int i = previousIndex(); i >= 0) emit openRequested(lessons_[size_t(i)].path);
  });
  previous_->setObjectName("previousLesson");
  menu->addSeparator();
  QMenu* more = menu->addMenu(tr("Other presets"));
  more->setObjectName("otherPresets");
  for (const QString& path : others) {
    QString title = QFileInfo(path).completeBaseName();
    try {
      title = QString::fromStdString(readScenarioFile(path).methodInfo().title) + " — " + title;
    } catch (const std::exception&) {
    }
    more->addAction(title, this, [this, path] { emit openRequested(path); });
  }
  updateActions();
}

void LessonMenu::setCurrent(const std::optional<Lesson>& lesson) {
  current_ = lesson;
  updateActions();
}

int LessonMenu::currentIndex() const {
  if (!current_) return -1;
  for (size_t i = 0; i < lessons_.size(); ++i)
    if (sameLesson(lessons_[i].lesson, *current_)) return int(i);
  return -1;
}

int LessonMenu::nextIndex() const {
  if (lessons_.empty()) return -1;
  if (!current_) return 0;
  if (const int i = currentIndex(); i >= 0) return i + 1 < int(lessons_.size()) ? i + 1 : -1;
  for (size_t i = 0; i < lessons_.size(); ++i)  // a lesson from disk: the first built-in one after its place
    if (*current_ < lessons_[i].lesson) return int(i);
  return -1;
}

int LessonMenu::previousIndex() const {
  if (!current_ || lessons_.empty()) return -1;
  if (const int i = currentIndex(); i >= 0) return i - 1;
  for (int i = int(lessons_.size()) - 1; i >= 0; --i)
    if (lessons_[size_t(i)].lesson < *current_) return i;
  return -1;
}

void LessonMenu::updateActions() {
  const int n = nextIndex(), p = previousIndex();
  next_->setEnabled(n >= 0);
  previous_->setEnabled(p >= 0);
  next_->setText(n >= 0 ? tr("&Next lesson: %1 %2").arg(QString::fromStdString(lessons_[size_t(n)].lesson.number()),
                                                      QString::fromStdString(lessons_[size_t(n)].lesson.title))
                        : tr("&Next lesson"));
  previous_->setText(p >= 0 ? tr("&Previous lesson: %1 %2").arg(QString::fromStdString(lessons_[size_t(p)].lesson.number()),
                                                              QString::fromStdString(lessons_[size_t(p)].lesson.title))
                            : tr("&Previous lesson"));
}

}  // namespace dpwapp
