#pragma once
/// What the window says about the run on show, written once and read by both the status bar and the
/// explanation panel, so that they agree on state, step and ε (issue #19 item 1: the panel said
/// "step 0 of 0" while the status bar counted 142, and "Running…" showed while paused).
#include <QString>

namespace dpwapp {

enum class RunState {
  None,       ///< nothing on show (a new method, preset or scenario was chosen)
  Running,
  Pausing,    ///< pause asked; the current step is finishing
  Paused,     ///< waiting at a step boundary
  Cancelled,  ///< stopped before its last step; its charts show how far it got
  Failed,
  Finished,
  Previous,   ///< a finished (or stopped) run whose parameters the form no longer has
};

struct RunReadout {
  RunState state = RunState::None;
  long step = 0;
  long total = 0;
  QString privacy;      ///< e.g. "ε spent: 4.98" (empty when none is known)
  QString differences;  ///< Previous, or a run whose form changed: what the run had ("σ = 3, seed 1")

  bool operator==(const RunReadout&) const = default;

  /// "running", "paused", "cancelled", "finished", "previous run", ...; empty for None.
  QString stateWord() const;
  /// The status bar's step label: "paused · step 142 / 500"; empty for None.
  QString statusText() const;
  /// The explanation panel's line: "<p><b>Now:</b> paused at step 142 of 500, ε spent: 4.98</p>".
  QString panelHtml() const;
};

}  // namespace dpwapp
