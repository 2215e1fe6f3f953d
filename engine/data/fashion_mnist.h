#pragma once
/// Fashion-MNIST (Xiao, Rasul, Vollgraf 2017) from the Debian package dataset-fashion-mnist:
/// {train,t10k}-{images-idx3,labels-idx1}-ubyte.gz under /usr/share/datasets/fashion-mnist/.
#include <string>
#include <vector>

#include "core/cancel_check.h"
#include "core/types.h"

namespace dpw {

/// Default folder of the Debian package.
inline constexpr const char* kFashionMnistDir = "/usr/share/datasets/fashion-mnist";

struct LabelledImages {
  int width = 0;
  int height = 0;
  Points pixels;            ///< n x (width·height), values in [0, 1] (byte / 255)
  std::vector<int> labels;  ///< n labels in 0..9
};

/// Loads split "train" (60000) or "t10k" (10000) from `dir`. @throws InvalidArgument naming the
/// missing or corrupt file (with the hint to install dataset-fashion-mnist), or when images and labels
/// disagree in count. @throws Cancelled when `cancelled` answers true (asked every MiB read and every
/// few thousand images converted). InternalError for a split other than "train" or "t10k" (the caller's).
LabelledImages loadFashionMnist(const std::string& dir, const std::string& split, const CancelCheck& cancelled = {});

}  // namespace dpw
