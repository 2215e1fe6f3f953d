#include "fair_regression/lower_envelope.h"

#include <algorithm>
#include <limits>

namespace dpw {

std::vector<TradeoffPoint> lowerEnvelope(std::vector<TradeoffPoint> points) {
  std::sort(points.begin(), points.end(), [](const TradeoffPoint& a, const TradeoffPoint& b) {
    return a.ks < b.ks || (a.ks == b.ks && a.mse < b.mse);
  });
  std::vector<TradeoffPoint> out;
  double best = std::numeric_limits<double>::infinity();
  for (const auto& p : points)
    if (p.mse < best) {
      out.push_back(p);
      best = p.mse;
    }
  return out;
}

}  // namespace dpw
