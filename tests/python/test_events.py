"""The accountant object's random-allocation and discrete Laplace events (issue 38, item 2): the engine's
random-allocation value for a lone event, an independent recomputation of its RDP composition with Poisson steps,
discrete Laplace against its closed form and against a brute-force loss distribution convolved in numpy, and the
combinations refused with a ValueError that names the reason."""
import math
import unittest
import warnings

import numpy as np

import support  # noqa: F401
import dpwlab
from dpwlab import (DiscreteLaplaceDpEvent, GaussianDpEvent, LaplaceDpEvent, PoissonSampledDpEvent,
                    PrivacyAccountant, RandomAllocationDpEvent, SampledWithoutReplacementDpEvent)
from dpwlab._dpwlab import _allocation_rdp


def poisson_rdp(q, sigma, alpha):
    """Mironov, Talwar & Zhang 2019, integer α: log Σ_j C(α,j) (1−q)^{α−j} q^j e^{(j²−j)/(2σ²)} / (α − 1)."""
    a = int(alpha)
    j = np.arange(a + 1, dtype=float)
    logc = math.lgamma(a + 1) - np.array([math.lgamma(t + 1) + math.lgamma(a - t + 1) for t in j])
    with np.errstate(divide="ignore"):
        terms = logc + (a - j) * np.log1p(-q) + j * np.log(q) + (j * j - j) / (2 * sigma ** 2)
    m = terms.max()
    return (m + math.log(np.exp(terms - m).sum())) / (a - 1)


def balle_epsilon(orders, rdp, delta):
    """Balle et al. 2020 Thm 21 (as Opacus): min over α of r + log1p(−1/α) − (log δ + log α)/(α − 1), ≥ 0."""
    a, r = np.asarray(orders), np.asarray(rdp)
    return max(0.0, float(np.min(r + np.log1p(-1 / a) - (math.log(delta) + np.log(a)) / (a - 1))))


def discrete_laplace_losses(a, sens, reach=400):
    """Brute force: the loss log P(x)/Q(x) of DLap(a) at 0 against at `sens`, on x ∈ [−reach, reach + sens]
    (mass beyond ~e^{−a·reach}), as {loss in units of a: probability under P}."""
    x = np.arange(-reach, reach + sens + 1)
    p = math.tanh(a / 2) * np.exp(-a * np.abs(x))
    units = np.abs(x - sens) - np.abs(x)  # loss / a, an integer
    out = {}
    for u, w in zip(units, p):
        out[int(u)] = out.get(int(u), 0.0) + w
    return out


def convolve(d1, d2):
    out = {}
    for u1, w1 in d1.items():
        for u2, w2 in d2.items():
            out[u1 + u2] = out.get(u1 + u2, 0.0) + w1 * w2
    return out


def hockey_stick(losses, a, eps):
    """δ(ε) = E_P[(1 − e^{ε − L})₊] of a loss law {units of a: probability}."""
    return sum(w * -math.expm1(eps - a * u) for u, w in losses.items() if a * u > eps)


def gaussian_delta(sigma, x):
    """Exact hockey-stick of one Gaussian release (μ = 1/σ) at e^x, any real x."""
    mu = 1 / sigma
    phi = lambda t: 0.5 * math.erfc(-t / math.sqrt(2))  # noqa: E731
    return phi(-x / mu + mu / 2) - math.exp(x) * phi(-x / mu - mu / 2)


