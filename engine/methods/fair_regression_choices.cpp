// Id table of the fair-regression data set (methods/fair_regression.h), shared by its ParamSpec,
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

}  // namespace dpw
