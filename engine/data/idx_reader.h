#pragma once
/// Reader of IDX files (the MNIST / Fashion-MNIST format of LeCun et al.), plain or gzip-compressed.
///
/// Layout: two zero bytes, a type byte (only 0x08 = unsigned byte is accepted), the number of
/// dimensions r, r big-endian uint32 sizes, then the product of the sizes in bytes, row-major.
/// gzip files are inflated with zlib (a plain file is read as is). Cost O(file size).
#include <cstdint>
#include <string>
#include <vector>

#include "core/cancel_check.h"

namespace dpw {

struct IdxArray {
  std::vector<std::uint32_t> dims;  ///< sizes, outermost first
  std::vector<std::uint8_t> values; ///< product(dims) bytes, row-major
};

/// Reads an unsigned-byte IDX file. @throws InvalidArgument naming the file when it is missing or
/// unreadable, when the gzip stream is corrupt, when the header is not an unsigned-byte IDX header,
/// when the data are shorter than the header says (truncated) or longer (trailing bytes).
/// @throws Cancelled when `cancelled` answers true; it is asked before every MiB inflated.
IdxArray readIdxFile(const std::string& path, const CancelCheck& cancelled = {});

}  // namespace dpw
