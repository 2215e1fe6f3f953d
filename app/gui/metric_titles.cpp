#include "gui/metric_titles.h"

#include <map>

namespace dpwapp {

/// A metric's short name in the cells' captions ([FairLearn] prints ACC, DI, EO₀ ...), its name in the
/// table's header, and what it means (the legend under the grid and the tooltips; issue #19 item 4).
namespace {

struct MetricName {
  QString brief, title, meaning;
};

const MetricName* metricName(const QString& key) {
  static const std::map<QString, MetricName> names = {
      {"accuracy", {"ACC", "accuracy", "accuracy on the test set (share of correct predictions)"}},
      {"disparate_impact", {"DI", "disparate impact", "disparate impact: ratio of the groups' positive rates (1 = parity)"}},
      {"w2_groups", {"W₂²", "violation W₂²(groups)", "squared Wasserstein-2 distance between the groups' outputs (0 = same law)"}},
      {"w2_groups_y0", {"W₂²|Y=0", "violation W₂² | Y = 0", "W₂² between the groups' outputs among the Y = 0 points"}},
      {"w2_groups_y1", {"W₂²|Y=1", "violation W₂² | Y = 1", "W₂² between the groups' outputs among the Y = 1 points"}},
      {"eo_0", {"EO₀", "EO₀", "equalised-odds ratio among the Y = 0 points (1 = parity)"}},
      {"eo_1", {"EO₁", "EO₁", "equalised-odds ratio among the Y = 1 points (1 = parity)"}},
      {"sw2_groups", {"SW₂²", "violation SW₂²(groups)", "sliced W₂² between the groups' outputs (0 = same law)"}},
      {"mse", {"MSE", "MSE", "mean squared error on the test set"}},
      {"od_0", {"OD₀", "OD₀", "share of group 0's predictions above the anti-diagonal g² = −g¹"}},
      {"od_1", {"OD₁", "OD₁", "share of group 1's predictions above the anti-diagonal g² = −g¹"}},
      {"reconstruction_loss", {"rec.", "reconstruction", "the autoencoder's reconstruction loss on the test set"}},
      {"epsilon", {"ε", "ε spent", "privacy spent: ε at the run's δ"}},
      {"noise_multiplier", {"σ", "noise σ", "noise multiplier: noise standard deviation ÷ sensitivity"}},
      {"objective", {"L", "objective L", "objective at the last step: (1 − α)·CL + α·W"}},
      {"loss_term", {"CL", "loss term CL", "loss term of the objective (the task's loss)"}},
      {"penalty_term", {"W", "penalty W", "penalty term of the objective (Wasserstein distance between the groups)"}},
      {"sw2_heldout", {"SW₂²", "SW₂² to held-out", "sliced W₂² from the result to held-out data"}},
      {"sw2_floor", {"floor", "SW₂² floor (data vs held-out)", "sliced W₂² between the data and held-out data (sampling floor)"}},
      {"sw2_to_target", {"SW₂²", "SW₂² to target", "sliced W₂² from the result to the target"}},
      {"final_loss", {"loss", "final loss", "training loss at the last step"}},
      {"mse_mean", {"MSE", "MSE (mean)", "mean squared error, averaged over the seeds"}},
      {"ks_mean", {"KS", "KS violation (mean)", "Kolmogorov–Smirnov distance between the groups' outputs, averaged over the seeds"}},
      {"epsilon_pld", {"ε PLD", "ε PLD", "ε by the privacy-loss-distribution accountant"}},
      {"epsilon_rdp", {"ε RDP", "ε RDP", "ε by the Rényi-DP accountant"}},
      {"claimed_epsilon", {"ε claimed", "ε claimed", "the ε the mechanism is calibrated for"}},
      {"epsilon_lower_bound", {"ε ≥", "ε lower bound (audit)", "the audit's lower bound on ε (Clopper-Pearson)"}},
  };
  auto it = names.find(key);
  return it == names.end() ? nullptr : &it->second;
}

}  // namespace

QString metricTitle(const QString& key, bool brief) {
  const MetricName* n = metricName(key);
  if (!n) return key;
  return brief ? n->brief : n->title;
}

QString metricExplained(const QString& key) {
  const MetricName* n = metricName(key);
  return n ? QStringLiteral("%1: %2").arg(n->brief, n->meaning) : QString();
}

}  // namespace dpwapp
