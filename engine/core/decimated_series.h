#pragma once
/// A chart line that grows by one point per step but never holds more than a fixed number of points.
///
/// Long runs (10^5 steps and more) append a loss or ε value every step; copying an ever-growing
/// series into every frame would grow memory and frame time without bound. A DecimatedSeries keeps
/// the raw points exactly while there are at most `capacity` of them; after that it groups
/// consecutive raw points into buckets of 2^j points and keeps, per bucket, the point with the
/// smallest y and the point with the largest y (min/max decimation: spikes and the envelope of a
/// noisy curve stay visible). The newest raw point is always kept. Memory and the size of series()
/// are at most capacity + 1 points, whatever the number of appends. Cost: O(1) amortised per append.
#include <cstddef>
#include <string>
#include <vector>

#include "core/frame.h"

namespace dpw {

class DecimatedSeries {
 public:
  /// Default capacity: 2000 points per line, about three per pixel of a chart on screen (painting 3 lines
  /// of 4000 antialiased points took 13 ms per frame, of 2000 about half that).
  static constexpr std::size_t kDefaultCapacity = 2000;

  /// @param capacity at least 4 (smaller values are raised to 4).
  explicit DecimatedSeries(std::string name = {}, std::size_t capacity = kDefaultCapacity);

  void append(double x, double y);
  /// The line to draw: exact while rawCount() <= capacity, else min/max per bucket, plus the newest point.
  Series series() const;
  const std::string& name() const { return name_; }
  std::size_t rawCount() const { return raw_; }
  bool empty() const { return raw_ == 0; }
  /// Newest raw point (undefined when empty()).
  double lastX() const { return lastX_; }
  double lastY() const { return lastY_; }
  /// Raw points per bucket (1 while nothing was decimated).
  std::size_t bucketSize() const { return bucketSize_; }

 private:
  struct Bucket {
    double xMin, yMin, xMax, yMax;  ///< the points with the smallest and the largest y
    std::size_t count;
  };
  void mergePairs();
  std::size_t pointsBound() const { return buckets_.size() * (bucketSize_ == 1 ? 1 : 2); }

  std::string name_;
  std::size_t capacity_;
  std::size_t bucketSize_ = 1;
  std::size_t raw_ = 0;
  double lastX_ = 0, lastY_ = 0;
  std::vector<Bucket> buckets_;
};

}  // namespace dpw
