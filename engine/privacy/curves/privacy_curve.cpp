#include "privacy/curves/privacy_curve.h"

#include <sstream>
#include <utility>

#include "core/error.h"
#include "core/internal_error.h"
#include "privacy/printed_numbers.h"

namespace dpw {

PrivacyCurve::PrivacyCurve(double delta) : delta_(delta) {
  require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
}

void PrivacyCurve::add(std::unique_ptr<Accountant> accountant) {
  accountants_.push_back(std::move(accountant));
  series_.emplace_back(accountants_.back()->shortName());
  series_.back().append(0.0, 0.0);
}

PrivacyCurve::PrivacyCurve(const std::vector<std::string>& accountantIds, double delta) : PrivacyCurve(delta) {
  require(!accountantIds.empty(), "a privacy curve needs at least one accountant");
  for (const auto& id : accountantIds) add(makeAccountant(parseAccountant(id)));
}

PrivacyCurve PrivacyCurve::ofAccountants(const std::vector<AccountantKind>& accountants, double delta) {
  PrivacyCurve curve(delta);
  require(!accountants.empty(), "a privacy curve needs at least one accountant");
  for (AccountantKind kind : accountants) curve.add(makeAccountant(kind));
  return curve;
}

void PrivacyCurve::record(double noiseMultiplier, double sampleRate, long steps,
                          const std::function<void()>& beforeEach) {
  for (auto& a : accountants_) a->addGaussianSteps(noiseMultiplier, sampleRate, steps);
  step_ += steps;
  for (size_t i = 0; i < accountants_.size(); ++i) {
    if (beforeEach) beforeEach();
    series_[i].append(double(step_), accountants_[i]->epsilon(delta_));
  }
}

void PrivacyCurve::replaceAccountant(size_t i, std::unique_ptr<Accountant> accountant) {
  ensure(step_ == 0, "accountants can only be replaced before any step is recorded");
  ensure(i < accountants_.size(), "no accountant at index ", i);
  accountants_[i] = std::move(accountant);
  series_[i] = DecimatedSeries(accountants_[i]->shortName());
  series_[i].append(0.0, 0.0);
}

double PrivacyCurve::epsilon(size_t i) const { return accountants_.at(i)->epsilon(delta_); }

FramePtr PrivacyCurve::frame() const {
  std::ostringstream title;
  title << "Privacy spent (ε at δ = " << claimNumber(delta_) << ")";  // as the claim prints it: 3.334e-06
  LinesFrame lines{"step", "ε", {}};
  for (const auto& s : series_) lines.series.push_back(s.series());
  return makeFrame("privacy", title.str(), step_, std::move(lines));
}

}  // namespace dpw
