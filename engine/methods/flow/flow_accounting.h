#pragma once
/// The flows' use of the privacy accountants (engine/privacy/accountant.h): every ε a flow reports
/// goes through these two functions, so the accounting is in one place.
///
/// DPSWflow-r: T steps of the subsampled Gaussian with noise multiplier m = s/Δ and rate q = batch/m
/// ([DPSWFlow] Alg. 1, App. C.4; the reference uses the moments accountant, orders 1..32).
/// DPSWflow: T steps of the Gaussian mechanism on the whole data (q = 1); the accountant composes them
/// (at q = 1 T Gaussians with multiplier m are one Gaussian with multiplier m/√T).
#include <string>

namespace dpw {

/// True when the engine was built with the accountants (the privacy module).
bool flowAccountantAvailable();

/// ε after `steps` steps of the Gaussian with this multiplier at rate q, at δ, by accountant `id`.
/// @throws InvalidArgument on bad values, or when no accountant is built in.
double flowEpsilonSpent(const std::string& accountantId, double noiseMultiplier, double sampleRate, long steps,
                        double delta);

/// Smallest multiplier reaching ε at δ after `steps` steps at rate q (calibrateNoiseMultiplier).
/// @throws InvalidArgument on bad values, or when no accountant is built in.
double flowCalibrateMultiplier(const std::string& accountantId, double epsilon, double delta, double sampleRate,
                               long steps);

}  // namespace dpw
