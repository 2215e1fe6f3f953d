#pragma once
/// Lower envelope (Pareto front) of an error-vs-unfairness trade-off ([FairReg] Figs. 2-4): the
/// points (ks, mse) not dominated by another point with smaller-or-equal ks and smaller mse, sorted
/// by ks. Cost O(n log n).
#include <vector>

namespace dpw {

struct TradeoffPoint {
  double ks = 0;
  double mse = 0;
};

std::vector<TradeoffPoint> lowerEnvelope(std::vector<TradeoffPoint> points);

}  // namespace dpw
