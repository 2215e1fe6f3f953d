"""Privacy accounting as objects: events that name themselves (as dp_accounting's ``dp_event``), an accountant
that composes them and answers ε for δ and δ for ε with a lower and an upper bound, and Opacus's
``get_noise_multiplier``.

    >>> import dpwlab
    >>> from dpwlab import GaussianDpEvent, PoissonSampledDpEvent
    >>> acc = dpwlab.PrivacyAccountant()                 # "auto": the tightest proven accountant (PLD here)
    >>> _ = acc.compose(PoissonSampledDpEvent(0.01, GaussianDpEvent(1.1)), count=1000)
    >>> b = acc.get_epsilon_bounds(1e-5)
    >>> b.lower <= acc.get_epsilon(1e-5) == b.upper and b.upper - b.lower < 1e-3
    True
    >>> round(b.upper, 3)
    1.515

The numbers come from the engine's accountants (dpwlab.accountants(): the same code as the app and
``dpwlab-cli account``); the accountant object only says which events happened.
"""
import dataclasses
import math
import warnings
from collections import namedtuple

from ._dpwlab import (_EngineAccountant, _allocation_rdp, _rdp_delta, _rdp_epsilon, _rdp_poisson_gaussian,
                      accountants as _accountant_ids, calibrate as _calibrate)

__all__ = [
    "DpEvent", "NoOpDpEvent", "NonPrivateDpEvent", "GaussianDpEvent", "LaplaceDpEvent", "DiscreteGaussianDpEvent",
    "DiscreteLaplaceDpEvent", "PoissonSampledDpEvent", "RandomAllocationDpEvent",
    "SampledWithoutReplacementDpEvent", "SelfComposedDpEvent", "ComposedDpEvent", "PrivacyAccountant",
    "EpsilonBounds", "DeltaBounds", "get_noise_multiplier",
]


class DpEvent:
    """Base of the events; each is a frozen dataclass whose repr names it, as dp_accounting's dp_event."""


@dataclasses.dataclass(frozen=True)
class NoOpDpEvent(DpEvent):
    """Nothing released (costs nothing)."""


@dataclasses.dataclass(frozen=True)
class NonPrivateDpEvent(DpEvent):
    """A release without a privacy guarantee: ε = ∞ from then on."""


@dataclasses.dataclass(frozen=True)
class GaussianDpEvent(DpEvent):
    """One Gaussian release of noise std = noise_multiplier × L2 sensitivity (0: no noise, ∞: nothing leaks)."""
    noise_multiplier: float


@dataclasses.dataclass(frozen=True)
class LaplaceDpEvent(DpEvent):
    """One Laplace release of scale b = noise_multiplier × L1 sensitivity."""
    noise_multiplier: float


@dataclasses.dataclass(frozen=True)
class DiscreteGaussianDpEvent(DpEvent):
    """One release with discrete Gaussian noise N_Z(0, sigma²) on an integer query of L2 sensitivity ``sensitivity``
    (dp_accounting's names); dimension 1. Accounted by the engine's Rényi bound of the discrete Gaussian (CKS20
    Prop. 5 through Zhu & Wang 2019 Thm 6 under Poisson sampling): an upper bound only, and the whole composition is
    then accounted by it (continuous Gaussian steps have the same Rényi curve, so the bound holds for them too)."""
    sigma: float
    sensitivity: float = 1.0
    dimension: int = 1


@dataclasses.dataclass(frozen=True)
class DiscreteLaplaceDpEvent(DpEvent):
    """One release with discrete Laplace noise DLap(a), P(z) = tanh(a/2) e^{-a|z|} on the integers, on an integer
    query of L1 sensitivity ``sensitivity`` (dp_accounting's names: a = noise_parameter). Pure ε-DP with
    ε = a × sensitivity (a scale t = 1/a gives ε = sensitivity / t). Accounted by its exact privacy loss
    distribution (the loss takes the finitely many values a(Δ − 2x), x = 0…Δ; pld_laplace_analysis.h), so it
    composes with the other PLD events, unsampled.

    >>> acc = PrivacyAccountant().compose(DiscreteLaplaceDpEvent(0.5, sensitivity=2))
    >>> acc.get_delta(1.0)                      # ε = a·Δ = 1: pure DP
    0.0
    >>> round(acc.get_epsilon(1e-6), 4)
    1.0
    """
    noise_parameter: float
    sensitivity: int = 1


