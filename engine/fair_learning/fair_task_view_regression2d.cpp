#include "fair_learning/fair_charts.h"
#include "fair_learning/fair_task_view.h"
#include "fair_learning/fairness_metrics.h"

namespace dpw {

namespace {

class Regression2dView final : public FairTaskView {
 public:
  Regression2dView(const FairDataset& test, long projections) : test_(test), projections_(projections) {}

  void publish(const nn::DenseNetwork& net, long step, RunObserver& observer) override {
    const nn::Matrix out = centredOutputs(net);
    PointsFrame pf = groupPoints(out, test_.a, {"A = 0", "A = 1", "anti-diagonal g² = −g¹"}, "g¹(x)", "g²(x)");
    const Eigen::Index shown = pf.xy.rows(), line = 201;  // the line OD₀, OD₁ count above, as dense points
    pf.xy.conservativeResize(shown + line, 2);
    for (Eigen::Index j = 0; j < line; ++j) {
      const double u = -0.5 + double(j) / double(line - 1);
      pf.xy.row(shown + j) << u, -u;
      pf.label.push_back(2);
    }
    observer.onFrame(makeFrame("outputs", "Predicted 2-D output g(x), centred, per group", step, std::move(pf)));
  }

  void evaluate(const nn::DenseNetwork& net, Rng& evalRng, std::map<std::string, double>& m) const override {
    const nn::Matrix out = centredOutputs(net);
    m["mse"] = (out - nn::Matrix(test_.yC.array() - 0.5)).rowwise().squaredNorm().mean();
    std::vector<int> g(std::size_t(out.rows()));
    for (Eigen::Index i = 0; i < out.rows(); ++i) g[std::size_t(i)] = out(i, 1) > -out(i, 0);
    m["accuracy"] = accuracy(g, test_.y);
    m["od_0"] = overDiagonalShare(Points(out), test_.a, 0);
    m["od_1"] = overDiagonalShare(Points(out), test_.a, 1);
    m["sw2_groups"] = groupsSlicedW2Squared(out, test_.a, projections_, evalRng);
  }

 private:
  // g(x) − ½: the outputs centred (App. B.2), where the anti-diagonal separates the two labels.
  nn::Matrix centredOutputs(const nn::DenseNetwork& net) const { return net.outputs(test_.X).array() - 0.5; }

  const FairDataset& test_;
  long projections_;
};

}  // namespace

std::unique_ptr<FairTaskView> regression2dView(const FairDataset& test, long projections) {
  return std::make_unique<Regression2dView>(test, projections);
}

}  // namespace dpw
