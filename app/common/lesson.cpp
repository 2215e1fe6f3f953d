#include "common/lesson.h"

#include <QJsonValue>
#include <QStringList>
#include <cmath>

#include "core/error.h"

namespace dpwapp {
namespace {

using dpw::InvalidArgument;

void refuseUnknown(const QJsonObject& o, const QStringList& known, const char* where) {
  for (auto it = o.begin(); it != o.end(); ++it)
    if (!known.contains(it.key()))
      throw InvalidArgument(QStringLiteral("unknown field '%1' in %2 (known: %3)")
                                .arg(it.key(), QString::fromUtf8(where), known.join(", "))
                                .toStdString());
}

int positiveWhole(const QJsonObject& o, const char* key) {
  const QJsonValue v = o.value(key);
  const double x = v.toDouble(-1);
  if (!v.isDouble() || x < 1 || x > 999 || x != std::floor(x))
    throw InvalidArgument(std::string("lesson field \"") + key + "\" must be a whole number from 1 to 999");
  return int(x);
}

std::string text(const QJsonObject& o, const char* key, bool required, const char* where) {
  if (!o.contains(key)) {
    if (required) throw InvalidArgument(std::string(where) + " needs the field \"" + key + "\"");
    return {};
  }
  if (!o.value(key).isString() || (required && o.value(key).toString().trimmed().isEmpty()))
    throw InvalidArgument(std::string(where) + " field \"" + key + "\" must be a non-empty string");
  return o.value(key).toString().trimmed().toStdString();
}

}  // namespace

Lesson lessonFromJson(const QJsonValue& value) {
  if (!value.isObject()) throw InvalidArgument("scenario field \"lesson\" must be an object");
  const QJsonObject o = value.toObject();
  refuseUnknown(o, {"chapter", "chapter_title", "order", "title", "summary", "note"}, "the lesson");
  Lesson l;
  l.chapter = positiveWhole(o, "chapter");
  l.order = positiveWhole(o, "order");
  l.chapterTitle = text(o, "chapter_title", false, "lesson");
  l.title = text(o, "title", true, "lesson");
  l.summary = text(o, "summary", true, "lesson");
  if (!o.value("note").isObject()) throw InvalidArgument("lesson field \"note\" must be an object with \"look\", \"change\", \"ask\"");
  const QJsonObject note = o.value("note").toObject();
  refuseUnknown(note, {"look", "change", "ask"}, "the lesson's note");
  l.look = text(note, "look", false, "lesson note");
  l.change = text(note, "change", false, "lesson note");
  l.ask = text(note, "ask", false, "lesson note");
  if (l.look.empty() && l.change.empty() && l.ask.empty())
    throw InvalidArgument("the lesson's note needs at least one of \"look\", \"change\", \"ask\"");
  return l;
}

QJsonObject lessonToJson(const Lesson& l) {
  QJsonObject note;
  if (!l.look.empty()) note.insert("look", QString::fromStdString(l.look));
  if (!l.change.empty()) note.insert("change", QString::fromStdString(l.change));
  if (!l.ask.empty()) note.insert("ask", QString::fromStdString(l.ask));
  QJsonObject o{{"chapter", l.chapter},
                {"order", l.order},
                {"title", QString::fromStdString(l.title)},
                {"summary", QString::fromStdString(l.summary)},
                {"note", note}};
  if (!l.chapterTitle.empty()) o.insert("chapter_title", QString::fromStdString(l.chapterTitle));
  return o;
}

}  // namespace dpwapp
