// End-to-end tests of the privacy commands of dpwlab-cli: account, calibrate, sensitivity, tradeoff.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "support/cli_runner.h"
#include "privacy/accountants/accountant.h"
#include "privacy/calibration/accountant_calibration.h"
#include "privacy/accountants/normal_tail.h"
#include "privacy/sensitivity/projection_sensitivity.h"
#include "privacy/accountants/wdp_accountant.h"

namespace {
struct CliResult {
  int exitCode;
  QJsonObject json;
  QByteArray err;
};

CliResult cli(const QStringList& args) {
  const dpwtest::CliOutput r = dpwtest::runCli(args, 120000);
  return {r.exitCode, QJsonDocument::fromJson(r.out).object(), r.err};
}
}  // namespace

class TestCliPrivacy : public QObject {
  Q_OBJECT
 private slots:
  // The CLI prints exactly what the engine computes (17 significant digits in the JSON).
  void accountPrintsEngineEpsilon() {
    for (const QString id : {"rdp", "rdp-mironov", "rdp-wor", "gdp", "gdp-uniform", "pld", "wdp"}) {
      const CliResult r = cli({"account", "--accountant", id, "--q", "0.01", "--sigma", "1.1", "--steps", "1000",
                               "--delta", "1e-5"});
      QVERIFY2(r.exitCode == 0, r.err.constData());
      QCOMPARE(r.json["epsilon"].toDouble(), dpw::epsilonAfterGaussianSteps(id.toStdString(), 1.1, 0.01, 1000, 1e-5));
    }
  }
  // WDP with a pairs file: two pairs at distances 1 and 0.5, μ = 16, β = 32.
  void accountWdpReadsPairs() {
    QTemporaryDir dir;
    QFile f(dir.filePath("pairs.txt"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("1.0\n0.5\n");
    f.close();
    const CliResult r = cli({"account", "--accountant", "wdp", "--q", "0.01", "--sigma", "1", "--steps", "10",
                             "--delta", "1e-5", "--pairs-file", f.fileName(), "--mu", "16", "--beta", "32"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    dpw::WdpAccountant acc(16, 32, {1.0, 0.5});
    acc.addGaussianSteps(1.0, 0.01, 10);
    QCOMPARE(r.json["epsilon"].toDouble(), acc.epsilon(1e-5));
    const CliResult bad = cli({"account", "--accountant", "rdp", "--q", "0.01", "--sigma", "1", "--steps", "10",
                               "--delta", "1e-5", "--mu", "16"});
    QCOMPARE(bad.exitCode, 2);
    const CliResult missing = cli({"account", "--accountant", "wdp", "--q", "0.01", "--sigma", "1", "--steps", "10",
                                   "--delta", "1e-5", "--pairs-file", dir.filePath("nope.txt")});
    QCOMPARE(missing.exitCode, 2);
  }
  void calibratePrintsSigma() {
    const CliResult r = cli({"calibrate", "--accountant", "gdp-uniform", "--epsilon", "2", "--q", "0.1", "--steps",
                             "1000", "--delta", QString::number(0.1 / 30000, 'g', 17)});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(std::abs(r.json["sigma"].toDouble() - 7.07073) < 1e-5);
  }
  void sensitivityPrintsW() {
    const CliResult r = cli({"sensitivity", "--bound", "bernstein", "--k", "200", "--d", "784", "--delta", "5e-6"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(r.json["w"].toDouble(), dpw::projectionSensitivityBernstein(200, 784, 5e-6));
    const CliResult clt = cli({"sensitivity", "--bound", "clt", "--k", "70", "--d", "8", "--delta", "5e-6"});
    QCOMPARE(clt.json["w"].toDouble(), dpw::projectionSensitivityClt(70, 8, 5e-6));
    // Default: the rigorous Chernoff bound (w² ≈ 17.82 at k = 70, d = 8, δ = 5e-9).
    const CliResult def = cli({"sensitivity", "--k", "70", "--d", "8", "--delta", "5e-9"});
    QCOMPARE(def.json["w"].toDouble(), dpw::projectionSensitivityChernoff(70, 8, 5e-9));
    QCOMPARE(def.json["bound"].toString(), QString("chernoff"));
  }
  // tradeoff prints {"alpha": [...], "beta": [...]}; one unsubsampled Gaussian step is 1/σ-GDP, so
  // both accountants give Φ(Φ⁻¹(1 − α) − 1/σ) to 1e-6 (the PLD's grid error is ~1e-9, see
  // tradeoff_curve.h). Another accountant is a usage error.
  void tradeoffPrintsCurve() {
    for (const QString acc : {"pld", "gdp"}) {
      const CliResult r = cli({"tradeoff", "--accountant", acc, "--q", "1", "--sigma", "2", "--steps", "1"});
      QVERIFY2(r.exitCode == 0, r.err.constData());
      const QJsonArray a = r.json["alpha"].toArray(), b = r.json["beta"].toArray();
      QVERIFY(a.size() > 100 && a.size() == b.size());
      for (qsizetype i = 1; i + 1 < a.size(); ++i) {
        const double exact = dpw::normalCdf(-dpw::normalQuantile(a[i].toDouble()) - 0.5);
        QVERIFY2(std::abs(b[i].toDouble() - exact) < 1e-6, qPrintable(acc + " at alpha " + QString::number(a[i].toDouble())));
      }
    }
    QCOMPARE(cli({"tradeoff", "--accountant", "rdp", "--q", "1", "--sigma", "2", "--steps", "1"}).exitCode, 2);
  }
  // account and calibrate default to `auto` as the methods do (issue 37: they defaulted to rdp, σ 1.5994 vs the
  // methods' 1.7222 at ε = 1): for the plain subsampled Gaussian (Poisson, add/remove) auto is pld, and the
  // answer says both the resolved id and the setting.
  void accountAndCalibrateDefaultToAuto() {
    QCOMPARE(dpw::accountantId(dpw::tightestProvenAccountant(dpw::Neighbouring::AddRemove)), std::string("pld"));
    const QStringList acc = {"account", "--q", "0.01", "--sigma", "1.1", "--steps", "1000", "--delta", "1e-5"};
    const CliResult byDefault = cli(acc);
    QVERIFY2(byDefault.exitCode == 0, byDefault.err.constData());
    QCOMPARE(byDefault.json["accountant"].toString(), QString("pld"));
    QCOMPARE(byDefault.json["accountant_setting"].toString(), QString("auto"));
    QCOMPARE(byDefault.json["epsilon"].toDouble(), dpw::epsilonAfterGaussianSteps("pld", 1.1, 0.01, 1000, 1e-5));
    QCOMPARE(cli(acc + QStringList{"--accountant", "auto"}).json, byDefault.json);
    QVERIFY(!cli(acc + QStringList{"--accountant", "pld"}).json.contains("accountant_setting"));
    const QStringList cal = {"calibrate", "--epsilon", "1", "--q", "0.01", "--steps", "1000", "--delta", "1e-5"};
    const CliResult sigma = cli(cal);
    QVERIFY2(sigma.exitCode == 0, sigma.err.constData());
    QCOMPARE(sigma.json["accountant"].toString(), QString("pld"));
    QCOMPARE(sigma.json["sigma"].toDouble(), dpw::calibrateNoiseMultiplier("pld", 1, 1e-5, 0.01, 1000));
    QVERIFY(sigma.json["sigma"].toDouble() < cli(cal + QStringList{"--accountant", "rdp"}).json["sigma"].toDouble());
  }
  // --epochs E wherever steps are asked: T = ceil(E / q), printed as "steps" with the rule; E / q that is a whole
  // number up to rounding (10 / 0.1) is that number.
  void epochsGiveSteps() {
    const QStringList base = {"account", "--accountant", "rdp", "--sigma", "1.1", "--delta", "1e-5"};
    const CliResult steps = cli(base + QStringList{"--q", "0.01", "--steps", "1000"});
    const CliResult epochs = cli(base + QStringList{"--q", "0.01", "--epochs", "10"});
    QVERIFY2(epochs.exitCode == 0, epochs.err.constData());
    QCOMPARE(epochs.json["steps"].toInt(), 1000);
    QCOMPARE(epochs.json["epochs"].toDouble(), 10.0);
    QCOMPARE(epochs.json["steps_from"].toString(), QString("steps = ceil(epochs / q)"));
    QCOMPARE(epochs.json["epsilon"].toDouble(), steps.json["epsilon"].toDouble());
    QCOMPARE(cli(base + QStringList{"--q", "0.1", "--epochs", "10"}).json["steps"].toInt(), 100);  // 10 / 0.1 = 100.00000000000001
    QCOMPARE(cli(base + QStringList{"--q", "0.3", "--epochs", "1"}).json["steps"].toInt(), 4);     // ceil(3.33)
    const CliResult cal = cli({"calibrate", "--epsilon", "1", "--q", "0.01", "--epochs", "10", "--delta", "1e-5"});
    QCOMPARE(cal.json["steps"].toInt(), 1000);
    const CliResult tradeoff = cli({"tradeoff", "--q", "0.5", "--sigma", "2", "--epochs", "1"});
    QCOMPARE(tradeoff.json["steps"].toInt(), 2);
    const CliResult both = cli(base + QStringList{"--q", "0.01", "--steps", "10", "--epochs", "1"});
    QCOMPARE(both.exitCode, 2);
    const CliResult neither = cli(base + QStringList{"--q", "0.01"});
    QCOMPARE(neither.exitCode, 2);
    QVERIFY2(neither.err.contains("--steps or --epochs"), neither.err.constData());
    QCOMPARE(cli(base + QStringList{"--q", "0.01", "--epochs", "0"}).exitCode, 2);
  }
  // Bad arguments: a message naming the option and exit code 2.
  void badArgumentsExitTwo() {
    const QStringList base = {"account", "--accountant", "rdp", "--steps", "10", "--delta", "1e-5"};
    const struct {
      QStringList args;
      const char* needle;
    } cases[] = {
        {base + QStringList{"--q", "0", "--sigma", "1"}, "--q"},
        {base + QStringList{"--q", "1.5", "--sigma", "1"}, "--q"},
        {base + QStringList{"--q", "0.1", "--sigma", "0"}, "--sigma"},
        {base + QStringList{"--q", "0.1", "--sigma", "-2"}, "--sigma"},
        {QStringList{"account", "--q", "0.1", "--sigma", "1", "--steps", "0", "--delta", "1e-5"}, "--steps"},
        {QStringList{"account", "--q", "0.1", "--sigma", "1", "--steps", "5", "--delta", "1"}, "--delta"},
        {QStringList{"account", "--q", "0.1", "--sigma", "1", "--steps", "5", "--delta", "0"}, "--delta"},
        {QStringList{"account", "--accountant", "zzz", "--q", "0.1", "--sigma", "1", "--steps", "5", "--delta", "1e-5"},
         "unknown accountant"},
        {QStringList{"account", "--q", "0.1", "--sigma", "1", "--steps", "5"}, "--delta"},
        {QStringList{"calibrate", "--epsilon", "-1", "--q", "0.1", "--steps", "5", "--delta", "1e-5"}, "--epsilon"},
        {QStringList{"calibrate", "--epsilon", "1", "--q", "2", "--steps", "5", "--delta", "1e-5"}, "--q"},
        {QStringList{"sensitivity", "--bound", "magic", "--k", "5", "--d", "3", "--delta", "0.1"}, "--bound"},
        {QStringList{"sensitivity", "--bound", "clt", "--k", "0", "--d", "3", "--delta", "0.1"}, "k"},
    };
    for (const auto& c : cases) {
      const CliResult r = cli(c.args);
      QVERIFY2(r.exitCode == 2, qPrintable(c.args.join(' ')));
      QVERIFY2(r.err.contains(c.needle), r.err.constData());
    }
  }
};

QTEST_GUILESS_MAIN(TestCliPrivacy)
#include "tst_cli_privacy.moc"
