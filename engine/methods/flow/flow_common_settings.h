#pragma once
/// The settings DPSWflow(-r) and DPSWgen read the same way from their parameters (one reader for both
/// fromParams): k, T, the privacy settings, the target and the chart period.
#include "core/parameters.h"
#include "flow/flow_data.h"
#include "flow/flow_privacy.h"

namespace dpw {

/// Reads projections, steps, the flows' privacy settings (FlowPrivacySettings::fromParams), the target
/// (FlowTargetSettings::fromParams) and frame_every into `s`. @throws as those readers.
template <class Settings>
void readCommonFlowSettings(const ParamValues& p, Settings& s) {
  s.projections = p.integer("projections");
  s.steps = p.integer("steps");
  s.privacy = FlowPrivacySettings::fromParams(p);
  s.data = FlowTargetSettings::fromParams(p);
  s.frameEvery = p.integer("frame_every");
}

}  // namespace dpw
