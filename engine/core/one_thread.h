#pragma once
/// Runs a piece of work on the calling thread alone, its OpenMP regions included: an audit's trials are
/// many tiny runs, and at their sizes a run's own parallel regions cost more than the work, badly so on a
/// shared machine, where a barrier waits for a descheduled thread (flow/flow_step_audit.cpp measured it).
/// Inside a one-thread region the nested regions are inactive and Eigen sizes its products by the
/// one-thread setting; no result of the engine depends on the thread count, so the bits are the same.
#include <functional>

namespace dpw {

void onOneThread(const std::function<void()>& work);

}  // namespace dpw
