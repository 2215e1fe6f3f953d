"""Runs one tests/python/test_*.py file with unittest (pytest is not on Debian 12's base install).

Fails when the file holds no test or any test fails, errors or is skipped without a reason being
acceptable (skips are reported and counted as failures: a test that cannot run must not pass).
Usage: python3 tests/python/run_tests.py tests/python/test_ot.py
"""
import importlib.util
import os
import sys
import unittest


def main(path):
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    spec = importlib.util.spec_from_file_location(os.path.splitext(os.path.basename(path))[0], path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    suite = unittest.defaultTestLoader.loadTestsFromModule(module)
    if suite.countTestCases() == 0:
        print(f"{path}: no tests found", file=sys.stderr)
        return 1
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    if result.skipped:
        print(f"{path}: {len(result.skipped)} test(s) skipped, counted as failures", file=sys.stderr)
    return 0 if result.wasSuccessful() and not result.skipped and result.testsRun > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