class RandomAllocation(unittest.TestCase):
    def test_lone_event_is_the_engines_accountant(self):
        # The same code as `dpwlab-cli account --accountant random-allocation`: E epochs of k batches are T = E·k
        # steps at q = 1/k. Equal to the last bit (one engine call each).
        for sigma, k, epochs in ((1.0, 100, 10), (0.8, 20, 3), (2.0, 1000, 1)):
            acc = PrivacyAccountant().compose(RandomAllocationDpEvent(GaussianDpEvent(sigma), num_steps=k), epochs)
            b = acc.get_epsilon_bounds(1e-5)
            ref = dpwlab.account("random-allocation", q=1 / k, sigma=sigma, steps=k * epochs, delta=1e-5)
            self.assertEqual(b.accountant, "random-allocation")
            self.assertEqual(b.upper, ref)
            self.assertEqual(b.lower, 0.0)  # an RDP bound: no lower bound claimed
            self.assertEqual(b.note, "")
            self.assertEqual(PrivacyAccountant("random-allocation").compose(acc.ledger[0][0], epochs)
                             .get_epsilon(1e-5), ref)
        self.assertAlmostEqual(acc.get_delta(acc.get_epsilon(1e-6)), 1e-6, delta=1e-8)

    def test_lone_event_is_the_clis_random_allocation(self):
        # `dpwlab-cli account --accountant random-allocation --q 0.01 --sigma 1 --epochs 10`: 6.14936957375317,
        # printed with 15 significant digits (the JSON writer), so equal to 1e-14 relative.
        out = support.cli_json("account", "--accountant", "random-allocation", "--q", 0.01, "--sigma", 1.0,
                               "--epochs", 10, "--delta", 1e-5)
        acc = PrivacyAccountant().compose(RandomAllocationDpEvent(GaussianDpEvent(1.0), num_steps=100), 10)
        self.assertEqual(out["steps"], 1000)
        self.assertLess(support.relative_error(acc.get_epsilon(1e-5), out["epsilon"]), 1e-14)

    def test_with_poisson_steps_is_their_rdp_composition(self):
        # Recomputed here: the engine's epoch curves (both directions) plus an independent Poisson-subsampled
        # Gaussian RDP (the binomial sum), converted by Balle et al. 2020; the larger direction's ε.
        k, sigma, epochs, q, sigma_p, steps = 50, 1.5, 4, 0.01, 1.1, 300
        acc = PrivacyAccountant()
        acc.compose(RandomAllocationDpEvent(GaussianDpEvent(sigma), num_steps=k), epochs)
        acc.compose(PoissonSampledDpEvent(q, GaussianDpEvent(sigma_p)), steps)
        acc.compose(GaussianDpEvent(20.0), 2)
        orders, rem, add = _allocation_rdp(k, sigma)
        # The add direction also obeys the Jensen bound's Rényi curve t + (α − 1)/(2kσ²), t = 1/(2σ²): the loss
        # log(Q/P) ≤ mean_i(−x_i/σ² + t), N(t, 1/(kσ²)) under Q (random_allocation_analysis.h).
        jensen = np.array([1 / (2 * sigma ** 2) + (o - 1) / (2 * k * sigma ** 2) for o in orders])
        self.assertTrue(np.any(jensen < np.array(add)))  # the Jensen curve is the binding one somewhere here
        add = np.minimum(add, jensen)
        others = np.array([steps * poisson_rdp(q, sigma_p, o) + 2 * o / (2 * 20.0 ** 2) for o in orders])
        want = max(balle_epsilon(orders, epochs * np.array(rem) + others, 1e-5),
                   balle_epsilon(orders, epochs * np.array(add) + others, 1e-5))
        b = acc.get_epsilon_bounds(1e-5)
        self.assertAlmostEqual(b.upper, want, delta=1e-9 * want)
        self.assertIn("RDP", b.note)
        self.assertEqual(b.lower, 0.0)
        # Never below either part alone in RDP (the curves only add up).
        alone = PrivacyAccountant("rdp").compose(PoissonSampledDpEvent(q, GaussianDpEvent(sigma_p)), steps)
        self.assertGreater(b.upper, alone.get_epsilon(1e-5))
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            acc.get_epsilon(1e-5)
        self.assertTrue(any("RDP" in str(x.message) for x in w))
        # δ for ε inverts it (the same curves): δ(ε(1e-5)) ≤ 1e-5 up to the order grid's rounding.
        self.assertLessEqual(acc.get_delta(b.upper), 1e-5 * (1 + 1e-6))

    def test_rdp_composition_is_close_above_the_engine_alone(self):
        # Beside a negligible event (σ = 10⁶: RDP ~1e-10) the RDP composition answers for random allocation alone:
        # never below the engine's answer (the same curves, but the engine converts the add direction's Jensen
        # bound as a Gaussian-DP curve, tighter than its Rényi curve used here) and, measured, 0-4.2% above it.
        for sigma, k, epochs in ((1.0, 100, 10), (0.8, 20, 3), (2.0, 1000, 1), (1.5, 50, 4)):
            ra = RandomAllocationDpEvent(GaussianDpEvent(sigma), num_steps=k)
            engine = PrivacyAccountant().compose(ra, epochs).get_epsilon(1e-5)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                mixed = PrivacyAccountant().compose(ra, epochs).compose(GaussianDpEvent(1e6)).get_epsilon(1e-5)
            self.assertGreaterEqual(mixed, engine - 1e-9)
            self.assertLess(mixed, 1.05 * engine)

    def test_refusals_name_the_reason(self):
        ra = RandomAllocationDpEvent(GaussianDpEvent(1.0), num_steps=10)
        cases = [
            (lambda: PrivacyAccountant().compose(ra).compose(LaplaceDpEvent(1.0)).get_epsilon(1e-5),
             "Gaussian events only"),
            (lambda: PrivacyAccountant().compose(ra).compose(SampledWithoutReplacementDpEvent(100, 10, GaussianDpEvent(1.0))),
             "neighbouring relations"),
            (lambda: PrivacyAccountant().compose(RandomAllocationDpEvent(GaussianDpEvent(1.0), num_steps=10, num_selected=2)),
             "one participation per epoch"),
            (lambda: PrivacyAccountant().compose(RandomAllocationDpEvent(LaplaceDpEvent(1.0), num_steps=10)),
             "Gaussian steps"),
            (lambda: PrivacyAccountant("pld").compose(ra), "does not analyse random allocation"),
            (lambda: PrivacyAccountant("random-allocation").compose(GaussianDpEvent(1.0)).get_epsilon(1e-5),
             "none was composed"),
        ]
        for call, reason in cases:
            with self.assertRaisesRegex(ValueError, reason):
                call()
        self.assertFalse(PrivacyAccountant().compose(ra).supports(LaplaceDpEvent(1.0)))

    def test_edges(self):
        inf = RandomAllocationDpEvent(GaussianDpEvent(math.inf), num_steps=10)
        self.assertEqual(PrivacyAccountant().compose(inf, 5).get_epsilon(1e-5), 0.0)
        zero = RandomAllocationDpEvent(GaussianDpEvent(0.0), num_steps=10)
        self.assertEqual(PrivacyAccountant().compose(zero).get_epsilon(1e-5), math.inf)