@dataclasses.dataclass(frozen=True)
class RandomAllocationDpEvent(DpEvent):
    """One epoch of shuffled batches (dp_accounting's ``RandomAllocationDpEvent`` names; pass them by keyword):
    ``event`` (a GaussianDpEvent) runs ``num_steps`` times and each row takes part in exactly ``num_selected`` of
    them (1: the rows are shuffled and cut into num_steps batches). Add/remove neighbours. Compose it ``count``
    times for that many epochs. Accounted by the engine's "random-allocation" bound (Feldman & Shenfeld 2025, an
    RDP curve: an upper bound only); composed with Poisson-sampled or plain Gaussian events, everything is
    composed in RDP on the same orders (an upper bound only, the result's note says so).

    >>> acc = PrivacyAccountant().compose(RandomAllocationDpEvent(GaussianDpEvent(1.0), num_steps=100), count=10)
    >>> b = acc.get_epsilon_bounds(1e-5)
    >>> b.accountant, round(b.upper, 4)
    ('random-allocation', 6.1494)
    """
    event: DpEvent
    num_steps: int
    num_selected: int = 1


@dataclasses.dataclass(frozen=True)
class PoissonSampledDpEvent(DpEvent):
    """``event`` run on a Poisson sample of the data (each row with probability sampling_probability);
    add/remove neighbours."""
    sampling_probability: float
    event: DpEvent


@dataclasses.dataclass(frozen=True)
class SampledWithoutReplacementDpEvent(DpEvent):
    """``event`` run on sample_size rows drawn without replacement from source_dataset_size; replace-one
    neighbours."""
    source_dataset_size: int
    sample_size: int
    event: DpEvent


@dataclasses.dataclass(frozen=True)
class SelfComposedDpEvent(DpEvent):
    """``event`` composed ``count`` times."""
    event: DpEvent
    count: int


@dataclasses.dataclass(frozen=True)
class ComposedDpEvent(DpEvent):
    """The events one after the other."""
    events: tuple

    def __init__(self, events):
        object.__setattr__(self, "events", tuple(events))


EpsilonBounds = namedtuple("EpsilonBounds", "lower upper accountant note")
EpsilonBounds.__doc__ = """ε at a δ: the exact ε of the composition lies in [lower, upper]. ``accountant`` names
what gave ``upper``; ``note`` says why it is not the accountant asked for (a fallback), or is empty."""
DeltaBounds = namedtuple("DeltaBounds", "lower upper accountant note")
DeltaBounds.__doc__ = """δ at an ε: the exact δ lies in [lower, upper] (see EpsilonBounds)."""

_POISSON, _WOR, _NONE, _ALLOC = "poisson", "without-replacement", "none", "random-allocation"
_MIXED_ALLOCATION = "rdp (random allocation)"  # the RDP composition of random allocation with the other events
# What "auto" and the fallbacks mean, per sampler: the tightest proven accountant first, then the RDP one of the
# same neighbouring relation (finite where a PLD is not, e.g. at δ below the PLD's 1e-15 truncated tail).
_AUTO = {_POISSON: ("pld", "rdp"), _WOR: ("pld-wor", "rdp-wor"), _NONE: ("pld", "rdp")}
_SAMPLER_OF = {"rdp": _POISSON, "rdp-mironov": _POISSON, "gdp": _POISSON, "pld": _POISSON, "wdp": _POISSON,
               "rdp-wor": _WOR, "gdp-uniform": _WOR, "pld-wor": _WOR, "random-allocation": _ALLOC}


def _number(value, name, low=0.0, high=math.inf, low_open=False, high_open=False):
    if isinstance(value, bool) or not isinstance(value, (int, float)) and not hasattr(value, "__float__"):
        raise ValueError(f"{name} must be a number, got a {type(value).__name__}")
    v = float(value)
    ok = not math.isnan(v) and (v > low if low_open else v >= low) and (v < high if high_open else v <= high)
    if not ok:
        lo = "(" if low_open else "["
        hi = ")" if high_open else "]"
        raise ValueError(f"{name} must lie in {lo}{low:g}, {high:g}{hi}, got {v:g}")
    return v


