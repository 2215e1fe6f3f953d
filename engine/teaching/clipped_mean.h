#pragma once
/// Clipping bounds, the numbers of the clipped-mean lesson (methods/clipped_mean_method.h): a mean of unbounded values
/// has no finite sensitivity, so each value is clipped to [0, C] first; the clipped sum then has L1 sensitivity C
/// for replace-one neighbours (n public), and a Laplace release of it with b = C/ε, divided by n, has noise
/// standard deviation √2 b / n = √2 C / (ε n) (Dwork & Roth 2014 Thm 3.6). A small C biases the mean (every value
/// above C counts as C); a large C drowns it in noise. The release's root mean squared error against the true
/// mean is √(bias² + 2 b² / n²), smallest at a C in between.
///
/// For values from an exponential law of mean μ (the lesson's data), the clipped mean and the bias have closed
/// forms: E[min(X, C)] = μ (1 − e^{−C/μ}), bias(C) = −μ e^{−C/μ}, and the share of values above C is e^{−C/μ}.
/// This room holds no noise: the Laplace scale comes from privacy/mechanisms/ (the caller passes b).
#include <cstdint>
#include <span>
#include <vector>

#include "core/rng.h"

namespace dpw {

/// Values clipped to [0, clip]: min(max(v, 0), clip).
std::vector<double> clipValues(std::span<const double> values, double clip);

/// The population's clipped mean μ (1 − e^{−C/μ}) for an exponential law of mean μ. @throws InvalidArgument
/// unless μ > 0 and C ≥ 0.
double exponentialClippedMean(double mean, double clip);

/// The clipped mean's bias −μ e^{−C/μ} for an exponential law of mean μ.
double exponentialClippingBias(double mean, double clip);

/// The Laplace release's noise standard deviation on the mean: √2 b / n.
double clippedMeanNoiseStd(double laplaceScale, long people);

/// √(bias² + noise²): the root mean squared error of the released mean against the true mean.
double clippedMeanRmse(double bias, double noiseStd);

/// The bound C minimising the closed-form root mean squared error for an exponential law of mean μ, n people and
/// privacy budget ε (b = C/ε): golden-section search on [0, 60 μ] (the error is unimodal in C: its square
/// μ² e^{−2C/μ} + 2 C² / (ε n)² is convex), to 1e-9 μ.
double exponentialBestClip(double mean, double epsilon, long people);

/// n values drawn from an exponential law of mean μ (the lesson's synthetic data; seeded).
std::vector<double> exponentialData(double mean, long people, Rng& rng);

}  // namespace dpw
