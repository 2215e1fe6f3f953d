#pragma once
/// The data behind a chart as CSV text (one header row, '.' decimals, full double precision).
///   lines:     series,x,y
///   histogram: group,bin_left,bin_right,mass
///   points:    x,y,label
///   heat map:  row,col,value
///   images:    image,y,x,value
#include <QByteArray>

#include "core/frame.h"

namespace dpwapp {

QByteArray frameToCsv(const dpw::Frame& frame);

}  // namespace dpwapp
