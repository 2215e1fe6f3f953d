// What a finished comparison grid shows and exports (gui/comparison_grid.h): the summary table (one row per
// cell), the cells' joint claim, one y scale per column, the table as CSV and the grid as a picture (PNG or
// SVG) under a heading naming the method, the axes and the fixed settings.
#include <QBuffer>
#include <QCoreApplication>
#include <QPainter>
#include <QSvgGenerator>
#include <QTableWidget>
#include <QtCharts/QChartView>
#include <QtCharts/QValueAxis>
#include <cmath>

#include "common/run_export.h"  // writeFileAtomically
#include "gui/comparison_grid.h"
#include "gui/metric_titles.h"

namespace dpwapp {
namespace {

QByteArray csvNumber(double v) {
  if (std::isnan(v)) return {};
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return QByteArray::number(v, 'g', 17);
}

}  // namespace

double gridMetric(const dpw::RunResult& r, const std::string& key) {
  auto it = r.metrics.find(key);
  if (it != r.metrics.end()) return it->second;
  it = r.evaluation.find(key);  // an evaluation on private data (core/output_classes.h)
  return it == r.evaluation.end() ? NAN : it->second;
}

QStringList ComparisonGridDialog::metricKeys() const {
  QStringList keys;
  if (method_.empty()) return keys;
  for (const auto& k : dpw::findMethod(method_).grid.metrics) {
    const QString key = QString::fromStdString(k);
    // Only metrics this grid's runs report (e.g. the classifier's EO metrics with the EO penalty).
    const bool any = results_.empty() || std::any_of(results_.begin(), results_.end(), [&](const dpw::BatchResult& r) {
                       return r.result.metrics.count(k) > 0 || r.result.evaluation.count(k) > 0;
                     });
    if (any) keys << key;
  }
  return keys;
}

double ComparisonGridDialog::cellValue(std::size_t index, const QString& column) const {
  const int r = int(index) / int(columnValues_.size()), c = int(index) % int(columnValues_.size());
  auto axis = [](const QJsonValue& v) {
    if (v.isString()) return v.toString() == "inf" ? double(INFINITY) : double(NAN);
    return v.toDouble();
  };
  if (column == "point." + rowKey_) return axis(rowValues_[r]);
  if (column == "point." + columnKey_) return axis(columnValues_[c]);
  return gridMetric(results_[index].result, column.toStdString());
}

void ComparisonGridDialog::fillTable() {
  const QStringList keys = metricKeys();
  const QStringList columns = QStringList{"point." + rowKey_, "point." + columnKey_} + keys;
  const dpw::ParamValues specs(dpw::findMethod(method_).params);
  table_->clear();
  table_->setColumnCount(int(columns.size()));
  table_->setRowCount(int(results_.size()));
  for (int k = 0; k < columns.size(); ++k) {
    const QString title = k == 0   ? QString::fromStdString(specs.spec(rowKey_.toStdString()).label)
                          : k == 1 ? QString::fromStdString(specs.spec(columnKey_.toStdString()).label)
                                   : metricTitle(columns[k], false);
    auto* header = new QTableWidgetItem(title);
    const QString meaning = k >= 2 ? metricExplained(columns[k]) : QString();
    header->setToolTip(meaning.isEmpty() ? columns[k] : QStringLiteral("%1 (%2)").arg(meaning, columns[k]));
    table_->setHorizontalHeaderItem(k, header);
  }
  for (std::size_t i = 0; i < results_.size(); ++i) {
    const int r = int(i) / int(columnValues_.size()), c = int(i) % int(columnValues_.size());
    for (int k = 0; k < columns.size(); ++k) {
      const QString text = k == 0 ? rowLabels_[r] : k == 1 ? columnLabels_[c] : gridNumber(cellValue(i, columns[k]), 5);
      auto* item = new QTableWidgetItem(text);
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      table_->setItem(int(i), k, item);
    }
  }
  table_->resizeColumnsToContents();
}

dpw::JointClaim ComparisonGridDialog::jointClaim() const {
  std::vector<dpw::RunPrivacy> runs;
  runs.reserve(results_.size());
  for (const dpw::BatchResult& cell : results_) runs.push_back(cell.result.privacy);
  return dpw::jointClaim(runs);
}

QString ComparisonGridDialog::jointClaimText() const {
  if (results_.empty()) return {};
  return QString::fromStdString(dpw::jointClaimSentence(jointClaim(), "cells"));
}

void ComparisonGridDialog::shareColumnScales() {
  // One y range per column (the union of its cells' ranges), so cells in a column compare by height.
  const int rows = int(rowValues_.size()), columns = int(columnValues_.size());
  for (int c = 0; c < columns; ++c) {
    double lo = INFINITY, hi = -INFINITY;
    std::vector<QAbstractAxis*> axes;
    for (int r = 0; r < rows; ++r) {
      QWidget* cell = cellWidget(r, c);
      auto* view = cell ? cell->findChild<QChartView*>() : nullptr;
      if (!view || !view->chart() || view->chart()->axes(Qt::Vertical).isEmpty()) continue;
      auto* axis = qobject_cast<QValueAxis*>(view->chart()->axes(Qt::Vertical).first());
      if (!axis) continue;
      lo = std::min(lo, axis->min());
      hi = std::max(hi, axis->max());
      axes.push_back(axis);
    }
    if (axes.size() < 2 || !(hi > lo)) continue;
    for (QAbstractAxis* axis : axes) {
      auto* v = static_cast<QValueAxis*>(axis);
      v->setRange(lo, hi);
      if (v->tickType() == QValueAxis::TicksDynamic) v->setTickInterval((hi - lo) / 2);
    }
  }
}

QByteArray ComparisonGridDialog::tableCsv() const {
  const QStringList columns = QStringList{"point." + rowKey_, "point." + columnKey_} + metricKeys();
  // The grid's joint claim (the same in every row) after the cells' own columns.
  const dpw::JointClaim joint = jointClaim();
  QByteArray out = columns.join(',').toUtf8() + ",joint_epsilon,joint_delta\n";
  for (std::size_t i = 0; i < results_.size(); ++i) {
    const int r = int(i) / int(columnValues_.size()), c = int(i) % int(columnValues_.size());
    QByteArrayList row;
    for (int k = 0; k < columns.size(); ++k) {
      const QJsonValue axis = k == 0 ? rowValues_[r] : k == 1 ? columnValues_[c] : QJsonValue();
      if (axis.isString())
        row << axis.toString().toUtf8();  // a choice, or "inf"
      else
        row << csvNumber(cellValue(i, columns[k]));
    }
    row << csvNumber(joint.epsilon) << csvNumber(joint.delta);
    out += row.join(',') + '\n';
  }
  return out;
}

QString ComparisonGridDialog::exportCsv(const QString& path) const {
  if (results_.empty()) return tr("no finished grid to export");
  try {
    writeFileAtomically(path, tableCsv());
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
  return {};
}

QString ComparisonGridDialog::exportHeading() const {
  if (method_.empty() || cellScenarios_.empty()) return {};
  const auto& m = dpw::findMethod(method_);
  const dpw::ParamValues specs(m.params);
  const QString rowName = QString::fromStdString(specs.spec(rowKey_.toStdString()).label);
  const QString columnName = QString::fromStdString(specs.spec(columnKey_.toStdString()).label);
  QStringList fixed;
  const Scenario& base = cellScenarios_.front();
  for (const auto& spec : m.params) {
    if (QString::fromStdString(spec.key) == rowKey_ || QString::fromStdString(spec.key) == columnKey_) continue;
    const auto found = base.params.values().find(spec.key);
    if (found == base.params.values().end()) continue;
    const dpw::ParamValue& v = found->second;
    QString text;
    if (const auto* t = std::get_if<std::string>(&v))
      text = QString::fromStdString(*t);
    else
      text = gridNumber(std::get<double>(v));
    if (!text.isEmpty()) fixed << QStringLiteral("%1 = %2").arg(QString::fromStdString(spec.label), text);
  }
  fixed << tr("seed = %1").arg(seed_);
  const QString joint = jointClaimText();
  return tr("%1: comparison grid, rows %2, columns %3 (y axis shared within each column)\nFixed: %4")
             .arg(QString::fromStdString(m.title), rowName, columnName, fixed.join(QStringLiteral(" · "))) +
         (joint.isEmpty() ? QString() : "\n" + joint);
}

void ComparisonGridDialog::paintExport(QPainter& p, QSize size, int headingHeight) const {
  p.fillRect(QRect(QPoint(0, 0), size), Qt::white);
  const QString heading = exportHeading();
  const int nl = int(heading.indexOf('\n'));
  QFont title = p.font();
  title.setPointSizeF(12);
  title.setBold(true);
  p.setFont(title);
  p.setPen(Qt::black);
  p.drawText(QRect(8, 4, size.width() - 16, 24), Qt::AlignLeft | Qt::AlignVCenter, heading.left(nl));
  QFont small = p.font();
  small.setPointSizeF(8.5);
  small.setBold(false);
  p.setFont(small);
  p.setPen(QColor(0x333333));
  p.drawText(QRect(8, 30, size.width() - 16, headingHeight - 32), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, heading.mid(nl + 1));
  p.translate(0, headingHeight);
  gridHost_->render(&p, QPoint(), QRegion(), QWidget::DrawChildren);
}

int ComparisonGridDialog::exportHeadingHeight(int width) const {
  const QString heading = exportHeading();
  QFont small;
  small.setPointSizeF(8.5);
  const QRect r = QFontMetrics(small).boundingRect(QRect(0, 0, width - 16, 2000), Qt::TextWordWrap,
                                                    heading.mid(heading.indexOf('\n') + 1));
  return 30 + r.height() + 10;
}

QImage ComparisonGridDialog::gridImage() const {
  QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);  // cells filled just now are laid out
  const QSize grid = gridHost_->size();
  const int heading = exportHeadingHeight(grid.width());
  QImage image(grid.width(), grid.height() + heading, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::white);
  QPainter p(&image);
  p.setRenderHint(QPainter::Antialiasing);
  paintExport(p, image.size(), heading);
  return image;
}

QString ComparisonGridDialog::exportPng(const QString& path) const {
  if (results_.empty()) return tr("no finished grid to export");
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  if (path.endsWith(".svg", Qt::CaseInsensitive)) {  // the same picture as a drawing
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    const QSize grid = gridHost_->size();
    const int heading = exportHeadingHeight(grid.width());
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(QSize(grid.width(), grid.height() + heading));
    svg.setViewBox(QRect(0, 0, grid.width(), grid.height() + heading));
    svg.setTitle(exportHeading().section('\n', 0, 0));
    QPainter p(&svg);
    paintExport(p, QSize(grid.width(), grid.height() + heading), heading);
  } else if (!gridImage().save(&buffer, "PNG")) {
    return tr("cannot encode the grid picture");
  }
  try {
    writeFileAtomically(path, bytes);
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
  return {};
}

}  // namespace dpwapp