def _count(value, name):
    if isinstance(value, bool) or not isinstance(value, int) and not hasattr(value, "__index__"):
        raise ValueError(f"{name} must be an integer, got a {type(value).__name__}")
    n = int(value)
    if n < 0 or n >= 2 ** 63:
        raise ValueError(f"{name} must lie in [0, 2^63), got {n}")
    return n


def _event_name(event):
    return type(event).__name__


def _leaves(event, count, out):
    """Flattens an event into out[(law, multiplier, sampler, q)] += count; returns False for a non-private one.
    Accepts dp_accounting's own events too (by class name and attributes)."""
    name = _event_name(event)
    if name == "NoOpDpEvent" or count == 0:
        return True
    if name == "NonPrivateDpEvent":
        return False
    if name == "SelfComposedDpEvent":
        return _leaves(event.event, count * _count(event.count, "SelfComposedDpEvent.count"), out)
    if name == "ComposedDpEvent":
        return all([_leaves(e, count, out) for e in event.events])
    sampler, q, inner = _NONE, 1.0, event
    if name == "RandomAllocationDpEvent":
        law = _event_name(event.event)
        k = _count(event.num_steps, "RandomAllocationDpEvent.num_steps")
        selected = _count(getattr(event, "num_selected", 1), "RandomAllocationDpEvent.num_selected")
        if law != "GaussianDpEvent":
            raise ValueError(f"RandomAllocationDpEvent of a {law} is not supported: the engine's random-allocation "
                             "bound is for Gaussian steps")
        if k < 1 or selected < 1 or selected > k:
            raise ValueError(f"RandomAllocationDpEvent needs 1 <= num_selected <= num_steps, got {selected} of {k}")
        if selected != 1:
            raise ValueError("RandomAllocationDpEvent with num_selected > 1 is not supported: the engine's bound is "
                             "for one participation per epoch (each row in exactly one batch)")
        mult = _number(event.event.noise_multiplier, "GaussianDpEvent.noise_multiplier")
        if mult == math.inf:
            return True
        if mult == 0:
            return False
        key = ("allocation", mult, _ALLOC, k)
        out[key] = out.get(key, 0) + count
        return True
    if name == "PoissonSampledDpEvent":
        sampler, inner = _POISSON, event.event
        q = _number(event.sampling_probability, "sampling_probability", 0, 1)
    elif name == "SampledWithoutReplacementDpEvent":
        n, m = _count(event.source_dataset_size, "source_dataset_size"), _count(event.sample_size, "sample_size")
        if n == 0 or m > n:
            raise ValueError(f"sample_size must lie in [0, source_dataset_size], got {m} of {n}")
        sampler, inner, q = _WOR, event.event, m / n
    law = _event_name(inner)
    if law == "DiscreteLaplaceDpEvent":
        if q < 1:
            raise ValueError("a sampled discrete Laplace release is not supported (its PLD is for unsampled "
                             "releases)")
        a = _number(inner.noise_parameter, "DiscreteLaplaceDpEvent.noise_parameter")
        sens = getattr(inner, "sensitivity", 1)
        if isinstance(sens, float) and sens.is_integer():
            sens = int(sens)
        sens = _count(sens, "DiscreteLaplaceDpEvent.sensitivity")
        if a == 0:
            raise ValueError("DiscreteLaplaceDpEvent.noise_parameter must be > 0 (DLap(0) is not a distribution)")
        if sens == 0:
            return True  # nothing depends on the row: ε = 0
        if a == math.inf:
            return False  # DLap(∞) is the point 0: no noise
        key = ("discrete-laplace", a, _NONE, sens)
        out[key] = out.get(key, 0) + count
        return True
    if law == "DiscreteGaussianDpEvent":
        if _count(getattr(inner, "dimension", 1), "DiscreteGaussianDpEvent.dimension") != 1:
            raise ValueError("DiscreteGaussianDpEvent of dimension > 1 is not supported (the engine's discrete "
                             "Gaussian bound is the one-dimensional CKS20 Prop. 5)")
        if sampler == _WOR:
            raise ValueError("a discrete Gaussian sampled without replacement is not supported (its bound is for "
                             "Poisson sampling)")
        sens = _number(inner.sensitivity, "DiscreteGaussianDpEvent.sensitivity", 0, math.inf, low_open=True,
                       high_open=True)
        z = _number(inner.sigma, "DiscreteGaussianDpEvent.sigma") / sens
        if q == 0 or z == math.inf:
            return True
        if z == 0:
            return False
        key = ("discrete-gaussian", z, sampler if q < 1 else _NONE, q)
        out[key] = out.get(key, 0) + count
        return True
    if law not in ("GaussianDpEvent", "LaplaceDpEvent"):
        raise ValueError(f"{name} of a {law} is not supported: the accountant composes Gaussian releases (Poisson- "
                         "or without-replacement-sampled, or on shuffled batches: RandomAllocationDpEvent), Laplace, "
                         "discrete Laplace and discrete Gaussian releases")
    mult = _number(inner.noise_multiplier, f"{law}.noise_multiplier")
    if q == 0 or mult == math.inf:
        return True  # nothing released: ε = 0 (as dp_accounting and Opacus)
    if mult == 0:
        return False  # no noise: no finite ε (dp_accounting: ε = ∞)
    if law == "LaplaceDpEvent" and q < 1:
        raise ValueError("a sampled Laplace release is not supported (the engine's Laplace PLD and RDP are for "
                         "unsampled releases)")
    key = ("gaussian" if law == "GaussianDpEvent" else "laplace", mult, sampler if q < 1 else _NONE, q)
    out[key] = out.get(key, 0) + count
    return True


