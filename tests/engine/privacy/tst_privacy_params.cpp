// The privacy budget ε is declared once (privacy/privacy_params.h: epsilonParam): every method that takes
// ε has it under the key "epsilon", as a Real whose range starts above 0 and holds its default, and a
// declaration with a range that cannot hold (min at 0, default outside) is an InternalError. δ likewise
// (deltaParam): a Real in [0, 1) holding its default, 0 only as "auto".
#include <QtTest>

#include "core/internal_error.h"
#include "core/method.h"
#include "privacy/privacy_params.h"

using namespace dpw;

class TstPrivacyParams : public QObject {
  Q_OBJECT
 private slots:
  void helperKeepsTheMethodsRange() {
    const ParamSpec s = epsilonParam({5.0, 1e-3, 1e6, true}, "what ε covers", "Claimed ε", "per person");
    QCOMPARE(QString::fromStdString(s.key), QStringLiteral("epsilon"));
    QCOMPARE(QString::fromStdString(s.label), QStringLiteral("Claimed ε"));
    QCOMPARE(QString::fromStdString(s.unit), QStringLiteral("per person"));
    QCOMPARE(QString::fromStdString(s.help), QStringLiteral("what ε covers"));
    QVERIFY(s.kind == ParamKind::Real);
    QCOMPARE(s.defaultValue, 5.0);
    QCOMPARE(s.min, 1e-3);
    QCOMPARE(s.max, 1e6);
    QVERIFY(s.allowInfinity);
    ParamValues v({s});
    v.set("epsilon", std::numeric_limits<double>::infinity());  // offered: no privacy
    QVERIFY(std::isinf(v.real("epsilon")));
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, v.set("epsilon", 0.0));  // below the range
  }

  void impossibleRangesAreProgrammerErrors() {
    QVERIFY_THROWS_EXCEPTION(InternalError, epsilonParam({1.0, 0.0, 20, false}, ""));   // ε = 0 allowed
    QVERIFY_THROWS_EXCEPTION(InternalError, epsilonParam({30.0, 0.1, 20, false}, ""));  // default above max
    QVERIFY_THROWS_EXCEPTION(InternalError, epsilonParam({1.0, 2.0, 1.0, false}, ""));  // empty range
  }

  /// Every method's "epsilon" came from epsilonParam: a Real above 0 holding its default, labelled with ε.
  void everyMethodsEpsilonIsTheOneDeclaration() {
    int methods = 0;
    for (const MethodInfo& m : allMethods())
      for (const ParamSpec& s : m.params) {
        if (s.key != "epsilon") continue;
        ++methods;
        const QString where = QString::fromStdString(m.id);
        QVERIFY2(s.kind == ParamKind::Real, qPrintable(where));
        QVERIFY2(s.min > 0 && s.min <= s.defaultValue && s.defaultValue <= s.max, qPrintable(where));
        QVERIFY2(QString::fromStdString(s.label).contains(QStringLiteral("ε")), qPrintable(where));
        QVERIFY2(!s.help.empty(), qPrintable(where));
        QVERIFY2(s.choices.empty() && s.special.empty() && s.usedWhen.empty(), qPrintable(where));
      }
    // The flows (2), the generator, fair regression, the four fair-learning tasks, the audit and the
    // teaching methods that release one number (count query, randomized response, clipped mean,
    // exponential mechanism, membership inference): 14 methods offer ε; a method added with ε must come
    // through epsilonParam.
    QCOMPARE(methods, 14);
  }

  void deltaHelperKeepsTheMethodsRange() {
    const ParamSpec s = deltaParam({1e-5, 1e-12, 0.1}, "what δ covers", "Claimed δ", true);
    QCOMPARE(QString::fromStdString(s.key), QStringLiteral("delta"));
    QCOMPARE(QString::fromStdString(s.label), QStringLiteral("Claimed δ"));
    QCOMPARE(QString::fromStdString(s.help), QStringLiteral("what δ covers"));
    QVERIFY(s.kind == ParamKind::Real);
    QCOMPARE(s.defaultValue, 1e-5);
    QCOMPARE(s.min, 1e-12);
    QCOMPARE(s.max, 0.1);
    QVERIFY(s.advanced && s.restartsRun && !s.allowInfinity && s.special.empty());
    ParamValues v({s});
    QVERIFY_THROWS_EXCEPTION(InvalidArgument, v.set("delta", 0.0));  // no auto offered
    const ParamSpec a = deltaParam({0, 0, 0.5, "auto (0.1/m)"}, "δ; auto: 1/(10 m)");
    QCOMPARE(QString::fromStdString(a.label), QStringLiteral("δ"));
    QVERIFY(!a.advanced);
    QCOMPARE(int(a.special.size()), 1);
    QCOMPARE(a.special.front().value, 0.0);
    QCOMPARE(QString::fromStdString(a.special.front().label), QStringLiteral("auto (0.1/m)"));
  }

  void impossibleDeltaRangesAreProgrammerErrors() {
    QVERIFY_THROWS_EXCEPTION(InternalError, deltaParam({0, 0, 0.1}, ""));             // δ = 0 without an auto
    QVERIFY_THROWS_EXCEPTION(InternalError, deltaParam({1e-5, 1e-12, 1.0}, ""));      // δ = 1 allowed
    QVERIFY_THROWS_EXCEPTION(InternalError, deltaParam({0.5, 1e-12, 0.1}, ""));       // default above max
    QVERIFY_THROWS_EXCEPTION(InternalError, deltaParam({1e-5, 1e-3, 1e-4}, ""));      // empty range
  }

  /// Every method's "delta" came from deltaParam: a Real in [0, 1) holding its default, 0 only as auto.
  void everyMethodsDeltaIsTheOneDeclaration() {
    int methods = 0;
    for (const MethodInfo& m : allMethods())
      for (const ParamSpec& s : m.params) {
        if (s.key != "delta") continue;
        ++methods;
        const QString where = QString::fromStdString(m.id);
        QVERIFY2(s.kind == ParamKind::Real && !s.allowInfinity, qPrintable(where));
        QVERIFY2(s.min >= 0 && s.max < 1 && s.min <= s.defaultValue && s.defaultValue <= s.max, qPrintable(where));
        QVERIFY2(s.min > 0 || (s.special.size() == 1 && s.special.front().value == 0 &&
                               QString::fromStdString(s.special.front().label).startsWith(QStringLiteral("auto"))),
                 qPrintable(where));
        QVERIFY2(QString::fromStdString(s.label).contains(QStringLiteral("δ")), qPrintable(where));
        QVERIFY2(!s.help.empty() && s.choices.empty() && s.usedWhen.empty(), qPrintable(where));
      }
    // The flows (2), the generator, the flows' privacy-utility sweep, fair regression, the four fair-learning
    // tasks, the audit, the accountant explorer, the privacy trade-off, DP-SGD clipping, the projection
    // sensitivity explorer (δ of its bounds), count query and membership inference: 16; a method added with δ
    // must come through deltaParam.
    QCOMPARE(methods, 16);
  }
};

QTEST_GUILESS_MAIN(TstPrivacyParams)
#include "tst_privacy_params.moc"
