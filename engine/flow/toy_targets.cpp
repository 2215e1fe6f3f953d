#include "flow/toy_targets.h"

#include <cmath>
#include <numbers>
#include <random>
#include <sstream>

#include "core/error.h"
#include "core/run_stop.h"

namespace dpw {

std::vector<std::string> toyTargetIds() { return {"ring5", "mixture10", "moons", "spiral", "circle"}; }

namespace {
Points mixture(const Points& means, double sd, Eigen::Index n, Rng& rng) {
  std::uniform_int_distribution<Eigen::Index> pick(0, means.rows() - 1);
  std::normal_distribution<double> normal(0.0, sd);
  Points out(n, 2);
  for (Eigen::Index i = 0; i < n; ++i) {
    if ((i & 0xFFFF) == 0) throwIfRunStopped();  // 10⁷ rows take seconds (core/run_stop.h)
    const Eigen::Index c = pick(rng);
    out(i, 0) = means(c, 0) + normal(rng);
    out(i, 1) = means(c, 1) + normal(rng);
  }
  return out;
}
}  // namespace

Points sampleToyTarget(const std::string& id, Eigen::Index n, std::uint64_t layoutSeed, Rng& rng) {
  require(n >= 1, "the number of target points must be at least 1, got ", n);
  constexpr double pi = std::numbers::pi;
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  std::normal_distribution<double> normal(0.0, 1.0);
  if (id == "ring5") {
    Points means(5, 2);
    for (int c = 0; c < 5; ++c) means.row(c) << 2 * std::cos(2 * pi * c / 5), 2 * std::sin(2 * pi * c / 5);
    return mixture(means, 0.2, n, rng);
  }
  if (id == "mixture10") {
    Rng layout = makeRng(layoutSeed, 0);
    std::uniform_real_distribution<double> box(-3.0, 3.0);
    Points means(10, 2);
    for (int c = 0; c < 10; ++c) means.row(c) << box(layout), box(layout);
    return mixture(means, 0.25, n, rng);
  }
  Points out(n, 2);
  if (id == "moons") {
    for (Eigen::Index i = 0; i < n; ++i) {
      if ((i & 0xFFFF) == 0) throwIfRunStopped();
      const double t = pi * uniform(rng);
      const bool inner = uniform(rng) < 0.5;
      const double x = inner ? 1 - std::cos(t) : std::cos(t), y = inner ? 0.5 - std::sin(t) : std::sin(t);
      out(i, 0) = 2 * (x - 0.5) + 0.1 * normal(rng);
      out(i, 1) = 2 * (y - 0.25) + 0.1 * normal(rng);
    }
    return out;
  }
  if (id == "spiral") {
    for (Eigen::Index i = 0; i < n; ++i) {
      if ((i & 0xFFFF) == 0) throwIfRunStopped();
      const double t = uniform(rng), r = 3 * t, a = 3 * pi * t;
      out(i, 0) = r * std::cos(a) + 0.05 * normal(rng);
      out(i, 1) = r * std::sin(a) + 0.05 * normal(rng);
    }
    return out;
  }
  if (id == "circle") {
    for (Eigen::Index i = 0; i < n; ++i) {
      if ((i & 0xFFFF) == 0) throwIfRunStopped();
      const double a = 2 * pi * uniform(rng), r = 2 + 0.05 * normal(rng);
      out(i, 0) = r * std::cos(a);
      out(i, 1) = r * std::sin(a);
    }
    return out;
  }
  std::ostringstream known;
  for (const auto& t : toyTargetIds()) known << ' ' << t;
  throw InvalidArgument("unknown toy target '" + id + "'; known targets:" + known.str());
}

}  // namespace dpw
