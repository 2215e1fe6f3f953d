#pragma once
/// The optional "lesson" block of a scenario file: the scenario becomes one lesson of a class, with its
/// place in the sequence, a title, a one-line description and a lecturer's note.
///
///   "lesson": {
///     "chapter": 1, "chapter_title": "What ε means",   // chapter number (1 .. 999) and its name
///     "order": 1,                                        // place in the chapter (1 .. 999)
///     "title": "Noise on a count",                       // menu entry
///     "summary": "Two data sets that differ in one person ...",  // one line, the menu's tooltip
///     "caption": "ε bounds the ratio of the two curves",  // optional: one line under the title on screen
///     "charts": ["count_laplace", "count_loss_ratio"],   // optional: the charts the note is about, shown first
///     "note": {                                          // the lecturer's note, shown in the explanation panel
///       "look": "what to point at", "change": "what to change next", "ask": "a question for the class"
///     },
///     "claims": [                                        // optional: what the note says, as checked numbers
///       {"says": "overlap heavily", "measure": "laplace_tv", "min": 0.37, "max": 0.41},
///       {"says": "the curves move apart", "measure": "laplace_tv", "min": 0.9, "with": {"epsilon": 5}}
///     ]
///   }
/// Every field is required except "chapter_title", "caption", "charts" and "claims"; the note needs at least one of
/// its three parts. Unknown keys are refused, as everywhere in a scenario. Read and written by
/// scenario/scenario_format.cpp.
///
/// Claims make the note a contract (tests/engine/scenario/tst_lesson_contracts.cpp): each quotes words of the
/// note ("says", found verbatim in look, change or ask) and bounds a number of the lesson's own run at its
/// seed: a metric of the run or a measure of its frames the contract test defines ("measure"), within
/// [min, max]. "with" runs the lesson with some parameters changed, for a sentence about what a change
/// does. Every sentence of "look" must be quoted by a claim; the app does not read claims.
#include <limits>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace dpw {

struct LessonClaim {
  std::string says;     ///< the words of the note this claim checks
  std::string measure;  ///< a metric or a measure of the contract test
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
  /// Parameters changed for this claim's run (values as in "parameters": a number or a string).
  std::vector<std::pair<std::string, std::variant<double, std::string>>> with;
};

struct Lesson {
  int chapter = 1;
  std::string chapterTitle;
  int order = 1;
  std::string title;
  std::string summary;
  std::string caption;            ///< one line shown under the title on screen (presentation mode); optional
  std::string look, change, ask;  ///< the lecturer's note: what to point at, what to change next, a question
  /// Chart ids the note's "look" talks about, in the order the chart grid shows them first (the others
  /// follow in the order the run draws them); the contract test checks the default run draws each.
  std::vector<std::string> charts;
  std::vector<LessonClaim> claims;

  /// "1.2" (chapter.order).
  std::string number() const { return std::to_string(chapter) + "." + std::to_string(order); }
  /// Orders lessons by chapter, then place in the chapter.
  bool operator<(const Lesson& o) const { return chapter != o.chapter ? chapter < o.chapter : order < o.order; }
};

}  // namespace dpw
