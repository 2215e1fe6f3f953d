#include "methods/membership_inference_method.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/error.h"
#include "core/rng.h"
#include "methods/lesson_declarations.h"
#include "privacy/accountants/normal_tail.h"
#include "privacy/calibration/gaussian_calibration.h"
#include "privacy/curves/tradeoff_curve.h"
#include "privacy/mechanisms/mechanisms.h"
#include "privacy/printed_numbers.h"
#include "teaching/membership_inference.h"
#include "privacy/privacy_params.h"

namespace dpw {
namespace {

// The attacker's scores (release − everyone else's count), sorted: Δ = 1 + noise with the target in, noise without.
struct Scores {
  std::vector<double> in, out;
};

Scores drawScores(double sigma, long trials, Rng& rng) {
  Scores s{std::vector<double>(std::size_t(trials), 1.0), std::vector<double>(std::size_t(trials), 0.0)};
  const Mechanism noise = Mechanism::gaussianStd(sigma);
  noise.addTo(s.in, rng);
  noise.addTo(s.out, rng);
  std::sort(s.in.begin(), s.in.end());
  std::sort(s.out.begin(), s.out.end());
  return s;
}

}  // namespace

MembershipInferenceSettings MembershipInferenceSettings::fromParams(const ParamValues& p) {
  MembershipInferenceSettings s;
  s.epsilon = p.real("epsilon");
  s.delta = p.real("delta");
  s.trials = p.integer("trials");
  return s;
}

RunResult runMembershipInference(const MembershipInferenceSettings& s, std::uint64_t seed, RunObserver& observer) {
  requireLessonEpsilon(s.epsilon, "the membership attack");
  require(s.delta > 0 && s.delta <= 0.1, "delta must lie in (0, 0.1] for the membership attack, got ", s.delta);
  require(s.trials >= 100 && s.trials <= 1000000, "trials must lie in [100, 10^6], got ", s.trials);
  observer.onStatus("calibrating the noise to ε and drawing " + std::to_string(s.trials) + " scores with the target in and out");
  const double mu = gdpMuFor(s.epsilon, s.delta), sigma = 1 / mu;  // Δ = 1: one row adds 1 to the count
  Rng rng = makeRng(seed, 0);
  const Scores sc = drawScores(sigma, s.trials, rng);
  RunResult r;

  // What the attacker sees: the scores with the target in and out, against their laws N(1, σ²) and N(0, σ²).
  {
    const int bins = 60;
    const double lo = -4 * sigma, hi = 1 + 4 * sigma, w = (hi - lo) / bins;
    std::vector<double> edges(bins + 1), in(bins, 0), out(bins, 0);
    for (int b = 0; b <= bins; ++b) edges[std::size_t(b)] = lo + w * b;
    for (int b = 0; b < bins; ++b) {
      const double a = edges[std::size_t(b)], z = edges[std::size_t(b) + 1];
      in[std::size_t(b)] = shareAbove(sc.in, a) - shareAbove(sc.in, z);
      out[std::size_t(b)] = shareAbove(sc.out, a) - shareAbove(sc.out, z);
    }
    HistogramFrame h{"score: the release minus the others' count", edges, {}};
    h.groups.push_back({"target in (releases drawn)", in, 0, false});
    h.groups.push_back({"target out (releases drawn)", out, 1, false});
    std::ostringstream t;
    t.precision(3);
    t << "What the attacker sees: two bells 1 apart, σ = " << sigma << " wide";
    observer.onFrame(makeFrame("mi_scores", t.str(), 0, std::move(h)));
  }

  // The ROC over thresholds, the f-DP curve and the (ε, δ) bound.
  const double tprHalf = shareAbove(sc.in, 0.5), fprHalf = shareAbove(sc.out, 0.5);
  {
    Series measured{"attack measured (" + std::to_string(s.trials) + " releases each way)", {}, {}};
    double gap = 0;
    for (int k = 0; k <= 400; ++k) {
      const double t = -5 * sigma + (1 + 10 * sigma) * k / 400;
      const double fpr = shareAbove(sc.out, t), tpr = shareAbove(sc.in, t);
      measured.x.push_back(fpr), measured.y.push_back(tpr);
      gap = std::max(gap, std::abs(tpr - gaussianRocTpr(mu, fpr)));
    }
    Series fdp{"best attack: the f-DP curve of μ-GDP, μ = 1/σ", {}, {}}, bound{"(ε, δ) bound: TPR ≤ exp(ε) FPR + δ", {}, {}, true};
    for (int k = 0; k <= 400; ++k) {
      const double a = k / 400.0;
      fdp.x.push_back(a), fdp.y.push_back(gaussianRocTpr(mu, a));
      bound.x.push_back(a), bound.y.push_back(epsilonDeltaTprBound(s.epsilon, s.delta, a));
    }
    Series chance{"guessing (TPR = FPR)", {0, 1}, {0, 1}, true};
    Series half{"threshold ½", {fprHalf}, {tprHalf}};
    half.markers = true;
    observer.onFrame(makeFrame("mi_roc", "The attack's ROC against the bounds", 0,
                               LinesFrame{"false-positive rate (out, called in)", "true-positive rate (in, called in)",
                                          {bound, fdp, measured, chance, half}}));
    r.metrics["mi_roc_gap"] = gap;
  }
  observer.onProgress(1, 2);
  throwIfCancelled(observer);

  // Against ε: the measured advantage at several ε, the best attack's closed form and the (ε, δ) bound.
  {
    const double lo = std::min(0.05, s.epsilon), hi = std::max(12.0, s.epsilon);
    Series bound{"(ε, δ) bound (exp(ε) − 1 + 2δ)/(exp(ε) + 1)", {}, {}, true}, best{"best attack on this release, 2Φ(μ/2) − 1", {}, {}};
    for (int i = 0; i <= 200; ++i) {
      const double e = lo * std::pow(hi / lo, i / 200.0);
      bound.x.push_back(e), bound.y.push_back(epsilonDeltaAdvantageBound(e, s.delta));
      best.x.push_back(e), best.y.push_back(gaussianAttackAdvantage(gdpMuFor(e, s.delta)));
    }
    Series measured{"attack measured", {}, {}};
    measured.markers = true;
    std::vector<double> eps{0.125, 0.25, 0.5, 1, 2, 4, 8};
    if (std::find(eps.begin(), eps.end(), s.epsilon) == eps.end()) eps.push_back(s.epsilon);
    std::sort(eps.begin(), eps.end());
    double worst = 0;
    for (double e : eps) {
      const double adv = e == s.epsilon ? measuredAdvantage(sc.in, sc.out) : [&] {
        Rng more = makeRng(seed, 1 + std::uint64_t(std::lround(e * 1000)));
        const Scores o = drawScores(1 / gdpMuFor(e, s.delta), s.trials, more);
        return measuredAdvantage(o.in, o.out);
      }();
      measured.x.push_back(e), measured.y.push_back(adv);
      worst = std::max(worst, adv / epsilonDeltaAdvantageBound(e, s.delta));
      if (e == s.epsilon) r.metrics["mi_advantage"] = adv;
      throwIfCancelled(observer);
    }
    LinesFrame f{"privacy budget ε", "advantage (largest TPR − FPR)", {bound, best, measured}};
    f.logX = true;
    observer.onFrame(makeFrame("mi_advantage", "The attack's advantage against ε", 0, f));
    r.metrics["mi_advantage_over_bound_max"] = worst;
  }
  observer.onProgress(2, 2);

  r.metrics["epsilon"] = s.epsilon;
  r.metrics["delta"] = s.delta;
  r.metrics["noise_std"] = sigma;
  r.metrics["gdp_mu"] = mu;
  r.metrics["mi_tpr_half"] = tprHalf;
  r.metrics["mi_fpr_half"] = fprHalf;
  r.metrics["mi_tpr_half_closed_form"] = attackTruePositiveRate(sigma, 1, 0.5);
  r.metrics["mi_advantage_closed_form"] = gaussianAttackAdvantage(mu);
  r.metrics["mi_advantage_bound"] = epsilonDeltaAdvantageBound(s.epsilon, s.delta);
  r.metrics["epsilon_spent"] = s.epsilon;

  std::ostringstream st;
  st << "(ε, δ) = (" << claimNumber(s.epsilon) << ", " << claimNumber(s.delta) << ") for one count (Δ = 1, "
     << "add/remove neighbours) released with Gaussian noise of σ = " << statementNumber(sigma)
     << " (analytic calibration, Balle & Wang 2018), against an attacker who knows every other row. The lesson "
     << "draws " << s.trials << " releases with the target and as many without, only to measure the attack: "
     << "published together they would compose to far more. " << describeNoiseSource(NoiseSource::Seeded);
  r.privacyStatement = st.str();
  r.privacy.epsilon = s.epsilon;
  r.privacy.delta = s.delta;
  return r;
}

MethodInfo membershipInferenceMethod() {
  using K = ParamKind;
  MethodInfo m;
  m.id = "membership-inference";
  m.title = "Membership inference against ε";
  m.paper = "Kairouz, Oh & Viswanath 2015; Dong, Roth & Su 2022; Carlini et al. 2022";
  m.summary =
      "Was Alice's row in the data? A count is released with Gaussian noise for (ε, δ); the attacker knows every "
      "other row, subtracts their count and says \"in\" when what is left exceeds a threshold. Each threshold gives "
      "a true-positive rate (Alice in, caught) and a false-positive rate (Alice out, accused): the ROC. DP bounds "
      "every attack: TPR ≤ e^ε FPR + δ, and the f-DP curve of the Gaussian, TPR = Φ(Φ⁻¹(FPR) + μ) with μ = 1/σ, is "
      "exactly what the best attack reaches. The advantage, the largest TPR − FPR, is at most (e^ε − 1 + 2δ)/(e^ε + "
      "1); the Gaussian release gives 2Φ(μ/2) − 1, well below it.";
  declareClassroomRelease(m, "ε of the release",
                          "everyone's rows but the target's (the attacker's knowledge in DP's worst case; the count "
                          "is simulated: a classroom example, nobody's data)");
  m.outputs.charts = {"mi_scores", "mi_roc", "mi_advantage"};
  m.grid = {{"epsilon", "delta", "trials"},
            {"mi_advantage", "mi_advantage_closed_form", "mi_advantage_bound", "mi_tpr_half", "mi_fpr_half", "noise_std"},
            "mi_advantage"};
  m.params = {
      epsilonParam(lessonEpsilonRange(), "ε of the released count."),
      deltaParam({1e-5, 1e-12, 0.1}, "δ of the released count.", "Privacy budget δ"),
      {"trials", "Releases drawn", K::Integer, 20000, 100, 1e6, false, {}, {}, "",
       "Releases drawn with the target in, and as many without (seeded), to measure the attack's rates.", true, true},
  };
  m.run = [](const ParamValues& p, std::uint64_t seed, RunObserver& obs) {
    return runMembershipInference(MembershipInferenceSettings::fromParams(p), seed, obs);
  };
  return m;
}

}  // namespace dpw