def _note_of(accountant_id):
    if accountant_id == _MIXED_ALLOCATION:
        return ("random allocation has an RDP bound only: every event is composed in RDP (Balle et al. 2020 "
                "conversion), an upper bound")
    return ""


class _AllocationRdp:
    """Random allocation composed with Gaussian events in RDP, on the engine's random-allocation orders (integer
    2…256): per direction (remove, add) the sum of the epochs' curves (allocationEpochCurves) and of the other
    steps' Poisson-subsampled Gaussian RDP (which bounds both directions, Mironov et al. 2019); ε is the larger of
    the two directions' ε, δ the larger δ. The engine's own random-allocation accountant converts the add direction's
    Jensen bound as a Gaussian-DP curve; here it enters as its Rényi curve (looser), so for random allocation alone
    this is above the engine's answer."""

    def __init__(self, steps):
        orders = remove = add = None
        for (law, mult, _sampler, q), n in sorted(steps.items()):
            if law == "allocation":
                o, r, a = _allocation_rdp(q, mult)
                # The add direction's Jensen bound (random_allocation_analysis.h) as a Rényi curve: the add loss is
                # at most Σ_i (−x_i/σ² + t)/k pointwise, N(t, 1/(kσ²)) under Q with t = 1/(2σ²), so
                # D_α(Q‖P) ≤ t + (α − 1)/(2kσ²); the smaller of the two bounds holds.
                a = [min(x, (1 + (al - 1) / q) / (2 * mult * mult)) for x, al in zip(a, o)]
            else:
                o = orders if orders is not None else _allocation_rdp(1, 1.0)[0]
                r = a = _rdp_poisson_gaussian(q, mult, o)
            if orders is None:
                orders, remove, add = list(o), [0.0] * len(o), [0.0] * len(o)
            remove = [x + n * y for x, y in zip(remove, r)]
            add = [x + n * y for x, y in zip(add, a)]
        self.orders, self.remove, self.add = orders, remove, add

    def epsilon(self, delta):
        return max(_rdp_epsilon(self.orders, self.remove, delta), _rdp_epsilon(self.orders, self.add, delta))

    def delta(self, epsilon):
        return max(_rdp_delta(self.orders, self.remove, epsilon), _rdp_delta(self.orders, self.add, epsilon))


