// The human names of output keys (methods/output_labels.h): exact keys, and the key families whose
// names are built from their parts (over seeds, fair regression's ε sweep, the count's laws, the
// accountants, the flow arms). tst_output_classes checks that every key a run produces has a name.
#include <QtTest>

#include "methods/output_labels.h"

using namespace dpw;

class TestOutputLabels : public QObject {
  Q_OBJECT
 private slots:
  void exactKeys() {
    QCOMPARE(QString::fromStdString(outputLabel("accuracy").brief), QStringLiteral("ACC"));
    QCOMPARE(QString::fromStdString(outputLabel("seconds").unit), QStringLiteral("s"));
    QVERIFY(outputLabel("no_such_output_key").title.empty());
  }
  void families() {
    const OutputLabel beta = outputLabel("beta_at_0_1_discrete_gaussian");
    QCOMPARE(QString::fromStdString(beta.title), QStringLiteral("β at α = 0.1, discrete Gaussian"));
    QCOMPARE(QString::fromStdString(beta.unit), QStringLiteral("probability"));
    QCOMPARE(QString::fromStdString(outputLabel("fair_eps_0.1_ks_mean").title),
             QStringLiteral("KS violation at ε = 0.1 (mean over seeds)"));
    QCOMPARE(QString::fromStdString(outputLabel("baseline_mse_std").title),
             QStringLiteral("MSE of the non-private fair baseline (std over seeds)"));
    QCOMPARE(QString::fromStdString(outputLabel("epsilon_random_allocation").title), QStringLiteral("ε by random allocation"));
    QCOMPARE(QString::fromStdString(outputLabel("flow_paper_eps5").title),
             QStringLiteral("DPSWflow-r (paper's choices) quality at ε = 5"));
    // A family's parts must be known: an unknown law, accountant or arm has no made-up name.
    QVERIFY(outputLabel("beta_at_0_1_cauchy").title.empty());
    QVERIFY(outputLabel("epsilon_nonsense").title.empty());
    QVERIFY(outputLabel("nothing_mean").title.empty());
    QVERIFY(outputLabel("nobody_eps5").title.empty());
  }
};

QTEST_APPLESS_MAIN(TestOutputLabels)
#include "tst_output_labels.moc"
