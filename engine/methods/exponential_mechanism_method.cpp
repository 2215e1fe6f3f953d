#include "methods/exponential_mechanism_method.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/error.h"
#include "core/parameter_text.h"
#include "core/rng.h"
#include "methods/lesson_declarations.h"
#include "privacy/mechanisms/exponential_mechanism.h"
#include "privacy/mechanisms/mechanisms.h"
#include "privacy/printed_numbers.h"
#include "privacy/privacy_params.h"

namespace dpw {
namespace {

double expectedShortfall(const std::vector<double>& votes, const std::vector<double>& p) {
  const double top = *std::max_element(votes.begin(), votes.end());
  double e = 0;
  for (std::size_t r = 0; r < votes.size(); ++r) e += p[r] * (top - votes[r]);
  return e;
}

}  // namespace

ExponentialMechanismSettings ExponentialMechanismSettings::fromParams(const ParamValues& p) {
  ExponentialMechanismSettings s;
  s.epsilon = p.real("epsilon");
  s.votes = parseNumberList(p.text("votes"), "votes");
  s.draws = p.integer("draws");
  return s;
}

RunResult runExponentialMechanism(const ExponentialMechanismSettings& s, std::uint64_t seed, RunObserver& observer) {
  requireLessonEpsilon(s.epsilon, "the exponential mechanism");
  require(s.votes.size() >= 2 && s.votes.size() <= 50, "votes: give 2 to 50 options, got ", s.votes.size());
  for (double v : s.votes) require(std::isfinite(v), "votes: every option's votes must be finite, got ", v);
  require(s.draws >= 1 && s.draws <= 1000000, "draws must lie in [1, 10^6], got ", s.draws);
  observer.onStatus("computing every option's chance of being chosen, on D and with one more vote (D′)");
  const std::size_t k = s.votes.size();
  const double delta = 1;  // Δ: one voter added or removed changes one option's votes by 1
  const std::vector<double> p = exponentialMechanismProbabilities(s.votes, s.epsilon, delta);
  // The options by votes, most first (the runner-up is the second of them); D′ gives the runner-up one more vote.
  std::vector<std::size_t> order(k);
  for (std::size_t r = 0; r < k; ++r) order[r] = r;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return s.votes[a] > s.votes[b]; });
  const std::size_t top = order[0], runnerUp = order[1];
  std::vector<double> neighbour = s.votes;
  neighbour[runnerUp] += 1;
  const std::vector<double> pNeighbour = exponentialMechanismProbabilities(neighbour, s.epsilon, delta);
  RunResult r;

  // The chart the lesson is about first: the exact chances, then draws piling up on them (below).
  std::vector<double> edges(k + 1);
  for (std::size_t o = 0; o <= k; ++o) edges[o] = double(o) + 0.5;
  std::ostringstream votes;
  for (std::size_t o = 0; o < k; ++o) votes << (o ? ", " : "") << s.votes[o];
  const auto selection = [&](const std::vector<double>& share, long done, long step) {
    HistogramFrame h{"option (votes " + votes.str() + ")", edges, {}};
    h.groups.push_back({"report-noisy-max draws (Gumbel noise)", share, 0, false});
    h.groups.push_back({"exact chance, proportional to exp(ε u / 2Δ)", p, 1, true});
    h.groups.push_back({"exact chance on D′, one more vote for the runner-up", pNeighbour, 2, true});
    observer.onFrame(makeFrame("em_selection", std::to_string(done) + " private choices of the winner", step, std::move(h)));
  };
  selection(std::vector<double>(k, 0.0), 0, 0);

  // Each option's chance on D′ over D, against exp(±ε).
  {
    Series ratio{"chance on D′ over chance on D", {}, {}};
    ratio.markers = true;
    double maxLog = 0;
    for (std::size_t o = 0; o < k; ++o) {
      ratio.x.push_back(double(o + 1));
      ratio.y.push_back(pNeighbour[o] / p[o]);
      maxLog = std::max(maxLog, std::abs(std::log(pNeighbour[o] / p[o])));
    }
    const double e = std::exp(s.epsilon);
    LinesFrame f{"option", "ratio of chances, D′ (one more vote for the runner-up) over D",
                 {ratio, Series{"bound exp(ε)", {0.5, k + 0.5}, {e, e}, true}, Series{"bound exp(−ε)", {0.5, k + 0.5}, {1 / e, 1 / e}, true}}};
    f.logY = true;
    observer.onFrame(makeFrame("em_privacy_ratio", "One more vote changes every chance by at most exp(ε)", 0, f));
    r.metrics["max_log_ratio"] = maxLog;
  }

  // The chances of the top option and of the runner-up, and the expected shortfall, against ε (log scale).
  {
    const double lo = std::min(0.01, s.epsilon), hi = std::max(20.0, s.epsilon);
    Series topC{"chance the top option wins", {}, {}}, secondC{"chance the runner-up wins", {}, {}};
    Series shortfall{"expected shortfall below the top (votes)", {}, {}}, bound{"bound (2Δ/ε)(ln k + 1)", {}, {}, true};
    for (int i = 0; i <= 200; ++i) {
      const double e = lo * std::pow(hi / lo, i / 200.0);
      const std::vector<double> q = exponentialMechanismProbabilities(s.votes, e, delta);
      topC.x.push_back(e), topC.y.push_back(q[top]);
      secondC.x.push_back(e), secondC.y.push_back(q[runnerUp]);
      shortfall.x.push_back(e), shortfall.y.push_back(expectedShortfall(s.votes, q));
      bound.x.push_back(e), bound.y.push_back(exponentialMechanismShortfallBound(k, e, delta, 1));
    }
    Series here{"at this ε", {s.epsilon}, {p[top]}};
    here.markers = true;
    LinesFrame chances{"privacy budget ε", "probability", {topC, secondC, here}};
    chances.logX = true;
    observer.onFrame(makeFrame("em_vs_epsilon", "How often does the top option win?", 0, chances));
    LinesFrame gap{"privacy budget ε", "votes short of the top option", {shortfall, bound}};
    gap.logX = gap.logY = true;
    observer.onFrame(makeFrame("em_shortfall", "How far below the best is the choice, on average?", 0, gap));
  }

  // Report-noisy-max draws (Gumbel noise) piling up against the exact chances.
  Rng rng = makeRng(seed, 0);
  std::vector<double> counts(k, 0);
  long done = 0;
  const long frames = 20;
  for (long frame = 1; frame <= frames; ++frame) {
    const long target = s.draws * frame / frames;
    for (; done < target; ++done) counts[reportNoisyMaxGumbel(s.votes, s.epsilon, delta, rng)] += 1;
    std::vector<double> share(k);
    for (std::size_t o = 0; o < k; ++o) share[o] = done > 0 ? counts[o] / double(done) : 0;
    selection(share, done, frame);
    observer.onProgress(frame, frames);
    throwIfCancelled(observer);
  }
  double tv = 0;
  for (std::size_t o = 0; o < k; ++o) tv += 0.5 * std::abs(counts[o] / double(done) - p[o]);

  r.metrics["epsilon"] = s.epsilon;
  r.metrics["epsilon_spent"] = s.epsilon;
  r.metrics["options"] = double(k);
  r.metrics["top_probability"] = p[top];
  r.metrics["runner_up_probability"] = p[runnerUp];
  r.metrics["top_share_drawn"] = counts[top] / double(done);
  r.metrics["draws_total_variation"] = tv;
  r.metrics["expected_shortfall"] = expectedShortfall(s.votes, p);
  r.metrics["shortfall_bound"] = exponentialMechanismShortfallBound(k, s.epsilon, delta, 1);

  std::ostringstream st;
  st << "ε = " << claimNumber(s.epsilon) << " (pure DP) by the exponential mechanism (McSherry & Talwar 2007; Dwork "
     << "& Roth 2014 Thm 3.10) on the votes per option (Δ = 1, add/remove neighbours: one voter added or removed "
     << "changes one option's votes by 1), one choice, drawn by report-noisy-max with Gumbel noise of scale 2Δ/ε = "
     << statementNumber(2 * delta / s.epsilon) << " (the same law). The lesson draws " << s.draws
     << " choices on the same votes only to show that law: published together they would compose to ε = "
     << s.epsilon * double(s.draws) << " (basic composition). " << describeNoiseSource(NoiseSource::Seeded);
  r.privacyStatement = st.str();
  r.privacy.epsilon = s.epsilon;
  r.privacy.delta = 0;
  return r;
}

