#pragma once
// Every chart a method draws at its defaults, made quickly: the long-running knobs (steps, rows, particles,
// samples, trials, ...) set shorter where the method has them and its range allows; the charts' titles, names
// and kinds do not depend on them. One run, seed 1; the newest frame of each chart.
#include <utility>
#include <vector>

#include "core/frame.h"
#include "core/method.h"
#include "core/run_observer.h"

namespace dpwtest {

inline std::vector<dpw::FramePtr> quickDefaultFrames(const dpw::MethodInfo& m) {
  dpw::ParamValues p(m.params);
  const std::pair<const char*, double> shorter[] = {{"steps", 20},    {"n", 1000},      {"particles", 300},
                                                    {"toy_size", 500}, {"samples", 200}, {"trials", 500},
                                                    {"shifts", 3},     {"seeds", 2},     {"draws", 50}};
  for (const auto& [key, value] : shorter)
    for (const auto& spec : m.params)
      if (spec.key == key && (spec.kind == dpw::ParamKind::Real || spec.kind == dpw::ParamKind::Integer) &&
          value >= spec.min && value <= spec.max)
        p.set(key, value);
  dpw::LatestFramesObserver obs;
  m.run(p, 1, obs);
  return obs.latestPerChart();
}

}  // namespace dpwtest