class PrivacyAccountant:
    """Composes privacy events; answers ε for δ and δ for ε, with lower and upper bounds.

    accountant: "auto" (the default: pld for Poisson sampling, pld-wor without replacement, the engine's tightest
    proven accountants) or an id of dpwlab.accountants(). value_discretization_interval: the PLD's loss grid
    (dp_accounting's name and default, 1e-4); a finer grid narrows the gap between the bounds (second order in
    the interval) at a cost proportional to 1/interval. Events: the classes of this module (or dp_accounting's
    own, read by name): GaussianDpEvent, LaplaceDpEvent, DiscreteGaussianDpEvent, DiscreteLaplaceDpEvent,
    PoissonSampledDpEvent, SampledWithoutReplacementDpEvent, RandomAllocationDpEvent, SelfComposedDpEvent,
    ComposedDpEvent, NoOpDpEvent, NonPrivateDpEvent. Steps may differ (heterogeneous σ and q); composition
    commutes, so equal steps are composed together whatever their order (random allocation: each event is a
    whole epoch). Random allocation alone is answered by the engine's "random-allocation" accountant; beside
    Poisson or plain Gaussian events by an RDP composition of everything (upper bound, the note says so).

    Bounds: a PLD accountant answers an upper bound (pessimistic connect-the-dots) and a lower bound (the
    optimistic PLD of the same events): the exact ε of the composition lies between. Other accountants give an
    upper bound only (lower = 0). Where the PLD has no finite answer (δ below its 1e-15 truncated tail, or a
    composition too large for its grid) the upper bound falls back to the RDP accountant of the same sampler and
    ``note`` says so; get_epsilon returns that finite bound (with a warning), never ∞ where RDP is finite.

    Edges as the peers: sampling probability 0 or noise ∞ costs nothing (ε = 0); noise 0 or a NonPrivateDpEvent
    gives ε = ∞ (δ = 1).

    >>> acc = PrivacyAccountant("rdp").compose(PoissonSampledDpEvent(0.01, GaussianDpEvent(1.1)), 1000)
    >>> round(acc.get_epsilon(1e-5), 6)
    1.71177
    """

    def __init__(self, accountant="auto", *, value_discretization_interval=None, epsilon_gap=None):
        self.epsilon_gap = None if epsilon_gap is None else _number(epsilon_gap, "epsilon_gap", 0, math.inf,
                                                                     low_open=True, high_open=True)
        # With a gap to meet, the grid starts coarse and is refined by the gap's Δ² law (get_epsilon_bounds).
        default = 1e-4 if epsilon_gap is None else 1e-3
        self.interval = _number(default if value_discretization_interval is None else value_discretization_interval,
                                "value_discretization_interval", 0, 1, low_open=True, high_open=True)
        if not isinstance(accountant, str):
            raise ValueError("accountant must be a string: 'auto' or one of " + " ".join(_accountant_ids()))
        if accountant != "auto" and accountant not in _accountant_ids():
            raise ValueError(f"unknown accountant '{accountant}'; known: auto " + " ".join(_accountant_ids()))
        self.accountant = accountant
        self._flat = {}  # the leaves of the events folded in: (law, multiplier, sampler, q) -> count
        self._pending = {}  # id(event) -> [event, count] composed since the last fold (see compose)
        self._private = True
        self._events, self._counts = [], []  # the ledger: events in order, a repeated one once with its count
        self._cache = {}
        self._memo = {}  # id(event) -> (event, its leaves, private): each event is read once

    def __repr__(self):
        return f"PrivacyAccountant({self.accountant!r}, events={len(self._events)})"

    @property
    def ledger(self):
        """The composed events as (event, count) pairs, in order (a repeated event once, with its total count)."""
        return list(zip(self._events, self._counts))

    @property
    def _steps(self):
        """The composed leaves, (law, multiplier, sampler, q) -> count (the pending events folded in first)."""
        if self._pending:
            flat = self._flat
            for event, count in self._pending.values():
                _, leaves, private = self._memo[id(event)]
                if not private and count:
                    self._private = False
                for k, v in leaves.items():
                    flat[k] = flat.get(k, 0) + v * count
            self._pending = {}
        return self._flat

    def supports(self, event):
        """True when compose(event) is accepted."""
        try:
            _leaves(event, 1, {})
            self._sampler({**self._steps, **self._leaf_map(event)})
            return True
        except ValueError:
            return False

    @staticmethod
    def _leaf_map(event):
        out = {}
        _leaves(event, 1, out)
        return out

    def compose(self, event, count=1):
        """Adds ``event`` ``count`` times; returns the accountant (calls chain)."""
        if count.__class__ is not int or count < 0:
            count = _count(count, "count")
        # Events are immutable: each one is read once (memo by identity, the event kept alive with it); composing it
        # again, step after step, adds to its pending count (~0.3 µs), and the leaves are summed when a question is
        # asked. 10^6 steps alternating between a few events cost a few dict updates each, and a few leaves in all.
        pending = self._pending.get(id(event))
        if pending is not None and pending[0] is event:
            pending[1] += count
        else:
            memo = self._memo.get(id(event))
            if memo is None or memo[0] is not event:
                leaves = {}
                private = _leaves(event, 1, leaves)
                if any(k not in self._steps for k in leaves):
                    self._sampler({**self._steps, **leaves})  # refuses mixing samplers before anything is recorded
                memo = self._memo[id(event)] = (event, leaves, private)
            self._pending[id(event)] = [event, count]
        # The ledger, run-length coded in two flat lists: a list per entry ([event, count]) made the garbage
        # collector rescan a growing ledger and tripled the cost of a call.
        events = self._events
        if events and events[-1] is event:
            self._counts[-1] += count
        else:
            events.append(event)
            self._counts.append(count)
        if self._cache:
            self._cache.clear()
        return self

    def _sampler(self, steps):
        samplers = {k[2] for k in steps} - {_NONE}
        if _ALLOC in samplers:
            if _WOR in samplers:
                raise ValueError("random-allocation (add/remove neighbours) and without-replacement (replace-one "
                                 "neighbours) events cannot be composed in one accountant: their privacy is for "
                                 "different neighbouring relations")
            laws = {k[0] for k in steps} - {"allocation", "gaussian"}
            if laws:
                raise ValueError("random allocation composes with Gaussian events only (in RDP: the engine's "
                                 "random-allocation bound is an RDP curve); not with " + ", ".join(sorted(laws)) +
                                 " events")
            if self.accountant not in ("auto", "random-allocation"):
                raise ValueError(f"accountant '{self.accountant}' does not analyse random allocation; use 'auto' or "
                                 "'random-allocation'")
            return _ALLOC
        if len(samplers) > 1:
            raise ValueError("Poisson-sampled (add/remove neighbours) and without-replacement (replace-one "
                             "neighbours) events cannot be composed in one accountant: their privacy is for "
                             "different neighbouring relations")
        sampler = samplers.pop() if samplers else _NONE
        if self.accountant not in ("auto", "random-allocation") and sampler != _NONE and \
                _SAMPLER_OF[self.accountant] != sampler:
            raise ValueError(f"accountant '{self.accountant}' analyses {_SAMPLER_OF[self.accountant]} sampling, "
                             f"not {sampler} events")
        return sampler

    def _ids(self):
        sampler = self._sampler(self._steps)
        if sampler == _ALLOC:
            if all(k[0] == "allocation" for k in self._steps):
                return ("random-allocation",)
            return (_MIXED_ALLOCATION,)
        if self.accountant == "random-allocation":
            raise ValueError("accountant 'random-allocation' analyses RandomAllocationDpEvent (shuffled batches), "
                             "and other Gaussian events only composed with them; none was composed (use 'auto')")
        if any(k[0] == "discrete-laplace" for k in self._steps):
            if any(k[0] == "discrete-gaussian" for k in self._steps):
                raise ValueError("discrete Gaussian (a Rényi bound) and discrete Laplace (a PLD) events cannot be "
                                 "composed in one accountant yet")
            if self.accountant not in ("auto", "pld", "pld-wor"):
                raise ValueError(f"accountant '{self.accountant}' does not analyse discrete Laplace events; use "
                                 "'auto', 'pld' or 'pld-wor' (its exact PLD)")
            return _AUTO[sampler][:1] if self.accountant == "auto" else (self.accountant,)
        if any(k[0] == "discrete-gaussian" for k in self._steps):
            if self.accountant != "auto":
                raise ValueError(f"accountant '{self.accountant}' does not analyse discrete Gaussian events; use "
                                 "'auto' (the engine's discrete Gaussian Rényi bound)")
            if any(k[0] == "laplace" for k in self._steps):
                raise ValueError("discrete Gaussian and Laplace events cannot be composed in one accountant yet")
            return ("rdp-discrete-gaussian",)
        if self.accountant == "auto":
            return _AUTO[sampler]
        if self.accountant in ("pld", "pld-wor"):  # the PLD's fallback: the proven RDP bound of its sampler
            return _AUTO[_SAMPLER_OF[self.accountant]]
        return (self.accountant,)  # any other accountant answers alone (gdp is an approximation, wdp not DP)

    def _engine(self, accountant_id, optimistic=False, interval=None):
        interval = self.interval if interval is None else interval
        key = (accountant_id, optimistic, interval if accountant_id.startswith("pld") else None)
        if key not in self._cache:
            if accountant_id == _MIXED_ALLOCATION:
                self._cache[key] = _AllocationRdp(self._steps)
                return self._cache[key]
            acc = _EngineAccountant(accountant_id, optimistic, interval)
            for (law, mult, _sampler, q), n in sorted(self._steps.items()):
                if law in ("gaussian", "discrete-gaussian"):
                    acc.add_gaussian(mult, q, n)
                elif law == "allocation":  # n epochs of q = k batches: whole epochs, k steps each
                    acc.add_gaussian(mult, 1.0 / q, n * q)
                elif law == "discrete-laplace":
                    acc.add_discrete_laplace(mult, q, n)
                else:
                    acc.add_laplace(mult, n)
            self._cache[key] = acc
        return self._cache[key]

    def _ask(self, accountant_id, method, value, optimistic=False, interval=None):
        try:
            return getattr(self._engine(accountant_id, optimistic, interval), method)(value), ""
        except ValueError as e:  # e.g. a composition too large for the PLD's grid
            return math.inf if method == "epsilon" else 1.0, str(e)

    def get_epsilon_bounds(self, target_delta):
        """EpsilonBounds(lower, upper, accountant, note) at δ = target_delta ∈ (0, 1)."""
        delta = _number(target_delta, "target_delta", 0, 1, low_open=True, high_open=True)
        steps = self._steps  # folds the pending events (and whether one was non-private)
        if not self._private:
            return EpsilonBounds(math.inf, math.inf, "", "a non-private event (no noise) was composed")
        if not steps:
            return EpsilonBounds(0.0, 0.0, "", "")
        ids = self._ids()
        upper, why = self._ask(ids[0], "epsilon", delta)
        lower = self._ask(ids[0], "epsilon", delta, optimistic=True)[0] if ids[0].startswith("pld") else 0.0
        if self.epsilon_gap is not None and ids[0].startswith("pld"):
            upper, lower, why = self._refine(ids[0], delta, upper, lower, why)
        used, note = ids[0], _note_of(ids[0])
        if len(ids) > 1:
            other, _ = self._ask(ids[1], "epsilon", delta)
            if other < upper:  # both are proven upper bounds: the smaller one holds
                note = (f"{ids[0]} gives {upper:g}" + (f" ({why})" if why else "") +
                        f"; {ids[1]}'s tighter finite bound is used")
                upper, used = other, ids[1]
        if not math.isfinite(lower) or lower > upper:
            lower = min(lower, upper) if math.isfinite(lower) else 0.0
        return EpsilonBounds(lower, upper, used, note)

    def _refine(self, accountant_id, delta, upper, lower, why):
        """Finer grids until upper − lower ≤ epsilon_gap: the gap shrinks as Δ² (the pessimistic and optimistic
        discretisations are both second order in Δ, pld_analysis.h), so the next Δ is the present one times
        0.9·sqrt(epsilon_gap / gap); at most 4 refinements and Δ ≥ 1e-6 (the grid's cost grows as 1/Δ). The grid
        reached is kept for the next questions (self.interval)."""
        for _ in range(4):
            gap = upper - lower
            if not (math.isfinite(upper) and math.isfinite(lower)) or gap <= self.epsilon_gap or self.interval <= 1e-6:
                break
            self.interval = max(1e-6, self.interval * min(0.5, 0.9 * math.sqrt(self.epsilon_gap / gap)))
            self._cache.clear()
            upper, why = self._ask(accountant_id, "epsilon", delta)
            lower = self._ask(accountant_id, "epsilon", delta, optimistic=True)[0]
        return upper, lower, why

    def get_delta_bounds(self, target_epsilon):
        """DeltaBounds(lower, upper, accountant, note) at ε = target_epsilon ≥ 0."""
        eps = _number(target_epsilon, "target_epsilon")
        steps = self._steps  # folds the pending events (and whether one was non-private)
        if not self._private:
            return DeltaBounds(1.0, 1.0, "", "a non-private event (no noise) was composed")
        if not steps or eps == math.inf:
            return DeltaBounds(0.0, 0.0, "", "")
        ids = self._ids()
        upper, why = self._ask(ids[0], "delta", eps)
        lower = self._ask(ids[0], "delta", eps, optimistic=True)[0] if ids[0].startswith("pld") else 0.0
        used, note = ids[0], _note_of(ids[0])
        if len(ids) > 1:
            other, _ = self._ask(ids[1], "delta", eps)
            if other < upper:
                note = (f"{ids[0]} gives {upper:g}" + (f" ({why})" if why else "") +
                        f"; {ids[1]}'s tighter bound is used")
                upper, used = other, ids[1]
        return DeltaBounds(min(lower, upper), upper, used, note)

    def get_epsilon(self, target_delta):
        """The upper bound on ε at δ (get_epsilon_bounds(target_delta).upper); warns when it is a fallback's."""
        b = self.get_epsilon_bounds(target_delta)
        if b.note and math.isfinite(b.upper):
            warnings.warn(b.note, stacklevel=2)
        return b.upper

    def get_delta(self, target_epsilon):
        """The upper bound on δ at ε (get_delta_bounds(target_epsilon).upper)."""
        return self.get_delta_bounds(target_epsilon).upper


