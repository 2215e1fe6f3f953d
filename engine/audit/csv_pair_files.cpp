#include "audit/csv_pair_files.h"

#include <atomic>
#include <fstream>
#include <system_error>
#include <unistd.h>

#include "core/error.h"

namespace dpw {

CsvPairFiles::CsvPairFiles(const std::string& what, const Writer& write) {
  static std::atomic<long> counter{0};
  const std::string stem = "dpwlab-" + what + "-" + std::to_string(long(::getpid())) + "-" + std::to_string(counter++);
  const std::filesystem::path dir = std::filesystem::temp_directory_path();
  d_ = dir / (stem + "-D.csv"), dPrime_ = dir / (stem + "-Dprime.csv");
  try {
    for (const bool neighbour : {false, true}) {
      const std::filesystem::path& file = path(neighbour);
      std::ofstream out(file);
      require(bool(out), "the ", what, " audit cannot write its CSV file ", file.string());
      write(out, neighbour);
      require(bool(out), "the ", what, " audit cannot write its CSV file ", file.string());
    }
  } catch (...) {  // no destructor runs for a half-built pair: remove what was written
    std::error_code ignored;
    std::filesystem::remove(d_, ignored), std::filesystem::remove(dPrime_, ignored);
    throw;
  }
}

CsvPairFiles::~CsvPairFiles() {
  std::error_code ignored;
  std::filesystem::remove(d_, ignored), std::filesystem::remove(dPrime_, ignored);
}

}  // namespace dpw
