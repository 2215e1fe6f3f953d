"""The accountant object (bounds, heterogeneous steps, edges, fallbacks), the POT-layout and unit-norm checks of
direction matrices, seeds, huge sizes answered at once, and every docstring example of the module (doctest)."""
import doctest
import importlib
import math
import pkgutil
import random
import unittest
import warnings

import numpy as np

import support  # noqa: F401
import dpwlab
import dpwlab.ot as dot
from dpwlab import (GaussianDpEvent, LaplaceDpEvent, PoissonSampledDpEvent, PrivacyAccountant,
                    SampledWithoutReplacementDpEvent)


class Directions(unittest.TestCase):
    def setUp(self):
        rng = np.random.default_rng(0)
        self.x, self.y = rng.standard_normal((50, 3)), rng.standard_normal((40, 3)) + 1

    def test_pot_layout_refused_where_it_passed(self):
        # The case: d = k = 3 with unit columns (POT's d x k) gave 3.3175 instead of 0.383962.
        rng = np.random.default_rng(1)
        P = rng.standard_normal((3, 3))
        P /= np.linalg.norm(P, axis=0)
        with self.assertRaisesRegex(ValueError, "POT's d x k layout"):
            dpwlab.sliced_wasserstein(self.x, self.y, directions=P)
        self.assertAlmostEqual(dpwlab.sliced_wasserstein(self.x, self.y, directions=P.T),
                               dot.sliced_wasserstein_distance(self.x, self.y, projections=P) ** 2, places=12)
        with self.assertRaisesRegex(ValueError, "pass their transpose"):
            dpwlab.sliced_wasserstein(self.x, self.y, directions=P[:, :2])  # 3 x 2: d x k
        with self.assertRaisesRegex(ValueError, "k x d layout"):
            dot.sliced_wasserstein_distance(self.x, self.y, projections=P.T[:2])  # 2 x 3: k x d

    def test_non_unit_rows_refused(self):
        for f in (lambda T: dpwlab.sliced_wasserstein(self.x, self.y, directions=T),
                  lambda T: dpwlab.sliced_flow_step(self.x, self.y, T)):
            with self.assertRaisesRegex(ValueError, r"unit rows .*\[2, 3\]"):
                f(np.array([[2.0, 0, 0], [0, 3.0, 0]]))
        # Within the stated tolerance (1e-6): float32-normalised directions pass.
        theta = dpwlab.random_directions(20, 3, seed=1).astype(np.float32)
        dpwlab.sliced_wasserstein(self.x, self.y, directions=theta)
        with self.assertRaisesRegex(ValueError, "unit columns"):
            dot.sliced_wasserstein_distance(self.x, self.y, projections=2 * dpwlab.random_directions(4, 3).T)

    def test_seeds(self):
        for f in (lambda s: dpwlab.random_directions(3, 2, s), lambda s: dpwlab.sliced_wasserstein(self.x, self.y, seed=s),
                  lambda s: dpwlab.dp_sliced_wasserstein(self.x, self.y, 5, 0.1, seed=s)):
            with self.assertRaisesRegex(ValueError, "seed must be >= 0, got -1"):
                f(-1)
            with self.assertRaisesRegex(ValueError, "seed must be < 2\\^64"):
                f(2 ** 64)
            with self.assertRaisesRegex(ValueError, "non-negative integer"):
                f(1.5)
        self.assertEqual(dpwlab.random_directions(3, 2, 2 ** 64 - 1).shape, (3, 2))
        # POT's seeds: None, int, RandomState, Generator.
        g = np.random.default_rng(3)
        self.assertEqual(dot.get_random_projections(3, 4, g).shape, (3, 4))
        self.assertFalse(np.array_equal(dot.get_random_projections(3, 4), dot.get_random_projections(3, 4)))
        with self.assertRaises(ValueError):
            dot.get_random_projections(3, 4, -1)

    def test_huge_sizes_answer_at_once(self):
        # Were MemoryError: std::bad_alloc (after trying to allocate 2^40 x d doubles).
        for f in (lambda: dpwlab.random_directions(2 ** 40, 3), lambda: dpwlab.sliced_wasserstein(
                self.x, self.y, n_projections=2 ** 40), lambda: dot.get_random_projections(3, 2 ** 40),
                lambda: dpwlab.sliced_wasserstein_distance(self.x, self.y, n_projections=2 ** 40)):
            with self.assertRaisesRegex(ValueError, "memory"):
                f()
        # Were a hang (2^52, 2^62) or "cannot create std::vector larger than max_size()" (2^49).
        for steps in (2 ** 49, 2 ** 52, 2 ** 62):
            with self.assertRaisesRegex(ValueError, "use a larger interval or an RDP accountant"):
                dpwlab._dpwlab.account("pld", q=0.01, sigma=1.1, steps=steps, delta=1e-5)
            self.assertTrue(math.isfinite(dpwlab.account("rdp", q=0.01, sigma=1.1, steps=steps, delta=1e-5)))
        acc = PrivacyAccountant().compose(PoissonSampledDpEvent(0.01, GaussianDpEvent(1.1)), 2 ** 52)
        b = acc.get_epsilon_bounds(1e-5)
        self.assertEqual(b.accountant, "rdp")
        self.assertIn("larger interval", b.note)
        self.assertEqual(b.lower, 0.0)

    def test_wrong_keyword_does_not_dump_arrays(self):
        x = np.zeros((1000, 3))
        try:
            dpwlab.sliced_wasserstein_distance(x, x, n_projection=5)
        except TypeError as e:
            self.assertLess(len(str(e)), 200)


