#include "gui/pinned_runs.h"

#include <QStringList>
#include <algorithm>
#include <cmath>

namespace dpwapp {
namespace {

QString number(double v) { return std::isinf(v) ? QStringLiteral("∞") : QString::number(v, 'g', 4); }

/// The parameters that name a run, with their symbols.
constexpr std::pair<const char*, const char*> kNamed[] = {
    {"epsilon", "ε"}, {"alpha", "α"}, {"noise_multiplier", "σ"}, {"sigma1", "σ₁"}, {"sigma2", "σ₂"}, {"noise_std", "σ"}};

QString symbolOf(const std::string& key) {
  for (const auto& [k, symbol] : kNamed)
    if (key == k) return QString::fromUtf8(symbol);
  return {};
}

/// "σ = 3", "δ: auto (0.1/n)", "release = histogram".
QString namedValue(const dpw::ParamSpec& spec, const dpw::ParamValue& value) {
  QString name = symbolOf(spec.key);
  if (name.isEmpty()) name = QString::fromStdString(spec.label);
  if (const auto* t = std::get_if<std::string>(&value)) return QStringLiteral("%1 = %2").arg(name, QString::fromStdString(*t));
  const double v = std::get<double>(value);
  if (const dpw::SpecialValue* s = dpw::specialValue(spec, v))
    return QStringLiteral("%1: %2").arg(name, QString::fromStdString(s->label));
  return QStringLiteral("%1 = %2").arg(name, number(v));
}

}  // namespace

QString PinnedRuns::describe(const Scenario& s) {
  QStringList parts;
  for (const auto& [key, symbol] : kNamed) {
    const auto& values = s.params.values();
    auto it = values.find(key);
    if (it == values.end() || !std::holds_alternative<double>(it->second)) continue;
    const double v = std::get<double>(it->second);
    if (dpw::specialValue(s.params.spec(key), v)) continue;  // e.g. σ from ε: calibrated, not a choice
    parts << QStringLiteral("%1 = %2").arg(QString::fromUtf8(symbol), number(v));
  }
  if (parts.isEmpty()) return QStringLiteral("seed %1").arg(s.seed);
  return parts.join(", ");
}

QString PinnedRuns::describeDifferences(const Scenario& ran, const Scenario& now) {
  QStringList parts;
  if (ran.method != now.method) return QString::fromStdString(ran.methodInfo().title);
  const auto& before = ran.params.values();
  const auto& after = now.params.values();
  for (const auto& spec : ran.params.specs()) {  // in form order
    auto b = before.find(spec.key), a = after.find(spec.key);
    if (b == before.end() || (a != after.end() && a->second == b->second)) continue;
    parts << namedValue(spec, b->second);
  }
  if (ran.seed != now.seed) parts << QStringLiteral("seed %1").arg(ran.seed);
  constexpr int kMaxItems = 4;
  if (parts.size() > kMaxItems) {
    parts = parts.mid(0, kMaxItems);
    parts << QStringLiteral("…");
  }
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

void PinnedRuns::setPrevious(const Scenario& scenario, std::vector<dpw::FramePtr> frames, QString label) {
  if (label.isEmpty()) label = QStringLiteral("previous run: %1").arg(describe(scenario));
  previous_ = {scenario.method, std::move(label), std::move(frames)};
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
