#include "core/one_thread.h"

#include <exception>

#include <omp.h>

#include <optional>

#include "core/run_stop.h"

namespace dpw {

void onOneThread(const std::function<void()>& work) {
  std::exception_ptr error;  // an exception may not leave an OpenMP region: carried out and rethrown
  const RunObserver* const run = runStopObserver();  // the caller's run, asked in the region too (core/run_stop.h)
#pragma omp parallel num_threads(1)
  {
    omp_set_num_threads(1);  // Eigen sizes its products by this (per task) ICV, not by the region's size
    try {
      std::optional<RunStopScope> asked;
      if (run) asked.emplace(*run);
      work();
    } catch (...) {
      error = std::current_exception();
    }
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace dpw
