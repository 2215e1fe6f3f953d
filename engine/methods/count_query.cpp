#include "methods/count_query.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/error.h"
#include "core/rng.h"
#include "methods/lesson_declarations.h"
#include "privacy/ledger/joint_claim.h"
#include "privacy/ledger/privacy_statement.h"
#include "privacy/mechanisms/count_release.h"
#include "privacy/accountants/gdp_analysis.h"
#include "privacy/privacy_params.h"

namespace dpw {
namespace {

std::string number(double x, int precision = 3) {
  std::ostringstream o;
  o.precision(precision);
  o << x;
  return o.str();
}

/// β of the best test at type I error `alpha`, on the polyline (α_i, β_i) (α decreasing along the list):
/// between two thresholds the randomised test interpolates linearly.
double betaAt(const TradeoffPoints& t, double alpha) {
  for (size_t i = 1; i < t.alpha.size(); ++i) {
    const double a0 = t.alpha[i - 1], a1 = t.alpha[i];
    if ((a0 - alpha) * (a1 - alpha) <= 0 && a0 != a1)
      return t.beta[i - 1] + (alpha - a0) / (a1 - a0) * (t.beta[i] - t.beta[i - 1]);
  }
  return std::nan("");
}

struct Law {
  std::string name;
  Mechanism mechanism;
};

}  // namespace

CountQuerySettings CountQuerySettings::fromParams(const ParamValues& p) {
  CountQuerySettings s;
  s.count = p.integer("count");
  s.epsilon = p.real("epsilon");
  s.delta = p.real("delta");
  s.mechanism = parseNoiseMechanism(p.text("mechanism"));
  s.draws = p.integer("draws");
  return s;
}

RunResult runCountQuery(const CountQuerySettings& s, std::uint64_t seed, RunObserver& observer) {
  requireLessonEpsilon(s.epsilon, "the count lesson");
  require(s.delta > 0 && s.delta < 1, "delta must lie in (0, 1), got ", s.delta);
  require(s.count >= 0 && s.count <= 1000000, "the count must lie in [0, 10^6], got ", s.count);
  require(s.draws >= 1 && s.draws <= 10000000, "draws must lie in [1, 10^7], got ", s.draws);
  observer.onStatus("calibrating the four mechanisms to ε and computing their densities on D and D′");

  const Law laws[] = {{"Laplace", Mechanism::laplace(s.epsilon, 1)},
                      {"Gaussian", Mechanism::gaussian(s.epsilon, s.delta, 1)},
                      {"discrete Laplace", Mechanism::discreteLaplace(s.epsilon, 1)},
                      {"discrete Gaussian", Mechanism::discreteGaussian(s.epsilon, s.delta, 1)}};
  const double c = double(s.count), c1 = c + 1;
  std::vector<CountRelease> onD, onDPrime;
  for (const Law& l : laws) {
    onD.emplace_back(l.mechanism, c);
    onDPrime.emplace_back(l.mechanism, c1);
  }
  // Plot windows: ±8 b around the counts for the Laplace laws (mass e^{−8} ≈ 3e-4 beyond), ±4 σ for the
  // Gaussian laws (6e-5 beyond); the ratio and the attack use the wider of the two.
  struct Window {
    double from, to;
    std::vector<double> ys, ints;
  };
  const auto window = [&](double halfWidth) {
    Window w{std::floor(c - halfWidth), std::ceil(c1 + halfWidth), {}, {}};
    const int points = 801;
    for (int i = 0; i < points; ++i) w.ys.push_back(w.from + (w.to - w.from) * i / (points - 1));
    for (double y = w.from; y <= w.to; y += 1) w.ints.push_back(y);
    return w;
  };
  const Window laplaceWindow = window(std::max(3.0, 8 * laws[0].mechanism.scale()));
  const Window gaussianWindow = window(std::max(3.0, 4 * laws[1].mechanism.scale()));
  const Window& wide = laplaceWindow.to - laplaceWindow.from > gaussianWindow.to - gaussianWindow.from ? laplaceWindow
                                                                                                      : gaussianWindow;
  const double from = wide.from, to = wide.to, w = (to - from) / 2;
  const std::vector<double>& ys = wide.ys;
  const std::vector<double>& ints = wide.ints;
  const std::string dName = "D (count " + std::to_string(s.count) + ")";
  const std::string pName = "D′ (count " + std::to_string(s.count + 1) + ")";

  // Densities: the continuous law on a fine grid, the discrete law's mass at the integers.
  for (int pair = 0; pair < 2; ++pair) {
    const size_t cont = size_t(pair), disc = size_t(pair + 2);
    const Window& win = pair == 0 ? laplaceWindow : gaussianWindow;
    std::vector<Series> series;
    for (int which = 0; which < 2; ++which) {
      const CountRelease& rc = which == 0 ? onD[cont] : onDPrime[cont];
      const CountRelease& rd = which == 0 ? onD[disc] : onDPrime[disc];
      Series sc{laws[cont].name + " on " + (which == 0 ? dName : pName), win.ys, {}, which == 1};
      for (double y : win.ys) sc.y.push_back(rc.density(y));
      Series sd{laws[disc].name + " on " + (which == 0 ? "D" : "D′") + " (mass at integers)", win.ints, {}, which == 1};
      for (double y : win.ints) sd.y.push_back(rd.density(y));
      series.push_back(std::move(sc));
      series.push_back(std::move(sd));
    }
    const std::string id = pair == 0 ? "count_laplace" : "count_gaussian";
    const std::string title = pair == 0 ? "Laplace noise on the count, D and D′ (ε = " + number(s.epsilon) + ")"
                                        : "Gaussian noise on the count, D and D′ (ε = " + number(s.epsilon) +
                                              ", δ = " + number(s.delta) + ")";
    observer.onFrame(makeFrame(id, title, 0, LinesFrame{"released count y", "density / mass", series}));
  }

  // The privacy-loss ratio p_D′(y)/p_D(y) and its bounds e^{±ε}, on a window wide enough to show where the
  // Gaussian's ratio leaves the bounds (|y − c − ½| > εσ²) and 2σ beyond.
  RunResult r;
  {
    const double sigmaG = laws[1].mechanism.scale();
    const Window ratioWindow = window(std::max(c1 - from, s.epsilon * sigmaG * sigmaG + 0.5 + 2 * sigmaG));
    const std::vector<double>& ys = ratioWindow.ys;
    const std::vector<double>& ints = ratioWindow.ints;
    const double from = ratioWindow.from, to = ratioWindow.to;
    std::vector<Series> series;
    double maxLoss = 0;
    for (size_t k = 0; k < 4; ++k) {
      const bool discrete = k >= 2;
      Series sr{laws[k].name, {}, {}, discrete};
      for (double y : discrete ? ints : ys) {
        const double a = onD[k].density(y), b = onDPrime[k].density(y);
        if (a <= 0 || b <= 0) continue;
        sr.x.push_back(y);
        sr.y.push_back(b / a);
        if (k == 0) maxLoss = std::max(maxLoss, std::abs(std::log(b / a)));
      }
      series.push_back(std::move(sr));
    }
    // Where the Gaussian's ratio exceeds e^ε: y > c + ½ + εσ² (the ratio is e^{(y − c − ½)/σ²}).
    const double sigma = laws[1].mechanism.scale(), beyond = c + 0.5 + s.epsilon * sigma * sigma;
    Series over{"Gaussian above exp(ε): where δ is paid", {}, {}};  // D′'s mass there beyond exp(ε) × D's is δ
    for (double y : ys)
      if (y >= beyond) {
        over.x.push_back(y);
        over.y.push_back(onDPrime[1].density(y) / onD[1].density(y));
      }
    if (!over.x.empty()) series.push_back(std::move(over));
    series.push_back(Series{"bound exp(ε)", {from, to}, {std::exp(s.epsilon), std::exp(s.epsilon)}, true});
    series.push_back(Series{"bound exp(−ε)", {from, to}, {std::exp(-s.epsilon), std::exp(-s.epsilon)}, true});
    LinesFrame f{"released count y", "privacy-loss ratio p(y | D′) / p(y | D)", series};
    f.logY = true;
    observer.onFrame(makeFrame("count_loss_ratio", "How much more likely is y on D′ than on D?", 0, std::move(f)));
    r.metrics["laplace_max_loss"] = maxLoss;
    r.metrics["gaussian_loss_exceeds_from"] = beyond;
  }

  // The best attacker's test between D and D′ for each law.
  {
    std::vector<Series> series;
    std::vector<double> taus{from - 2 * w};
    for (double y : ys) taus.push_back(y);
    taus.push_back(to + 2 * w);
    std::vector<double> intTaus{std::floor(from - 2 * w)};
    for (double y : ints) intTaus.push_back(y);
    intTaus.push_back(std::ceil(to + 2 * w));
    const char* keys[] = {"laplace", "gaussian", "discrete_laplace", "discrete_gaussian"};
    for (size_t k = 0; k < 4; ++k) {
      const TradeoffPoints t = countTradeoff(onD[k], onDPrime[k], k >= 2 ? intTaus : taus);
      r.metrics[std::string("beta_at_0_1_") + keys[k]] = betaAt(t, 0.1);
      series.push_back(Series{laws[k].name, t.alpha, t.beta, k >= 2});
    }
    Series bound{"(ε, 0)-DP bound: no test goes below", {}, {}, true};
    for (int i = 0; i <= 200; ++i) {
      const double a = i / 200.0;
      bound.x.push_back(a);
      bound.y.push_back(epsilonDeltaTradeoff(s.epsilon, 0, a));
    }
    series.push_back(std::move(bound));
    series.push_back(Series{"random guessing", {0.0, 1.0}, {1.0, 0.0}, true});
    observer.onFrame(makeFrame("count_attack", "The best attacker: was the extra person in the data?", 0,
                               LinesFrame{"type I error α (says D′ on D)", "type II error β (says D on D′)", series}));
  }
  throwIfCancelled(observer);

  r.metrics["epsilon"] = s.epsilon;
  r.metrics["delta"] = s.delta;
  r.metrics["laplace_scale"] = laws[0].mechanism.scale();
  r.metrics["gaussian_sigma"] = laws[1].mechanism.scale();
  r.metrics["discrete_laplace_scale"] = laws[2].mechanism.scale();
  r.metrics["discrete_gaussian_sigma"] = laws[3].mechanism.scale();
  r.metrics["gaussian_delta"] = countHockeyStick(onD[1], onDPrime[1], s.epsilon);
  r.metrics["gaussian_delta_closed_form"] = gdpDelta(1 / laws[1].mechanism.scale(), s.epsilon);
  r.metrics["discrete_laplace_delta"] = countHockeyStick(onD[2], onDPrime[2], s.epsilon);
  r.metrics["discrete_gaussian_delta"] = countHockeyStick(onD[3], onDPrime[3], s.epsilon);

  // Releases of the chosen mechanism piling up, in 20 frames.
  // The lesson's four laws, found by kind (a law of the registry the lesson does not draw is refused).
  const Law* chosenLaw = nullptr;
  for (const Law& law : laws)
    if (law.mechanism.law() == s.mechanism) chosenLaw = &law;
  if (chosenLaw == nullptr) {
    std::string drawn;
    for (const Law& law : laws) drawn += (drawn.empty() ? "" : ", ") + noiseMechanismId(law.mechanism.law());
    throw InvalidArgument("the count lesson draws " + drawn + " releases, got " + noiseMechanismId(s.mechanism));
  }
  const Mechanism chosen = chosenLaw->mechanism;
  const bool laplaceLike = noiseLaw(s.mechanism).norm == SensitivityNorm::L1;  // the Laplace window
  const Window& drawWindow = laplaceLike ? laplaceWindow : gaussianWindow;
  std::vector<double> edges;  // unit bins centred on the integers
  for (double e = drawWindow.from - 0.5; e <= drawWindow.to + 0.5 + 1e-9; e += 1) edges.push_back(e);
  const size_t bins = edges.size() - 1;
  std::vector<double> countsD(bins, 0), countsP(bins, 0);
  Rng rng = makeRng(seed, 0);
  double sumD = 0, sumP = 0;
  long drawn = 0;
  const long frames = 20;
  for (long step = 1; step <= frames; ++step) {
    const long target = s.draws * step / frames;
    const long n = target - drawn;
    std::vector<double> vd(size_t(n), c), vp(size_t(n), c1);
    chosen.addTo(vd, rng);
    chosen.addTo(vp, rng);
    for (long i = 0; i < n; ++i) {
      sumD += vd[size_t(i)];
      sumP += vp[size_t(i)];
      const auto bd = std::floor(vd[size_t(i)] - edges.front()), bp = std::floor(vp[size_t(i)] - edges.front());
      if (bd >= 0 && bd < double(bins)) countsD[size_t(bd)] += 1;
      if (bp >= 0 && bp < double(bins)) countsP[size_t(bp)] += 1;
    }
    drawn = target;
    HistogramFrame h{"released count y", edges, {}};
    std::vector<double> massD(bins), massP(bins);
    for (size_t b = 0; b < bins; ++b) {
      massD[b] = drawn > 0 ? countsD[b] / double(drawn) : 0;
      massP[b] = drawn > 0 ? countsP[b] / double(drawn) : 0;
    }
    h.groups.push_back({"releases on D", massD, 0, false});
    h.groups.push_back({"releases on D′", massP, 1, true});
    observer.onFrame(makeFrame("count_draws",
                               std::to_string(drawn) + " releases of the " + noiseMechanismId(s.mechanism) +
                                   " mechanism on D and on D′",
                               step, std::move(h)));
    observer.onProgress(step, frames);
    throwIfCancelled(observer);
  }
  r.metrics["draws_mean_d"] = sumD / double(drawn);
  r.metrics["draws_mean_d_prime"] = sumP / double(drawn);

  // Each law's release of the count in its own ledger (one event: sensitivity 1 in the law's norm, one person
  // added); the statement's claims and the ε spent by the drawn law are read from them.
  std::ostringstream st;
  std::string others;
  for (const Law& law : laws) {
    PrivacyLedger ledger = PrivacyLedger::basicComposition(isPureEpsilon(law.mechanism.lawInfo()) ? 0.0 : s.delta);
    ledger.record(oneReleaseOf(law.mechanism, 1.0, Neighbouring::AddRemove));
    const std::string claim = claimSentence(ledger, ledger.deltaSpent(), "one count");
    if (&law == chosenLaw) {
      r.metrics["epsilon_spent"] = ledger.epsilon();
      r.privacy = runPrivacyOf(ledger, ledger.deltaSpent(), false);
      st << "Drawn law: " << claim << ". ";
    } else {
      others += (others.empty() ? "" : "; ") + claim;
    }
  }
  st << "The other plotted laws: " << others << ". ";
  // The lesson's D is imagined, of no given size: δ is a fixed value, and small enough only for a small D.
  st << "Warning: δ = " << statementNumber(s.delta) << " of the Gaussian laws is a fixed value, not derived from "
     << "the size m of D: it is at most 1/(10 m) only for a D of at most " << statementNumber(0.1 / s.delta)
     << " people. " << describeNoiseSource(NoiseSource::Seeded);
  r.privacyStatement = st.str();
  return r;
}

MethodInfo countQueryMethod() {
  using K = ParamKind;
  MethodInfo m;
  m.id = "count-query";
  m.title = "Noise on a count (what ε means)";
  m.paper = "Dwork & Roth 2014 §3.3, App. A; Canonne, Kamath & Steinke 2020";
  m.summary =
      "Two data sets differ in one person: D has a count of c, D′ of c + 1. The release adds noise to the count, "
      "so both give a spread of possible answers. ε bounds how much more likely any answer is on one data set "
      "than on the other: at most e^ε times. Laplace noise keeps that ratio inside the bound everywhere; Gaussian "
      "noise exceeds it far out, and δ is D′'s probability there beyond e^ε times D's (the hockey-stick mass "
      "∫ max(0, p_D′ − e^ε p_D), smaller than the chance of landing there). The last chart is the best attacker "
      "who sees the answer and guesses whether the extra person was in: they cannot do better than the bound.";
  // ε per release: the parameter while the lesson runs, then the drawn law's ε read from its ledger.
  declareClassroomRelease(m, "ε per release",
                          "the two counts of D and D′ (typed into the form: a classroom example, nobody's data)");
  m.outputs.charts = {"count_laplace", "count_gaussian", "count_loss_ratio", "count_attack", "count_draws"};
  m.grid = {{"epsilon", "delta", "count"},
            {"laplace_scale", "gaussian_sigma", "gaussian_delta", "beta_at_0_1_laplace", "beta_at_0_1_gaussian",
             "laplace_max_loss"},
            "count_attack"};
  m.params = {
      epsilonParam(lessonEpsilonRange(), "ε of one release of the count."),
      deltaParam({1e-5, 1e-12, 0.1},
                 "δ of the Gaussian and the discrete Gaussian: how much of D′'s probability lies beyond e^ε times D's, "
                 "∫ max(0, p(y | D′) − e^ε p(y | D)) dy (the hockey-stick divergence); the chance of landing where the "
                 "privacy loss exceeds ε is larger.",
                 "δ (Gaussian laws)"),
      {"count", "Count on D", K::Integer, 10, 0, 1e6, false, {}, {}, "people",
       "How many people in D have the property; D′ has one more."},
      {"mechanism", "Drawn mechanism", K::Choice, 0, -std::numeric_limits<double>::infinity(),
       std::numeric_limits<double>::infinity(), false, noiseMechanismIds(), "laplace", "",
       "The law whose releases are drawn in the last chart (all four are plotted)."},
      {"draws", "Releases drawn", K::Integer, 2000, 1, 1e7, false, {}, {}, "per data set",
       "Noisy counts drawn on D and on D′ (seeded), shown piling up.", true, true},
  };
  m.run = [](const ParamValues& p, std::uint64_t seed, RunObserver& obs) {
    return runCountQuery(CountQuerySettings::fromParams(p), seed, obs);
  };
  return m;
}

}  // namespace dpw
