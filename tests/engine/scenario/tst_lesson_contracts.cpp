// Lesson notes are contracts (issue #40 item 1): every built-in lesson (resources/scenarios/lesson-*.json)
// runs at its own parameters and seed, engine only, and every claim of its lesson block (scenario/lesson.h)
// is checked on that run: the claim quotes the note's words ("says") and bounds a metric of the run or a
// measure of its frames defined below ("measure", within [min, max]); "with" reruns the lesson with some
// parameters changed, for a sentence about what a change does. Every sentence of a note's "look" must be
// quoted by a claim, and every quote must be in the note: a note changed without its claims fails, and a
// claim changed to say something false fails on the numbers. Every lesson names the charts it is about
// ("charts"), and its default run draws each of them. That default run also says what it does before its first
// frame (RunObserver::onStatus: loading, fitting, calibrating; issue #40 item 6), and draws only charts its
// method declares before any run (methods/output_charts.h, which the recording panel offers).
// DPW_LESSON_PROBE=1 prints every metric and measure of every run (to write a claim); DPW_LESSON=<part of
// a file name> runs only those lessons; DPW_LESSONS_DIR reads the lessons from another folder.
#include <QtTest>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <string>

#include "core/method.h"
#include "core/run_observer.h"
#include "methods/output_charts.h"
#include "scenario/scenario.h"

using namespace dpw;

namespace {

struct Run {
  const Scenario* scenario = nullptr;
  ParamValues params;
  RunResult result;
  std::vector<FramePtr> frames;
  double seconds = 0;
  std::vector<std::string> statusBeforeFirstFrame;  ///< what the run said it does while it prepared

