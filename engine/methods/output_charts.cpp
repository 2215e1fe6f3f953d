// The charts of a method (methods/output_charts.h): read from the declaration in its own factory.
#include "methods/output_charts.h"

#include <algorithm>

#include "core/method.h"

namespace dpw {

const std::vector<std::string>& declaredCharts(const std::string& methodId) {
  static const std::vector<std::string> none;
  const auto& methods = allMethods();
  const auto it = std::find_if(methods.begin(), methods.end(), [&](const MethodInfo& m) { return m.id == methodId; });
  return it == methods.end() ? none : it->outputs.charts;
}

}  // namespace dpw
