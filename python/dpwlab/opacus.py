"""Opacus's accountant classes with Opacus's names and methods, on the engine's accountants: an Opacus accounting
snippet runs with ``from dpwlab.opacus import RDPAccountant, get_noise_multiplier`` in place of Opacus's imports.

    >>> from dpwlab.opacus import RDPAccountant
    >>> acc = RDPAccountant()
    >>> for _ in range(1000):
    ...     acc.step(noise_multiplier=1.1, sample_rate=0.01)
    >>> round(acc.get_epsilon(delta=1e-5), 6)
    1.71177

RDPAccountant is "rdp" (Opacus's orders and conversion give the same ε to ~1e-12), PRVAccountant is "pld" (the
same privacy-loss-distribution analysis by connect-the-dots; Opacus's PRV accountant differs from it by its own
discretisation error), GaussianAccountant is "gdp". history holds (noise_multiplier, sample_rate, steps) as in
Opacus, consecutive equal steps merged.
"""
from .accounting import GaussianDpEvent, PoissonSampledDpEvent, PrivacyAccountant, get_noise_multiplier

__all__ = ["IAccountant", "RDPAccountant", "PRVAccountant", "GaussianAccountant", "create_accountant",
           "get_noise_multiplier"]


class IAccountant:
    """Opacus's accountant interface: step(noise_multiplier=, sample_rate=), get_epsilon(delta), history."""
    _engine_id = "rdp"

    def __init__(self):
        self.history = []

    def step(self, *, noise_multiplier, sample_rate):
        if self.history and self.history[-1][:2] == (noise_multiplier, sample_rate):
            nm, sr, n = self.history[-1]
            self.history[-1] = (nm, sr, n + 1)
        else:
            self.history.append((noise_multiplier, sample_rate, 1))

    def _accountant(self):
        acc = PrivacyAccountant(self._engine_id)
        for nm, sr, n in self.history:
            acc.compose(PoissonSampledDpEvent(sr, GaussianDpEvent(nm)), n)
        return acc

    def get_epsilon(self, delta, **kwargs):
        """ε at δ over every step so far (0 before any step)."""
        return self._accountant().get_epsilon(delta)

    def __len__(self):
        return sum(n for _, _, n in self.history)

    @classmethod
    def mechanism(cls):
        return cls._mechanism

    def state_dict(self, destination=None):
        d = {} if destination is None else destination
        d["history"] = list(self.history)
        d["mechanism"] = self.mechanism()
        return d

    def load_state_dict(self, state_dict):
        self.history = list(state_dict["history"])


class RDPAccountant(IAccountant):
    _engine_id, _mechanism = "rdp", "rdp"

    def get_privacy_spent(self, *, delta, alphas=None):
        """(ε, best order) as Opacus; the engine's orders are fixed (``alphas`` is ignored) and the order is
        reported as nan."""
        return self.get_epsilon(delta), float("nan")


class PRVAccountant(IAccountant):
    _engine_id, _mechanism = "pld", "prv"


class GaussianAccountant(IAccountant):
    _engine_id, _mechanism = "gdp", "gdp"


def create_accountant(mechanism):
    """Opacus's opacus.accountants.create_accountant: "rdp", "prv" or "gdp"."""
    kinds = {"rdp": RDPAccountant, "prv": PRVAccountant, "gdp": GaussianAccountant}
    if mechanism not in kinds:
        raise ValueError(f"Unexpected accounting mechanism: {mechanism}; known: rdp prv gdp")
    return kinds[mechanism]()
