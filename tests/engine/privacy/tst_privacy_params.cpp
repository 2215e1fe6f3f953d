// The privacy budget ε is declared once (privacy/privacy_params.h: epsilonParam): every method that takes
// ε has it under the key "epsilon", as a Real whose range starts above 0 and holds its default, and a
// declaration with a range that cannot hold (min at 0, default outside) is an InternalError.
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
};

QTEST_GUILESS_MAIN(TstPrivacyParams)
#include "tst_privacy_params.moc"
