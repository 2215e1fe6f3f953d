#pragma once
/// When an iterative run publishes a chart frame: at every one of the first `kEveryStepFrames` steps (so a
/// flow is seen travelling, not already arrived: DPSWflow-r's SW₂² falls from 7 to 0.02 within its first
/// ten steps), then every `frameEvery` steps, and at the last step. Step 0 (the start) is published by
/// the caller before the loop. A run whose frames nobody sees (`live` false: flow-privacy-utility's inner runs)
/// publishes only the last, which its final metrics read.

namespace dpw {

inline constexpr long kEveryStepFrames = 20;

/// True if the frame after `step` steps (1-based) is due. frameEvery >= 1 is the caller's precondition.
inline bool frameDue(long step, long frameEvery, long steps, bool live = true) {
  return step == steps || (live && (step <= kEveryStepFrames || step % frameEvery == 0));
}

}  // namespace dpw
