"""dpwlab.sliced_flow_step (the engine's dpw::slicedFlowStep) against the worked check of
engine/flow/sliced_flow_step.h and an independent numpy replica of the step (numpy.quantile
"linear" + numpy.interp, as the reference code computes it), its replay rule and its input checks."""
import unittest

import numpy as np

import support  # noqa: F401
import dpwlab


def numpy_step(x, y, theta, quantiles, h):
    """The noiseless step written from the formula: F = interp(p; q_p -> u), T = interp(F; u -> q_t)."""
    u = np.linspace(0.0, 1.0, quantiles)
    drift = np.zeros_like(x)
    for t in theta:
        p, q = x @ t, y @ t
        F = np.interp(p, np.quantile(p, u), u)
        T = np.interp(F, u, np.quantile(q, u))
        drift += np.outer(p - T, t)
    return x - h * drift / len(theta)


class SlicedFlowStep(unittest.TestCase):
    def test_worked_check_of_the_header(self):
        # s = 0, k = 1, θ = (1, 0), P = 5, h = 1: particles x [0, 1, 2, 3] go to the data's quantiles at
        # their own ranks, [10, 16.667, 23.333, 30] (50/3 and 70/3 exactly); y stays 0.
        x = np.array([[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [3.0, 0.0]])
        y = np.array([[10.0, 0.0], [20.0, 0.0], [30.0, 0.0]])
        before = x.copy()
        out = dpwlab.sliced_flow_step(x, y, np.array([[1.0, 0.0]]), noise_std=0.0, quantiles=5, step_size=1.0)
        # A handful of interpolations on numbers of size 30: rounding is ~1e-14, 1e-12 leaves room.
        np.testing.assert_allclose(out[:, 0], [10.0, 50.0 / 3.0, 70.0 / 3.0, 30.0], rtol=0, atol=1e-12)
        np.testing.assert_array_equal(out[:, 1], 0.0)
        np.testing.assert_array_equal(x, before)  # the input is not changed

    def test_equals_a_numpy_replica(self):
        rng = np.random.default_rng(3)
        for n, m, d, k, P, h in [(500, 300, 2, 20, 100, 1.0), (257, 1000, 8, 70, 1000, 3.0)]:
            x = rng.standard_normal((n, d))
            y = 0.5 * rng.standard_normal((m, d)) + 1.0
            theta = dpwlab.random_directions(k, d, seed=5)
            ours = dpwlab.sliced_flow_step(x, y, theta, quantiles=P, step_size=h)
            # Same formulas, different summation order (blocked GEMMs against one outer product per
            # direction) and quantile arithmetic: differences ~1e-15 relative on values of size ~3.
            np.testing.assert_allclose(ours, numpy_step(x, y, theta, P, h), rtol=0, atol=1e-10)

    def test_noise_replays_exactly(self):
        rng = np.random.default_rng(4)
        x, y = rng.standard_normal((300, 3)), rng.standard_normal((200, 3))
        theta = dpwlab.random_directions(10, 3, seed=1)
        a = dpwlab.sliced_flow_step(x, y, theta, noise_std=0.5, noise_seed=7, quantiles=50)
        np.testing.assert_array_equal(a, dpwlab.sliced_flow_step(x, y, theta, noise_std=0.5, noise_seed=7, quantiles=50))
        self.assertFalse(np.array_equal(a, dpwlab.sliced_flow_step(x, y, theta, noise_std=0.5, noise_seed=8,
                                                                   quantiles=50)))
        # Any layout or dtype is converted once and gives the same bits.
        np.testing.assert_array_equal(a, dpwlab.sliced_flow_step(np.asfortranarray(x), y.tolist(), theta,
                                                                 noise_std=0.5, noise_seed=7, quantiles=50))

    def test_bad_input_raises_value_error(self):
        x, y, theta = np.zeros((4, 2)), np.ones((3, 2)), np.array([[1.0, 0.0]])
        with self.assertRaisesRegex(ValueError, "k x d with d = 3"):
            dpwlab.sliced_flow_step(np.zeros((4, 3)), y, theta)
        with self.assertRaisesRegex(ValueError, "quantiles"):
            dpwlab.sliced_flow_step(x, y, theta, quantiles=1)
        with self.assertRaisesRegex(ValueError, "step size"):
            dpwlab.sliced_flow_step(x, y, theta, step_size=0.0)
        with self.assertRaisesRegex(ValueError, "NaN"):
            dpwlab.sliced_flow_step(x, np.array([[np.nan, 0.0]]), theta)
        with self.assertRaisesRegex(ValueError, "2-D"):
            dpwlab.sliced_flow_step(np.zeros(4), y, theta)


if __name__ == "__main__":
    unittest.main()