class Accountant(unittest.TestCase):
    def test_bounds_bracket_the_exact_epsilon(self):
        # q = 1: 100 Gaussian steps of σ = 5 are (√100/5)-GDP: the exact ε at δ = 1e-5 is 9.9972561.
        acc = PrivacyAccountant().compose(GaussianDpEvent(5.0), 100)
        b = acc.get_epsilon_bounds(1e-5)
        self.assertLessEqual(b.lower, 9.9972561)
        self.assertGreaterEqual(b.upper, 9.9972561)
        self.assertLess(b.upper - b.lower, 1e-5)
        d = acc.get_delta_bounds(9.9972561)
        self.assertLessEqual(d.lower, 1e-5 * (1 + 1e-6))
        self.assertGreaterEqual(d.upper, 1e-5 * (1 - 1e-6))

    def test_heterogeneous_steps(self):
        a = PrivacyAccountant()
        b = PrivacyAccountant()
        e1 = PoissonSampledDpEvent(0.01, GaussianDpEvent(1.1))
        e2 = PoissonSampledDpEvent(0.02, GaussianDpEvent(2.0))
        for _ in range(50):
            a.compose(e1).compose(e2)
        b.compose(e2, 50).compose(e1, 50)
        self.assertLess(abs(a.get_epsilon(1e-5) - b.get_epsilon(1e-5)), 1e-9)
        only1 = PrivacyAccountant().compose(e1, 50).get_epsilon(1e-5)
        self.assertGreater(a.get_epsilon(1e-5), only1)
        # Laplace composes with Gaussian steps (PLD and RDP alike).
        lap = PrivacyAccountant().compose(e1, 50).compose(LaplaceDpEvent(10.0), 3)
        self.assertGreater(lap.get_epsilon(1e-5), only1)
        self.assertGreater(PrivacyAccountant("rdp").compose(LaplaceDpEvent(10.0), 3).get_epsilon(1e-5), 0)

    def test_positional_q_sigma_refused(self):
        # Opacus orders (sigma, q): account("rdp", 0.5, 0.9, ...) ran with the two swapped (50.9 against 263.4).
        with self.assertRaisesRegex(TypeError, "by keyword only.*Opacus orders"):
            dpwlab.account("rdp", 0.5, 0.9, 100, 1e-5)
        with self.assertRaisesRegex(TypeError, "missing keyword arguments: sigma"):
            dpwlab.account("rdp", q=0.5, steps=100, delta=1e-5)
        with self.assertRaises(TypeError):
            dpwlab._dpwlab.account("rdp", 0.5, 0.9, 100, 1e-5)
        self.assertAlmostEqual(dpwlab.account("rdp", sigma=0.9, q=0.5, steps=100, delta=1e-5),
                               dpwlab.account("rdp", q=0.5, sigma=0.9, steps=100, delta=1e-5), places=12)

    def test_million_steps_within_gap(self):
        # 10^6 steps drawn from three (q, sigma) kinds in arbitrary order, one compose() each: the bounds at
        # delta = 1e-5 within epsilon_gap = 1e-3 (the grid refined from 1e-3 by the gap's Δ² law; observed
        # 14.53471 .. 14.53539 at Δ = 4.6e-5), the same as the counts composed at once, and the ledger in order.
        kinds = [PoissonSampledDpEvent(q, GaussianDpEvent(s)) for q, s in ((0.01, 4.0), (0.01, 5.0), (0.02, 6.0))]
        order = [0] + [0, 1, 2] * 333_333
        random.Random(0).shuffle(order)
        acc = PrivacyAccountant(epsilon_gap=1e-3)
        for k in order:
            acc.compose(kinds[k])
        b = acc.get_epsilon_bounds(1e-5)
        self.assertLess(b.lower, b.upper)
        self.assertLessEqual(b.upper - b.lower, 1e-3)
        self.assertLess(abs(b.upper - 14.535), 0.01)
        self.assertLess(acc.interval, 1e-4)
        counts = PrivacyAccountant(value_discretization_interval=acc.interval)
        for e in kinds:
            counts.compose(e, sum(n for ev, n in acc.ledger if ev is e))
        self.assertLess(abs(counts.get_epsilon(1e-5) - b.upper), 1e-9 * b.upper)
        self.assertEqual(sum(n for _, n in acc.ledger), 1_000_000)
        self.assertIs(acc.ledger[0][0], kinds[order[0]])
        with self.assertRaises(ValueError):
            PrivacyAccountant(epsilon_gap=0)

    def test_discrete_gaussian_events(self):
        # At q = 1 the discrete Gaussian's Rényi curve is the Gaussian's (CKS20 Prop. 5), on integer orders (and
        # the fractional ones bounded by the next integer): its ε is at least the rdp accountant's and close to it.
        ev = dpwlab.DiscreteGaussianDpEvent(10.0, sensitivity=2.0)
        self.assertEqual(repr(ev), "DiscreteGaussianDpEvent(sigma=10.0, sensitivity=2.0, dimension=1)")
        disc = PrivacyAccountant().compose(ev, 100).get_epsilon_bounds(1e-5)
        cont = dpwlab.account("rdp", q=1.0, sigma=5.0, steps=100, delta=1e-5)
        self.assertEqual(disc.accountant, "rdp-discrete-gaussian")
        self.assertEqual(disc.lower, 0.0)
        self.assertGreaterEqual(disc.upper, cont * (1 - 1e-12))
        self.assertLess(disc.upper, cont * 1.05)
        # Poisson-sampled, mixed with continuous Gaussian steps (same curve, so the bound covers them).
        mixed = PrivacyAccountant().compose(PoissonSampledDpEvent(0.01, dpwlab.DiscreteGaussianDpEvent(1.1)), 500)
        mixed.compose(PoissonSampledDpEvent(0.01, GaussianDpEvent(1.1)), 500)
        self.assertGreaterEqual(mixed.get_epsilon(1e-5),
                                dpwlab.account("rdp", q=0.01, sigma=1.1, steps=1000, delta=1e-5) * (1 - 1e-12))
        with self.assertRaisesRegex(ValueError, "dimension"):
            PrivacyAccountant().compose(dpwlab.DiscreteGaussianDpEvent(1.0, dimension=3))
        with self.assertRaisesRegex(ValueError, "does not analyse discrete Gaussian"):
            PrivacyAccountant("pld").compose(ev).get_epsilon(1e-5)

    def test_refusals(self):
        acc = PrivacyAccountant().compose(PoissonSampledDpEvent(0.01, GaussianDpEvent(1.1)))
        with self.assertRaisesRegex(ValueError, "different neighbouring relations"):
            acc.compose(SampledWithoutReplacementDpEvent(1000, 10, GaussianDpEvent(1.0)))
        with self.assertRaisesRegex(ValueError, "sampled Laplace"):
            acc.compose(PoissonSampledDpEvent(0.1, LaplaceDpEvent(1.0)))
        with self.assertRaisesRegex(ValueError, "unknown accountant"):
            PrivacyAccountant("nope")
        with self.assertRaises(ValueError):
            acc.compose(GaussianDpEvent(-1.0))
        with self.assertRaises(ValueError):
            acc.get_epsilon(0.0)
        self.assertEqual(repr(PoissonSampledDpEvent(0.5, GaussianDpEvent(1.0))),
                         "PoissonSampledDpEvent(sampling_probability=0.5, event=GaussianDpEvent(noise_multiplier=1.0))")

    def test_edges(self):
        self.assertEqual(dpwlab.account("rdp", q=0.0, sigma=1.1, steps=10, delta=1e-5), 0.0)
        self.assertEqual(dpwlab.account("pld", q=0.01, sigma=math.inf, steps=10, delta=1e-5), 0.0)
        self.assertEqual(dpwlab.account("rdp", q=0.01, sigma=0.0, steps=10, delta=1e-5), math.inf)
        self.assertEqual(dpwlab.account("auto", q=0.01, sigma=1.1, steps=1000, delta=1e-5),
                         dpwlab.account("pld", q=0.01, sigma=1.1, steps=1000, delta=1e-5))
        self.assertEqual(dpwlab.calibrate("rdp", math.inf, 0.01, 100, 1e-5), 0.0)
        self.assertEqual(dpwlab.get_noise_multiplier(target_epsilon=math.inf, target_delta=1e-5, sample_rate=0.01,
                                                     steps=10), 0.0)
        with self.assertRaisesRegex(ValueError, "exactly one of epochs and steps"):
            dpwlab.get_noise_multiplier(target_epsilon=1, target_delta=1e-5, sample_rate=0.01)

    def test_pld_finite_at_tiny_delta(self):
        # The case: q = .01, σ = 1.1, T = 1000 was 3.6546 at 1e-14 and inf at 1e-15 (the PLD's truncated
        # tail); the RDP bound is finite there and is returned, with a warning naming it.
        with self.assertWarnsRegex(UserWarning, "rdp"):
            eps = dpwlab.account("pld", q=0.01, sigma=1.1, steps=1000, delta=1e-15)
        self.assertEqual(eps, dpwlab.account("rdp", q=0.01, sigma=1.1, steps=1000, delta=1e-15))
        acc = PrivacyAccountant().compose(PoissonSampledDpEvent(0.01, GaussianDpEvent(1.1)), 1000)
        b = acc.get_epsilon_bounds(1e-15)
        self.assertTrue(math.isfinite(b.upper))
        self.assertEqual(b.accountant, "rdp")
        self.assertLessEqual(b.lower, b.upper)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            self.assertEqual(acc.get_epsilon_bounds(1e-5).note, "")

    def test_kl_rule(self):
        # dp_accounting's ε = 0 when δ² > 1 − e^{−RDP}: σ = 100, one full-batch step, δ = 0.1.
        self.assertEqual(dpwlab.account("rdp", q=1.0, sigma=100.0, steps=1, delta=0.1), 0.0)


