#pragma once
// Small IDX files (the Fashion-MNIST format, data/idx_reader.h) written by the tests: the header (two zero
// bytes, the element type, the number of dimensions, each dimension big-endian), and a gzip writer.
#include <QString>
#include <QtTest>
#include <zlib.h>

#include <cstdint>
#include <string>
#include <vector>

namespace dpwtest {

/// The IDX header for `dims` with element type `type` (0x08: unsigned bytes); the data follow it.
inline std::string idxHeader(const std::vector<std::uint32_t>& dims, std::uint8_t type = 0x08) {
  std::string s{char(0), char(0), char(type), char(dims.size())};
  for (auto d : dims)
    for (int b = 3; b >= 0; --b) s += char((d >> (8 * b)) & 0xff);
  return s;
}

/// Writes `bytes` gzip-compressed to `path`.
inline void writeGz(const QString& path, const std::string& bytes) {
  gzFile f = gzopen(path.toStdString().c_str(), "wb");
  QVERIFY(f);
  gzwrite(f, bytes.data(), unsigned(bytes.size()));
  gzclose(f);
}

}  // namespace dpwtest
