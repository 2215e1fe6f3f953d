#include "privacy/ledger/default_delta.h"

#include "core/error.h"
#include "privacy/printed_numbers.h"

namespace dpw {

double defaultDelta(long rows) {
  require(rows >= 1, "a default delta needs at least one private row, got ", rows);
  return 0.1 / double(rows);
}

std::string deltaWarning(double delta, long rows) {
  if (rows <= 0 || delta <= defaultDelta(rows)) return "";
  return " Warning: δ = " + statementNumber(delta) + " is above 1/(10 m) = " + statementNumber(defaultDelta(rows)) +
         " for the m = " + std::to_string(rows) +
         " private rows: a failure probability not small next to one row's share 1/m (leave δ at auto for 1/(10 m)).";
}

}  // namespace dpw
