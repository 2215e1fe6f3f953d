#pragma once
/// Scores from a regressor instead of the targets: [FairReg] §2 post-processes the outputs of any
/// given regressor f; here f is ordinary least squares, fitted on a share of the rows that is then
/// set aside (treated as public, as the paper treats f as given), and the post-processing runs on
/// the remaining rows with scores f(x) and the true targets kept for the MSE.
///
/// Fit: columns standardised (mean 0, std 1; constant columns left out), then the least-squares
/// solution of [1 Z] β ≈ y by column-pivoting Householder QR (Eigen), which also handles collinear
/// columns. Cost O(n p²).
#include <cstdint>
#include <string>
#include <vector>

#include "core/rng.h"
#include "core/types.h"
#include "data/grouped_scores.h"

namespace dpw {

struct LeastSquaresFit {
  double intercept = 0;
  Vector coefficients;  ///< one per feature column, in the original (unstandardised) units
  double fitMse = 0;    ///< mean squared residual on the rows it was fitted on

  double predict(const Eigen::Ref<const Eigen::RowVectorXd>& x) const { return intercept + x.dot(coefficients.transpose()); }
};

/// @throws InternalError if X and y differ in rows; InvalidArgument if there are fewer rows than columns + 1
/// or a value is not finite.
LeastSquaresFit fitLeastSquares(const PointsRef& X, const std::vector<double>& y);

struct RegressorScores {
  GroupedScores data;      ///< the rows not used for the fit: scores = f(x) in [lo, hi], targets = y
  LeastSquaresFit fit;
  long fitRows = 0;
  long clippedLow = 0, clippedHigh = 0;  ///< predictions outside [lo, hi], projected onto the bound
  Vector imputation;  ///< per feature: the fit rows' mean, which replaces a missing (NaN) cell
};

/// Draws ⌈fitFraction · n⌉ rows uniformly (from `rng`) to fit f on, and returns the other rows with
/// f's predictions as scores. Missing feature cells (NaN) in both parts take the fit rows' column mean
/// (public rows: nothing fitted here reads a post-processed row). Predictions are projected onto
/// [lo, hi] because the method's scores live there ([FairReg] §2, bounded scores), a NaN prediction onto
/// the midpoint; how many were moved is reported, never hidden.
/// @throws InvalidArgument if `data` has no features, 0 < fitFraction < 1 fails, either part is
/// empty, a feature has no value in the fit rows, or a group has no row left for post-processing.
RegressorScores leastSquaresScores(const GroupedScores& data, double fitFraction, Rng& rng);

}  // namespace dpw
