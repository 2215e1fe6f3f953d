#include "privacy/accountants/interactive_pld_grid.h"

#include <limits>

#include "privacy/accountants/pld_accountant_base.h"
#include "privacy/accountants/pld_analysis.h"

namespace dpw {

std::optional<double> interactivePldInterval(const std::function<double(double interval)>& points, double fine) {
  const auto count = [&](double interval) {
    try {
      return points(interval);
    } catch (const PldTooLarge&) {
      return std::numeric_limits<double>::infinity();
    }
  };
  const double coarse = PldAccountantBase::kCoarseInterval;
  const double coarsePoints = count(coarse);
  if (fine < coarse && coarsePoints * (coarse / fine) <= 2 * kInteractivePldPoints && count(fine) <= kInteractivePldPoints)
    return fine;
  if (coarsePoints <= kInteractivePldPoints) return coarse;
  return std::nullopt;
}

}  // namespace dpw
