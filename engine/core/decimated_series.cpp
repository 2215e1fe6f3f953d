#include "core/decimated_series.h"

#include <algorithm>

namespace dpw {

DecimatedSeries::DecimatedSeries(std::string name, std::size_t capacity)
    : name_(std::move(name)), capacity_(std::max<std::size_t>(capacity, 4)) {}

void DecimatedSeries::append(double x, double y) {
  ++raw_;
  lastX_ = x, lastY_ = y;
  if (buckets_.empty() || buckets_.back().count >= bucketSize_) {
    buckets_.push_back({x, y, x, y, 1});
  } else {
    Bucket& b = buckets_.back();
    if (y < b.yMin) b.xMin = x, b.yMin = y;
    if (y > b.yMax) b.xMax = x, b.yMax = y;
    ++b.count;
  }
  while (pointsBound() > capacity_) mergePairs();
}

void DecimatedSeries::mergePairs() {
  std::size_t out = 0;
  for (std::size_t i = 0; i < buckets_.size(); i += 2) {
    Bucket b = buckets_[i];
    if (i + 1 < buckets_.size()) {
      const Bucket& c = buckets_[i + 1];
      if (c.yMin < b.yMin) b.xMin = c.xMin, b.yMin = c.yMin;
      if (c.yMax > b.yMax) b.xMax = c.xMax, b.yMax = c.yMax;
      b.count += c.count;
    }
    buckets_[out++] = b;
  }
  buckets_.resize(out);
  bucketSize_ *= 2;
}

Series DecimatedSeries::series() const {
  Series s{name_, {}, {}};
  s.x.reserve(std::min(capacity_, 2 * buckets_.size()) + 1);
  s.y.reserve(s.x.capacity());
  auto add = [&s](double x, double y) { s.x.push_back(x), s.y.push_back(y); };
  for (const Bucket& b : buckets_) {
    if (bucketSize_ == 1 || (b.xMin == b.xMax && b.yMin == b.yMax)) {
      add(b.xMin, b.yMin);
    } else if (b.xMin <= b.xMax) {
      add(b.xMin, b.yMin), add(b.xMax, b.yMax);
    } else {
      add(b.xMax, b.yMax), add(b.xMin, b.yMin);
    }
  }
  if (raw_ > 0 && (s.x.back() != lastX_ || s.y.back() != lastY_)) add(lastX_, lastY_);
  return s;
}

}  // namespace dpw
