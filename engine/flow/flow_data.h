#pragma once
/// Targets of the flows and of the generator: private data the mechanism sees, held-out data for the
/// quality metric, and how to show points (2-D toys) or decode them (Fashion-MNIST latents).
///
/// - Toys (toy_targets.h): `toySize` private and `toySize` held-out points. The mechanism needs rows
///   in the unit ball (‖y − y'‖ ≤ 2, flow_privacy.h), so toy rows are clipped to norm ≤ R = 4 (a
///   public constant; the toys lie within it) and divided by R; `displayScale` = R maps back.
/// - "fashion-mnist": the 60000 training images are split into a public half (even rows) and a
///   private half (odd rows); PCA to d = 8 is fitted on the public half (data/pca.h), latents are
///   normalised to the unit sphere (reference §2) and the flow runs on the private half; the
///   held-out data are the 10000 test images encoded the same way. Decoding: μ + V (r̄ z), r̄ = median
///   latent norm of the public half (public information).
#include <cstdint>
#include <string>
#include <vector>

#include "core/cancel_check.h"
#include "core/parameters.h"
#include "core/rng.h"
#include "core/types.h"
#include "data/pca.h"
#include "privacy/mechanisms/secure_noise.h"

namespace dpw {

/// Which target the flows and the generator learn (parameters target, toy_size, per_class).
struct FlowTargetSettings {
  std::string target = "ring5";
  long toySize = 10000;
  bool perClass = false;  ///< Fashion-MNIST: one flow / generator per label
  std::string fashionDir = "/usr/share/datasets/fashion-mnist";

  static FlowTargetSettings fromParams(const ParamValues& p);
  /// @throws InvalidArgument if perClass is asked of an unlabelled target (`what`: "flows", ...).
  void validate(const std::string& what) const;
};

struct FlowData {
  Points privateData;              ///< m x d, rows in the unit ball
  std::vector<int> privateLabels;  ///< m labels (Fashion-MNIST), else empty
  Points publicData;               ///< Fashion-MNIST: the public half's latents (normalised the same), else empty
  std::vector<int> publicLabels;   ///< their labels
  Points heldOut;                  ///< held-out target sample, same space
  /// A public sample of the same law and size as the private data, for reference values (floors) that must
  /// not be computed on the private rows: toys, a fresh draw of the (public) generator; Fashion-MNIST, the
  /// public half (as many rows as the private half).
  Points reference;
  std::vector<int> referenceLabels;  ///< labels of `reference` (Fashion-MNIST), else empty
  std::vector<int> heldOutLabels;  ///< labels of heldOut (Fashion-MNIST), else empty
  double displayScale = 1.0;       ///< multiply points by this to show / measure them in data units
  bool unitSphere = false;         ///< every row has norm 1 by construction (public: the preprocessing)
  bool hasImages = false;          ///< decodeImages is available
  Pca pca;                         ///< Fashion-MNIST latent map
  double latentNorm = 1.0;         ///< r̄
  int width = 0, height = 0;
  std::string description;         ///< one line for summaries
};

/// Ids of the targets: the toys, then "fashion-mnist".
std::vector<std::string> flowTargetIds();

/// Loads target `id`. Fashion-MNIST is read once per folder and process (cached).
/// The labels of a per-class target (Fashion-MNIST's ten): public, so every class gets its flow or generator.
inline constexpr int kFlowClasses = 10;
/// The minibatch of one class's flow or generator: the run's batch split evenly over the public class list,
/// at least 1, never a private class count (which would shape the release).
inline long perClassBatch(long batch) { return batch / kFlowClasses > 1 ? batch / kFlowClasses : 1; }

/// @throws InvalidArgument for an unknown id, toySize < 2, or missing/corrupt Fashion-MNIST files;
/// Cancelled when `cancelled` answers true while Fashion-MNIST is read, fitted or encoded (nothing is
/// cached then; the next call starts over).
FlowData loadFlowTarget(const std::string& id, long toySize, std::uint64_t seed,
                        const std::string& fashionDir = "/usr/share/datasets/fashion-mnist",
                        const CancelCheck& cancelled = {});

/// The run's status while loadFlowTarget works (RunObserver::onStatus): "loading Fashion-MNIST and fitting its
/// PCA" (seconds the first time in a process) or "drawing the ring5 data".
inline std::string flowTargetStatus(const std::string& id) {
  return id == "fashion-mnist" ? "loading Fashion-MNIST and fitting its PCA" : "drawing the " + id + " data";
}

/// Images (values clamped to [0, 1]) of the first `count` latent rows of Z. Requires hasImages (InternalError).
std::vector<std::vector<float>> decodeImages(const FlowData& data, const PointsRef& Z, Eigen::Index count);

/// The rows (ascending for Poisson) of a minibatch of m rows: Poisson sampling (each row independently
/// with probability q, as the "rdp" accountant assumes) or, if !poisson, `fixedSize` rows uniformly
/// without replacement ("rdp-wor"). `coins` is PrivateSampling::words() (privacy/mechanisms/private_sampling.h):
/// the OS in secure mode, so a published seed does not reveal which rows were used.
std::vector<Eigen::Index> drawMinibatchRows(Eigen::Index m, bool poisson, double q, long fixedSize, RandomWords& coins);

/// The rows `rows` of `data`, in that order.
Points selectRows(const Points& data, const std::vector<Eigen::Index>& rows);

/// A Poisson minibatch given the public shape of a fixed-size one (issue #35): exactly `size` rows, so the
/// released noisy projections (one row per batch row: DPSWflow-r's projections release, DPSWgen) never show
/// the Poisson draw's |B|. If |B| > size, a uniformly random `size` of the drawn rows (from `coins`, the OS in
/// secure mode); if |B| < size, the drawn rows and then size − |B| zero rows (the origin: a public filler
/// inside the unit ball every row lies in), in a uniformly random order (the release adds noise row by row, so
/// the order must not say which rows are fillers or where an added row went). Why the Poisson accountant still holds with the replace-one Δ of
/// the projections (Δ = 2w bounds the move of any one row of the unit ball, the origin included): for
/// add/remove neighbours B and B ∪ {x}, below `size` the two padded batches differ by x in place of one
/// filler; at or above it, the random subsets can be coupled so that they are equal or differ by x in place
/// of one row of B, and the uniform order puts that row in the same place. Each coupled pair is a replace-one pair, so by joint convexity of the hockey-stick (and
/// quasi-convexity of the Rényi) divergence the release of the fixed-size batch is dominated by the Gaussian
/// at Δ for add/remove neighbours: the condition of Poisson amplification. @throws InvalidArgument if size < 1.
Points publicShapeBatch(const Points& data, std::vector<Eigen::Index> rows, long size, RandomWords& coins);

/// Fraction of `queries` whose nearest neighbour (Euclidean) in `reference` has the same label.
/// @throws InvalidArgument on empty input; InternalError on mismatched dimensions or label counts.
double nearestNeighbourAccuracy(const PointsRef& reference, const std::vector<int>& referenceLabels,
                                const PointsRef& queries, const std::vector<int>& queryLabels);

}  // namespace dpw
