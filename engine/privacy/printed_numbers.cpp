#include "privacy/printed_numbers.h"

#include <cmath>
#include <sstream>

namespace dpw {

std::string statementNumber(double v) {
  std::ostringstream os;
  os.precision(4);
  os << v;
  return os.str();
}

namespace {

/// statementNumber(v) if it lies on the wanted side of v, else the next 4-digit number toward it.
std::string roundedNumber(double v, bool up) {
  std::string shown = statementNumber(v);
  if (!(v > 0) || !std::isfinite(v) || (up ? std::stod(shown) >= v : std::stod(shown) <= v)) return shown;
  const double unit = std::pow(10.0, std::floor(std::log10(v)) - 3);
  const double step = up ? unit : -unit;
  for (double next = (std::floor(v / unit) + (up ? 1 : 0)) * unit;; next += step) {
    shown = statementNumber(next);
    if (up ? std::stod(shown) >= v : std::stod(shown) <= v) return shown;
  }
}

}  // namespace

std::string claimNumber(double v) { return roundedNumber(v, true); }

std::string noiseNumber(double v) { return roundedNumber(v, false); }

}  // namespace dpw
