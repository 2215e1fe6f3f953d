#pragma once
/// Privacy amplification by subsampling without replacement within groups ([FairLearn] Lemma 5.1):
/// if M_batch is (ε, δ)-DP on batches of n'_i of the n_i points of each group i, selecting the batches
/// without replacement and then running M_batch is (ε', δ')-DP with
///   ε' = ln(1 + p (e^ε − 1)),  δ' = p δ,  p = max_i n'_i / n_i.
/// Cost O(#groups).
#include <vector>

namespace dpw {

struct EpsilonDelta {
  double epsilon;
  double delta;
};

/// p = max_i n'_i / n_i. @throws InvalidArgument unless the lists have equal non-zero length and
/// 1 ≤ n'_i ≤ n_i.
double groupSamplingRate(const std::vector<long>& batchSizes, const std::vector<long>& groupSizes);

/// (ε', δ') of Lemma 5.1. @throws InvalidArgument unless ε ≥ 0, δ ∈ [0, 1], p ∈ (0, 1].
EpsilonDelta amplifyBySubsampling(double epsilon, double delta, double samplingRate);

}  // namespace dpw
