// The window keeps its layout on resize (issue #40 item 2): made smaller, 1400 × 860 → 1024 × 768, the
// left panel narrows and every parameter label must still show whole (before, "Privacy budget ε" read
// "rivacy budget ε" until the next load). Checked for every method's form at its defaults.
#include <QFormLayout>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QtTest>

#include "core/method.h"
#include "gui/main_window.h"
#include "gui/parameter_form.h"
#include "support/gui_suite.h"

using dpwapp::MainWindow;

namespace {

/// Labels of the form shown narrower than their text needs, or not wholly inside the panel's visible part
/// (the scroll area's viewport: a form wider than it, or scrolled sideways, cuts a label's first letters).
QStringList clippedLabels(MainWindow& w) {
  QStringList out;
  auto* scroll = qobject_cast<QScrollArea*>(w.form()->parentWidget() ? w.form()->parentWidget()->parentWidget() : nullptr);
  if (!scroll) return {"the form is not in a scroll area"};
  const QRect viewport = scroll->viewport()->rect();
  if (scroll->horizontalScrollBar()->maximum() > 0)  // scrolled sideways, a label's first letters are cut
    out << QString("the panel scrolls sideways by %1 px").arg(scroll->horizontalScrollBar()->maximum());
  for (QLabel* label : w.form()->findChildren<QLabel*>()) {
    if (!label->isVisibleTo(w.form()) || label->text().isEmpty() || label->wordWrap()) continue;
    const int wanted = label->sizeHint().width();
    const QRect shown(label->mapTo(scroll->viewport(), QPoint(0, 0)), label->size());
    if (label->width() < wanted)
      out << QString("'%1' %2 px of %3").arg(label->text()).arg(label->width()).arg(wanted);
    else if (shown.left() < viewport.left() || shown.left() + wanted > viewport.right() + 1)
      out << QString("'%1' at x %2..%3, the panel shows %4..%5")
                 .arg(label->text()).arg(shown.left()).arg(shown.left() + wanted).arg(viewport.left()).arg(viewport.right() + 1);
  }
  return out;
}

}  // namespace

class TestLayoutOnResize : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    dpwtest::isolateGuiSuite("layout on resize", true, false);
  }

  void labelsStayWholeWhenTheWindowShrinks_data() {
    QTest::addColumn<QString>("method");
    for (const auto& m : dpw::allMethods()) QTest::newRow(m.id.c_str()) << QString::fromStdString(m.id);
  }
  void labelsStayWholeWhenTheWindowShrinks() {
    QFETCH(QString, method);
    MainWindow w;
    w.loadScenario(dpwapp::Scenario::defaults(method.toStdString()));
    QVERIFY(dpwtest::showAt(w, {1400, 860}));
    dpwtest::settle();
    const QStringList wide = clippedLabels(w);
    QVERIFY2(wide.isEmpty(), qPrintable("at 1400 x 860: " + wide.join(", ")));
    for (const QSize size : {QSize(1024, 768), QSize(1200, 800), QSize(1024, 768)}) {
      w.resize(size);
      dpwtest::settle();
      const QStringList clipped = clippedLabels(w);
      QVERIFY2(clipped.isEmpty(), qPrintable(QString("after a resize to %1 x %2: ").arg(size.width()).arg(size.height()) +
                                             clipped.join(", ")));
    }
    // Through presentation mode and back (text twice its size, panels hidden), then smaller again.
    w.resize(1400, 860);
    w.setPresentationMode(true);
    dpwtest::settle();
    w.setPresentationMode(false);
    w.resize(1024, 768);
    dpwtest::settle();
    const QStringList after = clippedLabels(w);
    QVERIFY2(after.isEmpty(), qPrintable("after presentation mode and a resize to 1024 x 768: " + after.join(", ")));
  }
};

QTEST_MAIN(TestLayoutOnResize)
#include "tst_layout_on_resize.moc"
