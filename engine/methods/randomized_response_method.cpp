#include "methods/randomized_response_method.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/error.h"
#include "core/rng.h"
#include "methods/lesson_declarations.h"
#include "privacy/accountants/normal_tail.h"
#include "privacy/mechanisms/mechanisms.h"
#include "privacy/mechanisms/randomized_response.h"
#include "privacy/printed_numbers.h"
#include "privacy/privacy_params.h"

namespace dpw {

RandomizedResponseSettings RandomizedResponseSettings::fromParams(const ParamValues& p) {
  RandomizedResponseSettings s;
  s.epsilon = p.real("epsilon");
  s.people = p.integer("people");
  s.trueShare = p.real("true_share");
  s.surveys = p.integer("surveys");
  return s;
}

RunResult runRandomizedResponse(const RandomizedResponseSettings& s, std::uint64_t seed, RunObserver& observer) {
  requireLessonEpsilon(s.epsilon, "randomized response");
  require(s.people >= 1 && s.people <= 1000000, "people must lie in [1, 10^6], got ", s.people);
  require(s.trueShare >= 0 && s.trueShare <= 1, "the true share must lie in [0, 1], got ", s.trueShare);
  require(s.surveys >= 2 && s.surveys <= 100000, "surveys must lie in [2, 10^5], got ", s.surveys);
  observer.onStatus("drawing " + std::to_string(s.people) + " people's answers and their randomized reports");
  const RandomizedResponse rr(s.epsilon);
  const double q = rr.truthProbability(), p = s.trueShare, pi = rr.yesReportProbability(p);
  const double sd = std::sqrt(rr.estimateVariance(s.people));
  const long n = s.people;
  RunResult r;

  // The people: the first round(p n) say yes (who they are does not matter to the estimate).
  const long yesPeople = std::lround(p * double(n));
  std::vector<std::uint8_t> truths(std::size_t(n), 0), reports(std::size_t(n), 0);
  std::fill_n(truths.begin(), yesPeople, std::uint8_t(1));
  const double exactShare = double(yesPeople) / double(n);

  // Closed forms against ε (0.1 .. 5, or up to the run's ε).
  const double top = std::max(5.0, s.epsilon);
  std::vector<double> eps;
  for (int i = 0; i <= 200; ++i) eps.push_back(0.1 + (top - 0.1) * i / 200);
  Series qCurve{"chance a report is the truth, exp(ε) / (1 + exp(ε))", eps, {}};
  Series local{"local: randomized response, each person's report", eps, {}};
  Series central{"central: Laplace count over all n answers", eps, {}, true};
  for (double e : eps) {
    const RandomizedResponse at(e);
    qCurve.y.push_back(at.truthProbability());
    local.y.push_back(std::sqrt(at.estimateVariance(n)));
    central.y.push_back(centralLaplaceShareStd(e, n));
  }

  // The estimates' histogram window: both the raw share (around π) and p̂ (around p), ±4.5 sd of p̂.
  const double lo = std::min(p, pi) - 4.5 * sd, hi = std::max(p, pi) + 4.5 * sd;
  const int bins = 90;
  std::vector<double> edges;
  for (int b = 0; b <= bins; ++b) edges.push_back(lo + (hi - lo) * b / bins);
  std::vector<double> estCount(bins, 0), rawCount(bins, 0), normalMass(bins, 0);
  for (int b = 0; b < bins; ++b)
    normalMass[std::size_t(b)] = normalCdf((edges[std::size_t(b) + 1] - exactShare) / sd) -
                                 normalCdf((edges[std::size_t(b)] - exactShare) / sd);
  const auto binOf = [&](double v) { return long(std::floor((v - lo) / (hi - lo) * bins)); };

  Rng rng = makeRng(seed, 0);
  double sumEst = 0, sumEst2 = 0, sumRaw = 0, truthful = 0;
  long done = 0;
  const long frames = 20;
  for (long frame = 1; frame <= frames; ++frame) {
    const long target = s.surveys * frame / frames;
    for (; done < target; ++done) {
      const long yes = rr.respond(truths, reports, rng);
      if (done == 0)
        for (long i = 0; i < n; ++i) truthful += reports[std::size_t(i)] == truths[std::size_t(i)];
      const double raw = double(yes) / double(n), est = rr.unbiasedEstimate(raw);
      sumEst += est, sumEst2 += est * est, sumRaw += raw;
      if (const long b = binOf(est); b >= 0 && b < bins) estCount[std::size_t(b)] += 1;
      if (const long b = binOf(raw); b >= 0 && b < bins) rawCount[std::size_t(b)] += 1;
    }
    HistogramFrame h{"estimated share of yes", edges, {}};
    std::vector<double> est(bins), raw(bins);
    for (int b = 0; b < bins; ++b) {
      est[std::size_t(b)] = estCount[std::size_t(b)] / double(done);
      raw[std::size_t(b)] = rawCount[std::size_t(b)] / double(done);
    }
    h.groups.push_back({"unbiased estimate (share of yes reports, corrected)", est, 0, false});
    h.groups.push_back({"raw share of yes reports", raw, 1, false});
    h.groups.push_back({"normal law with the exact variance", normalMass, 2, true});
    observer.onFrame(makeFrame("rr_estimates",
                               std::to_string(done) + " surveys of " + std::to_string(n) + " people (true share " +
                                   statementNumber(exactShare) + ")",
                               frame, std::move(h)));
    if (frame == 1) {  // the closed forms, with the first survey's share of truthful reports
      Series measured{"share of truthful reports in the first survey", {s.epsilon}, {truthful / double(n)}};
      measured.markers = true;
      observer.onFrame(makeFrame("rr_truth_probability", "How often is a report the truth?", 0,
                                 LinesFrame{"privacy budget ε per person", "probability", {qCurve, measured}}));
    }
    observer.onProgress(frame, frames);
    throwIfCancelled(observer);
  }
  const double mean = sumEst / double(done);
  const double measuredSd = std::sqrt(std::max(0.0, (sumEst2 - double(done) * mean * mean) / double(done - 1)));
  Series measured{"measured spread at this ε", {s.epsilon}, {measuredSd}};
  measured.markers = true;
  LinesFrame err{"privacy budget ε", "standard deviation of the estimated share", {local, central, measured}};
  err.logY = true;
  observer.onFrame(makeFrame("rr_error_vs_epsilon", "Local against central privacy: the price in accuracy", 0, err));

  r.metrics["epsilon"] = s.epsilon;
  r.metrics["truth_probability"] = q;
  r.metrics["likelihood_ratio_bound"] = rr.likelihoodRatioBound();
  r.metrics["truthful_share"] = truthful / double(n);
  r.metrics["yes_report_probability"] = rr.yesReportProbability(exactShare);
  r.metrics["raw_share_mean"] = sumRaw / double(done);
  r.metrics["estimate_mean"] = mean;
  r.metrics["estimate_std"] = measuredSd;
  r.metrics["estimate_std_closed_form"] = std::sqrt(rr.estimateVariance(n));
  r.metrics["central_std"] = centralLaplaceShareStd(s.epsilon, n);
  r.metrics["local_over_central"] = r.metrics["estimate_std_closed_form"] / r.metrics["central_std"];

  std::ostringstream st;
  st << "ε = " << claimNumber(s.epsilon) << " (pure local DP) per person, by randomized response (Warner 1965; "
     << "Dwork & Roth 2014 §3.2): each report is the truth with probability exp(ε) / (1 + exp(ε)) = "
     << statementNumber(q) << ", so under either true answer a report is at most exp(ε) times more likely than "
     << "under the other, before it leaves the person. The " << s.surveys << " surveys repeat the question to the "
     << "same simulated people only to show the estimate's spread: on real people they would compose to ε = "
     << claimNumber(s.epsilon * double(s.surveys)) << " (basic composition). "
     << describeNoiseSource(NoiseSource::Seeded);
  r.privacyStatement = st.str();
  r.privacy.epsilon = s.epsilon;
  r.privacy.delta = 0;
  return r;
}

MethodInfo randomizedResponseMethod() {
  using K = ParamKind;
  MethodInfo m;
  m.id = "randomized-response";
  m.title = "Randomized response (local DP)";
  m.paper = "Warner 1965; Dwork & Roth 2014 §3.2";
  m.summary =
      "Nobody has to trust the collector: each person flips their own answer to a yes/no question with "
      "probability 1 / (1 + e^ε) before sending it. A report is then at most e^ε times more likely under one true "
      "answer than under the other, so each report is ε-DP on its own (local DP). The raw share of yes reports is "
      "pulled toward one half; (r − (1 − q)) / (2q − 1), with q = e^ε / (1 + e^ε), corrects it without bias, with "
      "variance q (1 − q) / (n (2q − 1)²) over the coins. A trusted collector adding Laplace noise to the count would be about √n "
      "times more accurate: that is the price of not trusting anyone.";
  m.privacy = {"", "", "", "epsilon", "ε per person (local)", ""};
  // No private data (the people are simulated): every number and chart is the release (core/output_classes.h).
  m.outputs.release = {"*"};
  m.outputs.charts = {"rr_truth_probability", "rr_estimates", "rr_error_vs_epsilon", "outputs"};
  m.treatedAsPublic = {"the number of people asked and the question (the people are simulated: a classroom "
                       "example, nobody's data)"};
  m.grid = {{"epsilon", "people", "true_share"},
            {"truth_probability", "estimate_mean", "estimate_std", "estimate_std_closed_form", "central_std",
             "raw_share_mean"},
            "rr_estimates"};
  m.params = {
      epsilonParam(lessonEpsilonRange(), "ε of each person's report: the truth is sent with probability e^ε / (1 + e^ε).",
                   "Privacy budget ε", "per person"),
      {"people", "People asked", K::Integer, 1000, 1, 1e6, false, {}, {}, "people", "n, the people in one survey."},
      {"true_share", "True share of yes", K::Real, 0.3, 0, 1, false, {}, {}, "",
       "The share of the simulated people whose true answer is yes (what the survey estimates)."},
      {"surveys", "Surveys drawn", K::Integer, 2000, 2, 1e5, false, {}, {}, "",
       "How many times the survey is repeated (new coins, the same people), to show the estimate's spread.", true,
       true},
  };
  m.run = [](const ParamValues& p, std::uint64_t seed, RunObserver& obs) {
    return runRandomizedResponse(RandomizedResponseSettings::fromParams(p), seed, obs);
  };
  return m;
}

}  // namespace dpw
