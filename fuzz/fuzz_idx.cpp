// libFuzzer harness for the IDX reader (plain and gzip): any file content either reads into an array
// whose size matches its header or throws dpw::InvalidArgument.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/error.h"
#include "data/idx_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string path = "/tmp/dpw-fuzz-idx-" + std::to_string(getpid());
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return 0;
  std::fwrite(data, 1, size, f);
  std::fclose(f);
  try {
    const dpw::IdxArray a = dpw::readIdxFile(path);
    std::size_t n = 1;
    for (auto d : a.dims) n *= d;
    if (n != a.values.size()) std::abort();  // the reader must never return a short array
  } catch (const dpw::InvalidArgument&) {
  }
  return 0;
}
