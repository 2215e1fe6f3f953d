#pragma once
/// The polar retraction of one layer's weights onto matrices with orthonormal rows (the Stiefel manifold):
///   W ← (W Wᵀ)^{-1/2} W,
/// the nearest matrix with W Wᵀ = I in Frobenius norm (Higham, "Functions of Matrices", Thm 8.4). Used to
/// fix the scale of a linear code z = W x + b: with orthonormal rows no code can be shrunk (the fair
/// representation, where the decoder would otherwise undo any rescaling for free and the sliced W₂
/// penalty would be met by shrinking, docs/fair-learning-results.md).
///
/// Privacy: applied to parameters after a private update it is post-processing of the released update,
/// so it spends no budget and leaves the step's sensitivity (which bounds one update's gradient) unchanged.
/// Cost O(r² c) for an r x c weight matrix (r ≤ c).
#include "nn/dense_network.h"

namespace dpw::nn {

/// Replaces layer `layer` (1-based)'s weight matrix W (r x c, r ≤ c) by (W Wᵀ)^{-1/2} W; the bias is kept.
/// @throws InternalError if the layer does not exist; InvalidArgument if it has more rows than columns
/// or W Wᵀ is singular.
void orthonormaliseRows(DenseNetwork& net, int layer);

}  // namespace dpw::nn
