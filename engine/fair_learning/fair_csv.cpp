#include "fair_learning/fair_csv.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>

#include "core/error.h"
#include "core/parameter_text.h"
#include "core/rng.h"
#include "data/csv_table.h"
#include "privacy/mechanisms/private_sampling.h"

namespace dpw {

namespace {

// The declared code of each row's cell (0 or 1), or −1 when the cell is not a declared value (missing included).
std::vector<int> declaredCodes(const CsvTable& t, const std::string& name, const std::vector<std::string>& values) {
  const std::size_t j = t.columnIndex(name);
  std::vector<int> out(t.rows(), -1);
  for (std::size_t r = 0; r < t.rows(); ++r) {
    if (t.isMissing(r, j)) continue;
    std::string cell(t.cell(r, j));
    while (!cell.empty() && cell.back() == ' ') cell.pop_back();
    while (!cell.empty() && cell.front() == ' ') cell.erase(cell.begin());
    for (std::size_t v = 0; v < values.size(); ++v)
      if (cell == values[v]) out[r] = int(v);
  }
  return out;
}

// Numeric for the automatic choice of features (ε = ∞ only): every cell a number or missing, one a number.
bool numericColumn(const CsvTable& t, std::size_t j) {
  bool any = false;
  for (std::size_t r = 0; r < t.rows(); ++r) {
    if (t.isMissing(r, j)) continue;
    if (!CsvTable::parseNumber(t.cell(r, j))) return false;
    any = true;
  }
  return any;
}

// The public map of a cell (fair_csv.h): clamp to [lo, hi] (NaN, missing: the midpoint), then the affine
// map onto [−1, 1], in halves so that no intermediate overflows for any finite lo < hi.
// A missing cell arrives as NaN.
double mapCell(double x, double lo, double hi, long& clamped, long& imputed) {
  if (!(hi > lo)) return 0.0;  // a fitted column without two distinct values
  if (std::isnan(x)) {
    ++imputed;
    return 0.0;
  }
  if (x < lo || x > hi) ++clamped;
  const double v = std::clamp(x, lo, hi);
  return 2.0 * ((v / 2 - lo / 2) / (hi / 2 - lo / 2)) - 1.0;
}

// Audit fault (a): the old path, exactly as it was (raw numbers, standardised on the training rows).
void standardiseOnTrainingRows(FairDataset& train, FairDataset& test) {
  const Eigen::RowVectorXd mean = train.X.colwise().mean();
  Eigen::RowVectorXd sd = ((train.X.rowwise() - mean).array().square().colwise().sum() / double(train.X.rows())).sqrt();
  for (Eigen::Index j = 0; j < sd.size(); ++j)
    if (sd[j] == 0) sd[j] = 1;  // a constant column stays constant (0 after centring)
  train.X = (train.X.rowwise() - mean).array().rowwise() / sd.array();
  test.X = (test.X.rowwise() - mean).array().rowwise() / sd.array();
}

}  // namespace

std::vector<FairCsvBounds> parseFeatureBounds(std::string_view text) {
  std::vector<FairCsvBounds> out;
  for (const std::string& item : splitList(text, "feature_bounds")) {
    const std::size_t second = item.rfind(':');
    const std::size_t first = second == std::string::npos || second == 0 ? std::string::npos : item.rfind(':', second - 1);
    require(first != std::string::npos && first > 0,
            "feature_bounds: '", item, "' is not column:lo:hi (for example age:17:90)");
    FairCsvBounds b;
    b.column = item.substr(0, first);
    while (!b.column.empty() && b.column.back() == ' ') b.column.pop_back();
    const auto lo = parseReal(item.substr(first + 1, second - first - 1));
    const auto hi = parseReal(item.substr(second + 1));
    require(lo && hi && std::isfinite(*lo) && std::isfinite(*hi), "feature_bounds: '", item,
            "' needs finite numbers lo and hi (column:lo:hi)");
    require(*lo < *hi, "feature_bounds: '", item, "' needs lo < hi");
    b.lo = *lo, b.hi = *hi;
    for (const auto& o : out)
      require(o.column != b.column, "feature_bounds: column '", b.column, "' is named twice");
    out.push_back(b);
  }
  return out;
}

std::vector<std::string> parseDeclaredValues(std::string_view text, const std::string& field) {
  std::vector<std::string> values = splitList(text, field);
  if (values.empty()) values = {"0", "1"};
  require(values.size() == 2 && values[0] != values[1] && !values[0].empty() && !values[1].empty(), field,
          ": declare exactly two distinct values, the one coded 0 first (for example 0,1 or no,yes)");
  return values;
}

FairCsvLoad loadFairCsv(const FairCsvSpec& spec, std::uint64_t seed, FairDataset& train, FairDataset& test,
                        NoiseSource source) {
  require(spec.testFraction > 0 && spec.testFraction < 1, "test fraction must be in (0, 1), got ", spec.testFraction);
  require(!spec.groupColumn.empty(), "a CSV data set needs a group column (the sensitive attribute)");
  require(spec.groupValues.size() == 2 && spec.groupValues[0] != spec.groupValues[1] &&
              (spec.labelColumn.empty() || (spec.labelValues.size() == 2 && spec.labelValues[0] != spec.labelValues[1])),
          "group_values and label_values: declare exactly two distinct values each");
  const CsvTable t = CsvTable::readFile(spec.path);
  // The declared values code the rows; a row with an undeclared group or label is dropped here (fair_csv.h).
  const std::vector<int> a = declaredCodes(t, spec.groupColumn, spec.groupValues);
  const std::vector<int> y = spec.labelColumn.empty() ? std::vector<int>(t.rows(), 0)
                                                      : declaredCodes(t, spec.labelColumn, spec.labelValues);
  std::vector<std::size_t> kept;
  for (std::size_t r = 0; r < t.rows(); ++r)
    if (a[r] >= 0 && y[r] >= 0) kept.push_back(r);
  // The planted fault reads the file the old way, whatever the run claims.
  const bool needBounds = spec.requirePublicBounds && !spec.plantedPrivateStandardisation;
  FairCsvLoad load;
  std::vector<std::string>& features = load.features;
  features = spec.features;
  if (features.empty())
    for (const auto& b : spec.bounds) features.push_back(b.column);
  if (features.empty() && !needBounds)
    for (std::size_t j = 0; j < t.cols(); ++j) {
      const std::string& c = t.columnNames()[j];
      if (c != spec.groupColumn && c != spec.labelColumn && numericColumn(t, j)) features.push_back(c);
    }
  require(!features.empty() || needBounds, "no numeric feature columns in ", t.source());
  require(!features.empty(),
          "a private run (epsilon < inf) on a CSV file needs public bounds for its features: name them in "
          "feature_bounds as column:lo:hi (for example age:17:90, hours:0:99); bounds or a standardisation "
          "computed from the private rows would differ between neighbouring data sets, which the privacy claim "
          "does not cover");
  for (const auto& b : spec.bounds)
    require(std::find(features.begin(), features.end(), b.column) != features.end(), "feature_bounds names column '",
            b.column, "', which is not a feature column");
  for (const auto& f : features) {
    const bool bounded = std::any_of(spec.bounds.begin(), spec.bounds.end(), [&](const auto& b) { return b.column == f; });
    require(bounded || !needBounds, "feature column '", f,
            "' has no public bounds: a private run (epsilon < inf) clamps every feature to bounds declared in "
            "feature_bounds (column:lo:hi), because bounds or a standardisation computed from the private rows "
            "would differ between neighbouring data sets; declare them, or run with epsilon = inf");
  }
  load.droppedRows = long(t.rows() - kept.size());
  const std::size_t n = kept.size();
  const std::size_t nTest = std::size_t(std::lround(spec.testFraction * double(n)));
  require(nTest >= 1 && nTest < n, "train/test split of ", n, " rows (those whose group and label are declared "
          "values) with test fraction ", spec.testFraction, " leaves a part empty");
  // Raw values: NaN stands for a missing cell (mapped below); the planted fault reads the strict way.
  Points X(Eigen::Index(n), Eigen::Index(features.size()));
  for (std::size_t j = 0; j < features.size(); ++j) {
    if (spec.plantedPrivateStandardisation) {
      const auto col = t.numericColumn(features[j]);
      for (std::size_t r = 0; r < n; ++r) X(Eigen::Index(r), Eigen::Index(j)) = col[kept[r]];
    } else {
      const auto col = t.numericColumnAnyValue(features[j]);
      for (std::size_t r = 0; r < n; ++r)
        X(Eigen::Index(r), Eigen::Index(j)) = col[kept[r]].value_or(std::numeric_limits<double>::quiet_NaN());
    }
  }
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  Rng rng = makeRng(seed, 77);
  PrivateSampling split(source, rng);
  std::shuffle(order.begin(), order.end(), split.words());
  auto take = [&](std::size_t from, std::size_t to, FairDataset& D) {
    D.X.resize(Eigen::Index(to - from), X.cols());
    D.a.clear(), D.y.clear();
    for (std::size_t k = from; k < to; ++k) {
      D.X.row(Eigen::Index(k - from)) = X.row(Eigen::Index(order[k]));
      D.a.push_back(a[kept[order[k]]]), D.y.push_back(y[kept[order[k]]]);
    }
    D.yC.resize(0, 2);
    D.coreFeatures = int(X.cols());
  };
  take(nTest, n, train);
  take(0, nTest, test);
  if (spec.plantedPrivateStandardisation) {
    standardiseOnTrainingRows(train, test);
    return load;
  }
  load.publicBounds = true;
  for (std::size_t j = 0; j < features.size(); ++j) {
    FairCsvBounds b{features[j], 0, 0};
    const auto declared =
        std::find_if(spec.bounds.begin(), spec.bounds.end(), [&](const auto& d) { return d.column == features[j]; });
    if (declared != spec.bounds.end()) {
      b = *declared;
    } else {  // fitted on the training rows: ε = ∞ only (requirePublicBounds refused it above)
      load.publicBounds = false;
      b.lo = std::numeric_limits<double>::infinity(), b.hi = -b.lo;
      for (Eigen::Index i = 0; i < train.X.rows(); ++i)
        if (const double v = train.X(i, Eigen::Index(j)); std::isfinite(v)) b.lo = std::min(b.lo, v), b.hi = std::max(b.hi, v);
      if (!(b.lo < b.hi)) b.lo = b.hi = 0;
    }
    load.bounds.push_back(b);
    for (FairDataset* D : {&train, &test})
      for (Eigen::Index i = 0; i < D->X.rows(); ++i) {
        double& v = D->X(i, Eigen::Index(j));
        v = mapCell(v, b.lo, b.hi, load.clampedCells, load.imputedCells);
      }
  }
  return load;
}

}  // namespace dpw
