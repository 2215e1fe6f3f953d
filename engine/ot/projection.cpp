#include "ot/projection.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

namespace dpw {
namespace {

/// Eigen's GEMM row panel for doubles is 3 packets (mr = 24 with AVX-512, 12 with AVX); chunks of
/// points start at multiples of 24, so they are made of whole panels whatever the packet size.
constexpr Eigen::Index kPanel = 24;
static_assert(kPanel % Eigen::internal::gebp_traits<double, double>::mr == 0,
              "chunks must be made of whole row panels of Eigen's GEMM");
constexpr Eigen::Index kChunk = 16 * kPanel;  // points transposed at a time: 8 x 384 doubles, 24 KB at d = 8

#ifdef EIGEN_VECTORIZE_FMA
constexpr bool kOwnKernel = true;
#else
constexpr bool kOwnKernel = false;
#endif

using namespace Eigen::internal;
using Packet = packet_traits<double>::type;  // Eigen's packet and multiply-add, as in its GEMM kernels
constexpr int kSize = packet_traits<double>::size;
static_assert(kPanel % (3 * kSize) == 0);

#if defined(__AVX512F__)
constexpr bool kStreamable = kSize == 8;  // Packet is __m512d
#else
constexpr bool kStreamable = false;
#endif
/// Past this many values (32 MB, the L3 of the machines measured) the block's projections go to memory
/// before anything reads them, so they are written with streaming stores: no read of each line before
/// it is overwritten. Measured (dpwlab-cli sw, d = 8, paired runs, same build otherwise): 10^7 points,
/// k = 50 0.95-0.97x the time; 10^6, k = 500 0.94-1.01x (five pairs).
constexpr Eigen::Index kStreamValues = Eigen::Index(1) << 22;

/// Stores a packet of projections; `out` is 64-byte aligned when kStream.
template <bool kStream>
void storePacket(double* out, const Packet& v) {
#if defined(__AVX512F__)
  if constexpr (kStream) {
    _mm512_stream_pd(out, v);
    return;
  }
#endif
  pstoreu(out, v);
}

/// tops[0..kSize) = key(v) >> kMsdLowBits for a packet of projections (radix_sort.h's MsdKey: the same
/// IEEE subtraction, product, clamps and truncation, so the same digits as the sort would compute).
void storeTopDigits(std::uint16_t* tops, const Packet& v, const MsdKey& key) {
  const Packet k = pmin(pmax(pmul(psub(v, pset1<Packet>(key.lo)), pset1<Packet>(key.scale)), pset1<Packet>(0.0)),
                        pset1<Packet>(key.max));
#if defined(__AVX512F__) && defined(__AVX512VL__)
  if constexpr (kSize == 8) {
    const __m256i digits = _mm256_srli_epi32(_mm512_cvttpd_epu32(k), kMsdLowBits);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(tops), _mm256_cvtepi32_epi16(digits));
    return;
  }
#endif
  alignas(64) double keys[kSize];
  pstore(keys, k);
  for (int l = 0; l < kSize; ++l) tops[l] = std::uint16_t(std::uint32_t(keys[l]) >> kMsdLowBits);
}

/// Rows [r0, r0 + 2) (or one) of out over points [i0, i0 + len), len a multiple of kPanel, from xt
/// (xt[c len + i] = X(i0 + i, c)): per packet of points the chain acc = fma(x_c, θ_c, acc) from +0;
/// with `digits`, each value's top digit too (tops[r] + i, from the registers: the values may be streamed).
/// Eigen then stores acc·α + 0 with α = 1, which is acc: a chain from +0 never ends at −0.
template <int kRows, bool kStream>
void projectPanels(const PointsRef& D, Eigen::Index r0, const double* xt, Eigen::Index len, Eigen::Index d,
                   double* const* out, Packet* lo, Packet* hi, const ProjectionDigits* digits, std::uint16_t* const* tops) {
  constexpr int kPoints = 3;  // packets of points at once: 3 kRows independent chains
  const Packet zero = pset1<Packet>(0.0);
  for (Eigen::Index i = 0; i < len; i += kPoints * kSize) {
    Packet acc[kRows][kPoints];
    for (int r = 0; r < kRows; ++r)
      for (int q = 0; q < kPoints; ++q) acc[r][q] = zero;
    for (Eigen::Index c = 0; c < d; ++c) {
      Packet x[kPoints];
      for (int q = 0; q < kPoints; ++q) x[q] = ploadu<Packet>(xt + c * len + i + q * kSize);
      for (int r = 0; r < kRows; ++r) {
        const Packet theta = pset1<Packet>(D(r0 + r, c));
        for (int q = 0; q < kPoints; ++q) acc[r][q] = pmadd(x[q], theta, acc[r][q]);
      }
    }
    for (int r = 0; r < kRows; ++r)
      for (int q = 0; q < kPoints; ++q) {
        const Packet v = acc[r][q];
        storePacket<kStream>(out[r] + i + q * kSize, v);
        if (digits) storeTopDigits(tops[r] + i + q * kSize, v, digits->keys[r0 + r]);
        lo[r] = pmin(lo[r], v);
        hi[r] = pmax(hi[r], v);
      }
  }
}

/// xt[c len + i] = X(i0 + i, c) for a chunk of len points (a multiple of kPanel). With one packet per
/// point (d = 8 with AVX-512) by packet transposes; a scalar loop otherwise. Adds x·0 of every
/// coordinate to `finite` (lane-wise): +0 for a finite x, NaN for a NaN or ±inf, and NaN stays NaN.
void transposeChunk(const PointsRef& X, Eigen::Index i0, Eigen::Index len, double* xt, Packet& finite) {
  const Eigen::Index d = X.cols();
  const Packet zero = pset1<Packet>(0.0);
  if (d != kSize) {
    double sum = 0;
    for (Eigen::Index i = 0; i < len; ++i)
      for (Eigen::Index c = 0; c < d; ++c) {
        const double x = X(i0 + i, c);
        xt[c * len + i] = x;
        sum += x * 0.0;
      }
    finite = padd(finite, pset1<Packet>(sum));
    return;
  }
  for (Eigen::Index i = 0; i < len; i += kSize) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wignored-attributes"  // the vector type's alignment attribute, as in Eigen
    PacketBlock<Packet, kSize> block;
#pragma GCC diagnostic pop
    for (int q = 0; q < kSize; ++q) {
      block.packet[q] = ploadu<Packet>(X.row(i0 + i + q).data());
      finite = pmadd(block.packet[q], zero, finite);
    }
    ptranspose(block);
    for (int c = 0; c < kSize; ++c) pstoreu(xt + c * len + i, block.packet[c]);
  }
}

