#include "audit/clopper_pearson.h"

#include <boost/math/special_functions/beta.hpp>

#include "core/error.h"
#include "core/internal_error.h"

namespace dpw {
namespace {
void validate(long k, long n, double alpha) {
  ensure(n >= 1, "a binomial bound needs at least one trial, got n = ", n);
  ensure(k >= 0 && k <= n, "successes k = ", k, " must lie in [0, n = ", n, "]");
  ensure(alpha > 0 && alpha < 1, "alpha must lie in (0, 1), got ", alpha);
}
}  // namespace

double clopperPearsonLower(long k, long n, double alpha) {
  validate(k, n, alpha);
  if (k == 0) return 0.0;
  return boost::math::ibeta_inv(double(k), double(n - k + 1), alpha);
}

double clopperPearsonUpper(long k, long n, double alpha) {
  validate(k, n, alpha);
  if (k == n) return 1.0;
  return boost::math::ibeta_inv(double(k + 1), double(n - k), 1.0 - alpha);
}

}  // namespace dpw
