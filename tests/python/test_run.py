"""dpwlab.run against `dpwlab-cli run` (summary.json, the same engine run), frames as numpy arrays,
scenario checks, and Ctrl-C."""
import _thread
import json
import math
import os
import subprocess
import tempfile
import threading
import time
import unittest

import numpy as np

import support
import dpwlab

SCENARIOS = os.path.join(support.SOURCE_DIR, "resources", "scenarios")


def cli_summary(scenario_path):
    with tempfile.TemporaryDirectory() as out:
        support.cli_json("run", scenario_path, "--out", out, "--no-png")
        with open(os.path.join(out, "summary.json")) as f:
            return json.load(f)


# Wall-clock metrics differ between any two runs.
TIMINGS = ("seconds", "steps_per_second")


def as_json_numbers(metrics):
    # summary.json writes +inf as "inf" (JSON numbers cannot hold it); timings are left out
    return {k: ("inf" if v == math.inf else "-inf" if v == -math.inf else v) for k, v in metrics.items()
            if k not in TIMINGS}


def without_timings(metrics):
    return {k: v for k, v in metrics.items() if k not in TIMINGS}


class Run(unittest.TestCase):
    def test_equals_the_cli_summary(self):
        small_flow = {"format": "dpwlab-scenario", "version": 1, "method": "dpswflow", "seed": 7,
                      "parameters": {"target": "ring5", "particles": 500, "pool": 30, "projections": 10,
                                     "quantiles": 50, "steps": 20, "epsilon": 5, "delta": 1e-5, "frame_every": 10}}
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(small_flow, f)
        try:
            for path in (os.path.join(SCENARIOS, "projection-sensitivity.json"),
                         os.path.join(SCENARIOS, "accountant-explorer.json"), f.name):
                summary, frames = dpwlab.run(path)
                cli = cli_summary(path)
                # The CLI prints metrics with 17 significant digits (QJson): exact equality of doubles.
                self.assertEqual(summary["method"], cli["method"])
                self.assertEqual(summary["seed"], cli["seed"])
                self.assertEqual(summary["privacy_statement"], cli["privacy_statement"])
                self.assertEqual((summary["mode"], summary["threat_model"]), (cli["mode"], cli["threat_model"]))
                self.assertEqual(as_json_numbers(summary["metrics"]), without_timings(cli["metrics"]), path)
                self.assertTrue(frames, path)
        finally:
            os.unlink(f.name)
        summary2, frames = dpwlab.run(small_flow)  # a dict gives the same run as its file
        self.assertEqual(as_json_numbers(summary2["metrics"]), without_timings(cli["metrics"]))
        points = [fr for fr in frames.values() if fr["kind"] == "points"]
        self.assertTrue(points)
        xy = points[0]["xy"]
        self.assertEqual(xy.shape[1], 2)
        self.assertEqual(xy.dtype, np.float64)
        self.assertEqual(len(points[0]["label"]), xy.shape[0])
        self.assertFalse(xy.flags.writeable)  # a view of the run's immutable frame

    def test_frames_match_the_cli_csv(self):
        path = os.path.join(SCENARIOS, "projection-sensitivity.json")
        summary, frames = dpwlab.run(path)
        with tempfile.TemporaryDirectory() as out:
            support.cli_json("run", path, "--out", out, "--no-png")
            self.assertEqual(sorted(frames), sorted(f[:-4] for f in os.listdir(out) if f.endswith(".csv")))
            chart = "sensitivity_density"
            with open(os.path.join(out, chart + ".csv")) as f:
                rows = f.read().splitlines()[1:]
        frame = frames[chart]
        self.assertEqual(frame["kind"], "lines")
        first = frame["series"][0]
        n = len(first["x"])
        csv_x = [float(r.rsplit(",", 2)[1]) for r in rows[:n]]
        csv_y = [float(r.rsplit(",", 2)[2]) for r in rows[:n]]
        np.testing.assert_array_equal(first["x"], csv_x)  # CSV written with 17 digits
        np.testing.assert_array_equal(first["y"], csv_y)

    def test_overrides_and_methods(self):
        ids = [m["id"] for m in dpwlab.methods()]
        self.assertIn("dpswflow", ids)
        self.assertIn("fair-regression", ids)
        spec = {p["key"]: p for m in dpwlab.methods() if m["id"] == "projection-sensitivity" for p in m["parameters"]}
        self.assertIn("draws", spec)
        s1, _ = dpwlab.run(os.path.join(SCENARIOS, "projection-sensitivity.json"), draws=2000)
        s2, _ = dpwlab.run({"format": "dpwlab-scenario", "version": 1, "method": "projection-sensitivity", "seed": 42,
                            "parameters": {"projections": 200, "dimension": 784, "delta": 1e-5, "draws": 2000}})
        self.assertEqual(s1, s2)

    def test_bad_scenarios_raise_value_error(self):
        ok = {"format": "dpwlab-scenario", "version": 1, "method": "projection-sensitivity"}
        cases = [
            ({**ok, "format": "x"}, "format"),
            ({**ok, "version": 2}, "newer"),
            ({**ok, "method": "nope"}, "unknown method 'nope'"),
            ({**ok, "seed": -1}, "seed"),
            ({**ok, "typo": 1}, "unknown field 'typo'"),
            ({**ok, "parameters": {"nope": 1}}, "unknown parameter 'nope'"),
            ({**ok, "parameters": {"draws": -5}}, "draws"),
            ({**ok, "parameters": {"draws": "many"}}, "draws"),
            ({**ok, "parameters": {"draws": True}}, "draws"),
            ("/no/such/scenario.json", "cannot read scenario"),
            ("{not json", "not valid JSON"),
            (42, "scenario"),
        ]
        for scenario, words in cases:
            with self.assertRaises(ValueError) as ctx:
                dpwlab.run(scenario)
            self.assertIn(words, str(ctx.exception))

    def test_read_scenario_is_the_engines_reader(self):
        # #21: the module calls the engine's scenario reader (no Python copy of the rules): defaults are
        # filled in, a string is read like a form field, a non-finite float in a dict is accepted, and a bad
        # file gets word for word the message dpwlab-cli prints.
        head = {"format": "dpwlab-scenario", "version": 1, "method": "fair-regression"}
        s = dpwlab.read_scenario({**head, "parameters": {"epsilon": "\u221e", "bins": 12}})
        self.assertEqual(s["parameters"]["epsilon"], math.inf)
        self.assertEqual(s["parameters"]["bins"], 12.0)
        self.assertEqual(s["parameters"]["dataset"], "synthetic")  # a default
        self.assertEqual(dpwlab.read_scenario({**head, "parameters": {"epsilon": math.inf}})["parameters"]["epsilon"],
                         math.inf)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "bad.json")
            with open(path, "w") as f:
                json.dump({**head, "parameters": {"bins": 0}}, f)
            with self.assertRaises(ValueError) as ctx:
                dpwlab.read_scenario(path)
            cli = subprocess.run([support.CLI, "run", path, "--out", os.path.join(d, "out")], capture_output=True,
                                 text=True)
            self.assertEqual(cli.returncode, 2)
            self.assertIn(str(ctx.exception), cli.stderr)
            self.assertIn("parameter 'bins' = 0 is outside [1, 2000]", str(ctx.exception))

    def test_ctrl_c_stops_a_run(self):
        # A flow of 100000 steps takes minutes; SIGINT-like interrupt after 0.5 s must stop it within
        # a few steps (the observer polls every 50 ms) and raise KeyboardInterrupt.
        long_flow = {"format": "dpwlab-scenario", "version": 1, "method": "dpswflow", "seed": 1,
                     "parameters": {"target": "ring5", "particles": 2000, "steps": 100000, "frame_every": 1000}}
        timer = threading.Timer(0.5, _thread.interrupt_main)
        start = time.monotonic()
        timer.start()
        with self.assertRaises(KeyboardInterrupt):
            dpwlab.run(long_flow)
        timer.cancel()
        self.assertLess(time.monotonic() - start, 20.0)


if __name__ == "__main__":
    unittest.main()
