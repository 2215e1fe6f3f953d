#pragma once
/// The privacy-utility chart of the private flows against the generator ([DPSWFlow] §4.2's claim:
/// the flow generates higher-fidelity data than DPSWgen at every privacy budget tested).
///
/// For each ε of a list, runs (one after the other, same seed, same δ) DPSWflow-r with its defaults,
/// DPSWflow-r with the paper's choices (i.i.d. random directions, constant step, k = 30 on the toys
/// and 70 on Fashion-MNIST), and DPSWgen with its defaults, the flows for T steps and DPSWgen for 2T Adam steps, and
/// draws the final quality against ε (log axis): SW₂² to the held-out data on the toys, the Fréchet
/// distance in the public LDA feature space (frechet_features.h) on Fashion-MNIST (one unconditional
/// flow / generator). Metrics `<method>_eps<ε>` hold every point. Cost: the sum of the runs.
#include "core/method.h"

namespace dpw {

MethodInfo flowPrivacyUtilityMethod();

}  // namespace dpw
