#pragma once
/// The exponential mechanism (McSherry & Talwar 2007; Dwork & Roth 2014 §3.4) for choosing one of k options
/// privately: with a utility u(D, r) of sensitivity Δ (one person changes any option's utility by at most Δ), option
/// r is chosen with probability ∝ exp(ε u(D, r) / (2Δ)). It is ε-DP (Thm 3.10): each weight moves by at most a factor
/// e^{ε/2} and so does their sum. Utility (Thm 3.11): P[u(chosen) ≤ OPT − (2Δ/ε)(ln k + t)] ≤ e^{−t}, so the expected
/// shortfall OPT − E[u(chosen)] is at most (2Δ/ε)(ln k + 1).
///
/// Report-noisy-max with Gumbel noise of scale 2Δ/ε on each utility draws exactly the same law (the Gumbel-max
/// trick: argmax_r (a_r + G_r), G_r i.i.d. standard Gumbel, is r with probability e^{a_r} / Σ e^{a}); with Laplace
/// or exponential noise it is another ε-DP selection (Dwork & Roth 2014 Claim 3.9; McKenna & Sheldon 2020).
#include <cstddef>
#include <span>
#include <vector>

#include "core/rng.h"

namespace dpw {

/// The selection probabilities exp(ε u_r / (2Δ)) / Σ exp(ε u / (2Δ)), computed from the largest exponent down
/// (no overflow). @throws InvalidArgument unless there is an option, ε > 0 and Δ > 0 (finite), and every utility
/// is finite.
std::vector<double> exponentialMechanismProbabilities(std::span<const double> utilities, double epsilon,
                                                      double sensitivity);

/// One report-noisy-max draw: argmax_r (u_r + Gumbel noise of scale 2Δ/ε), the exponential mechanism's law.
std::size_t reportNoisyMaxGumbel(std::span<const double> utilities, double epsilon, double sensitivity, Rng& rng);

/// (2Δ/ε)(ln k + t): the shortfall below the best utility exceeded with probability at most e^{−t} (Thm 3.11).
double exponentialMechanismShortfallBound(std::size_t options, double epsilon, double sensitivity, double t);

}  // namespace dpw
