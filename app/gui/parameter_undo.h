#pragma once
/// Undo and redo of parameter changes (Ctrl+Z / Ctrl+Shift+Z): every value the user commits in the
/// parameter form (a field edited, a choice made, a slider let go, a field reset) is one step of a
/// QUndoStack; "reset all fields" is one step too. Loading a scenario or switching method starts a new
/// history (the form is rebuilt for other parameters).
#include <QObject>
#include <QUndoStack>

namespace dpwapp {

class ParameterForm;

class ParameterHistory : public QObject {
  Q_OBJECT
 public:
  ParameterHistory(ParameterForm* form, QObject* parent = nullptr);
  QUndoStack* stack() { return &stack_; }
  /// Forgets the history (a new method or scenario in the form).
  void clear() { stack_.clear(); }
  /// Resets every field to its default as one undoable step; returns the number of fields changed.
  int resetAll();

 signals:
  /// A field changed by undo or redo.
  void fieldRestored(const std::string& key);

 private:
  ParameterForm* form_;
  QUndoStack stack_;
};

}  // namespace dpwapp
