#pragma once
/// The runs kept beside the live run for comparison, each with the method it belongs to:
///   - pins ("Pin this run"): a few labelled runs ("pinned: ε = 5"), dashed on every chart of their method
///     until "Clear pins";
///   - a pile of draws ("Run again with a new seed, keep the previous", Seeing Theory's idea): the earlier
///     seeds' results, faded, showing the spread across seeds; cleared by the next plain run;
///   - the previous result of a slow rerun, faded, until the new run finishes.
/// A run of another method is never shown: a pin belongs to its method.
#include <QString>
#include <deque>
#include <string>
#include <vector>

#include "common/scenario_files.h"
#include "gui/chart_grid.h"

namespace dpwapp {

class PinnedRuns {
 public:
  static constexpr int kMaxPins = 4;   ///< more would make a chart unreadable; the oldest pin goes
  static constexpr int kMaxPile = 12;  ///< earlier seeds kept in a pile of draws

  /// Pins a finished run's frames; returns its label ("pinned: ε = 5"), made unique among the pins of
  /// the method (", seed 3" added, then "#2"). Beyond kMaxPins the method's oldest pin is dropped.
  QString pin(const Scenario& scenario, std::vector<dpw::FramePtr> frames);
  void clearPins() { pins_.clear(); }
  int pinCount(const std::string& method) const;
  /// Labels of the method's pins, oldest first.
  QStringList pinLabels(const std::string& method) const;

  /// Adds a finished run to the pile of draws (label "seed N").
  void pile(const Scenario& scenario, std::vector<dpw::FramePtr> frames);
  void clearPile() { pile_.clear(); }
  int pileSize(const std::string& method) const;

  /// The previous result of a rerun, or of a run whose form has changed since (label "previous run: ε = 3",
  /// or `label` when given), until clearPrevious.
  void setPrevious(const Scenario& scenario, std::vector<dpw::FramePtr> frames, QString label = {});
  void setPreviousLabel(QString label) { previous_.label = std::move(label); }
  void clearPrevious() { previous_ = {}; }
  bool hasPrevious() const { return !previous_.frames.empty(); }
  const QString& previousLabel() const { return previous_.label; }
  const std::vector<dpw::FramePtr>& previousFrames() const { return previous_.frames; }

  /// What the charts of a run of `method` show besides it: pins (dashed), the pile (faded), the
  /// previous result (faded; it stands in for picture charts until their first live frame).
  std::vector<ChartOverlay> overlaysFor(const std::string& method) const;

  /// The parameters that name a run in a label: ε, α and σ where the method has them ("ε = 5, α = 0.5"),
  /// else the seed.
  static QString describe(const Scenario& scenario);
  /// What `ran` had where the form (`now`) differs, e.g. "σ = 3, steps T = 500, seed 1" (at most four items,
  /// then "…"); empty when nothing differs. Names as in describe(), else the parameter's label.
  static QString describeDifferences(const Scenario& ran, const Scenario& now);

 private:
  struct Kept {
    std::string method;
    QString label;
    std::vector<dpw::FramePtr> frames;
  };
  std::deque<Kept> pins_;
  std::deque<Kept> pile_;
  Kept previous_;
};

}  // namespace dpwapp
