#include <algorithm>

#include "fair_learning/fair_charts.h"
#include "fair_learning/fair_task_view.h"
#include "ot/directions.h"
#include "ot/sliced_wasserstein.h"

namespace dpw {

namespace {

class MatchingView final : public FairTaskView {
 public:
  MatchingView(const FairTrainingData& data, nn::Matrix testInputs, nn::Matrix testTarget, long projections)
      : data_(data), testInputs_(std::move(testInputs)), testTarget_(std::move(testTarget)), projections_(projections) {}

  void publish(const nn::DenseNetwork& net, long step, RunObserver& observer) override {
    // At most 1000 points of each (fewer when the data set is smaller: found by AddressSanitizer).
    const Eigen::Index c = std::min<Eigen::Index>({1000, data_.X.rows(), data_.reference.rows()});
    nn::Matrix both(2 * c, 2);
    const nn::Matrix gx = net.forward(data_.X.topRows(c)).output();
    both << gx, data_.reference.topRows(c);
    std::vector<int> lab(std::size_t(2 * c), 0);
    std::fill(lab.begin() + c, lab.end(), 1);
    observer.onFrame(makeFrame("outputs", "Generated g(X) and target Z", step,
                               groupPoints(both, lab, {"g(X)", "Z (circle)"}, "x", "y")));
  }

  void evaluate(const nn::DenseNetwork& net, Rng& evalRng, std::map<std::string, double>& m) const override {
    const nn::Matrix gx = net.outputs(testInputs_);
    m["sw2_to_target"] =
        slicedW2Squared(Points(gx), Points(testTarget_), randomDirections(projections_, 2, evalRng)).value;
  }

 private:
  const FairTrainingData& data_;
  nn::Matrix testInputs_, testTarget_;
  long projections_;
};

}  // namespace

std::unique_ptr<FairTaskView> matchingView(const FairTrainingData& data, nn::Matrix testInputs, nn::Matrix testTarget,
                                           long projections) {
  return std::make_unique<MatchingView>(data, std::move(testInputs), std::move(testTarget), projections);
}

}  // namespace dpw
