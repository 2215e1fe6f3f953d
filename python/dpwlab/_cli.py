"""The console script `dpwlab-cli` of a pip install: runs the dpwlab-cli binary built with the module and installed
inside the package (setup.py), with the same arguments, so `dpwlab-cli account ...` after `pip install .` is the
app's CLI, number for number."""
import os
import sys


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    binary = os.path.join(here, "bin", "dpwlab-cli")
    if not os.access(binary, os.X_OK):
        sys.stderr.write("dpwlab-cli was not built with this install of dpwlab (DPWLAB_CLI=0, or an install from the "
                         "build tree); build it with CMake (README: Build) or reinstall with pip\n")
        return 127
    os.execv(binary, [binary] + sys.argv[1:])
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
