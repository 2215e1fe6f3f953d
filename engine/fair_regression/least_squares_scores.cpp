#include "fair_regression/least_squares_scores.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <Eigen/QR>

#include "core/error.h"
#include "core/internal_error.h"
#include "fair_regression/fair_pipeline.h"

namespace dpw {

LeastSquaresFit fitLeastSquares(const PointsRef& X, const std::vector<double>& y) {
  const Eigen::Index n = X.rows(), p = X.cols();
  ensure(std::size_t(n) == y.size(), "least squares: ", n, " feature rows but ", y.size(), " targets");
  require(n >= p + 1, "least squares: ", n, " rows are too few for ", p, " features (need at least ", p + 1, ")");
  require(X.allFinite(), "least squares: a feature value is NaN or infinite");
  const Eigen::Map<const Vector> target(y.data(), n);
  require(target.allFinite(), "least squares: a target is NaN or infinite");

  // Standardise so the QR's rank decision does not depend on the columns' units.
  const Eigen::RowVectorXd mean = X.colwise().mean();
  Eigen::RowVectorXd scale = ((X.rowwise() - mean).array().square().colwise().sum() / double(n)).sqrt();
  std::vector<Eigen::Index> used;
  for (Eigen::Index j = 0; j < p; ++j)
    if (scale(j) > 1e-12 * std::max(1.0, std::abs(mean(j)))) used.push_back(j);
  Eigen::MatrixXd A(n, Eigen::Index(used.size()) + 1);
  A.col(0).setOnes();
  for (std::size_t c = 0; c < used.size(); ++c)
    A.col(Eigen::Index(c) + 1) = (X.col(used[c]).array() - mean(used[c])) / scale(used[c]);
  const Vector beta = A.colPivHouseholderQr().solve(target);

  LeastSquaresFit fit;
  fit.coefficients = Vector::Zero(p);
  fit.intercept = beta(0);
  for (std::size_t c = 0; c < used.size(); ++c) {
    const Eigen::Index j = used[c];
    fit.coefficients(j) = beta(Eigen::Index(c) + 1) / scale(j);
    fit.intercept -= fit.coefficients(j) * mean(j);
  }
  fit.fitMse = (A * beta - target).squaredNorm() / double(n);
  return fit;
}

RegressorScores leastSquaresScores(const GroupedScores& data, double fitFraction, Rng& rng) {
  require(data.features.size() > 0, "data '", data.name,
          "' has no feature columns for a regressor (for a CSV file, name them in feature_columns)");
  require(fitFraction > 0 && fitFraction < 1, "regressor_fraction must lie in (0, 1), got ", fitFraction);
  // The split is of the public rows (fair_pipeline.h: splitPublicRows), so the post-processed part's n is public.
  const double fitRows = std::ceil(fitFraction * double(data.publicSize()));
  require(fitRows >= 1 && fitRows < double(data.publicSize()), "regressor_fraction ", fitFraction, " of ",
          data.publicSize(), " rows leaves no rows to fit on or none to post-process");
  SeededWords words(rng);
  PublicSplit parts = splitPublicRows(data, fitFraction, words);  // "test" = the fit rows
  GroupedScores& fitPart = parts.test;

  // Missing feature cells (NaN, grouped_scores.h) take their column's mean over the fit rows, which are
  // public: a mean over the post-processed rows would move every imputed row's score with one person's
  // value, far beyond the histogram's sensitivity (issue #35).
  RegressorScores out;
  out.imputation = Vector::Zero(fitPart.features.cols());
  for (Eigen::Index j = 0; j < fitPart.features.cols(); ++j) {
    double sum = 0;
    long present = 0;
    for (Eigen::Index i = 0; i < fitPart.features.rows(); ++i)
      if (const double v = fitPart.features(i, j); std::isfinite(v)) sum += v, ++present;
    require(present > 0, "data '", data.name, "': feature column '", data.featureNames[std::size_t(j)],
            "' has no value in the rows the regressor is fitted on (its missing cells are imputed from them)");
    out.imputation(j) = sum / double(present);
  }
  auto impute = [&](Points& X) {
    for (Eigen::Index i = 0; i < X.rows(); ++i)
      for (Eigen::Index j = 0; j < X.cols(); ++j)
        if (std::isnan(X(i, j))) X(i, j) = out.imputation(j);
  };
  impute(fitPart.features);
  out.fit = fitLeastSquares(fitPart.features, fitPart.truth());
  out.fitRows = long(fitPart.size());  // the fit rows are public, their kept count too
  out.data = std::move(parts.train);
  GroupedScores& d = out.data;
  impute(d.features);
  d.name = data.name + " (least-squares scores)";
  d.targets = data.targets.empty() ? d.scores : d.targets;
  for (std::size_t i = 0; i < d.size(); ++i) {
    // A rule of the row alone: a prediction outside [lo, hi] (±∞ from a huge feature included) goes to the
    // nearer bound, a NaN one (∞ − ∞) to the midpoint, so no value of one row can poison the release.
    const double f = out.fit.predict(d.features.row(Eigen::Index(i)));
    if (f < d.lo) ++out.clippedLow;
    if (f > d.hi) ++out.clippedHigh;
    d.scores[i] = std::isnan(f) ? d.lo / 2 + d.hi / 2 : std::clamp(f, d.lo, d.hi);
  }
  d.validate();
  return out;
}

}  // namespace dpw
