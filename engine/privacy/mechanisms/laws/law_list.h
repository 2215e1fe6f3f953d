#pragma once
/// The one list of noise laws, in menu order: DPW_NOISE_LAW(Kind, descriptor). Adding a law is its file in
/// this folder (which defines the descriptor, see privacy/mechanisms/noise_law.h), its test and one line here:
/// the line declares both the NoiseMechanism value and the registry entry.
#define DPW_NOISE_LAWS(DPW_NOISE_LAW)                 \
  DPW_NOISE_LAW(Laplace, kLaplaceLaw)                 \
  DPW_NOISE_LAW(Gaussian, kGaussianLaw)               \
  DPW_NOISE_LAW(DiscreteLaplace, kDiscreteLaplaceLaw) \
  DPW_NOISE_LAW(DiscreteGaussian, kDiscreteGaussianLaw)
