#include "fair_learning/fair_task_view.h"

#include "ot/directions.h"
#include "ot/sliced_wasserstein.h"

namespace dpw {

double groupsSlicedW2Squared(const nn::Matrix& P, const std::vector<int>& a, long k, Rng& rng) {
  std::vector<Eigen::Index> i0, i1;
  for (Eigen::Index i = 0; i < P.rows(); ++i) (a[std::size_t(i)] == 0 ? i0 : i1).push_back(i);
  return slicedW2Squared(Points(P(i0, Eigen::all)), Points(P(i1, Eigen::all)), randomDirections(k, P.cols(), rng)).value;
}

}  // namespace dpw
