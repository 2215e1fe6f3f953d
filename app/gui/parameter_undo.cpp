#include "gui/parameter_undo.h"

#include <QUndoCommand>

#include "gui/parameter_form.h"

namespace dpwapp {
namespace {

/// One field from one text to another. Pushed after the form already shows the new text, so the
/// first redo (QUndoStack::push calls it) changes nothing.
class SetFieldCommand : public QUndoCommand {
 public:
  SetFieldCommand(ParameterHistory* history, ParameterForm* form, std::string key, QString before, QString after,
                  QUndoCommand* parent = nullptr)
      : QUndoCommand(parent), history_(history), form_(form), key_(std::move(key)), before_(std::move(before)),
        after_(std::move(after)) {
    setText(QObject::tr("%1 = %2").arg(QString::fromStdString(key_), after_));
  }
  void undo() override { apply(before_); }
  void redo() override { apply(after_); }

 private:
  void apply(const QString& text) {
    if (form_->fieldText(key_) == text) return;
    form_->setFieldText(key_, text);
    emit history_->fieldRestored(key_);
  }
  ParameterHistory* history_;
  ParameterForm* form_;
  std::string key_;
  QString before_, after_;
};

}  // namespace

ParameterHistory::ParameterHistory(ParameterForm* form, QObject* parent) : QObject(parent), form_(form) {
  connect(form, &ParameterForm::committed, this, [this](const std::string& key, const QString& before, const QString& after) {
    stack_.push(new SetFieldCommand(this, form_, key, before, after));
  });
}

int ParameterHistory::resetAll() {
  auto* all = new QUndoCommand(tr("reset all parameters"));
  int changed = 0;
  for (const auto& key : form_->keys()) {
    const QString before = form_->fieldText(key), after = form_->defaultText(key);
    if (before == after) continue;
    new SetFieldCommand(this, form_, key, before, after, all);
    ++changed;
  }
  if (changed == 0) {
    delete all;
    return 0;
  }
  stack_.push(all);  // applies the children's redo: the fields take their defaults
  return changed;
}

}  // namespace dpwapp
