"""Shared bits of the examples: where PNGs go, matplotlib if present."""
import argparse
import os


def parse_args(description, **extra):
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--out", default="dpwlab-examples", help="folder for the PNGs (default: ./dpwlab-examples)")
    for name, (default, help_text) in extra.items():
        p.add_argument("--" + name.replace("_", "-"), type=type(default), default=default, help=help_text)
    return p.parse_args()


def pyplot():
    """matplotlib.pyplot with a file-only backend, or None when matplotlib is not installed."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        return plt
    except ImportError:
        print("(matplotlib not installed: no PNG written)")
        return None


def save(fig, out, name):
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, name)
    fig.savefig(path, dpi=120, bbox_inches="tight")
    print("wrote", path)
