#include "data/fashion_mnist.h"

#include <algorithm>
#include <filesystem>

#include "core/error.h"
#include "core/internal_error.h"
#include "data/idx_reader.h"

namespace dpw {

LabelledImages loadFashionMnist(const std::string& dir, const std::string& split, const CancelCheck& cancelled) {
  ensure(split == "train" || split == "t10k", "Fashion-MNIST split must be train or t10k, got '", split, "'");
  const std::string images = dir + "/" + split + "-images-idx3-ubyte.gz";
  const std::string labels = dir + "/" + split + "-labels-idx1-ubyte.gz";
  for (const auto& f : {images, labels})
    require(std::filesystem::exists(f), "Fashion-MNIST file '", f,
            "' is missing; install the Debian package dataset-fashion-mnist (scripts/install-deps.sh does)");
  const IdxArray img = readIdxFile(images, cancelled);
  const IdxArray lab = readIdxFile(labels, cancelled);
  require(img.dims.size() == 3, "'", images, "' is not an image file (", img.dims.size(), " dimensions, 3 expected)");
  require(lab.dims.size() == 1, "'", labels, "' is not a label file (", lab.dims.size(), " dimensions, 1 expected)");
  require(img.dims[0] == lab.dims[0], "Fashion-MNIST ", split, " has ", img.dims[0], " images but ", lab.dims[0],
          " labels");
  LabelledImages out;
  out.height = int(img.dims[1]);
  out.width = int(img.dims[2]);
  const Eigen::Index n = img.dims[0], p = Eigen::Index(out.width) * out.height;
  out.pixels.resize(n, p);
  constexpr Eigen::Index kPiece = Eigen::Index(1) << 20;  // values converted between two cancellation checks
  for (Eigen::Index i0 = 0; i0 < n * p; i0 += kPiece) {
    throwIfCancelled(cancelled);
    const Eigen::Index i1 = std::min(n * p, i0 + kPiece);
    for (Eigen::Index i = i0; i < i1; ++i) out.pixels.data()[i] = double(img.values[std::size_t(i)]) / 255.0;
  }
  out.labels.resize(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    require(lab.values[std::size_t(i)] <= 9, "'", labels, "' has label ", int(lab.values[std::size_t(i)]),
            " at row ", i, " (0..9 expected)");
    out.labels[std::size_t(i)] = lab.values[std::size_t(i)];
  }
  return out;
}

}  // namespace dpw
