#include "fair_learning/fair_csv.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <sstream>

#include "core/error.h"
#include "core/rng.h"
#include "data/csv_table.h"
#include "privacy/mechanisms/private_sampling.h"

namespace dpw {

namespace {

// Maps a two-valued text column to {0, 1} (sorted distinct values).
std::vector<int> binaryColumn(const CsvTable& t, const std::string& name) {
  const auto values = t.textColumn(name);
  const std::set<std::string> distinct(values.begin(), values.end());
  require(distinct.size() == 2, "column '", name, "' of ", t.source(), " must hold exactly two values, it has ",
          distinct.size());
  std::vector<int> out;
  for (const auto& v : values) out.push_back(v == *distinct.begin() ? 0 : 1);
  return out;
}

}  // namespace

void loadFairCsv(const FairCsvSpec& spec, std::uint64_t seed, FairDataset& train, FairDataset& test,
                 NoiseSource source) {
  require(spec.testFraction > 0 && spec.testFraction < 1, "test fraction must be in (0, 1), got ", spec.testFraction);
  require(!spec.groupColumn.empty(), "a CSV data set needs a group column (the sensitive attribute)");
  const CsvTable t = CsvTable::readFile(spec.path);
  const std::vector<int> a = binaryColumn(t, spec.groupColumn);
  const std::vector<int> y = spec.labelColumn.empty() ? std::vector<int>(t.rows(), 0) : binaryColumn(t, spec.labelColumn);
  std::vector<std::string> features = spec.features;
  if (features.empty())
    for (const auto& c : t.columnNames()) {
      if (c == spec.groupColumn || c == spec.labelColumn) continue;
      bool numeric = true;
      for (std::size_t r = 0; r < t.rows() && numeric; ++r) numeric = CsvTable::parseNumber(t.cell(r, t.columnIndex(c))).has_value();
      if (numeric) features.push_back(c);
    }
  require(!features.empty(), "no numeric feature columns in ", t.source());
  const std::size_t n = t.rows();
  const std::size_t nTest = std::size_t(std::lround(spec.testFraction * double(n)));
  require(nTest >= 1 && nTest < n, "train/test split of ", n, " rows with test fraction ", spec.testFraction,
          " leaves a part empty");
  Points X(Eigen::Index(n), Eigen::Index(features.size()));
  for (std::size_t j = 0; j < features.size(); ++j) {
    const auto col = t.numericColumn(features[j]);
    for (std::size_t r = 0; r < n; ++r) X(Eigen::Index(r), Eigen::Index(j)) = col[r];
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
      D.a.push_back(a[order[k]]), D.y.push_back(y[order[k]]);
    }
    D.yC.resize(0, 2);
    D.coreFeatures = int(X.cols());
  };
  take(nTest, n, train);
  take(0, nTest, test);
  const Eigen::RowVectorXd mean = train.X.colwise().mean();
  Eigen::RowVectorXd sd = ((train.X.rowwise() - mean).array().square().colwise().sum() / double(train.X.rows())).sqrt();
  for (Eigen::Index j = 0; j < sd.size(); ++j)
    if (sd[j] == 0) sd[j] = 1;  // a constant column stays constant (0 after centring)
  train.X = (train.X.rowwise() - mean).array().rowwise() / sd.array();
  test.X = (test.X.rowwise() - mean).array().rowwise() / sd.array();
}

}  // namespace dpw
