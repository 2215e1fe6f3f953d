#pragma once
/// Privacy loss distributions (PLD) of the Poisson-subsampled Gaussian mechanism, discretised
/// pessimistically, composed by FFT: the method of Google's dp_accounting (Koskela et al. 2020;
/// Doroshenko, Ghazi, Kamath, Kumar, Manurangsi 2022, "Connect the dots", Algorithm 1).
///
/// A PLD is the law of L = ln(μ_upper(X)/μ_lower(X)), X ∼ μ_upper; (ε, δ)-DP holds with
///   δ(ε) = P(L = ∞) + E[(1 − e^{ε − L})₊].
/// Add/remove neighbours need two PLDs (dp_accounting's conventions, sensitivity 1, noise σ):
///   REMOVE: μ_upper = (1 − q) N(0, σ²) + q N(−1, σ²), μ_lower = N(0, σ²),
///           L(x) = ln(1 − q + q e^{−(2x + 1)/(2σ²)})
///   ADD:    μ_upper = N(0, σ²), μ_lower = (1 − q) N(0, σ²) + q N(1, σ²),
///           L(x) = −ln(1 − q + q e^{(2x − 1)/(2σ²)})
/// and ε is the larger of the two (at q = 1 they coincide).
///
/// Discretisation (pessimistic, so every ε returned is an upper bound on the true one up to the
/// truncated masses below): losses live on the grid iΔ (Δ = `interval`, default 1e-4). The grid spans the
/// losses of x ∈ [x_lo, x_hi], x_lo = σ Φ⁻¹(e^{−50}/2) (− 1 for REMOVE), x_hi = −σ Φ⁻¹(e^{−50}/2) (+ 1 for
/// ADD); the exact hockey-stick δ(εᵢ) is computed at every grid point and the masses are the
/// connect-the-dots PMF whose δ-curve interpolates those points (linear in e^ε, which dominates the
/// convex true curve), the mass above the grid going to +∞. Composition is a convolution: T-fold by
/// one FFT with Chernoff truncation bounds, pairs by FFT; each composition moves at most 1e-15 of
/// mass to +∞. Discretisation error: the discrete δ(ε) interpolates the exact one between grid points
/// Δ apart, so a single step's ε is exact to within Δ; after T compositions the returned ε exceeds the
/// exact one by at most about T·Δ in the worst case (and in practice by ~1e-6..1e-4 relative: at q = 1,
/// σ = 5, T = 100 it is 9.9972564 against the exact 9.9972561). Clipping the negative rounding noise of
/// the second differences to 0 (as dp_accounting does) can add up to ~1e-7 of total mass.
/// Costs: building a PLD O(range/Δ) normal CDFs (≈ 1e5 for σ ≈ 1); T-fold composition one FFT of the
/// composed support, O(n log n).
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/error.h"

