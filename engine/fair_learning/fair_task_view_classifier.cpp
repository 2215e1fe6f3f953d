#include "fair_learning/fair_charts.h"
#include "fair_learning/fair_task_view.h"
#include "fair_learning/fairness_metrics.h"

namespace dpw {

namespace {

class ClassifierView final : public FairTaskView {
 public:
  ClassifierView(const FairDataset& test, bool equalOdds) : test_(test), equalOdds_(equalOdds) {}

  void publish(const nn::DenseNetwork& net, long step, RunObserver& observer) override {
    const Vector scores = net.outputs(test_.X).col(0);
    observer.onFrame(makeFrame("scores", "Test scores g(x) per group", step, scoreHistogram(scores, test_, equalOdds_)));
  }

  void evaluate(const nn::DenseNetwork& net, Rng&, std::map<std::string, double>& m) const override {
    const Vector scores = net.outputs(test_.X).col(0);
    std::vector<int> g(std::size_t(scores.size()));
    for (Eigen::Index i = 0; i < scores.size(); ++i) g[std::size_t(i)] = scores[i] > 0.5;
    m["accuracy"] = accuracy(g, test_.y);
    m["disparate_impact"] = disparateImpact(g, test_.a);
    m["eo_0"] = equalOddsRatio(g, test_.a, test_.y, 0);
    m["eo_1"] = equalOddsRatio(g, test_.a, test_.y, 1);
    m["w2_groups"] = groupW2Squared(scores, test_.a);
    m["w2_groups_y0"] = groupW2Squared(scores, test_.a, test_.y, 0);
    m["w2_groups_y1"] = groupW2Squared(scores, test_.a, test_.y, 1);
  }

 private:
  const FairDataset& test_;
  bool equalOdds_;
};

}  // namespace

std::unique_ptr<FairTaskView> classifierView(const FairDataset& test, bool equalOdds) {
  return std::make_unique<ClassifierView>(test, equalOdds);
}

}  // namespace dpw
