#pragma once
/// The charts each method's runs draw, known before any run: the GUI's recording panel offers them so that a
/// lecturer chooses the charts to record before the first run (issue #40 item 4). Each method declares them in
/// its own factory (MethodInfo::outputs.charts, core/output_classes.h); tests/engine/methods/tst_output_charts.cpp
/// checks each list, and the method-default and lesson-contract tests check that every chart their runs draw
/// is declared.
#include <string>
#include <vector>

namespace dpw {

/// The chart ids a run of method `methodId` may draw, in the order a run first draws them; empty for an
/// unknown id.
const std::vector<std::string>& declaredCharts(const std::string& methodId);

}  // namespace dpw