class DiscreteLaplace(unittest.TestCase):
    def test_alone_is_pure_dp_at_a_times_sensitivity(self):
        for a, sens in ((0.5, 2), (1.0, 1), (0.1, 7)):
            acc = PrivacyAccountant().compose(DiscreteLaplaceDpEvent(a, sens))
            eps0 = a * sens
            self.assertEqual(acc.get_delta(eps0), 0.0)  # the grid's top point is ε₀ rounded up: no mass above
            # Closed form near ε₀ (the last loss level below ε₀ is a(Δ − 2)): δ = (1 − e^{ε−ε₀})/(1 + e^{−a}),
            # so ε(δ) = ε₀ + log(1 − δ(1 + e^{−a})). The bounds bracket it within one grid step (1e-4).
            for delta in (1e-3, 1e-6):
                exact = eps0 + math.log1p(-delta * (1 + math.exp(-a)))
                b = acc.get_epsilon_bounds(delta)
                self.assertLessEqual(b.lower, exact + 1e-12)
                self.assertGreaterEqual(b.upper, exact - 1e-12)
                self.assertLess(b.upper - b.lower, 1e-4)

    def test_composed_k_times_against_brute_force(self):
        a, sens, k = 0.5, 3, 4
        acc = PrivacyAccountant().compose(DiscreteLaplaceDpEvent(a, sens), k)
        # k·aΔ: pure DP of the composition; the pessimistic PLD carries the composition's truncated tail (1e-15
        # per composition, pld_analysis.h) at +∞, so δ there is 0 up to that mass.
        self.assertLessEqual(acc.get_delta(k * a * sens), 1e-14)
        one = discrete_laplace_losses(a, sens)
        losses = one
        for _ in range(k - 1):
            losses = convolve(losses, one)
        for eps in (0.0, 0.5, 1.5, 3.0, 5.0, 5.9):
            exact = hockey_stick(losses, a, eps)
            b = acc.get_delta_bounds(eps)
            self.assertLessEqual(b.lower, exact + 1e-12, eps)
            self.assertGreaterEqual(b.upper, exact - 1e-12, eps)
            # The two sides differ by the grid's rounding: each of the k losses moves by less than one step
            # (1e-4) and |dδ/dε| ≤ 1, so by less than k·1e-4 in δ.
            self.assertLess(b.upper - b.lower, k * 1e-4, eps)
        self.assertLess(acc.get_epsilon(1e-5), k * a * sens)  # lower than kaΔ at δ > 0

    def test_with_a_gaussian_against_the_exact_convolution(self):
        # δ of the composition = E over the discrete Laplace loss ℓ of the Gaussian's exact δ(ε − ℓ).
        a, sens, sigma = 0.3, 2, 2.0
        acc = PrivacyAccountant().compose(DiscreteLaplaceDpEvent(a, sens)).compose(GaussianDpEvent(sigma), 3)
        one = discrete_laplace_losses(a, sens)
        for eps in (0.2, 1.0, 2.0):
            exact = sum(w * gaussian_delta(sigma / math.sqrt(3), eps - a * u) for u, w in one.items())
            b = acc.get_delta_bounds(eps)
            self.assertLessEqual(b.lower, exact + 1e-12, eps)
            self.assertGreaterEqual(b.upper, exact - 1e-12, eps)
            self.assertLess(b.upper - b.lower, 1e-3 * exact, eps)

    def test_beside_sampling_without_replacement(self):
        # Replace-one neighbours: the same shifted pair, so "pld-wor" reads the same PLD; the composition is above
        # the sampled steps alone and below the basic composition with a pure 0.2-DP release (ε + 0.2 at δ).
        wor = SampledWithoutReplacementDpEvent(1000, 10, GaussianDpEvent(1.0))
        dl = DiscreteLaplaceDpEvent(0.2, 1)
        both = PrivacyAccountant().compose(wor, 100).compose(dl).get_epsilon_bounds(1e-5)
        alone = PrivacyAccountant().compose(wor, 100).get_epsilon(1e-5)
        self.assertEqual(both.accountant, "pld-wor")
        self.assertGreater(both.lower, alone)
        self.assertLess(both.upper, alone + 0.2)
        self.assertGreater(both.lower, 0.0)

    def test_refusals_and_edges(self):
        with self.assertRaisesRegex(ValueError, "sampled discrete Laplace"):
            PrivacyAccountant().compose(PoissonSampledDpEvent(0.1, DiscreteLaplaceDpEvent(1.0)))
        with self.assertRaisesRegex(ValueError, "does not analyse discrete Laplace"):
            PrivacyAccountant("rdp").compose(DiscreteLaplaceDpEvent(1.0)).get_epsilon(1e-5)
        with self.assertRaisesRegex(ValueError, "not a distribution"):
            PrivacyAccountant().compose(DiscreteLaplaceDpEvent(0.0))
        with self.assertRaisesRegex(ValueError, "sensitivity"):
            PrivacyAccountant().compose(DiscreteLaplaceDpEvent(1.0, -1))
        self.assertEqual(PrivacyAccountant().compose(DiscreteLaplaceDpEvent(math.inf)).get_epsilon(1e-5), math.inf)
        self.assertEqual(PrivacyAccountant().compose(DiscreteLaplaceDpEvent(1.0, 0)).get_epsilon(1e-5), 0.0)


if __name__ == "__main__":
    unittest.main()
