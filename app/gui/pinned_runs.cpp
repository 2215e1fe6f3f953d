#include "gui/pinned_runs.h"

#include <QStringList>
#include <algorithm>
#include <cmath>

namespace dpwapp {
namespace {

QString number(double v) { return std::isinf(v) ? QStringLiteral("∞") : QString::number(v, 'g', 4); }

}  // namespace

QString PinnedRuns::describe(const Scenario& s) {
  static const std::pair<const char*, const char*> named[] = {
      {"epsilon", "ε"}, {"alpha", "α"}, {"noise_multiplier", "σ"}, {"sigma1", "σ₁"}, {"sigma2", "σ₂"}, {"noise_std", "σ"}};
  QStringList parts;
  for (const auto& [key, symbol] : named) {
    const auto& values = s.params.values();
    auto it = values.find(key);
    if (it == values.end() || !std::holds_alternative<double>(it->second)) continue;
    const double v = std::get<double>(it->second);
    if (std::string(key) == "noise_multiplier" && v < 0) continue;  // −1: calibrated from ε, not a choice
    parts << QStringLiteral("%1 = %2").arg(QString::fromUtf8(symbol), number(v));
  }
  if (parts.isEmpty()) return QStringLiteral("seed %1").arg(s.seed);
  return parts.join(", ");
}

QString PinnedRuns::pin(const Scenario& scenario, std::vector<dpw::FramePtr> frames) {
  const QStringList taken = pinLabels(scenario.method);
  QString label = QStringLiteral("pinned: %1").arg(describe(scenario));
  if (taken.contains(label)) label += QStringLiteral(", seed %1").arg(scenario.seed);
  for (int n = 2; taken.contains(label); ++n)
    label = QStringLiteral("pinned: %1 #%2").arg(describe(scenario)).arg(n);
  pins_.push_back({scenario.method, label, std::move(frames)});
  while (pinCount(scenario.method) > kMaxPins)
    pins_.erase(std::find_if(pins_.begin(), pins_.end(), [&](const Kept& k) { return k.method == scenario.method; }));
  return label;
}

int PinnedRuns::pinCount(const std::string& method) const {
  return int(std::count_if(pins_.begin(), pins_.end(), [&](const Kept& k) { return k.method == method; }));
}

QStringList PinnedRuns::pinLabels(const std::string& method) const {
  QStringList out;
  for (const auto& k : pins_)
    if (k.method == method) out << k.label;
  return out;
}

void PinnedRuns::pile(const Scenario& scenario, std::vector<dpw::FramePtr> frames) {
  if (!pile_.empty() && pile_.front().method != scenario.method) pile_.clear();
  pile_.push_back({scenario.method, QStringLiteral("seed %1").arg(scenario.seed), std::move(frames)});
  while (int(pile_.size()) > kMaxPile) pile_.pop_front();
}

int PinnedRuns::pileSize(const std::string& method) const {
  return int(std::count_if(pile_.begin(), pile_.end(), [&](const Kept& k) { return k.method == method; }));
}

void PinnedRuns::setPrevious(const Scenario& scenario, std::vector<dpw::FramePtr> frames) {
  previous_ = {scenario.method, QStringLiteral("previous run: %1").arg(describe(scenario)), std::move(frames)};
}

std::vector<ChartOverlay> PinnedRuns::overlaysFor(const std::string& method) const {
  std::vector<ChartOverlay> out;
  for (const auto& k : pins_)
    if (k.method == method) out.push_back({k.label.toStdString(), true, false, k.frames});
  for (const auto& k : pile_)
    if (k.method == method) out.push_back({k.label.toStdString(), false, false, k.frames});
  if (!previous_.frames.empty() && previous_.method == method)
    out.push_back({previous_.label.toStdString(), false, true, previous_.frames});
  return out;
}

}  // namespace dpwapp