MethodInfo exponentialMechanismMethod() {
  using K = ParamKind;
  MethodInfo m;
  m.id = "exponential-mechanism";
  m.title = "The exponential mechanism (choosing privately)";
  m.paper = "McSherry & Talwar 2007; Dwork & Roth 2014 §3.4";
  m.summary =
      "Some answers are a choice, not a number: which option got the most votes. Adding noise to the answer makes "
      "no sense, so the exponential mechanism picks each option with probability proportional to exp(ε u / 2Δ), u "
      "its votes and Δ = 1 the most one voter can change them. One vote more or less changes every option's chance "
      "by at most a factor e^ε. A clear winner is chosen almost always; a close runner-up often wins instead. Adding "
      "Gumbel noise of scale 2Δ/ε to every count and reporting the largest (report-noisy-max) draws exactly the "
      "same choice. On average the choice falls short of the best by at most (2Δ/ε)(ln k + 1) votes.";
  declareClassroomRelease(m, "ε per choice",
                          "the list of options (the votes are typed into the form: a classroom example, nobody's data)");
  m.outputs.charts = {"em_selection", "em_privacy_ratio", "em_shortfall", "em_vs_epsilon"};
  m.grid = {{"epsilon", "draws"},
            {"top_probability", "runner_up_probability", "top_share_drawn", "expected_shortfall", "shortfall_bound",
             "max_log_ratio"},
            "em_selection"};
  m.params = {
      epsilonParam(lessonEpsilonRange(0.01), "ε of one private choice."),
      {"votes", "Votes per option", K::Text, 0, -std::numeric_limits<double>::infinity(),
       std::numeric_limits<double>::infinity(), false, {}, "30, 28, 20, 12, 6, 3", "",
       "The utility of each option, comma-separated (2 to 50 options): one voter changes one of them by 1."},
      {"draws", "Choices drawn", K::Integer, 5000, 1, 1e6, false, {}, {}, "",
       "Private choices drawn on the same votes (seeded), to show their law.", true, true},
  };
  m.run = [](const ParamValues& p, std::uint64_t seed, RunObserver& obs) {
    return runExponentialMechanism(ExponentialMechanismSettings::fromParams(p), seed, obs);
  };
  return m;
}

}  // namespace dpw