  const Frame* last(const std::string& chart) const {
    for (auto it = frames.rbegin(); it != frames.rend(); ++it)
      if ((*it)->chart == chart) return it->get();
    return nullptr;
  }
  const Frame* first(const std::string& chart) const {
    for (const auto& f : frames)
      if (f->chart == chart) return f.get();
    return nullptr;
  }
  std::optional<double> metric(const std::string& key) const {
    if (const auto it = result.metrics.find(key); it != result.metrics.end()) return it->second;
    if (const auto it = result.evaluation.find(key); it != result.evaluation.end()) return it->second;
    return std::nullopt;
  }
  double need(const std::string& key) const {
    const auto v = metric(key);
    if (!v) throw std::runtime_error("metric " + key + " missing");
    return *v;
  }
};

const LinesFrame& lines(const Frame* f, const char* what) {
  if (f == nullptr || !std::holds_alternative<LinesFrame>(f->data)) throw std::runtime_error(std::string("no line chart ") + what);
  return std::get<LinesFrame>(f->data);
}

const Series& named(const LinesFrame& f, const std::string& name, bool prefix = false) {
  for (const auto& s : f.series)
    if (prefix ? s.name.rfind(name, 0) == 0 : s.name == name) return s;
  throw std::runtime_error("series " + name + " missing");
}

// ½ ∫ |p − q| by the trapezoid rule on a shared grid.
double totalVariation(const Series& p, const Series& q) {
  double tv = 0;
  for (std::size_t i = 1; i < p.x.size(); ++i)
    tv += 0.25 * (p.x[i] - p.x[i - 1]) * (std::abs(p.y[i] - q.y[i]) + std::abs(p.y[i - 1] - q.y[i - 1]));
  return tv;
}

double shareAt(const Run& r, double share) {
  const Series& p = named(lines(r.last("privacy"), "privacy"), "PLD");
  const double at = share * p.x.back();
  for (std::size_t i = 1; i < p.x.size(); ++i)
    if (p.x[i] >= at) {
      const double t = (at - p.x[i - 1]) / (p.x[i] - p.x[i - 1]);
      return ((1 - t) * p.y[i - 1] + t * p.y[i]) / p.y.back();
    }
  return 1.0;
}

double tradeoffMean(const Run& r, bool mse) {
  std::map<double, double> meanByEps;  // ε → mean MSE (or SP violation) over the curve's points
  for (const auto& se : lines(r.last("tradeoff"), "tradeoff").series) {
    if (se.name.rfind("k=", 0) != 0) continue;
    const auto e = se.name.find("ε=");
    const double eps = std::stod(se.name.substr(e + std::string("ε=").size()));
    const auto& v = mse ? se.y : se.x;
    meanByEps[eps] = std::accumulate(v.begin(), v.end(), 0.0) / double(v.size());
  }
  return meanByEps.begin()->second / meanByEps.rbegin()->second;
}

double groupMeanGap(const Frame& f) {
  const auto& pf = std::get<PointsFrame>(f.data);
  double m[2][2] = {{0, 0}, {0, 0}}, n[2] = {0, 0};
  for (Eigen::Index i = 0; i < pf.xy.rows(); ++i) {
    const int g = pf.label[std::size_t(i)];
    if (g > 1) continue;
    m[g][0] += pf.xy(i, 0), m[g][1] += pf.xy(i, 1), n[g] += 1;
  }
  const double dx = m[0][0] / n[0] - m[1][0] / n[1], dy = m[0][1] / n[0] - m[1][1] / n[1];
  return dx * dx + dy * dy;
}

std::pair<double, double> ringModes(const Frame& f) {
  const auto& pf = std::get<PointsFrame>(f.data);
  double radius = 0, targets = 0;
  for (Eigen::Index i = 0; i < pf.xy.rows(); ++i)
    if (pf.label[std::size_t(i)] == 1) radius += pf.xy.row(i).norm(), targets += 1;
  radius /= targets;
  std::vector<double> near(5, 0);
  double particles = 0, square = 0;
  for (Eigen::Index i = 0; i < pf.xy.rows(); ++i) {
    if (pf.label[std::size_t(i)] != 0) continue;
    particles += 1;
    square += pf.xy.row(i).squaredNorm();
    for (int c = 0; c < 5; ++c) {
      const double a = 2 * M_PI * c / 5, dx = pf.xy(i, 0) - radius * std::cos(a), dy = pf.xy(i, 1) - radius * std::sin(a);
      near[std::size_t(c)] += std::sqrt(dx * dx + dy * dy) < 0.25 * radius;
    }
  }
  double found = 0;
  for (double k : near) found += k >= 0.1 * particles;
  return {found, std::sqrt(square / particles) / radius};
}

// flow-privacy-utility's final SW₂² by ε (ascending) and arm, from its metrics "<arm>_eps<ε>".
std::map<double, std::map<std::string, double>> utilityArms(const Run& r) {
  std::map<double, std::map<std::string, double>> out;
  for (const auto& [key, value] : r.result.metrics)
    for (const char* arm : {"flow_defaults", "flow_paper", "generator"})
      if (key.rfind(std::string(arm) + "_eps", 0) == 0)
        out[std::stod(key.substr(std::string(arm).size() + 4))][arm] = value;
  if (out.empty()) throw std::runtime_error("no flow-privacy-utility metrics");
  return out;
}

// A chart's last (first) frame, or an error naming it (the probe tries every measure on every lesson).
const Frame& lastOf(const Run& r, const std::string& chart) {
  if (const Frame* f = r.last(chart)) return *f;
  throw std::runtime_error("no chart " + chart);
}
const Frame& firstOf(const Run& r, const std::string& chart) {
  if (const Frame* f = r.first(chart)) return *f;
  throw std::runtime_error("no chart " + chart);
}

using Measure = std::function<double(const Run&)>;

// The measures of frames the claims may bound, beside every metric of the run (by its key).
const std::map<std::string, Measure>& measures() {
  static const std::map<std::string, Measure> m = {
      // Count lesson: total variation between the Laplace densities on D and D′ (continuous curves).
      {"laplace_tv",
       [](const Run& r) {
         const auto& f = lines(r.last("count_laplace"), "count_laplace");
         return totalVariation(f.series[0], f.series[2]);
       }},
      // The largest Gaussian privacy-loss ratio drawn, over the bound e^ε.
      {"gaussian_ratio_over_bound",
       [](const Run& r) {
         const auto& s = named(lines(r.last("count_loss_ratio"), "count_loss_ratio"), "Gaussian");
         return *std::max_element(s.y.begin(), s.y.end()) / std::exp(r.need("epsilon"));
       }},
      // The probability, on D′, of landing where the Gaussian's loss exceeds ε (y beyond c + ½ + εσ²).
      {"gaussian_chance_beyond_on_d_prime",
       [](const Run& r) {
         const double c1 = r.params.real("count") + 1, sigma = r.need("gaussian_sigma");
         return 0.5 * std::erfc((r.need("gaussian_loss_exceeds_from") - c1) / (sigma * std::sqrt(2.0)));
       }},
      // Tradeoff lesson: the coin flip is drawn, from (0, 1) to (1, 0).
      {"coin_flip_drawn",
       [](const Run& r) {
         const Series& d = named(lines(r.last("tradeoff"), "tradeoff"), "random guessing");
         return double(d.x.size() == 2 && d.x[0] == 0 && d.y[0] == 1 && d.x[1] == 1 && d.y[1] == 0);
       }},
      // Audit: total variation between the histograms of what the attacker sees on D and on D′.
      {"audit_scores_tv",
       [](const Run& r) {
         const Frame* f = r.last("audit_scores");
         if (f == nullptr) throw std::runtime_error("no chart audit_scores");
         const auto& h = std::get<HistogramFrame>(f->data);
         const auto& p = h.groups.at(0).mass;
         const auto& q = h.groups.at(1).mass;
         double sp = 0, sq = 0, tv = 0;
         for (std::size_t b = 0; b < p.size(); ++b) sp += p[b], sq += q[b];
         for (std::size_t b = 0; b < p.size(); ++b) tv += 0.5 * std::abs(p[b] / sp - q[b] / sq);
         return tv;
       }},
      // Accountants: how many curves the chart 'Privacy spent' draws, and their order at the last step.
      {"privacy_curves", [](const Run& r) { return double(lines(r.last("privacy"), "privacy").series.size()); }},
      {"pld_over_lowest_other_bound",
       [](const Run& r) {
         return r.need("epsilon_pld") / std::min({r.need("epsilon_rdp"), r.need("epsilon_rdp_mironov"),
                                                  r.need("epsilon_rdp_wor"), r.need("epsilon_pld_wor")});
       }},
      {"rdp_over_pld", [](const Run& r) { return r.need("epsilon_rdp") / r.need("epsilon_pld"); }},
      {"gdp_over_pld", [](const Run& r) { return r.need("epsilon_gdp") / r.need("epsilon_pld"); }},
      {"wor_over_poisson",
       [](const Run& r) {
         return std::min(r.need("epsilon_rdp_wor") / r.need("epsilon_rdp"), r.need("epsilon_pld_wor") / r.need("epsilon_pld"));
       }},
      // The WDP budget of one Gaussian step over the orders drawn: largest over smallest.
      {"wdp_order_spread",
       [](const Run& r) {
         const Series& w = named(lines(r.last("order_curves"), "order_curves"), "WDP, Gaussian", true);
         const auto [lo, hi] = std::minmax_element(w.y.begin(), w.y.end());
         return *hi / *lo;
       }},
      // PLD's ε after the first quarter (half) of the steps, as a share of its ε at the end (linear
      // interpolation between checkpoints).
      {"pld_share_at_quarter", [](const Run& r) { return shareAt(r, 0.25); }},
      {"pld_share_at_half", [](const Run& r) { return shareAt(r, 0.5); }},
      // Fair post-processing trade-off: the share of the ε curves (not envelopes) whose fairest point has the
      // largest error and least fair point the smallest; and the mean MSE of the smallest ε's curve over that
      // of ε = ∞ (its mean SP violation likewise).
      {"tradeoff_fair_costs_share",
       [](const Run& r) {
         int curves = 0, costs = 0;
         for (const auto& se : lines(r.last("tradeoff"), "tradeoff").series) {
           if (se.name.rfind("k=", 0) != 0 || se.x.size() < 2) continue;
           ++curves;
           const auto lo = std::min_element(se.x.begin(), se.x.end()) - se.x.begin();
           const auto hi = std::max_element(se.x.begin(), se.x.end()) - se.x.begin();
           costs += se.y[std::size_t(lo)] > se.y[std::size_t(hi)];
         }
         return curves ? double(costs) / curves : 0.0;
       }},
      {"tradeoff_low_eps_mse_over_inf", [](const Run& r) { return tradeoffMean(r, true); }},
      {"tradeoff_low_eps_ks_over_inf", [](const Run& r) { return tradeoffMean(r, false); }},
      // Fair learning: the loss term at the last step over the first; ε spent rises at every point.
      {"loss_term_last_over_first",
       [](const Run& r) {
         const Series& l = named(lines(r.last("loss"), "loss"), "loss term", true);
         return l.y.back() / l.y.front();
       }},
      {"epsilon_curve_rises",
       [](const Run& r) {
         const Series& e = lines(r.last("privacy"), "privacy").series.at(0);
         for (std::size_t i = 1; i < e.y.size(); ++i)
           if (!(e.y[i] > e.y[i - 1])) return 0.0;
         return double(e.y.size() >= 5);
       }},
      // The objective is (1 − α)·loss + α·penalty, at the last step.
      {"objective_minus_weighted_terms",
       [](const Run& r) {
         const double a = r.params.real("alpha");
         return r.need("objective") - ((1 - a) * r.need("loss_term") + a * r.need("penalty_term"));
       }},
      // Fair 2-D regression: squared distance between the groups' mean outputs, last frame over first.
      {"group_mean_gap_last_over_first",
       [](const Run& r) { return groupMeanGap(lastOf(r, "outputs")) / groupMeanGap(firstOf(r, "outputs")); }},
      // Flows on ring5: how many of the five modes hold at least 10% of the particles within a quarter of
      // the ring's radius (the modes' sd is a tenth of it), and the particles' RMS distance from the centre
      // over the ring's radius (both from the last particles frame: particles label 0, held-out target 1).
      {"modes_found", [](const Run& r) { return ringModes(lastOf(r, "particles")).first; }},
      {"particle_spread_over_radius", [](const Run& r) { return ringModes(lastOf(r, "particles")).second; }},
      {"sw2_over_floor", [](const Run& r) { return r.need("sw2_heldout") / r.need("sw2_floor"); }},
      // Flow against generator: the histogram flow's SW₂² over the best other arm's, worst case over ε; the
      // paper's choices' SW₂² over the worst other arm's at the smallest ε.
      {"histogram_flow_over_best_other",
       [](const Run& r) {
         double worst = 0;
         for (const auto& [eps, arms] : utilityArms(r))
           worst = std::max(worst, arms.at("flow_defaults") / std::min(arms.at("flow_paper"), arms.at("generator")));
         return worst;
       }},
      {"paper_over_worst_other_at_smallest_eps",
       [](const Run& r) {
         const auto& arms = utilityArms(r).begin()->second;
         return arms.at("flow_paper") / std::max(arms.at("flow_defaults"), arms.at("generator"));
       }},
  };
  return m;
}

double measure(const Run& r, const std::string& name) {
  if (const auto it = measures().find(name); it != measures().end()) return it->second(r);
  if (const auto v = r.metric(name)) return *v;
  for (const auto& spec : r.params.specs())  // a setting of the run ("the penalty uses projections")
    if (spec.key == name && spec.kind != ParamKind::Choice && spec.kind != ParamKind::Text) return r.params.real(name);
  return r.need(name);
}

std::string lessonsDir() {
  const QByteArray dir = qgetenv("DPW_LESSONS_DIR");  // to probe a lesson being written
  return dir.isEmpty() ? std::string(DPW_SOURCE_DIR "/resources/scenarios") : dir.toStdString();
}

std::vector<std::string> lessonFiles() {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(lessonsDir()))
    if (e.path().filename().string().rfind("lesson-", 0) == 0) files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

std::string withKey(const LessonClaim& c) {
  std::string k;
  for (const auto& [key, value] : c.with)
    k += key + "=" + (std::holds_alternative<double>(value) ? std::to_string(std::get<double>(value)) : std::get<std::string>(value)) + ";";
  return k;
}

Run runLesson(const Scenario& s, const std::vector<std::pair<std::string, ParamValue>>& with) {
  Run r;
  r.scenario = &s;
  r.params = s.params;
  for (const auto& [k, v] : with) r.params.set(k, v);
  // Notes what the run said it does (RunObserver::onStatus) before its first frame.
  struct Observer : CollectingObserver {
    void onStatus(const std::string& what) override {
      if (frames.empty()) statusBeforeFirstFrame.push_back(what);
    }
    std::vector<std::string> statusBeforeFirstFrame;
  } obs;
  const auto t0 = std::chrono::steady_clock::now();
  r.result = s.methodInfo().run(r.params, s.seed, obs);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.frames = std::move(obs.frames);
  r.statusBeforeFirstFrame = std::move(obs.statusBeforeFirstFrame);
  return r;
}

// The note's sentences: split after '.', '?' or '!' followed by a space (or at the end), outside parentheses.
std::vector<std::string> sentences(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  int depth = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    cur += ch;
    depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
    if (depth == 0 && (ch == '.' || ch == '?' || ch == '!') && (i + 1 == text.size() || text[i + 1] == ' ')) {
      const auto b = cur.find_first_not_of(' ');
      if (b != std::string::npos) out.push_back(cur.substr(b));
      cur.clear();
    }
  }
  if (cur.find_first_not_of(' ') != std::string::npos) out.push_back(cur.substr(cur.find_first_not_of(' ')));
  return out;
}

}  // namespace

