#include "data/idx_reader.h"

#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <memory>

#include "core/error.h"

namespace dpw {
namespace {

struct GzCloser {
  void operator()(gzFile_s* f) const { gzclose(f); }
};

/// Reads up to n bytes; returns how many were read, throws on a zlib error. Inflates 1 MiB at a time
/// (a few ms) and asks `cancelled` before each piece.
std::size_t readSome(gzFile_s* f, std::uint8_t* out, std::size_t n, const std::string& path,
                     const CancelCheck& cancelled = {}) {
  std::size_t total = 0;
  while (total < n) {
    throwIfCancelled(cancelled);
    const unsigned chunk = unsigned(std::min<std::size_t>(n - total, 1u << 20));
    const int got = gzread(f, out + total, chunk);
    if (got < 0) {
      int code = 0;
      const char* message = gzerror(f, &code);
      throw InvalidArgument("IDX file '" + path + "' is corrupt (gzip: " + (message ? message : "unknown error") + ")");
    }
    if (got == 0) break;
    total += std::size_t(got);
  }
  return total;
}

}  // namespace

IdxArray readIdxFile(const std::string& path, const CancelCheck& cancelled) {
  namespace fs = std::filesystem;
  std::error_code ec;
  require(fs::exists(path, ec), "IDX file '", path, "' does not exist");
  require(fs::is_regular_file(path, ec), "IDX file '", path, "' is not a regular file");
  std::unique_ptr<gzFile_s, GzCloser> f(gzopen(path.c_str(), "rb"));
  require(f != nullptr, "cannot open IDX file '", path, "'");
  std::uint8_t header[4];
  const std::size_t got = readSome(f.get(), header, 4, path);
  require(got == 4, "IDX file '", path, "' is truncated: ", got, " bytes, no complete header");
  require(header[0] == 0 && header[1] == 0, "'", path, "' is not an IDX file (bad magic number)");
  require(header[2] == 0x08, "IDX file '", path, "' has element type 0x", std::hex, int(header[2]), std::dec,
          "; only unsigned bytes (0x08) are supported");
  const int rank = header[3];
  require(rank >= 1 && rank <= 4, "IDX file '", path, "' declares ", rank, " dimensions (1 to 4 expected)");
  IdxArray out;
  std::uint64_t count = 1;
  for (int r = 0; r < rank; ++r) {
    std::uint8_t b[4];
    require(readSome(f.get(), b, 4, path) == 4, "IDX file '", path, "' is truncated inside its header");
    const std::uint32_t size = (std::uint32_t(b[0]) << 24) | (std::uint32_t(b[1]) << 16) | (std::uint32_t(b[2]) << 8) | b[3];
    require(size >= 1, "IDX file '", path, "' has a dimension of size 0");
    out.dims.push_back(size);
    count *= size;
    require(count <= (std::uint64_t(1) << 32), "IDX file '", path, "' declares more than 2^32 values");
  }
  // Grow with the data actually read, never with the header's promise: a short file that declares
  // billions of values fails on its size, not on memory (found by fuzz_idx, #8).
  constexpr std::size_t kChunk = std::size_t(1) << 24;
  std::size_t n = 0;
  while (n < count) {
    const std::size_t want = std::min<std::size_t>(kChunk, count - n);
    out.values.resize(n + want);
    const std::size_t got = readSome(f.get(), out.values.data() + n, want, path, cancelled);
    n += got;
    if (got < want) break;
  }
  require(n == count, "IDX file '", path, "' is truncated: ", n, " of ", count, " data bytes");
  std::uint8_t extra;
  require(readSome(f.get(), &extra, 1, path) == 0, "IDX file '", path, "' has bytes after the declared data");
  return out;
}

}  // namespace dpw
