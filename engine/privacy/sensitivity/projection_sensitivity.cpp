#include "privacy/sensitivity/projection_sensitivity.h"

#include <boost/math/distributions/normal.hpp>
#include <boost/math/special_functions/hypergeometric_1F1.hpp>
#include <boost/math/tools/minima.hpp>
#include <cmath>

#include "core/choice_table.h"  // choiceList
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

double projectionSensitivityChernoff(long k, long d, double delta) {
  validate(k, d, delta);
  const double kk = double(k);
  if (d == 1) return std::sqrt(kk);
  const double b = 0.5 * double(d), logInvDelta = std::log(1.0 / delta);
  // t(λ) = (k ln ₁F₁(½; d/2; λ) + ln(1/δ))/λ over u = ln λ; log_hypergeometric_1F1 avoids overflow.
  const auto t = [&](double u) {
    const double lambda = std::exp(u);
    return (kk * boost::math::log_hypergeometric_1F1(0.5, b, lambda) + logInvDelta) / lambda;
  };
  const auto best = boost::math::tools::brent_find_minima(t, -25.0, 12.0, 52);
  return std::sqrt(std::min(best.second, kk));
}

ProjectionBound defaultProjectionBound(long) { return ProjectionBound::Chernoff; }

const std::vector<std::string>& projectionBoundIds() {
  static const std::vector<std::string> ids{"chernoff", "clt", "bernstein"};  // ProjectionBound menu order
  return ids;
}

const char* projectionBoundId(ProjectionBound bound) {
  switch (bound) {
    case ProjectionBound::Clt: return projectionBoundIds()[1].c_str();
    case ProjectionBound::Bernstein: return projectionBoundIds()[2].c_str();
    case ProjectionBound::Chernoff: break;
  }
  return projectionBoundIds()[0].c_str();
}

ProjectionBound parseProjectionBound(const std::string& id) {
  for (ProjectionBound b : {ProjectionBound::Chernoff, ProjectionBound::Clt, ProjectionBound::Bernstein})
    if (id == projectionBoundId(b)) return b;
  throw InvalidArgument("unknown sensitivity bound '" + id + "'; choose " + choiceList(projectionBoundIds()));
}

const std::string& bernsteinDpSwdCodeId() {
  static const std::string id = "bernstein-dpswd-code";
  return id;
}

const std::vector<std::string>& projectionSensitivityToolIds() {
  static const std::vector<std::string> ids = [] {
    std::vector<std::string> v = projectionBoundIds();
    v.push_back(bernsteinDpSwdCodeId());
    return v;
  }();
  return ids;
}

double projectionSensitivityById(const std::string& id, long k, long d, double delta) {
  if (id == bernsteinDpSwdCodeId()) return projectionSensitivityBernsteinDpSwdCode(k, d, delta);
  for (const std::string& known : projectionBoundIds())
    if (id == known) return projectionSensitivity(parseProjectionBound(id), k, d, delta);
  throw InvalidArgument("unknown sensitivity bound '" + id + "'; choose " + choiceList(projectionSensitivityToolIds()));
}

const char* projectionBoundDescription(ProjectionBound bound) {
  switch (bound) {
    case ProjectionBound::Clt: return "CLT approximation of [DP-SWD] (not a bound: exceeded ~5x more often than delta)";
    case ProjectionBound::Bernstein: return "Bernstein bound ([DP-SWD] Lemma 2)";
    case ProjectionBound::Chernoff: break;
  }
  return "Chernoff bound with the exact Beta(1/2, (d-1)/2) MGF (rigorous)";
}

double projectionSensitivity(ProjectionBound bound, long k, long d, double delta) {
  switch (bound) {
    case ProjectionBound::Clt: return projectionSensitivityClt(k, d, delta);
    case ProjectionBound::Bernstein: return projectionSensitivityBernstein(k, d, delta);
    case ProjectionBound::Chernoff: break;
  }
  return projectionSensitivityChernoff(k, d, delta);
}

}  // namespace dpw