class TestLessonContracts : public QObject {
  Q_OBJECT
 private slots:
  // Every lesson's claims hold on its own run; every "look" sentence is claimed; every quote is in the note.
  void everyLessonKeepsItsNote_data() {
    QTest::addColumn<QString>("file");
    const QByteArray only = qgetenv("DPW_LESSON");
    for (const auto& f : lessonFiles())
      if (only.isEmpty() || f.find(only.toStdString()) != std::string::npos)
        QTest::newRow(std::filesystem::path(f).filename().string().c_str()) << QString::fromStdString(f);
  }
  void everyLessonKeepsItsNote() {
    QFETCH(QString, file);
    const Scenario s = Scenario::fromFile(file.toStdString());
    QVERIFY(s.lesson.has_value());
    const Lesson& l = *s.lesson;
    const std::string note = l.look + "\n" + l.change + "\n" + l.ask;
    QString failures;
    for (const auto& c : l.claims)
      if (note.find(c.says) == std::string::npos) failures += "\n  the note no longer says: " + QString::fromStdString(c.says);
    for (const auto& sentence : sentences(l.look))
      if (std::none_of(l.claims.begin(), l.claims.end(),
                       [&](const LessonClaim& c) { return sentence.find(c.says) != std::string::npos; }))
        failures += "\n  no claim checks this sentence of \"look\": " + QString::fromStdString(sentence);
    const bool probe = qEnvironmentVariableIsSet("DPW_LESSON_PROBE");
    std::map<std::string, Run> runs;  // by the claim's "with"
    auto runFor = [&](const LessonClaim& c) -> const Run& {
      const std::string key = withKey(c);
      auto it = runs.find(key);
      if (it == runs.end()) {
        it = runs.emplace(key, runLesson(s, c.with)).first;
        qInfo("%s [%s]: %.2f s", l.number().c_str(), key.c_str(), it->second.seconds);
        if (probe) {
          for (const auto& [k, v] : it->second.result.metrics) qInfo("  metric %s = %.6g", k.c_str(), v);
          for (const auto& [k, v] : it->second.result.evaluation) qInfo("  evaluation %s = %.6g", k.c_str(), v);
          std::map<std::string, const Frame*> charts;
          for (const auto& f : it->second.frames) charts[f->chart] = f.get();
          for (const auto& [id, f] : charts) {
            std::string what = f->title + " @" + std::to_string(f->step) + ":";
            if (const auto* lf = std::get_if<LinesFrame>(&f->data))
              for (const auto& se : lf->series) what += " [" + se.name + " n=" + std::to_string(se.x.size()) + "]";
            if (const auto* pf = std::get_if<PointsFrame>(&f->data))
              for (const auto& n : pf->labelNames) what += " {" + n + "}";
            if (const auto* hf = std::get_if<HistogramFrame>(&f->data))
              for (const auto& g : hf->groups) what += " <" + g.name + ">";
            qInfo("  chart %s: %s", id.c_str(), what.c_str());
          }
          for (const auto& [k, fn] : measures()) try {
              qInfo("  measure %s = %.6g", k.c_str(), fn(it->second));
            } catch (const std::exception&) {
            }
        }
      }
      return it->second;
    };
    // The charts the lesson names (shown first in the GUI) are drawn by its own default run.
    if (l.charts.empty()) failures += "\n  the lesson names no chart it is about (lesson field \"charts\")";
    if (l.claims.empty() || !l.charts.empty()) {
      const Run& plain = runFor(LessonClaim{});
      for (const auto& id : l.charts)
        if (plain.last(id) == nullptr) failures += "\n  the lesson names chart " + QString::fromStdString(id) + ", which its run does not draw";
    }
    {
      // A run says what it does while it prepares (issue #40 item 6: loading, fitting, calibrating): a status
      // before its first frame, which the window shows instead of a silent "step 0". And every chart it draws
      // is one its method declares before any run (methods/output_charts.h: the recording panel offers them).
      const Run& plain = runFor(LessonClaim{});
      if (plain.statusBeforeFirstFrame.empty()) failures += "\n  the run says nothing (RunObserver::onStatus) before its first frame";
      else qInfo("  status before the first frame: %s", plain.statusBeforeFirstFrame.front().c_str());
      const auto& declared = declaredCharts(s.method);
      std::set<std::string> undeclared;
      for (const auto& f : plain.frames)
        if (std::find(declared.begin(), declared.end(), f->chart) == declared.end()) undeclared.insert(f->chart);
      for (const auto& id : undeclared)
        failures += "\n  the run draws chart " + QString::fromStdString(id) + ", which its method does not declare";
    }
    for (const auto& c : l.claims) {
      double v = NAN;
      try {
        v = measure(runFor(c), c.measure);
      } catch (const std::exception& e) {
        failures += QString("\n  %1: %2").arg(QString::fromStdString(c.says), e.what());
        continue;
      }
      const bool ok = v >= c.min && v <= c.max;
      qInfo("  %s %s = %.6g in [%g, %g] %s: \"%s\"", ok ? "ok  " : "FAIL", c.measure.c_str(), v, c.min, c.max,
            withKey(c).c_str(), c.says.c_str());
      if (!ok)
        failures += QString("\n  \"%1\": %2 = %3, claimed in [%4, %5]")
                        .arg(QString::fromStdString(c.says), QString::fromStdString(c.measure))
                        .arg(v, 0, 'g', 6)
                        .arg(c.min)
                        .arg(c.max);
    }
    QVERIFY2(failures.isEmpty(), qPrintable("lesson " + QString::fromStdString(l.number()) + " says what its run does not show:" + failures));
  }
};

QTEST_GUILESS_MAIN(TestLessonContracts)
#include "tst_lesson_contracts.moc"