def get_noise_multiplier(*, target_epsilon, target_delta, sample_rate, epochs=None, steps=None,
                         accountant="rdp", epsilon_tolerance=0.01, **kwargs):
    """Opacus's ``opacus.accountants.utils.get_noise_multiplier``, keyword for keyword: the noise multiplier σ
    that reaches ε ≤ target_epsilon at target_delta after ``steps`` Poisson-sampled Gaussian steps (or
    ``epochs``: steps = int(epochs / sample_rate), as Opacus counts them).

    accountant: Opacus's names "rdp", "prv" (answered by "pld", the same privacy-loss-distribution analysis),
    "gdp", or any id of dpwlab.accountants(), or "auto" (pld). The σ returned is the smallest meeting the target
    to 1e-9 relative (dpwlab.calibrate), never above Opacus's (which stops within epsilon_tolerance below the
    target). target_epsilon = ∞ returns 0 (no noise needed). epsilon_tolerance and other keyword arguments are
    accepted for compatibility and not needed.

    >>> round(get_noise_multiplier(target_epsilon=2.0, target_delta=1e-5, sample_rate=0.01, steps=1000), 4)
    1.0223
    """
    del epsilon_tolerance, kwargs
    eps = _number(target_epsilon, "target_epsilon", 0, math.inf, low_open=True)
    delta = _number(target_delta, "target_delta", 0, 1, low_open=True, high_open=True)
    q = _number(sample_rate, "sample_rate", 0, 1, low_open=True)
    if (epochs is None) == (steps is None):
        raise ValueError("get_noise_multiplier takes exactly one of epochs and steps")
    if steps is None:
        steps = int(_number(epochs, "epochs", 0, math.inf, low_open=True, high_open=True) / q)
    steps = _count(steps, "steps")
    if steps < 1:
        raise ValueError("steps must be at least 1 (epochs / sample_rate rounds down to 0)")
    if eps == math.inf:
        return 0.0
    ident = {"prv": "pld", "auto": "pld"}.get(accountant, accountant)
    return _calibrate(ident, eps, q, steps, delta)