class Run(unittest.TestCase):
    def test_seed_keyword_and_build_info(self):
        # run(path, seed=3) was refused ("unknown parameter 'seed'"); the summary lacked the CLI's build info.
        summary, _ = dpwlab.run(dpwlab.scenario_path("lesson-1-1-count"), seed=3)
        self.assertEqual(summary["seed"], 3)
        self.assertEqual(summary["dpwlab_version"], dpwlab.__version__)
        self.assertEqual(summary["build_flags"], dpwlab.build_flavour)
        for bad in (-1, 2 ** 64, 1.5, True):
            with self.assertRaisesRegex(ValueError, "seed must be"):
                dpwlab.run(dpwlab.scenario_path("lesson-1-1-count"), seed=bad)
        with self.assertRaisesRegex(ValueError, "no preset scenario 'nope'; known: .*lesson-1-1-count"):
            dpwlab.scenario_path("nope")


class Doctests(unittest.TestCase):
    def test_every_docstring_example_runs(self):
        # Every module of the package (found, not listed: a new module with examples is tested too); a module whose
        # source has an example must have run one.
        names = ["dpwlab"] + [f"dpwlab.{m.name}" for m in pkgutil.iter_modules(dpwlab.__path__)
                              if not m.name.startswith("_")]
        self.assertIn("dpwlab.accounting", names)
        for name in names:
            with self.subTest(module=name):
                module = importlib.import_module(name)
                result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
                self.assertEqual(result.failed, 0, name)
                with open(module.__file__, encoding="utf-8") as f:
                    if ">>>" in f.read():
                        self.assertGreater(result.attempted, 0, name)
        # The extension's docstrings (pybind11 functions, which doctest's module finder skips): run any example.
        from dpwlab import _dpwlab
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        for attr in dir(_dpwlab):
            doc = getattr(getattr(_dpwlab, attr), "__doc__", None) or ""
            if ">>>" in doc:
                runner.run(doctest.DocTestParser().get_doctest(doc, {"dpwlab": dpwlab}, attr, None, 0))
        self.assertEqual(runner.failures, 0)


if __name__ == "__main__":
    unittest.main()