/// Points [0, body) go by projectPanels; [body, n), one whole panel and the remainder, by Eigen.
Eigen::Index ownKernelPoints(Eigen::Index n) { return kOwnKernel && n >= 2 * kPanel ? (n / kPanel - 1) * kPanel : 0; }

/// Eigen's part: out (k x n) its columns [body, n) = Eigen's product, lo/hi their ranges.
/// Returns whether those points (all of X when body = 0) are finite. One direction goes as the first
/// of two equal rows: Eigen takes a matrix-vector product for a single row, whose dot products round
/// differently (~1e-16 relative) from the rows of a larger block, and a direction's projections must
/// not depend on the block it falls in (a last block of one direction, e.g. k = 17 with blocks of 16).
bool projectByEigen(const PointsRef& D, const PointsRef& X, Eigen::Index body, Eigen::Ref<Points> out, double* lo,
                    double* hi, const ProjectionDigits* digits) {
  const Eigen::Index k = D.rows(), n = X.rows();
  thread_local Points tail;
  if (k == 1) {
    Points twice(2, D.cols());
    twice << D, D;
    tail.noalias() = twice * X.middleRows(body, n - body).transpose();
    out.row(0).tail(n - body) = tail.row(0);
  } else if (body == 0) {
    out.noalias() = D * X.transpose();
  } else {
    tail.noalias() = D * X.middleRows(body, n - body).transpose();
    out.rightCols(n - body) = tail;
  }
  for (Eigen::Index r = 0; r < k; ++r) {
    lo[r] = std::numeric_limits<double>::infinity();
    hi[r] = -std::numeric_limits<double>::infinity();
    for (const double v : out.row(r).tail(n - body)) lo[r] = std::min(lo[r], v), hi[r] = std::max(hi[r], v);
    if (digits)
      for (Eigen::Index i = body; i < n; ++i)
        digits->tops[r * digits->stride + i] = std::uint16_t(digits->keys[r](out(r, i)) >> kMsdLowBits);
  }
  return X.middleRows(body, n - body).allFinite();
}

