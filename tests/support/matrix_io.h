#pragma once
// Writes engine matrices as text with round-trip precision, for reference scripts to read with
// numpy.loadtxt.
#include <QFile>
#include <QString>

#include "core/types.h"

namespace dpwtest {

inline void writeMatrix(const QString& path, const dpw::Points& m) {
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
  QByteArray out;
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    for (Eigen::Index c = 0; c < m.cols(); ++c) {
      if (c) out += ' ';
      out += QByteArray::number(m(r, c), 'g', 17);
    }
    out += '\n';
  }
  f.write(out);
}

inline void writeVector(const QString& path, const dpw::Vector& v) {
  dpw::Points m = v;
  writeMatrix(path, m);
}

}  // namespace dpwtest
