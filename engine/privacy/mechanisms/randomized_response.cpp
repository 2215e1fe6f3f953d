#include "privacy/mechanisms/randomized_response.h"

#include <cmath>

#include "core/error.h"
#include "core/internal_error.h"

namespace dpw {

RandomizedResponse::RandomizedResponse(double epsilon) : epsilon_(epsilon), q_(0), flip_(0) {
  require(epsilon > 0 && std::isfinite(epsilon), "randomized response needs a finite ε > 0, got ", epsilon);
  q_ = 1 / (1 + std::exp(-epsilon));  // e^ε / (1 + e^ε), without overflow for large ε
  flip_ = std::exp(-epsilon) / (1 + std::exp(-epsilon));
}

double RandomizedResponse::yesReportProbability(double trueShare) const {
  return trueShare * q_ + (1 - trueShare) * flip_;
}

double RandomizedResponse::unbiasedEstimate(double reportedYesShare) const {
  return (reportedYesShare - flip_) / (q_ - flip_);
}

double RandomizedResponse::estimateVariance(long people) const {
  require(people >= 1, "randomized response needs at least one person, got ", people);
  const double gap = q_ - flip_;
  return q_ * flip_ / (double(people) * gap * gap);
}

double RandomizedResponse::populationEstimateVariance(double trueShare, long people) const {
  require(people >= 1, "randomized response needs at least one person, got ", people);
  const double pi = yesReportProbability(trueShare), gap = q_ - flip_;
  return pi * (1 - pi) / (double(people) * gap * gap);
}

long RandomizedResponse::respond(std::span<const std::uint8_t> truths, std::span<std::uint8_t> reports, Rng& rng) const {
  ensure(truths.size() == reports.size(), "randomized response: ", truths.size(), " answers but ", reports.size(),
          " report slots");
  std::uniform_real_distribution<double> u(0.0, 1.0);
  long yes = 0;
  for (std::size_t i = 0; i < truths.size(); ++i) {
    const bool keep = u(rng) < q_;
    reports[i] = std::uint8_t(keep ? truths[i] != 0 : truths[i] == 0);
    yes += reports[i];
  }
  return yes;
}

double centralLaplaceShareStd(double epsilon, long people) {
  require(epsilon > 0 && people >= 1, "central Laplace share: need ε > 0 and n ≥ 1, got ", epsilon, ", ", people);
  return std::sqrt(2.0) / (epsilon * double(people));
}

}  // namespace dpw
