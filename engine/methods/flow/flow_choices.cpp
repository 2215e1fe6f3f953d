// Id tables of the flows' choice settings (methods/flow/dpsw_flow.h): one per enum, shared by the
// ParamSpecs, DpswFlowSettings::fromParams, the CLI and the Python module.
#include "methods/flow/dpsw_flow.h"

namespace dpw {

const ChoiceTable<FlowDirections>& flowDirectionDraws() {
  static const ChoiceTable<FlowDirections> table(
      "direction draw", {{FlowDirections::Orthonormal, "orthonormal"}, {FlowDirections::Random, "random"}});
  return table;
}

const ChoiceTable<PoolDataNoise>& poolDataNoises() {
  static const ChoiceTable<PoolDataNoise> table("data_noise",
                                                {{PoolDataNoise::Once, "once"}, {PoolDataNoise::EveryStep, "every_step"}});
  return table;
}

const ChoiceTable<FlowRelease>& flowReleases() {
  static const ChoiceTable<FlowRelease> table(
      "release", {{FlowRelease::Histogram, "histogram"}, {FlowRelease::Projections, "projections"}});
  return table;
}

const ChoiceTable<ProjectSupport>& projectSupports() {
  static const ChoiceTable<ProjectSupport> table("project_support", {{ProjectSupport::Final, "final"},
                                                                     {ProjectSupport::EveryStep, "every_step"},
                                                                     {ProjectSupport::Off, "off"}});
  return table;
}

}  // namespace dpw
