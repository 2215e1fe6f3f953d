#include "core/decimated_series.h"
#include "fair_learning/fair_charts.h"
#include "fair_learning/fair_task_view.h"
#include "fair_learning/fairness_metrics.h"
#include "fair_learning/representation_probe.h"
#include "ot/directions.h"
#include "ot/sliced_wasserstein.h"

namespace dpw {

namespace {

class RepresentationView final : public FairTaskView {
 public:
  RepresentationView(const FairDataset& test, int codeLayer, long projections, bool probeLabels, Rng chartRng)
      : test_(test), codeLayer_(codeLayer), projections_(projections), probeLabels_(probeLabels),
        chartDirections_(randomDirections(projections, 2, chartRng)) {
    for (Eigen::Index i = 0; i < Eigen::Index(test_.a.size()); ++i) (test_.a[std::size_t(i)] == 0 ? i0_ : i1_).push_back(i);
  }

  // The groups' distance in the latent on the test set at each chart frame, on fixed directions (drawn once
  // from a stream of their own, so training is unchanged).
  void publish(const nn::DenseNetwork& net, long step, RunObserver& observer) override {
    const nn::Matrix z = net.outputs(test_.X, codeLayer_);
    observer.onFrame(makeFrame("latent", "Latent representation per group", step,
                               groupPoints(z, test_.a, {"A = 0", "A = 1"}, "z₁", "z₂")));
    const double sw = groupsDistance(z);
    const double scale = z.rowwise().squaredNorm().mean();
    sw_.append(double(step), sw);
    scaleFree_.append(double(step), scale > 0 ? sw / scale : 0.0);
    scale_.append(double(step), scale);
    whitenedSw_.append(double(step), groupsDistance(whitened(z)));
    observer.onFrame(makeFrame("group_distance", "Groups in the latent (test): SW₂², E‖z‖², SW₂²/E‖z‖², whitened SW₂²",
                               step, LinesFrame{"step", "value", {sw_.series(), scale_.series(), scaleFree_.series(),
                                                                  whitenedSw_.series()},
                                                false, true}));
  }

  void evaluate(const nn::DenseNetwork& net, Rng& evalRng, std::map<std::string, double>& m) const override {
    const nn::Matrix z = net.outputs(test_.X, codeLayer_), reconstructed = net.outputs(test_.X);
    m["reconstruction_loss"] = reconstructionLoss(Points(reconstructed), test_.X, int(test_.X.cols()));
    m["reconstruction_loss_core"] = reconstructionLoss(Points(reconstructed), test_.X, test_.coreFeatures);
    if (probeLabels_) {
      const auto [acc, di] = logisticProbe(z, test_.y, test_.a);
      m["accuracy"] = acc;
      m["disparate_impact"] = di;
      // The same probe on the raw features: no privacy, no fairness.
      const auto [baseAcc, baseDi] = logisticProbe(test_.X, test_.y, test_.a);
      m["baseline_accuracy"] = baseAcc;
      m["baseline_disparate_impact"] = baseDi;
    }
    m["sw2_groups"] = groupsSlicedW2Squared(z, test_.a, projections_, evalRng);
    // SW₂² scales with the latent (z → cz gives c² SW₂²) and the decoder can undo any scale: the
    // scale-free distance and a probe predicting A from z say whether the group has left the code.
    m["latent_second_moment"] = z.rowwise().squaredNorm().mean();
    m["sw2_groups_scale_free"] = m["sw2_groups"] / m["latent_second_moment"];
    m["group_probe_accuracy"] = logisticProbe(z, test_.a, test_.a).first;
    m["sw2_groups_whitened"] = groupsSlicedW2Squared(whitened(z), test_.a, projections_, evalRng);
  }

 private:
  double groupsDistance(const nn::Matrix& z) const {
    return slicedW2Squared(Points(z(i0_, Eigen::all)), Points(z(i1_, Eigen::all)), chartDirections_).value;
  }

  const FairDataset& test_;
  int codeLayer_;
  long projections_;
  bool probeLabels_;
  Points chartDirections_;
  std::vector<Eigen::Index> i0_, i1_;
  DecimatedSeries sw_{"SW₂² between groups"}, scaleFree_{"SW₂² / E‖z‖²"}, scale_{"E‖z‖²"}, whitenedSw_{"SW₂² whitened"};
};

}  // namespace

std::unique_ptr<FairTaskView> representationView(const FairDataset& test, int codeLayer, long projections,
                                                 bool probeLabels, Rng chartRng) {
  return std::make_unique<RepresentationView>(test, codeLayer, projections, probeLabels, std::move(chartRng));
}

}  // namespace dpw
