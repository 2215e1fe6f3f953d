#include "methods/lesson_declarations.h"

#include <utility>

#include "core/error.h"

namespace dpw {

void requireLessonEpsilon(double epsilon, const std::string& lesson) {
  require(epsilon > 0 && epsilon <= kLessonMaxEpsilon, "epsilon must lie in (0, 20] for ", lesson, ", got ", epsilon);
}

void declareClassroomRelease(MethodInfo& m, std::string epsilonLabel, std::string treatedAsPublic) {
  m.privacy = {"", "", "epsilon_spent", "epsilon", std::move(epsilonLabel), ""};
  m.outputs.release = {"*"};
  m.treatedAsPublic = {std::move(treatedAsPublic)};
}

}  // namespace dpw
