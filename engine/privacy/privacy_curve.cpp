#include "privacy/privacy_curve.h"

#include <sstream>

#include "core/error.h"

namespace dpw {

PrivacyCurve::PrivacyCurve(const std::vector<std::string>& accountantIds, double delta) : delta_(delta) {
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  require(!accountantIds.empty(), "a privacy curve needs at least one accountant");
  for (const auto& id : accountantIds) {
    accountants_.push_back(makeAccountant(id));
    series_.push_back(Series{accountants_.back()->name(), {0.0}, {0.0}});
  }
}

void PrivacyCurve::record(double noiseMultiplier, double sampleRate, long steps) {
  for (auto& a : accountants_) a->addGaussianSteps(noiseMultiplier, sampleRate, steps);
  step_ += steps;
  for (size_t i = 0; i < accountants_.size(); ++i) {
    series_[i].x.push_back(double(step_));
    series_[i].y.push_back(accountants_[i]->epsilon(delta_));
  }
}

double PrivacyCurve::epsilon(size_t i) const { return accountants_.at(i)->epsilon(delta_); }

FramePtr PrivacyCurve::frame() const {
  std::ostringstream title;
  title << "Privacy spent (ε at δ = " << delta_ << ")";
  return makeFrame("privacy", title.str(), step_, LinesFrame{"step", "ε", series_});
}

}  // namespace dpw
