// libFuzzer harness for the scenario reader: any bytes must either parse into a valid scenario or
// throw dpw::InvalidArgument; never crash, hang or throw anything else. A parsed scenario must
// survive a write/read round trip unchanged.
#include <QByteArray>
#include <cstdint>
#include <cstdlib>

#include "common/scenario.h"
#include "core/error.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
  try {
    const dpwapp::Scenario s = dpwapp::Scenario::fromJson(bytes);
    const QByteArray again = s.toJson();
    if (dpwapp::Scenario::fromJson(again).toJson() != again) std::abort();  // round trip must be exact
  } catch (const dpw::InvalidArgument&) {
  }
  return 0;
}
