// Id tables of the fair-learning family's choice settings (methods/fair_learning.h): one per enum,
// shared by the ParamSpecs (fair_learning_methods.cpp), fromParams, the CLI and the Python module.
#include "methods/fair_learning.h"

namespace dpw {

const ChoiceTable<FairnessNotion>& fairnessNotions() {
  static const ChoiceTable<FairnessNotion> table(
      "fairness notion", {{FairnessNotion::StatisticalParity, "sp"}, {FairnessNotion::EqualOdds, "eo"}});
  return table;
}

const ChoiceTable<PenaltyForm>& penaltyForms() {
  static const ChoiceTable<PenaltyForm> table("penalty form",
                                              {{PenaltyForm::Sw2, "sw2"}, {PenaltyForm::Sw2ScaleFree, "sw2-scale-free"}});
  return table;
}

const ChoiceTable<FairDataSource>& fairDataSources() {
  static const ChoiceTable<FairDataSource> table("data set",
                                                 {{FairDataSource::Synthetic, "synthetic"}, {FairDataSource::Csv, "csv"}});
  return table;
}

const ChoiceTable<Optimizer>& optimizers() {
  static const ChoiceTable<Optimizer> table("optimizer", {{Optimizer::Sgd, "sgd"}, {Optimizer::Adam, "adam"}});
  return table;
}

}  // namespace dpw
