"""dpwlab.read_sweep and dpwlab.summarise against dpwlab-cli merge --tables on one small sweep."""
import json
import math
import os
import subprocess
import tempfile
import unittest

import pandas as pd

import dpwlab
from support import CLI, SOURCE_DIR

GRID = {
    "format": "dpwlab-sweep", "version": 1,
    "scenario": {"format": "dpwlab-scenario", "version": 1, "method": "dpswd-explorer", "seed": 1,
                 "parameters": {"samples": 200, "projections": 20}},
    "grid": {"sigma1": [0.5, 1]},
    "seeds": [1, 2, 3],
}


class ReadSweep(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.out = os.path.join(cls.tmp.name, "results")
        grid = os.path.join(cls.tmp.name, "grid.json")
        with open(grid, "w") as f:
            json.dump(GRID, f)
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        subprocess.run([CLI, "sweep", grid, "--out", cls.out, "-q"], check=True, capture_output=True, env=env)
        merged = subprocess.run([CLI, "merge", cls.out, "--tables", os.path.join(cls.out, "tables")], check=True,
                                capture_output=True, text=True, env=env)
        cls.merged = json.loads(merged.stdout)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_same_table_as_the_merge(self):
        runs = dpwlab.read_sweep(self.out, grid_only=True)
        # round_trip: pandas' default CSV float parser may differ from the written number in the last bit.
        csv = pd.read_csv(os.path.join(self.out, "tables", "runs.csv"), float_precision="round_trip")
        self.assertEqual(list(runs.columns), list(csv.columns))
        self.assertEqual(len(runs), 6)
        for column in ["sigma1", "seed", "sw2_at_max", "dpswd_sigma1_at_max", "wall_time_s"]:
            self.assertEqual(list(runs[column]), list(csv[column]), column)  # the same doubles, exactly
        self.assertEqual(runs["epsilon"].dtype.kind, "f")  # numeric, never an object column of "inf" strings
        self.assertTrue(all(runs["commit"] == self.merged["commit"]))

    def test_summary_as_the_merge(self):
        runs = dpwlab.read_sweep(self.out)
        s = dpwlab.summarise(runs, "sw2_at_max", by=["sigma1"])
        for row, point in zip(s.itertuples(), self.merged["results"]):
            m = point["metrics"]["sw2_at_max"]
            self.assertEqual(row.n, point["n"])
            # mean, sd and se: the same sums in another order, 1e-12 relative; the interval also through
            # boost's and scipy's t quantiles, which agree to ~1e-15.
            for ours, theirs in [(row.mean, m["mean"]), (row.sd, m["sd"]), (row.se, m["se"]),
                                 (row.ci95_low, m["ci95_low"]), (row.ci95_high, m["ci95_high"])]:
                self.assertLessEqual(abs(ours - theirs), 1e-12 * abs(theirs))

    def test_disagreeing_duplicate_refused(self):
        with tempfile.TemporaryDirectory() as d:
            lines = [json.loads(l) for name in sorted(os.listdir(self.out)) if name.startswith("shard-")
                     for l in open(os.path.join(self.out, name))]
            with open(os.path.join(d, "shard-1-of-1.a-1.jsonl"), "w") as f:
                f.write(json.dumps(lines[0]) + "\n")
            lines[0]["metrics"]["sw2_at_max"] += 1e-9
            with open(os.path.join(d, "shard-1-of-1.b-2.jsonl"), "w") as f:
                f.write(json.dumps(lines[0]) + "\n" + '{"key": "cut')  # and a cut last line, never read
            with self.assertRaisesRegex(ValueError, "two results that disagree"):
                dpwlab.read_sweep(d)

    def test_infinity_is_a_float(self):
        with tempfile.TemporaryDirectory() as d:
            line = {"key": "k", "method": "fair-classifier", "point": {"epsilon": "inf"}, "seed": 1,
                    "metrics": {"accuracy": 0.9}, "privacy": {"epsilon": "inf", "claim": "no-privacy"}}
            with open(os.path.join(d, "shard-1-of-1.a-1.jsonl"), "w") as f:
                f.write(json.dumps(line) + "\n")
            runs = dpwlab.read_sweep(d)
            self.assertTrue(math.isinf(runs["epsilon"][0]) and math.isinf(runs["grid_epsilon"][0]))
            self.assertFalse(runs["proven_bound"][0])


if __name__ == "__main__":
    unittest.main()
