#include <QtTest>
#include <chrono>
#include "methods/fair_learning.h"
using namespace dpw;
class S : public QObject { Q_OBJECT private slots: void run() {
  FairLearningSettings s;
  s.penalty = qEnvironmentVariable("PEN", "sp").toStdString();
  s.task = FairTask(qEnvironmentVariableIntValue("TASK"));
  if (s.task == FairTask::Regression2d) { s.steps = 1000; s.clipGradient = 10; s.clipOutput = 1/std::sqrt(2.0); s.clipJacobian = std::sqrt(2.0);}
  if (s.task == FairTask::Representation) { s.clipGradient = 10; s.clipOutput = 2; s.clipJacobian = std::sqrt(2.0); s.learningRate = 0.01;}
  if (s.task == FairTask::Matching) { s.n = 10000; s.batchFraction=0.1; s.learningRate = 0.0075; s.clipJacobian = 2*std::sqrt(2.0);}
  if (qEnvironmentVariableIsSet("LR")) s.learningRate = qEnvironmentVariable("LR").toDouble();
  if (qEnvironmentVariableIsSet("T")) s.steps = qEnvironmentVariableIntValue("T");
  if (qEnvironmentVariableIsSet("N")) s.n = qEnvironmentVariableIntValue("N");
  s.accountant = "none";
  for (double sig : {-1.0, 7.0}) for (double a : {0.0, 0.25, 0.5, 0.75}) {
    s.alpha = a; s.noiseMultiplier = sig; s.epsilon = sig < 0 ? INFINITY : 1.0;
    CollectingObserver o; auto t0 = std::chrono::steady_clock::now();
    auto r = runFairLearning(s, 1, o);
    double sec = std::chrono::duration<double>(std::chrono::steady_clock::now()-t0).count();
    QString line = QString("sig %1 a %2 t %3s:").arg(sig).arg(a).arg(sec);
    for (auto& [k,v] : r.metrics) line += QString(" %1=%2").arg(QString::fromStdString(k)).arg(v, 0, 'g', 4);
    qInfo().noquote() << line;
  }
}};
QTEST_GUILESS_MAIN(S)
#include "tst_fair_scratch.moc"
