// One look rule for every chart (charts/chart_style.h: seriesLooks), the heat maps' colour bar
// (plot_painter.cpp) and equal aspect on 2-D point clouds (point_cloud_painter.h: equalAspect); issue #40.
#include <QtTest>
#include <set>

#include "charts/chart_style.h"
#include "charts/plot_painter.h"
#include "charts/point_cloud_painter.h"
#include "core/frame.h"

using namespace dpwapp;

class TestChartStyle : public QObject {
  Q_OBJECT
 private slots:
  // The count lesson's attacker chart: Laplace, Gaussian (solid), discrete Laplace, discrete Gaussian,
  // the (ε, 0) bound and random guessing (dashed), all coloured by position. Before, Laplace (blue),
  // discrete Laplace (bluish green) and the bound (sky blue) were all blue-ish and four curves shared
  // one dash. Now no two series share a colour, and no two dashed ones a dash.
  void attackerChartSeriesAreApart() {
    const std::vector<SeriesWish> wishes = {{-1, false}, {-1, false}, {-1, true}, {-1, true}, {-1, true}, {-1, true}};
    const auto looks = seriesLooks(wishes);
    std::set<int> colours;
    std::set<int> dashes;
    for (std::size_t i = 0; i < looks.size(); ++i) {
      colours.insert(looks[i].palette);
      if (wishes[i].dashed) {
        QVERIFY(looks[i].style != Qt::SolidLine);
        dashes.insert(int(looks[i].style));
      }
    }
    QCOMPARE(int(colours.size()), 6);
    QCOMPARE(int(dashes.size()), 4);
    // Of the three Okabe-Ito blues (0 blue, 4 sky blue, 2 bluish green), the first six series take one
    // at most besides blue: Laplace (blue) and the bound are apart.
    QVERIFY(!colours.count(4));
    QCOMPARE(looks[0].palette, 0);
    QCOMPARE(looks[1].palette, 1);
  }

  // An explicit colour is kept (an estimate drawn dashed in its truth's colour), the position-coloured
  // series avoid it, and two series of one colour differ in style.
  void explicitColoursAreKeptAndAvoided() {
    const auto looks = seriesLooks({{0, false}, {0, true}, {-1, false}, {-1, false}, {3, false, true}});
    QCOMPARE(looks[0].palette, 0);
    QCOMPARE(looks[1].palette, 0);
    QVERIFY(looks[0].style != looks[1].style);
    QVERIFY(looks[2].palette != 0 && looks[3].palette != 0 && looks[2].palette != looks[3].palette);
    QCOMPARE(looks[4].palette, 3);  // an overlay wears its colour and takes none
  }

  // A circle of radius 1 fitted into a wide plot: the y range widens so that a unit is as many pixels on
  // both axes (the private-matching circle was drawn as an ellipse on unequal axes).
  void pointCloudsHaveEqualAspect() {
    const PlotRange fitted{-1, 1, -1, 1};
    const PlotRange r = equalAspect(fitted, QSizeF(400, 200));
    QCOMPARE(r.y0, -1.0);
    QCOMPARE(r.y1, 1.0);
    QCOMPARE(r.x0, -2.0);
    QCOMPARE(r.x1, 2.0);
    const PlotRange tall = equalAspect(PlotRange{0, 4, 0, 1}, QSizeF(100, 100));
    QCOMPARE((tall.x1 - tall.x0) / 100, (tall.y1 - tall.y0) / 100);
    QCOMPARE((tall.y0 + tall.y1) / 2, 0.5);  // widened about the centre
  }

  // A heat map has a colour bar: its darkest shade (the largest value) appears right of the matrix even
  // when the matrix's only non-zero cell is in its first column, and its labels name the largest value.
  void heatMapHasAColourBar() {
    dpw::HeatmapFrame h{"target bin", "source bin", 4, 4, std::vector<double>(16, 0.0)};
    h.values[0] = 0.4;
    h.values[4] = 0.004;  // a row with almost no mass: pale, not dark
    const QImage img = renderFrameImage(*dpw::makeFrame("transport_0", "Transport plan: group 0", 0, h), QSize(600, 400), 1);
    const QColor dark = QColor::fromRgbF(0.1, 0.25, 0.65);
    auto near = [](QColor a, QColor b) {
      return std::abs(a.red() - b.red()) <= 3 && std::abs(a.green() - b.green()) <= 3 && std::abs(a.blue() - b.blue()) <= 3;
    };
    int right = 0, left = 0;
    for (int y = 0; y < img.height(); ++y)
      for (int x = 0; x < img.width(); ++x)
        if (near(img.pixelColor(x, y), dark)) (x > img.width() * 0.8 ? right : left) += 1;
    QVERIFY2(left > 100, qPrintable(QString::number(left)));    // the 0.4 cell
    QVERIFY2(right > 10, qPrintable(QString::number(right)));   // the bar's top
  }
};

QTEST_MAIN(TestChartStyle)
#include "tst_chart_style.moc"
