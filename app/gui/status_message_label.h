#pragma once
/// The status bar's message label of the main window.
#include <QLabel>

namespace dpwapp {

/// The status bar's message: one line when the text fits, else whole words on a first line and the
/// rest on a second, elided only if two lines cannot hold it (full text in the tooltip). A run's privacy
/// statement (~110 characters) then shows whole in presentation mode at 1024 × 768, where one line held
/// "Finished. (ε = 5, δ = 1e-05) by the…", and it never runs into the step counter.
class StatusMessageLabel : public QLabel {
 public:
  void setFullText(const QString& text);
  const QString& fullText() const { return full_; }
  QSize minimumSizeHint() const override { return QSize(40, QLabel::minimumSizeHint().height()); }
  QSize sizeHint() const override { return QSize(80, QLabel::sizeHint().height()); }

 protected:
  void resizeEvent(QResizeEvent* e) override;

 private:
  void updateText();
  QString full_;
  bool twoLines_ = false;
};

}  // namespace dpwapp
