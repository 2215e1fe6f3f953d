#include "methods/clipped_mean_method.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

#include "core/error.h"
#include "core/rng.h"
#include "methods/lesson_declarations.h"
#include "privacy/ledger/joint_claim.h"
#include "privacy/ledger/privacy_statement.h"
#include "privacy/mechanisms/count_release.h"
#include "privacy/mechanisms/mechanisms.h"
#include "teaching/clipped_mean.h"
#include "privacy/privacy_params.h"

namespace dpw {

ClippedMeanSettings ClippedMeanSettings::fromParams(const ParamValues& p) {
  ClippedMeanSettings s;
  s.epsilon = p.real("epsilon");
  s.people = p.integer("people");
  s.dataMean = p.real("data_mean");
  s.clip = p.real("clip");
  s.releases = p.integer("releases");
  return s;
}

RunResult runClippedMean(const ClippedMeanSettings& s, std::uint64_t seed, RunObserver& observer) {
  requireLessonEpsilon(s.epsilon, "the clipped mean");
  require(s.people >= 1 && s.people <= 1000000, "people must lie in [1, 10^6], got ", s.people);
  require(s.dataMean > 0 && s.dataMean <= 1e6, "the data mean must lie in (0, 10^6], got ", s.dataMean);
  require(s.clip > 0 && s.clip <= 1e9, "the clipping bound must lie in (0, 10^9], got ", s.clip);
  require(s.releases >= 2 && s.releases <= 1000000, "releases must lie in [2, 10^6], got ", s.releases);
  observer.onStatus("drawing " + std::to_string(s.people) + " people's values and clipping them to the bound");
  const double mu = s.dataMean, n = double(s.people), C = s.clip;
  Rng dataRng = makeRng(seed, 0), noiseRng = makeRng(seed, 1);
  const std::vector<double> data = exponentialData(mu, s.people, dataRng);
  const std::vector<double> clipped = clipValues(data, C);
  const double trueMean = std::accumulate(data.begin(), data.end(), 0.0) / n;
  const double clippedSum = std::accumulate(clipped.begin(), clipped.end(), 0.0), clippedMean = clippedSum / n;
  const double above = double(std::count_if(data.begin(), data.end(), [C](double v) { return v > C; })) / n;
  // The release: the clipped sum has L1 sensitivity C (replace-one: one value in [0, C] for another).
  const Mechanism laplace = Mechanism::laplace(s.epsilon, C);
  const double b = laplace.scale(), noiseStd = clippedMeanNoiseStd(b, s.people);
  const double bestClip = exponentialBestClip(mu, s.epsilon, s.people);
  const double bestRmse = clippedMeanRmse(exponentialClippingBias(mu, bestClip), clippedMeanNoiseStd(bestClip / s.epsilon, s.people));

  // The data before and after clipping, in bins of μ/4 up to the larger of C and the largest value, at most 400 of
  // them (C = 10^9 at μ = 10 asked for 4·10^8 bins: out of memory after 23 s, with no Stop question in between).
  {
    const double top = std::max(C, *std::max_element(data.begin(), data.end())), width = std::max(mu / 4, top / 400);
    std::vector<double> edges;
    for (double e = 0; e < top + width; e += width) edges.push_back(e);
    const std::size_t bins = edges.size() - 1;
    std::vector<double> before(bins, 0), after(bins, 0);
    const auto add = [&](std::vector<double>& to, double v) {
      to[std::min(bins - 1, std::size_t(std::max(0.0, std::floor(v / width))))] += 1 / n;
    };
    for (std::size_t i = 0; i < data.size(); ++i) add(before, data[i]), add(after, clipped[i]);
    HistogramFrame h{"hours a week", edges, {}};
    h.groups.push_back({"the data's values", before, 0, false});
    h.groups.push_back({"after clipping at C (those above pile up at C)", after, 1, true});
    std::ostringstream t;
    t.precision(3);
    t << s.people << " values, " << 100 * above << "% of them above C = " << C;
    observer.onFrame(makeFrame("clip_data", t.str(), 0, std::move(h)));
  }

  // Bias, noise and their root mean squared error against C (closed forms for the data's law).
  LinesFrame errors{"clipping bound C", "error of the released mean (hours)", {}};
  {
    const double right = std::max({1.5 * C, 3 * bestClip, 4 * mu});
    Series bias{"bias from clipping", {}, {}}, noise{"noise standard deviation", {}, {}}, rmse{"root mean squared error", {}, {}};
    for (int i = 1; i <= 300; ++i) {
      const double c = right * i / 300;
      bias.x.push_back(c), noise.x.push_back(c), rmse.x.push_back(c);
      const double bi = std::abs(exponentialClippingBias(mu, c)), no = clippedMeanNoiseStd(c / s.epsilon, s.people);
      bias.y.push_back(bi), noise.y.push_back(no), rmse.y.push_back(clippedMeanRmse(bi, no));
    }
    bias.dashed = noise.dashed = true;
    Series best{"best bound", {bestClip}, {bestRmse}};
    best.markers = true;
    errors.series = {bias, noise, rmse, best};
  }
  observer.onFrame(makeFrame("clip_error_vs_bound", "Clipping: bias against noise", 0, errors));

  // Releases on the same data, piling up; the Laplace law around the clipped mean (scale b/n) they follow.
  const double half = std::max(6 * noiseStd, 1.2 * std::abs(clippedMean - trueMean));
  const double lo = std::min(trueMean, clippedMean) - half, hi = std::max(trueMean, clippedMean) + half;
  const int bins = 80;
  std::vector<double> edges(bins + 1);
  for (int i = 0; i <= bins; ++i) edges[std::size_t(i)] = lo + (hi - lo) * i / bins;
  const CountRelease law(Mechanism::laplaceScale(b / n), clippedMean);
  std::vector<double> lawMass(bins), counts(bins, 0);
  for (int i = 0; i < bins; ++i) lawMass[std::size_t(i)] = law.cdf(edges[std::size_t(i) + 1]) - law.cdf(edges[std::size_t(i)]);
  double sum = 0, sum2 = 0, sqErr = 0;
  long done = 0;
  const long frames = 20;
  for (long frame = 1; frame <= frames; ++frame) {
    const long target = s.releases * frame / frames;
    std::vector<double> sums(std::size_t(target - done), clippedSum);
    laplace.addTo(sums, noiseRng);
    for (double v : sums) {
      const double m = v / n;
      sum += m, sum2 += m * m, sqErr += (m - trueMean) * (m - trueMean);
      if (const double k = std::floor((m - lo) / (hi - lo) * bins); k >= 0 && k < bins) counts[std::size_t(k)] += 1;
    }
    done = target;
    HistogramFrame h{"released mean (hours a week)", edges, {}};
    std::vector<double> mass(bins);
    for (int i = 0; i < bins; ++i) mass[std::size_t(i)] = counts[std::size_t(i)] / double(done);
    h.groups.push_back({"released means", mass, 0, false});
    h.groups.push_back({"Laplace law around the clipped mean", lawMass, 2, true});
    std::ostringstream t;
    t.precision(3);
    t << done << " releases: true mean " << trueMean << ", clipped mean " << clippedMean;
    observer.onFrame(makeFrame("clip_releases", t.str(), frame, std::move(h)));
    observer.onProgress(frame, frames);
    throwIfCancelled(observer);
  }
  const double releaseMean = sum / double(done);
  Series measured{"measured at this bound", {C}, {std::sqrt(sqErr / double(done))}};
  measured.markers = true;
  errors.series.push_back(measured);
  observer.onFrame(makeFrame("clip_error_vs_bound", "Clipping: bias against noise", frames, std::move(errors)));

  RunResult r;
  r.metrics["epsilon"] = s.epsilon;
  r.metrics["clip"] = C;
  r.metrics["laplace_scale"] = b;
  r.metrics["true_mean"] = trueMean;
  r.metrics["clipped_mean"] = clippedMean;
  r.metrics["clipped_share"] = above;
  r.metrics["bias"] = clippedMean - trueMean;
  r.metrics["bias_closed_form"] = exponentialClippingBias(mu, C);
  r.metrics["noise_std"] = noiseStd;
  r.metrics["release_mean"] = releaseMean;
  r.metrics["release_std"] = std::sqrt(std::max(0.0, (sum2 - double(done) * releaseMean * releaseMean) / double(done - 1)));
  r.metrics["rmse"] = std::sqrt(sqErr / double(done));
  r.metrics["rmse_closed_form"] = clippedMeanRmse(clippedMean - trueMean, noiseStd);
  r.metrics["best_clip"] = bestClip;
  r.metrics["best_rmse"] = bestRmse;

  PrivacyLedger ledger = PrivacyLedger::basicComposition(0);
  ledger.record(oneReleaseOf(laplace, C, Neighbouring::ReplaceOne));
  r.metrics["epsilon_spent"] = ledger.epsilon();
  r.privacy = runPrivacyOf(ledger, 0, false);
  std::ostringstream st;
  st << claimSentence(ledger, 0, "one sum of values clipped to [0, " + statementNumber(C) + "]")
     << ". The lesson draws " << s.releases << " releases on the same data only to show the noise's spread: "
     << "published together they would compose to ε = " << ledger.epsilon() * double(s.releases)
     << " (basic composition). " << describeNoiseSource(NoiseSource::Seeded);
  r.privacyStatement = st.str();
  return r;
}

MethodInfo clippedMeanMethod() {
  using K = ParamKind;
  MethodInfo m;
  m.id = "clipped-mean";
  m.title = "Clipping bounds: a private mean";
  m.paper = "Dwork & Roth 2014 §3.3; Amin et al. 2019";
  m.summary =
      "A mean of values with no upper limit has no finite sensitivity: one person could move it by any amount. "
      "So each value is clipped to [0, C] first; one person then changes the clipped sum by at most C, and Laplace "
      "noise of scale C/ε on the sum protects them. The price is twofold: every value above C counts as C, which "
      "pulls the mean down (bias), and the noise grows with C (standard deviation √2 C / (ε n) on the mean). Too "
      "small a bound is wrong for sure; too large a bound is noisy. The best C lies in between, well above the "
      "typical value.";
  declareClassroomRelease(m, "ε per release",
                          "the number of values n and the clipping bound C (the values are simulated: a classroom "
                          "example, nobody's data)");
  m.outputs.charts = {"clip_data", "clip_releases", "clip_error_vs_bound"};
  m.grid = {{"clip", "epsilon", "people", "data_mean"},
            {"bias", "noise_std", "rmse", "rmse_closed_form", "best_clip", "clipped_share"},
            "clip_error_vs_bound"};
  m.params = {
      epsilonParam(lessonEpsilonRange(), "ε of one release of the mean."),
      {"clip", "Clipping bound C", K::Real, 10, 0.01, 1e9, false, {}, {}, "hours",
       "Each value is clipped to [0, C] before the sum: the sum's sensitivity is C."},
      {"people", "People n", K::Integer, 200, 1, 1e6, false, {}, {}, "people",
       "How many values are averaged (treated as public: the mean divides by it)."},
      {"data_mean", "Mean of the data's law", K::Real, 10, 1e-3, 1e6, false, {}, {}, "hours",
       "The values are drawn from an exponential law with this mean (synthetic, seeded): most are small, a few very "
       "large."},
      {"releases", "Releases drawn", K::Integer, 2000, 2, 1e6, false, {}, {}, "",
       "Releases of the mean drawn on the same data (seeded noise), to show their spread.", true, true},
  };
  m.run = [](const ParamValues& p, std::uint64_t seed, RunObserver& obs) {
    return runClippedMean(ClippedMeanSettings::fromParams(p), seed, obs);
  };
  return m;
}

}  // namespace dpw
