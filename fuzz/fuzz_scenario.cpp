// libFuzzer harness for the scenario reader: any bytes must either parse into a valid scenario or
// throw dpw::InvalidArgument; never crash, hang or throw anything else. A parsed scenario must
// survive a write/read round trip unchanged.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/error.h"
#include "scenario/scenario.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  try {
    const dpw::Scenario s = dpw::Scenario::fromJson(bytes);
    const std::string again = s.toJson();
    if (dpw::Scenario::fromJson(again).toJson() != again) std::abort();  // round trip must be exact
  } catch (const dpw::InvalidArgument&) {
  }
  return 0;
}
