// Id tables of the fair-regression data set and α sweep (methods/fair_regression.h), shared by its ParamSpec,
// fromParams, the CLI and the Python module.
#include "methods/fair_regression.h"

namespace dpw {

const ChoiceTable<FairRegressionData>& fairRegressionDataSets() {
  static const ChoiceTable<FairRegressionData> table("dataset", {{FairRegressionData::Synthetic, "synthetic"},
                                                                 {FairRegressionData::Law, "law"},
                                                                 {FairRegressionData::Communities, "communities"},
                                                                 {FairRegressionData::Csv, "csv"}});
  return table;
}

const ChoiceTable<FairRegressionSettings::AlphaSweep>& alphaSweeps() {
  using S = FairRegressionSettings::AlphaSweep;
  static const ChoiceTable<S> table("alpha_sweep", {{S::Small, "small"}, {S::Paper, "paper"}, {S::None, "none"}});
  return table;
}

}  // namespace dpw
