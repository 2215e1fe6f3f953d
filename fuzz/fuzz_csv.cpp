// libFuzzer harness for the CSV reader: any bytes either parse or throw dpw::InvalidArgument; every
// column of a parsed table can be read as text and as numbers without crashing.
#include <cstdint>
#include <string>

#include "core/error.h"
#include "data/csv_table.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const dpw::CsvTable t = dpw::CsvTable::parse(text, "fuzz.csv");
    for (const auto& name : t.columnNames()) {
      (void)t.textColumn(name);
      try {
        (void)t.numericColumnWithMissing(name);
      } catch (const dpw::InvalidArgument&) {
      }
    }
  } catch (const dpw::InvalidArgument&) {
  }
  return 0;
}
