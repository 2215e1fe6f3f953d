"""dpwlab's accountants against the golden grids (Opacus, dp_accounting; tests/golden/README.md) and
against dpwlab-cli (same engine calls: equal to the last digit), calibration and sensitivity."""
import math
import unittest

import support
import dpwlab


class Accounting(unittest.TestCase):
    def test_opacus_grid(self):
        # Opacus rdp.py / gdp.py on q x sigma x steps x delta (tests/golden/README.md); 1e-6 relative,
        # the bar of the C++ suites (tst_accountant.cpp; observed agreement ~1e-10).
        keys = {"rdp": "rdp_epsilon", "rdp-mironov": "rdp_mironov_epsilon", "gdp": "gdp_epsilon",
                "gdp-uniform": "gdp_uniform_epsilon"}
        checked = 0
        for case in support.golden("opacus_accountants.json")["cases"]:
            for acc, key in keys.items():
                ref = case.get(key)
                if ref is None:  # brentq bracket failed on their side (eps > 500)
                    continue
                mine = dpwlab.account(acc, q=case["q"], sigma=case["sigma"], steps=case["steps"], delta=case["delta"])
                self.assertLess(support.relative_error(mine, ref), 1e-6, (acc, case, mine, ref))
                checked += 1
        self.assertGreater(checked, 300)

    def test_dp_accounting_pld_grid(self):
        # dp_accounting's PLD (same pessimistic algorithm, interval 1e-4): 1e-4 relative + 1e-9
        # absolute, as tst_pld_analysis.cpp. Steps <= 100 here to keep the suite short.
        checked = 0
        for case in support.golden("dp_accounting_pld.json")["cases"]:
            if "pld_epsilon" not in case or case["steps"] > 100:
                continue
            mine = dpwlab.account("pld", q=case["q"], sigma=case["sigma"], steps=case["steps"], delta=case["delta"])
            self.assertLessEqual(abs(mine - case["pld_epsilon"]), 1e-4 * case["pld_epsilon"] + 1e-9, (case, mine))
            checked += 1
        self.assertGreater(checked, 20)

    def test_equals_the_cli_to_the_last_digit(self):
        # Same engine call, printed by the CLI with 17 significant digits: equality of doubles.
        for acc in dpwlab.accountants():
            for q, sigma, steps, delta in [(0.01, 1.1, 1000, 1e-5), (0.1, 2.0, 50, 1e-6)]:
                cli = support.cli_json("account", "--accountant", acc, "--q", q, "--sigma", sigma, "--steps", steps,
                                       "--delta", delta)
                mine = dpwlab.account(acc, q=q, sigma=sigma, steps=steps, delta=delta)
                self.assertEqual(mine, float(cli["epsilon"]), (acc, q, sigma, steps, delta))

    def test_wdp_options(self):
        base = dpwlab.account("wdp", q=0.01, sigma=1.1, steps=100, delta=1e-5)
        self.assertEqual(base, dpwlab.account("wdp", q=0.01, sigma=1.1, steps=100, delta=1e-5, mu=16, beta=32, pair_distances=[1.0]))
        self.assertNotEqual(base, dpwlab.account("wdp", q=0.01, sigma=1.1, steps=100, delta=1e-5, pair_distances=[0.5, 2.0]))
        with self.assertRaises(ValueError):
            dpwlab.account("rdp", q=0.01, sigma=1.1, steps=100, delta=1e-5, mu=3.0)

    def test_calibrate(self):
        for acc in ("rdp", "rdp-wor", "gdp"):
            sigma = dpwlab.calibrate(acc, epsilon=2.0, q=0.01, steps=500, delta=1e-5)
            self.assertLessEqual(dpwlab.account(acc, q=0.01, sigma=sigma, steps=500, delta=1e-5), 2.0)
            # bisection to 1e-9 relative: a slightly smaller sigma must miss the target
            self.assertGreater(dpwlab.account(acc, q=0.01, sigma=sigma * (1 - 1e-6), steps=500, delta=1e-5), 2.0 - 1e-9)
            cli = support.cli_json("calibrate", "--accountant", acc, "--epsilon", 2.0, "--q", 0.01, "--steps", 500,
                                   "--delta", 1e-5)
            self.assertEqual(sigma, float(cli["sigma"]))
        with self.assertRaises(ValueError):
            dpwlab.calibrate("wdp", 2.0, 0.01, 500, 1e-5)  # loss grows with sigma

    def test_sensitivity(self):
        # [DP-SWD] Lemma 2 (Bernstein) written out, and the CLI.
        k, d, delta = 200, 784, 5e-6
        L = math.log(1 / delta)
        bern = math.sqrt(k / d + 2 / 3 * L + 2 / d * math.sqrt(k * (d - 1) / (d + 2) * L))
        self.assertAlmostEqual(dpwlab.sensitivity("bernstein", k, d, delta), bern, delta=1e-12)
        self.assertAlmostEqual(dpwlab.sensitivity("bernstein", k, d, delta), 2.918610, delta=1e-6)  # header's value
        self.assertAlmostEqual(dpwlab.sensitivity("bernstein-dpswd-code", k, d, delta), 3.189293, delta=1e-6)
        # One choice list in the engine, shared by the module and the CLI: every id works in both.
        self.assertEqual(dpwlab.sensitivity_bounds(), ["chernoff", "clt", "bernstein", "bernstein-dpswd-code"])
        for bound in dpwlab.sensitivity_bounds():
            cli = support.cli_json("sensitivity", "--bound", bound, "--k", k, "--d", d, "--delta", delta)
            self.assertEqual(dpwlab.sensitivity(bound, k, d, delta), float(cli["w"]))

    def test_bad_values_raise_value_error(self):
        cases = [
            (lambda: dpwlab.account("nope", q=0.01, sigma=1.1, steps=10, delta=1e-5), "nope"),
            (lambda: dpwlab.account("rdp", q=-0.1, sigma=1.1, steps=10, delta=1e-5), "q"),  # q = 0 costs nothing (test_porting)
            (lambda: dpwlab.account("rdp", q=1.5, sigma=1.1, steps=10, delta=1e-5), "q"),
            (lambda: dpwlab.account("rdp", q=0.01, sigma=-1.0, steps=10, delta=1e-5), "sigma"),
            (lambda: dpwlab.account("rdp", q=0.01, sigma=1.1, steps=0, delta=1e-5), "steps"),
            (lambda: dpwlab.account("rdp", q=0.01, sigma=1.1, steps=10, delta=1.0), "delta"),
            (lambda: dpwlab.calibrate("rdp", 0.0, 0.01, 10, 1e-5), "epsilon"),
            (lambda: dpwlab.sensitivity("nope", 10, 5, 1e-5), "bound"),
            (lambda: dpwlab.sensitivity("clt", 0, 5, 1e-5), ""),
            (lambda: dpwlab.sensitivity("clt", 10, 5, 2.0), ""),
        ]
        for call, word in cases:
            with self.assertRaises(ValueError) as ctx:
                call()
            self.assertTrue(str(ctx.exception))
            self.assertIn(word, str(ctx.exception))


if __name__ == "__main__":
    unittest.main()