namespace dpw {

/// Thrown when a PLD would exceed 2^25 grid points: its ε is then in the hundreds or more (or σ is
/// tiny). Calibration treats it as "ε above any sensible target".
class PldTooLarge : public InvalidArgument {
 public:
  using InvalidArgument::InvalidArgument;
};

/// Which side of the exact curve a discretised PLD lies on. Pessimistic: its δ(ε) is ≥ the exact one at every ε
/// (connect-the-dots chords of the convex curve; tails to +∞), so its ε is an upper bound. Optimistic: its δ(ε) is
/// ≤ the exact one (the chords lowered by a bound on how far a chord of a convex curve can rise above it; tails
/// dropped), so its ε is a lower bound on the exact ε of the same composition. Both are valid PLDs (E[e^{−L}] ≤ 1),
/// so either side stays on its side under composition (the composition of trade-off functions is monotone:
/// Dong, Roth & Su 2022, §3), and the exact ε lies between the two.
enum class PldEstimate { Pessimistic, Optimistic };

/// A discretised PLD: mass probs[i] at loss (lowerIndex + i)·interval, plus infinityMass at +∞.
struct PldPmf {
  double interval = 1e-4;
  long lowerIndex = 0;
  std::vector<double> probs;
  double infinityMass = 0;
  PldEstimate estimate = PldEstimate::Pessimistic;  ///< which side of the exact curve; kept by composition
};

enum class PldAdjacency { Remove, Add };

/// Exact hockey-stick δ(ε) of one subsampled Gaussian step (sensitivity 1, noise σ, rate q), for the
/// adjacency given. @throws InvalidArgument unless σ > 0 and q ∈ (0, 1].
double subsampledGaussianDelta(double noiseMultiplier, double sampleRate, PldAdjacency adjacency, double epsilon);

/// The exact curve's slope in u = e^ε: d δ/d u = −P_lower(L > ε) (the densities' terms cancel), for the adjacency
/// given; the optimistic PLD's tangents use it. @throws as subsampledGaussianDelta.
double subsampledGaussianSlope(double noiseMultiplier, double sampleRate, PldAdjacency adjacency, double epsilon);

/// Connect-the-dots pessimistic PLD of one subsampled Gaussian step. @throws as subsampledGaussianDelta,
/// unless interval > 0, and when the grid would exceed 2^25 points (tiny σ: use a larger interval).
PldPmf subsampledGaussianPld(double noiseMultiplier, double sampleRate, PldAdjacency adjacency,
                             double interval = 1e-4, PldEstimate estimate = PldEstimate::Pessimistic);

/// The number of grid points subsampledGaussianPld(σ, q, adjacency, interval) spans, without building it (∞ where
/// the losses overflow): what building it costs (~10⁷ normal CDFs at σ = 0.01, q = 1, Δ = 1e-3: seconds).
/// @throws as subsampledGaussianPld on bad σ, q or interval.
double subsampledGaussianPldPoints(double noiseMultiplier, double sampleRate, PldAdjacency adjacency, double interval);

/// The indices ⌊lossLo/interval⌋ … ⌈lossHi/interval⌉ of a one-step PLD's loss grid. Its size is checked
/// in double before any index is formed: a tiny σ's losses overflow a long (σ = 1e-10 gave the empty grid
/// [-254, -2^63]), and a NaN or infinite loss fails the same test. @throws PldTooLarge above 2^25 points,
/// naming `pld` (e.g. "the PLD of one step (sigma 0.01, q 0.025)").
std::pair<long, long> lossGridIndices(double lossLo, double lossHi, double interval, const std::string& pld);

/// Connect-the-dots pessimistic PLD (Doroshenko et al. 2022, Alg. 1) of any pair whose exact hockey-stick
/// curve is `delta(ε)`, on the loss grid iLo·interval … iHi·interval; the mass above the grid goes to +∞.
/// Every accountant built on PLDs makes its one-step PMF here; `delta` is called from several threads (OpenMP), so
/// it must be pure. @throws InvalidArgument on an empty grid or
/// interval ≤ 0; PldTooLarge above 2^25 points.
///
/// Optimistic (`estimate`): in u = e^ε the exact curve f(u) = E[(1 − u e^{−L})₊] is convex with slopes in [−1, 0].
/// On the grid segment [u_j, u_{j+1}] the chord rises above f by at most (s − m_a)(m_b − s)(u_{j+1} − u_j)/(m_b − m_a),
/// s the chord's slope, m_a ≤ f'(u_j) and m_b ≥ f'(u_{j+1}) the neighbouring chords' slopes (−1 and 0 past the
/// ends): f lies above the two lines through the ends with slopes m_a and m_b, and the chord is at most that far
/// above both. Lowering the grid values by the larger bound of their two segments puts every chord below f; the
/// curve left of the grid follows the first exact chord (a chord's extension lies below a convex curve), the
/// curve right of the grid is 0 (no mass at +∞). The gap to the pessimistic PLD is second order in the interval
/// (the bounds are ~Δ²f''), not the T·Δ of rounding losses down, so the two stay close under composition.
/// `slope` (optional, optimistic only): the exact f'(e^ε) = −P_lower(L > ε); with it the grid values are lowered to
/// the segments' midpoint tangents instead (a tangent of a convex curve lies below it), about 4x closer to f.
PldPmf connectTheDotsPld(const std::function<double(double)>& delta, long iLo, long iHi, double interval,
                         PldEstimate estimate = PldEstimate::Pessimistic,
                         const std::function<double(double)>& slope = {});

/// The PLD of `times` compositions of `pmf` with itself (one FFT; tails beyond Chernoff bounds of total
/// mass `tailMass` are moved to +∞, or dropped for an optimistic PLD). @throws InternalError unless times ≥ 1;
/// PldTooLarge when the composed support exceeds 2^25 points (ε in the hundreds or more at Δ = 1e-4), checked in
/// double before any allocation, so any `times` up to 2^63 − 1 answers at once.
PldPmf selfCompose(const PldPmf& pmf, long times, double tailMass = 1e-15);

/// The PLD of the composition of counts[g] copies of each PLD (same interval and estimate): one FFT per PLD on the
/// support a joint Chernoff bound gives (tails of total mass ≤ tailMass beyond it moved to +∞, or dropped for an
/// optimistic PLD), the product of their powers in the frequency domain (square and multiply), one inverse FFT. The
/// cost is that of one composition whatever the number of distinct steps (G + 1 FFTs of the final support, against
/// 2G − 1 FFTs of growing supports and G − 1 truncations for pairwise compose). selfCompose is its one-PLD case.
/// @throws InvalidArgument on a part without a finite loss; InternalError (a bug of the caller: the accountants
/// compose their own PLDs) unless every count ≥ 1, on different intervals or estimates or an empty list;
/// PldTooLarge as selfCompose (support above 2^25 points or losses beyond the index range), before any allocation.
PldPmf composeMany(const std::vector<std::pair<const PldPmf*, long>>& parts, double tailMass = 1e-15);

/// The number of grid points composeMany(parts, tailMass) composes on (the same Chernoff window), found without
/// composing: what a composition costs (one FFT per part and one inverse of about this length; ~0.3 µs a point on
/// the 2-core machine), so a caller can refuse or coarsen a long run at once instead of composing up to the step
/// where the grid runs out. @throws as composeMany on the parts (checked by the same code), never PldTooLarge.
double composedPoints(const std::vector<std::pair<const PldPmf*, long>>& parts, double tailMass = 1e-15);

/// The PLD of the composition of two PLDs with the same interval (FFT convolution; tails of total
/// mass ≤ tailMass truncated, the lower one onto the first grid point, the upper one to +∞; for optimistic PLDs
/// both dropped). @throws InternalError on different intervals or estimates; PldTooLarge on a result above 2^25
/// points.
PldPmf compose(const PldPmf& a, const PldPmf& b, double tailMass = 1e-15);

/// δ(ε) = P(∞) + Σ_{Lᵢ > ε} pᵢ (1 − e^{ε − Lᵢ}).
double pldDelta(const PldPmf& pmf, double epsilon);
/// Smallest ε ≥ 0 with δ(ε) ≤ δ (+inf if P(∞) > δ), in closed form between grid points.
/// @throws InvalidArgument unless δ ∈ (0, 1).
double pldEpsilon(const PldPmf& pmf, double delta);

}  // namespace dpw
