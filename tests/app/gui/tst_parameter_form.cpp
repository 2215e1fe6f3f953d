// app/gui/parameter_form.h: a field the run would ignore under the choices now in the form
// (dpw::ParamSpec::usedWhen) is greyed out with its label, and comes back with its value when the
// choice that uses it is made: a data file typed for a CSV does not look as if it fed the synthetic
// data set, and switching back and forth loses nothing.
#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QtTest>

#include "common/scenario_files.h"
#include "gui/parameter_form.h"

namespace {

/// Whether the field and the label beside it are greyed out.
bool greyed(const dpwapp::ParameterForm& form, const std::string& key) {
  auto* layout = qobject_cast<QFormLayout*>(form.layout());
  QWidget* field = form.field(key);
  QWidget* label = nullptr;  // the label sits beside the field's row (the field with its reset button)
  for (QWidget* w = field; w && !label; w = w->parentWidget()) label = layout->labelForField(w);
  return !field->isEnabled() && label && !label->isEnabled();
}

}  // namespace

class TestParameterForm : public QObject {
  Q_OBJECT
 private slots:
  void fieldsTheRunIgnoresAreGreyedOut() {
    dpwapp::ParameterForm form;
    form.setValues(dpwapp::Scenario::defaults("fair-regression").params);
    form.show();
    // The default data set is synthetic: its own sizes in use, the file and CSV columns not.
    QVERIFY(form.fieldInUse("synthetic_rows"));
    QVERIFY(!form.fieldInUse("data_path"));
    QVERIFY(greyed(form, "data_path"));
    QVERIFY(greyed(form, "score_column"));
    QVERIFY(!greyed(form, "bins"));
    QVERIFY(form.field("data_path")->toolTip().contains("Used only while Data set is law or communities or csv"));

    auto* path = qobject_cast<QLineEdit*>(form.field("data_path"));
    path->setText("scores.csv");
    auto* dataset = qobject_cast<QComboBox*>(form.field("dataset"));
    dataset->setCurrentText("csv");  // as soon as the choice changes, not only once committed
    QVERIFY(!greyed(form, "data_path"));
    QVERIFY(!greyed(form, "score_column"));
    QVERIFY(greyed(form, "synthetic_rows"));
    QVERIFY(greyed(form, "feature_columns"));  // CSV and least-squares scores both needed
    qobject_cast<QComboBox*>(form.field("scores"))->setCurrentText("least-squares");
    QVERIFY(!greyed(form, "feature_columns"));

    dataset->setCurrentText("synthetic");
    QVERIFY(greyed(form, "data_path"));
    QCOMPARE(form.fieldText("data_path"), QString("scores.csv"));  // kept, as the scenario keeps it
    QCOMPARE(form.values().text("data_path"), std::string("scores.csv"));

    // The fair classifier's CSV fields likewise.
    form.setValues(dpwapp::Scenario::defaults("fair-classifier").params);
    QVERIFY(greyed(form, "label_column"));
    qobject_cast<QComboBox*>(form.field("dataset"))->setCurrentText("csv");
    QVERIFY(!greyed(form, "label_column"));
  }

  // Issue #40: the Gaussian audit showed projections k, dimension d, accountant and α active, in every
  // mode. The audit's declarations say which mechanism reads which field.
  void auditFieldsFollowTheMechanism() {
    dpwapp::ParameterForm form;
    form.setValues(dpwapp::Scenario::defaults("privacy-audit").params);
    form.show();
    auto* mechanism = qobject_cast<QComboBox*>(form.field("mechanism"));
    mechanism->setCurrentText("gaussian");
    for (const char* key : {"projections", "dimension", "accountant", "alpha", "histogram_noise"})
      QVERIFY2(greyed(form, key), key);
    QVERIFY(!greyed(form, "attack"));
    QVERIFY(!greyed(form, "epsilon"));
    mechanism->setCurrentText("dpsgd-canary");
    QVERIFY(!greyed(form, "alpha") && !greyed(form, "accountant"));
    QVERIFY(greyed(form, "projections") && greyed(form, "attack"));
    mechanism->setCurrentText("flow-histogram");
    QVERIFY(!greyed(form, "projections") && !greyed(form, "dimension") && !greyed(form, "accountant"));
    QVERIFY(greyed(form, "alpha"));
  }
};

QTEST_MAIN(TestParameterForm)
#include "tst_parameter_form.moc"
