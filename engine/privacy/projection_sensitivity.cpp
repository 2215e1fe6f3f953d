#include "privacy/projection_sensitivity.h"

#include <boost/math/distributions/normal.hpp>
#include <cmath>

#include "core/error.h"

namespace dpw {
namespace {
void validate(long k, long d, double delta) {
  require(k >= 1, "the number of projections k must be at least 1, got ", k);
  require(d >= 1, "the dimension d must be at least 1, got ", d);
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
}
}  // namespace

double projectionSensitivityBernstein(long k, long d, double delta) {
  validate(k, d, delta);
  const double kk = double(k), dd = double(d), logTerm = std::log(1.0 / delta);
  const double w2 = kk / dd + (2.0 / 3.0) * logTerm + (2.0 / dd) * std::sqrt(kk * (dd - 1) / (dd + 2) * logTerm);
  return std::sqrt(w2);
}

double projectionSensitivityBernsteinDpSwdCode(long k, long d, double delta) {
  validate(k, d, delta);
  const double kk = double(k), dd = double(d), logTerm = std::log(1.0 / delta);
  const double w2 = kk / dd + (2.0 / 3.0) * logTerm + (2.0 / dd) * std::sqrt(kk * kk * (dd - 1) / (dd + 2) * logTerm);
  return std::sqrt(w2);
}

double projectionSensitivityClt(long k, long d, double delta) {
  validate(k, d, delta);
  const double kk = double(k), dd = double(d);
  const double z = boost::math::quantile(boost::math::complement(boost::math::normal_distribution<double>(), delta));
  const double w2 = kk / dd + (z / dd) * std::sqrt(2 * kk * (dd - 1) / (dd + 2));
  return std::sqrt(std::max(w2, 0.0));
}

ProjectionBound defaultProjectionBound(long k) { return k > 30 ? ProjectionBound::Clt : ProjectionBound::Bernstein; }

double projectionSensitivity(ProjectionBound bound, long k, long d, double delta) {
  return bound == ProjectionBound::Clt ? projectionSensitivityClt(k, d, delta)
                                       : projectionSensitivityBernstein(k, d, delta);
}

}  // namespace dpw