/// The own kernel's part for points [from, to) (from a multiple of kChunk, to <= body): out's columns,
/// lo/hi widened to them, x·0 of their coordinates added to `finite`.
void projectByOwnKernel(const PointsRef& D, const PointsRef& X, Eigen::Index from, Eigen::Index to,
                        Eigen::Ref<Points> out, double* lo, double* hi, Packet& finite, const ProjectionDigits* digits) {
  const Eigen::Index k = D.rows(), d = X.cols();
  thread_local std::vector<double> xt;
  xt.resize(std::size_t(d * kChunk));
  for (Eigen::Index i0 = from; i0 < to; i0 += kChunk) {
    const Eigen::Index len = std::min(kChunk, to - i0);
    transposeChunk(X, i0, len, xt.data(), finite);
    for (Eigen::Index r = 0; r < k; r += 2) {
      Packet packetLo[2], packetHi[2];
      for (int q = 0; q < 2; ++q) {
        packetLo[q] = pset1<Packet>(lo[std::min(r + q, k - 1)]);
        packetHi[q] = pset1<Packet>(hi[std::min(r + q, k - 1)]);
      }
      double* rows[2] = {out.row(r).data() + i0, r + 1 < k ? out.row(r + 1).data() + i0 : nullptr};
      std::uint16_t* tops[2] = {nullptr, nullptr};
      if (digits)
        for (int q = 0; q < 2 && r + q < k; ++q) tops[q] = digits->tops + (r + q) * digits->stride + i0;
      const auto address = reinterpret_cast<std::uintptr_t>(rows[0]) | reinterpret_cast<std::uintptr_t>(rows[1]);
      if (kStreamable && out.size() > kStreamValues && address % 64 == 0) {
        if (r + 1 < k) projectPanels<2, kStreamable>(D, r, xt.data(), len, d, rows, packetLo, packetHi, digits, tops);
        else projectPanels<1, kStreamable>(D, r, xt.data(), len, d, rows, packetLo, packetHi, digits, tops);
      } else {
        if (r + 1 < k) projectPanels<2, false>(D, r, xt.data(), len, d, rows, packetLo, packetHi, digits, tops);
        else projectPanels<1, false>(D, r, xt.data(), len, d, rows, packetLo, packetHi, digits, tops);
      }
      for (int q = 0; q < 2 && r + q < k; ++q) {
        lo[r + q] = predux_min(packetLo[q]);
        hi[r + q] = predux_max(packetHi[q]);
      }
    }
  }
#if defined(__AVX512F__)
  if (kStreamable && out.size() > kStreamValues) _mm_sfence();  // streamed lines are ordered before later stores
#endif
}

}  // namespace

bool projectRows(const PointsRef& D, const PointsRef& X, Points& out, double* lo, double* hi,
                 const ProjectionDigits* digits) {
  const Eigen::Index body = ownKernelPoints(X.rows());
  out.resize(D.rows(), X.rows());
  const bool finite = projectByEigen(D, X, body, out, lo, hi, digits);
  Packet finiteBody = pset1<Packet>(0.0);
  projectByOwnKernel(D, X, 0, body, out, lo, hi, finiteBody, digits);
  return finite && !std::isnan(predux(finiteBody));
}

void projectRowsTogether(const PointsRef& D, const PointsRef& X, Eigen::Ref<Points> out, double* lo, double* hi,
                         bool& finite, const ProjectionDigits* digits) {
  const Eigen::Index k = D.rows(), body = ownKernelPoints(X.rows());
#pragma omp single
  finite = projectByEigen(D, X, body, out, lo, hi, digits);
  thread_local std::vector<double> threadLo, threadHi;  // this thread's ranges of its chunks
  threadLo.assign(std::size_t(k), std::numeric_limits<double>::infinity());
  threadHi.assign(std::size_t(k), -std::numeric_limits<double>::infinity());
  Packet threadFinite = pset1<Packet>(0.0);
  const Eigen::Index chunks = (body + kChunk - 1) / kChunk;
#pragma omp for schedule(static) nowait
  for (Eigen::Index c = 0; c < chunks; ++c)
    projectByOwnKernel(D, X, c * kChunk, std::min(body, (c + 1) * kChunk), out, threadLo.data(), threadHi.data(),
                       threadFinite, digits);
#pragma omp critical(dpw_project_rows_together)
  {
    for (Eigen::Index r = 0; r < k; ++r) {
      lo[r] = std::min(lo[r], threadLo[std::size_t(r)]);
      hi[r] = std::max(hi[r], threadHi[std::size_t(r)]);
    }
    finite = finite && !std::isnan(predux(threadFinite));
  }
#pragma omp barrier
}

}  // namespace dpw
