#include "flow/flow_data.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <random>

#include "core/error.h"
#include "core/internal_error.h"
#include "core/rng.h"
#include "data/fashion_mnist.h"
#include "flow/toy_targets.h"

namespace dpw {

FlowTargetSettings FlowTargetSettings::fromParams(const ParamValues& p) {
  FlowTargetSettings s;
  s.target = p.text("target");
  s.toySize = p.integer("toy_size");
  s.perClass = p.integer("per_class") != 0;
  return s;
}

void FlowTargetSettings::validate(const std::string& what) const {
  require(!perClass || target == "fashion-mnist", "per-class ", what, " need a labelled target (fashion-mnist)");
}
namespace {

constexpr double kToyRadius = 4.0;
constexpr Eigen::Index kLatentDim = 8;

void normaliseRows(Points& Z) {
  for (Eigen::Index i = 0; i < Z.rows(); ++i) {
    const double r = Z.row(i).norm();
    if (r > 0) Z.row(i) /= r;
  }
}

struct FashionLatents {
  FlowData data;
};

std::shared_ptr<const FashionLatents> fashionLatents(const std::string& dir, const CancelCheck& cancelled) {
  static std::timed_mutex mutex;
  static std::map<std::string, std::shared_ptr<const FashionLatents>> cache;
  // A run that waits while another one loads can still be stopped: it asks every 50 ms.
  std::unique_lock<std::timed_mutex> lock(mutex, std::defer_lock);
  while (!lock.try_lock_for(std::chrono::milliseconds(50))) throwIfCancelled(cancelled);
  if (auto it = cache.find(dir); it != cache.end()) return it->second;
  const LabelledImages train = loadFashionMnist(dir, "train", cancelled);
  const LabelledImages test = loadFashionMnist(dir, "t10k", cancelled);
  const Eigen::Index n = train.pixels.rows(), p = train.pixels.cols();
  Points publicHalf((n + 1) / 2, p), privateHalf(n / 2, p);
  auto out = std::make_shared<FashionLatents>();
  FlowData& d = out->data;
  for (Eigen::Index i = 0; i < n; ++i) {
    if (i % 4096 == 0) throwIfCancelled(cancelled);
    if (i % 2 == 0) {
      publicHalf.row(i / 2) = train.pixels.row(i);
      d.publicLabels.push_back(train.labels[std::size_t(i)]);
    } else {
      privateHalf.row(i / 2) = train.pixels.row(i);
      d.privateLabels.push_back(train.labels[std::size_t(i)]);
    }
  }
  d.pca = fitPca(publicHalf, kLatentDim, cancelled);
  throwIfCancelled(cancelled);
  const Points publicLatents = d.pca.encode(publicHalf);
  throwIfCancelled(cancelled);
  std::vector<double> norms(std::size_t(publicLatents.rows()));
  for (Eigen::Index i = 0; i < publicLatents.rows(); ++i) norms[std::size_t(i)] = publicLatents.row(i).norm();
  std::nth_element(norms.begin(), norms.begin() + norms.size() / 2, norms.end());
  d.latentNorm = norms[norms.size() / 2];
  d.publicData = publicLatents;
  normaliseRows(d.publicData);
  d.privateData = d.pca.encode(privateHalf);
  throwIfCancelled(cancelled);
  normaliseRows(d.privateData);
  d.reference = d.publicData;
  d.referenceLabels = d.publicLabels;
  d.heldOut = d.pca.encode(test.pixels);
  normaliseRows(d.heldOut);
  d.heldOutLabels = test.labels;
  d.hasImages = true;
  d.unitSphere = true;
  d.width = train.width;
  d.height = train.height;
  d.description = "Fashion-MNIST: PCA-8 latents on the unit sphere (PCA fitted on the public half), private half " +
                  std::to_string(d.privateData.rows()) + " rows, held-out = test set";
  cache[dir] = out;
  return out;
}

}  // namespace

std::vector<std::string> flowTargetIds() {
  auto ids = toyTargetIds();
  ids.push_back("fashion-mnist");
  return ids;
}

FlowData loadFlowTarget(const std::string& id, long toySize, std::uint64_t seed, const std::string& fashionDir,
                        const CancelCheck& cancelled) {
  if (id == "fashion-mnist") return fashionLatents(fashionDir, cancelled)->data;
  require(toySize >= 2, "the toy data size must be at least 2, got ", toySize);
  FlowData d;
  Rng rng = makeRng(seed, 0x7a);
  d.privateData = sampleToyTarget(id, toySize, seed, rng) / kToyRadius;
  d.heldOut = sampleToyTarget(id, toySize, seed, rng) / kToyRadius;
  d.reference = sampleToyTarget(id, toySize, seed, rng) / kToyRadius;  // drawn last: the others are unchanged
  for (Points* P : {&d.privateData, &d.heldOut, &d.reference})
    for (Eigen::Index i = 0; i < P->rows(); ++i) {
      const double r = P->row(i).norm();
      if (r > 1) P->row(i) /= r;  // clip to the unit ball (never active on the shipped toys)
    }
  d.displayScale = kToyRadius;
  d.description = "toy '" + id + "': " + std::to_string(toySize) + " private + " + std::to_string(toySize) +
                  " held-out points, scaled by 1/" + std::to_string(int(kToyRadius)) + " into the unit ball";
  return d;
}

std::vector<std::vector<float>> decodeImages(const FlowData& data, const PointsRef& Z, Eigen::Index count) {
  ensure(data.hasImages, "this target has no image decoder");
  count = std::min(count, Z.rows());
  const Points pixels = data.pca.decode(Z.topRows(count) * data.latentNorm);
  std::vector<std::vector<float>> images(static_cast<std::size_t>(count));
  for (Eigen::Index i = 0; i < count; ++i) {
    auto& img = images[std::size_t(i)];
    img.resize(std::size_t(pixels.cols()));
    for (Eigen::Index c = 0; c < pixels.cols(); ++c) img[std::size_t(c)] = float(std::clamp(pixels(i, c), 0.0, 1.0));
  }
  return images;
}

std::vector<Eigen::Index> drawMinibatchRows(Eigen::Index m, bool poisson, double q, long fixedSize, RandomWords& coins) {
  std::vector<Eigen::Index> rows;
  if (poisson) {
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (Eigen::Index i = 0; i < m; ++i)
      if (u(coins) < q) rows.push_back(i);
  } else {
    std::vector<Eigen::Index> all(static_cast<std::size_t>(m));
    std::iota(all.begin(), all.end(), 0);
    const Eigen::Index b = std::min<Eigen::Index>(fixedSize, m);
    for (Eigen::Index i = 0; i < b; ++i) {
      std::uniform_int_distribution<Eigen::Index> pick(i, m - 1);
      std::swap(all[std::size_t(i)], all[std::size_t(pick(coins))]);
    }
    rows.assign(all.begin(), all.begin() + b);
  }
  return rows;
}

Points selectRows(const Points& data, const std::vector<Eigen::Index>& rows) {
  Points batch(Eigen::Index(rows.size()), data.cols());
  for (std::size_t r = 0; r < rows.size(); ++r) batch.row(Eigen::Index(r)) = data.row(rows[r]);
  return batch;
}

Points publicShapeBatch(const Points& data, std::vector<Eigen::Index> rows, long size, RandomWords& coins) {
  require(size >= 1, "a batch of public size needs at least one row, got ", size);
  const std::size_t b = std::size_t(size);
  for (std::size_t i = 0; i < b && i < rows.size(); ++i) {  // a uniformly random `size` of the drawn rows
    std::uniform_int_distribution<std::size_t> pick(i, rows.size() - 1);
    std::swap(rows[i], rows[pick(coins)]);
  }
  rows.resize(b, Eigen::Index(-1));  // −1: a filler row (the origin)
  std::shuffle(rows.begin(), rows.end(), coins);  // every order equally likely: a replaced row keeps its place
  Points batch = Points::Zero(Eigen::Index(b), data.cols());
  for (std::size_t r = 0; r < b; ++r)
    if (rows[r] >= 0) batch.row(Eigen::Index(r)) = data.row(rows[r]);
  return batch;
}

double nearestNeighbourAccuracy(const PointsRef& reference, const std::vector<int>& referenceLabels,
                                const PointsRef& queries, const std::vector<int>& queryLabels) {
  require(reference.rows() > 0 && queries.rows() > 0, "nearest-neighbour check needs non-empty sets");
  ensure(reference.cols() == queries.cols(), "nearest-neighbour sets have different dimensions");
  ensure(Eigen::Index(referenceLabels.size()) == reference.rows() && Eigen::Index(queryLabels.size()) == queries.rows(),
          "nearest-neighbour labels do not match the point counts");
  const Eigen::VectorXd refNorm = reference.rowwise().squaredNorm();
  long correct = 0;
  constexpr Eigen::Index kBlock = 512;
#pragma omp parallel for schedule(static) reduction(+ : correct)
  for (Eigen::Index b = 0; b < (queries.rows() + kBlock - 1) / kBlock; ++b) {
    const Eigen::Index q0 = b * kBlock, rows = std::min(kBlock, queries.rows() - q0);
    // ‖q − r‖² = ‖r‖² − 2 qᵀr + ‖q‖² (the last term does not change the arg-min)
    const Eigen::MatrixXd scores = (-2.0 * queries.middleRows(q0, rows) * reference.transpose()).rowwise() +
                                   refNorm.transpose();
    for (Eigen::Index i = 0; i < rows; ++i) {
      Eigen::Index best;
      scores.row(i).minCoeff(&best);
      correct += referenceLabels[std::size_t(best)] == queryLabels[std::size_t(q0 + i)];
    }
  }
  return double(correct) / double(queries.rows());
}

}  // namespace dpw
