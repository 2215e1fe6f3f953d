#pragma once
/// What the classroom lessons on one release declare alike (count-query, membership-inference, clipped-mean,
/// exponential-mechanism; randomized-response takes the ε rule only): ε in (0, 20], in the form and at run
/// time, and a release on data that are simulated or typed into the form, so that every output is the release.
#include <string>

#include "core/method.h"
#include "privacy/privacy_params.h"

namespace dpw {

/// The largest ε a lesson takes: beyond it every lesson's charts show only "no privacy".
inline constexpr double kLessonMaxEpsilon = 20;

/// A lesson's ε parameter range: default 1, from `min` to kLessonMaxEpsilon, no ∞ (a lesson always adds noise).
inline EpsilonRange lessonEpsilonRange(double min = 0.05) { return {1.0, min, kLessonMaxEpsilon, false}; }

/// @throws InvalidArgument unless ε ∈ (0, kLessonMaxEpsilon], the message naming `lesson` ("the count lesson").
void requireLessonEpsilon(double epsilon, const std::string& lesson);

/// A lesson with no private data: the ε a run spends is the metric `epsilon_spent`, the parameter `epsilon`
/// while it runs (the status bar says `epsilonLabel`); every number and chart is the release
/// (core/output_classes.h); `treatedAsPublic` says what the lesson's data are.
void declareClassroomRelease(MethodInfo& m, std::string epsilonLabel, std::string treatedAsPublic);

}  // namespace dpw
