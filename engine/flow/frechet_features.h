#pragma once
/// Fréchet distance in a public feature space, to score generated Fashion-MNIST latents the way the
/// paper scores images by FID ([DPSWFlow] §4.2; Heusel et al. 2017), without an Inception network.
///
/// Feature map: the linear discriminant (LDA) classifier fitted on the PUBLIC half only (class means
/// μ_c and pooled within-class covariance S_w of its latents): f(x) = S_w^{-1/2} (x − μ̄), the space in
/// which LDA is the nearest-class-mean rule (with d = 8 < 10 classes it keeps every direction, each
/// weighted by how well it separates the classes). Closed form, so it is reproducible bit for bit and
/// spends no privacy.
/// Fréchet distance of the Gaussians fitted to two feature samples:
///   FD = ‖m₁ − m₂‖² + tr(C₁ + C₂ − 2 (C₁^{1/2} C₂ C₁^{1/2})^{1/2}).
/// Cost O(n d²) to fit and to map, O(d³) for the distance.
#include <vector>

#include "core/types.h"

namespace dpw {

struct PublicFeatureMap {
  Eigen::VectorXd mean;  ///< μ̄ (d)
  Eigen::MatrixXd W;     ///< S_w^{-1/2} (d x d)
  Points apply(const PointsRef& X) const;  ///< rows f(x)
};

/// Fits the LDA feature map on labelled public rows. @throws InvalidArgument on empty input or a singular
/// within-class covariance; InternalError on a label count other than the row count (the loader pairs them).
PublicFeatureMap fitPublicFeatureMap(const PointsRef& X, const std::vector<int>& labels);

/// FD between the Gaussians fitted to the rows of A and B (unbiased covariances).
/// @throws InvalidArgument if a sample has fewer than 2 rows; InternalError if the dimensions differ.
double frechetDistance(const PointsRef& A, const PointsRef& B);

/// A run's FID-like scores ([DPSWFlow] §4.2): in the feature map fitted on the public labelled rows, the
/// Fréchet distance to the held-out rows of the run's `samples` and, as its floor, of the public `reference`.
struct FrechetScores {
  double samples = 0;
  double floor = 0;
};
/// @throws InvalidArgument as fitPublicFeatureMap and frechetDistance.
FrechetScores frechetScores(const PointsRef& publicRows, const std::vector<int>& publicLabels,
                            const PointsRef& reference, const PointsRef& heldOut, const PointsRef& samples);

}  // namespace dpw
