#pragma once
/// The optional "lesson" block of a scenario file: the scenario becomes one lesson of a class, with its
/// place in the sequence, a title, a one-line description and a lecturer's note.
///
///   "lesson": {
///     "chapter": 1, "chapter_title": "What ε means",   // chapter number (1 .. 999) and its name
///     "order": 1,                                        // place in the chapter (1 .. 999)
///     "title": "Noise on a count",                       // menu entry
///     "summary": "Two data sets that differ in one person ...",  // one line, the menu's tooltip
///     "note": {                                          // the lecturer's note, shown in the explanation panel
///       "look": "what to point at", "change": "what to change next", "ask": "a question for the class"
///     }
///   }
/// Every field is required except "chapter_title"; the note needs at least one of its three parts. Unknown
/// keys are refused, as everywhere in a scenario. Read and written by scenario/scenario_format.cpp.
#include <string>

namespace dpw {

struct Lesson {
  int chapter = 1;
  std::string chapterTitle;
  int order = 1;
  std::string title;
  std::string summary;
  std::string look, change, ask;  ///< the lecturer's note: what to point at, what to change next, a question

  /// "1.2" (chapter.order).
  std::string number() const { return std::to_string(chapter) + "." + std::to_string(order); }
  /// Orders lessons by chapter, then place in the chapter.
  bool operator<(const Lesson& o) const { return chapter != o.chapter ? chapter < o.chapter : order < o.order; }
};

}  // namespace dpw
