// Tests of engine/ot/radix_sort.h against std::sort, including values that collide as floats.
#include <QtTest>
#include <algorithm>
#include <random>

#include "core/rng.h"
#include "ot/radix_sort.h"

using namespace dpw;

class TestRadixSort : public QObject {
  Q_OBJECT
 private slots:
  void sortsLikeStdSort_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("kind");
    // More than 2^17 take the MSD path (a top-digit scatter, then each bucket sorted in cache); at
    // 3·10^6 normal values the central buckets hold ~10^4 values (the most counting cells a bucket gets).
    for (int n : {0, 1, 100, 257, 5000, 40000, 100000, 300000, 3000000})
      for (int kind : {0, 1, 2, 3, 4, 5})
        if ((n < 3000000 && kind < 5) || (n == 3000000 && (kind <= 1 || kind == 5))) QTest::newRow(qPrintable(QString("n=%1 kind=%2").arg(n).arg(kind))) << n << kind;
    QTest::newRow("n=300000 kind=6") << 300000 << 6;
  }
  // kind 0: normal values; 1: heavy ties; 2: values equal as floats but not as doubles; 3: ±0, huge, tiny;
  // 4: one far outlier, so one top bucket holds nearly everything (the big-bucket path);
  // 5: normal values and two at ±20, so the central top buckets of 3·10^6 hold ~4·10^4 values each
  // (the counting pass's largest buckets); 6: 6·10^4 values in descending order within 10^-10 (one
  // counting cell of one top bucket, small enough for the counting pass) among uniform ones, so the
  // insertion pass exceeds its budget of moves and hands over to std::sort
  void sortsLikeStdSort() {
    QFETCH(int, n);
    QFETCH(int, kind);
    Rng rng = makeRng(n * 10 + kind);
    std::normal_distribution<double> g;
    std::vector<double> v(n);
    for (int i = 0; i < n; ++i) {
      const double x = g(rng);
      switch (kind) {
        case 0: v[i] = x; break;
        case 1: v[i] = std::round(x * 3); break;
        case 2: v[i] = 1.0 + x * 1e-12; break;
        case 4: v[i] = i == 7 ? 1e9 : x * x * x; break;
        case 5: v[i] = i == 11 ? 20.0 : i == 12 ? -20.0 : x; break;
        case 6: v[i] = i < 60000 ? 0.5 + (60000 - i) * 1e-15 : std::ldexp(double(rng() >> 11), -53); break;
        default: v[i] = (i % 4 == 0) ? 0.0 : (i % 4 == 1) ? -0.0 : (i % 4 == 2) ? x * 1e300 : x * 1e-300; break;
      }
    }
    std::vector<double> expected = v, sorted = v, scratch;
    std::sort(expected.begin(), expected.end());
    radixSort(sorted, scratch);
    QVERIFY(sorted == expected);
    std::vector<std::uint32_t> order;
    std::vector<std::uint64_t> s2;
    radixArgsort(v, order, s2);
    QCOMPARE(order.size(), v.size());
    for (int i = 0; i < n; ++i) QCOMPARE(v[order[i]], expected[i]);
    std::vector<std::uint32_t> check = order;
    std::sort(check.begin(), check.end());
    for (int i = 0; i < n; ++i) QCOMPARE(check[i], std::uint32_t(i));  // a permutation

    // A range given by the caller changes speed only: exact, too narrow, far too wide, disjoint.
    if (n == 0) return;
    const double lo = expected.front(), hi = expected.back(), mid = 0.5 * (lo + hi), w = hi - lo;
    const double hints[][2] = {{lo, hi}, {mid - w / 4, mid + w / 4}, {lo - 1e6 * w, hi + 1e6 * w}, {hi + 1, hi + 2}};
    for (const auto& h : hints) {
      std::vector<double> hinted = v;
      radixSort(hinted, scratch, h[0], h[1]);
      QVERIFY(hinted == expected);
      radixArgsort(v, order, s2, h[0], h[1]);
      for (int i = 0; i < n; ++i) QCOMPARE(v[order[i]], expected[i]);
    }
  }

  // sortedSquaredDifferenceSum with the top digits given (as the projection writes them): the same value,
  // bit for bit, as the sum over the arrays sorted by std::sort, whatever range the digits' keys come
  // from: wider than the values, clamping a few (too narrow) or nearly all of them (far off).
  void givenDigitsGiveTheSameSum() {
    const std::size_t n = 300'000;  // past 2^17: the MSD path
    QVERIFY(sortsByTopDigits(n) && !sortsByTopDigits(std::size_t(1) << 17));
    Rng rng = makeRng(77);
    std::normal_distribution<double> g;
    std::vector<double> u(n), v(n);
    for (auto& x : u) x = 1.3 * g(rng);
    for (auto& x : v) x = g(rng) + 0.7;
    std::vector<double> su = u, sv = v;
    std::sort(su.begin(), su.end());
    std::sort(sv.begin(), sv.end());
    double expected = 0;
    for (std::size_t i = 0; i < n; ++i) expected += (su[i] - sv[i]) * (su[i] - sv[i]);
    const double scales[][2] = {{-0.3, 1.3}, {0.02, 0.98}, {0.9, 5.0}};
    for (const auto& s : scales) {
      auto digitsOf = [&](const std::vector<double>& x, const std::vector<double>& sorted, MsdKey& key,
                          std::vector<std::uint16_t>& tops) {
        const double lo = sorted.front(), w = sorted.back() - lo;
        if (!makeMsdKey(lo + s[0] * w, lo + s[1] * w, key)) return false;
        tops.resize(x.size());
        for (std::size_t i = 0; i < x.size(); ++i) tops[i] = std::uint16_t(key(x[i]) >> kMsdLowBits);
        return true;
      };
      MsdKey ku, kv;
      std::vector<std::uint16_t> tu, tv;
      QVERIFY(digitsOf(u, su, ku, tu) && digitsOf(v, sv, kv, tv));
      std::vector<double> a = u, b = v;
      SquaredDifferenceScratch scratch;
      const double sum = sortedSquaredDifferenceSum(a, b, scratch, TopDigits{ku, tu.data()}, TopDigits{kv, tv.data()});
      QVERIFY(sum == expected);  // every bit (QCOMPARE on doubles is fuzzy)
      a = u, b = v;
      QVERIFY(sortedSquaredDifferenceSum(a, b, scratch, su.front(), su.back(), sv.front(), sv.back()) == expected);
    }
  }
};

QTEST_APPLESS_MAIN(TestRadixSort)
#include "tst_radix_sort.moc"
