// engine/core/huge_pages.h: reserveOnHugePages keeps what the vector held and leaves a large-enough
// vector alone; on Linux with transparent huge pages in "madvise" or "always" mode, a large array
// reserved through it is backed by 2 MB pages once touched (checked in /proc/self/smaps).
#include <QtTest>

#include <cstdio>
#include <fstream>
#include <string>

#include "core/huge_pages.h"

using namespace dpw;

namespace {

/// The AnonHugePages of the mappings overlapping [data, data + bytes), in kB (madvise splits a mapping
/// at the advised range's 2 MB boundaries); -1 when smaps cannot tell.
long hugeKilobytesIn(const void* data, std::size_t bytes) {
  std::ifstream smaps("/proc/self/smaps");
  const auto begin = reinterpret_cast<unsigned long>(data), end = begin + bytes;
  std::string line;
  bool overlaps = false, found = false;
  long total = 0;
  while (std::getline(smaps, line)) {
    unsigned long from = 0, to = 0;
    if (std::sscanf(line.c_str(), "%lx-%lx ", &from, &to) == 2 && line.find(':') > line.find(' ')) {
      overlaps = from < end && begin < to;
      continue;
    }
    long kb = 0;
    if (overlaps && std::sscanf(line.c_str(), "AnonHugePages: %ld kB", &kb) == 1) total += kb, found = true;
  }
  return found ? total : -1;
}

std::string thpMode() {
  std::ifstream f("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string s;
  std::getline(f, s);
  return s;
}

}  // namespace

class TestHugePages : public QObject {
  Q_OBJECT
 private slots:
  void reserveKeepsTheContents() {
    std::vector<int> v{1, 2, 3};
    reserveOnHugePages(v, 1000);
    QVERIFY(v.capacity() >= 1000);
    QCOMPARE(v, (std::vector<int>{1, 2, 3}));
    const int* storage = v.data();
    reserveOnHugePages(v, 10);  // already large enough: untouched
    QCOMPARE(v.data(), storage);
  }

  void largeArraysGetHugePages() {
    const std::string mode = thpMode();
    if (mode.find("[never]") != std::string::npos || mode.empty())
      QSKIP(qPrintable(QString("transparent huge pages are off here (%1)").arg(QString::fromStdString(mode))));
    std::vector<double> v;
    reserveOnHugePages(v, std::size_t(8) << 20);  // 64 MB
    v.assign(std::size_t(8) << 20, 1.0);
    const long kb = hugeKilobytesIn(v.data(), v.size() * sizeof(double));
    if (kb < 0) QSKIP("/proc/self/smaps does not say");
    // Advice, not a promise: a kernel short of free 2 MB blocks may fall back to 4 KB pages. Half the
    // array is a bound a machine with free memory meets (measured: all but the unaligned ends).
    QVERIFY2(kb >= 32 * 1024, qPrintable(QString("%1 kB of the 64 MB array on huge pages").arg(kb)));
  }
};

QTEST_GUILESS_MAIN(TestHugePages)
#include "tst_huge_pages.moc"
