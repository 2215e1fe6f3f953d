#pragma once
/// What one fair-learning task shows while it trains and measures when it is done: its own live charts (the
/// loss and privacy charts are the run's, shared by every task) and its evaluation metrics. The DP-SGD loop
/// (methods/fair_learning.cpp) is the same for every task; it asks the task's view for these two things and
/// never looks at the task again. One file per task: fair_task_view_<task>.cpp.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/rng.h"
#include "core/run_observer.h"
#include "fair_learning/fair_dpsgd.h"
#include "fair_learning/synthetic_bias.h"
#include "nn/dense_network.h"

namespace dpw {

class FairTaskView {
 public:
  virtual ~FairTaskView() = default;
  /// The task's charts of the network `net` after `step` steps (step 0: the untrained network). Draws no
  /// random number of the training: a run's result does not depend on how often it is drawn.
  virtual void publish(const nn::DenseNetwork& net, long step, RunObserver& observer) = 0;
  /// The task's evaluation of the trained network, into `metrics`; `evalRng` draws its sliced directions.
  virtual void evaluate(const nn::DenseNetwork& net, Rng& evalRng, std::map<std::string, double>& metrics) const = 0;
};

/// The classifier: test scores per group (per label and group under equal odds); accuracy, disparate
/// impact, equal-odds ratios and the groups' W₂² of scores.
std::unique_ptr<FairTaskView> classifierView(const FairDataset& test, bool equalOdds);

/// The 2-D regression (App. B.2): centred outputs per group beside the anti-diagonal; MSE, accuracy of
/// the anti-diagonal rule, over-diagonal shares OD₀, OD₁ and the groups' SW₂² on `projections` directions.
std::unique_ptr<FairTaskView> regression2dView(const FairDataset& test, long projections);

/// The representation: the latent z = layer `codeLayer` per group and the groups' distance in it
/// (SW₂², E‖z‖², their ratio, whitened SW₂²) on directions drawn once from `chartRng`; reconstruction
/// losses, a logistic probe of the label and of the group on z (`probeLabels`: the data has labels).
std::unique_ptr<FairTaskView> representationView(const FairDataset& test, int codeLayer, long projections,
                                                 bool probeLabels, Rng chartRng);

/// Private matching (App. C): generated g(X) against the target Z; SW₂² to `testTarget` from `testInputs`.
std::unique_ptr<FairTaskView> matchingView(const FairTrainingData& data, nn::Matrix testInputs, nn::Matrix testTarget,
                                           long projections);

/// SW₂² between the rows of P whose group `a` is 0 and those whose group is 1, on k directions drawn from rng.
double groupsSlicedW2Squared(const nn::Matrix& P, const std::vector<int>& a, long k, Rng& rng);

}  // namespace dpw
