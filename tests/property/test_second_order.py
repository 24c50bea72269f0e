"""Second order on everything first order handles (issue 15): random programs and the corpus.

Random programs (gen_second.py: containers, ``+=`` into their items, unused
``wrt``, norms, traces, outer products, floor/ceil/sign, loops) are
differentiated three ways, ``sd.hvp``, ``sd.hessian`` and
``sd.grad(sd.grad(f))``, and each result is checked against two oracles, never
against srcdiff's second order itself:

* central differences of srcdiff's own first-order gradient (itself checked
  first against finite differences of ``f``), along the same vector;
* central differences of central differences of ``f`` (float64).

Each oracle is computed at two step sizes; a program where they disagree (a
jump or kink within reach of the steps) is not a fair test and is counted as
such, never compared. A transform srcdiff refuses (SrcdiffError) is counted;
everything it does not refuse must agree. ``python test_second_order.py
--seed S --count N`` prints the counts (the refusal rate quoted in issue 15).

Every corpus function (tests/support/corpus.py) gets a Hessian-vector product
that agrees with finite differences of its gradient, or is listed in
``CORPUS_REFUSED`` with the reason.
"""

import copy
import os
import re
import sys
import traceback

import numpy as np
import pytest

if __name__ == "__main__":  # run as a script: the same imports as under pytest
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:0] = [os.path.join(here, "..", "support"), here, os.path.join(here, "..", "..")]

import gen_second  # noqa: E402
import srcdiff as sd  # noqa: E402
from corpus import CASES  # noqa: E402
from fd import numeric_grad, total  # noqa: E402
from sourcefiles import load_function  # noqa: E402
from srcdiff.errors import SrcdiffError  # noqa: E402
from tangents import random_like  # noqa: E402

COUNT = int(os.environ.get("SRCDIFF_SECOND_ORDER_COUNT", "40"))
PARAMS = ("x", "w", "p", "y")
TRANSFORMS = ("hvp", "hessian", "grad_grad")

H_GRAD = 1e-5     # step of the central differences of srcdiff's gradient
H_FD = 1e-4       # outer step of the differences of differences
EPS_FD = 1e-5     # inner step (a central-difference gradient of f)


class Mismatch(AssertionError):
    pass


# ------------------------------------------------------------------ structures


def _moved(x, t, e):
    """``x + e t`` leaf by leaf, keeping each leaf's type (a 0-d array stays an array)."""
    if isinstance(x, dict):
        return {k: _moved(x[k], t[k], e) for k in x}
    if isinstance(x, (list, tuple)):
        return type(x)(_moved(a, b, e) for a, b in zip(x, t))
    if isinstance(x, np.ndarray):
        return np.array(x + e * np.asarray(t, float))
    return x + e * t


def _ones_like(x):
    if isinstance(x, dict):
        return {k: _ones_like(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return type(x)(_ones_like(v) for v in x)
    return np.ones(np.shape(x)) if np.ndim(x) else 1.0


def _flat(value, like):
    """The leaves of ``value`` as one float vector, in ``like``'s structure (None -> zeros)."""
    if isinstance(like, dict):
        return np.concatenate([_flat(None if value is None else value[k], like[k])
                               for k in like])
    if isinstance(like, (list, tuple)):
        return np.concatenate([_flat(None if value is None else value[k], v)
                               for k, v in enumerate(like)])
    if value is None:
        return np.zeros(np.size(like))
    assert np.shape(value) == np.shape(like), (np.shape(value), np.shape(like))
    return np.ravel(np.asarray(value, float))


# ------------------------------------------------------------------ one program


class Check:
    """The oracles for one function ``f`` at ``args``, differentiated with respect to the
    parameters at ``positions``."""

    def __init__(self, f, args, positions):
        self.f, self.args, self.positions = f, args, list(positions)
        self.single = len(self.positions) == 1
        self.wrt = self.positions[0] if self.single else tuple(self.positions)

    def F(self, *args):
        return self.f(*copy.deepcopy(args))

    def at(self, direction, e):
        args = list(copy.deepcopy(self.args))
        for k, t in zip(self.positions, direction):
            args[k] = _moved(args[k], t, e)
        return args

    def like(self):
        return [self.args[k] for k in self.positions]

    def flat(self, values):
        values = [values] if self.single else list(values)
        return np.concatenate([_flat(v, a) for v, a in zip(values, self.like())])

    def grad(self, args):
        g = sd.grad(self.f, self.wrt, unconnected_gradients="zero")(*copy.deepcopy(args))
        return self.flat(g)

    def fd_grad(self, args):
        return np.concatenate([_flat(numeric_grad(self.F, list(args), k, eps=EPS_FD),
                                     args[k]) for k in self.positions])

    def first_order(self):
        got, expected = self.grad(self.args), self.fd_grad(self.args)
        scale = 1.0 + np.max(np.abs(expected), initial=0.0) + abs(total(self.F(*self.args)))
        if not np.allclose(got, expected, rtol=0, atol=1e-6 * scale):
            raise Mismatch(f"first order: srcdiff {got} != finite differences {expected}")

    def oracles(self, direction):
        """(differences of srcdiff's gradient, differences of differences) along
        ``direction``; None when a step-size check says the point is not a fair test."""
        def of_grad(h):
            return (self.grad(self.at(direction, h)) - self.grad(self.at(direction, -h))) / (2 * h)

        def of_fd(h):
            return (self.fd_grad(self.at(direction, h))
                    - self.fd_grad(self.at(direction, -h))) / (2 * h)

        a, a2 = of_grad(H_GRAD), of_grad(2 * H_GRAD)
        b, b2 = of_fd(H_FD), of_fd(2 * H_FD)
        scale = 1.0 + np.max(np.abs(a), initial=0.0)
        value = abs(total(self.F(*self.args)))
        tol_a = 1e-6 * scale
        tol_b = 1e-4 * (scale + value)
        if np.max(np.abs(a - a2), initial=0) > tol_a / 4 or \
                np.max(np.abs(b - b2), initial=0) > tol_b / 4:
            return None
        return (a, tol_a), (b, tol_b)

    def compare(self, what, got, direction):
        found = self.oracles(direction)
        if found is None:
            return "unfit"
        for (expected, tol), name in zip(found, ("differences of srcdiff's gradient",
                                                  "differences of differences")):
            err = np.max(np.abs(got - expected), initial=0.0)
            if not err <= tol:
                raise Mismatch(f"{what}: {got} != {name} {expected} (error {err:.3g}, "
                               f"tolerance {tol:.3g})")
        return "ok"

    # -- the three transforms ------------------------------------------------
    def vector(self, rng):
        return [random_like(a, rng) for a in self.like()]

    def hvp(self, direction):
        v = direction[0] if self.single else tuple(direction)
        got = sd.hvp(self.f, self.wrt)(*copy.deepcopy(self.args), vector=v)
        return self.compare("hvp", self.flat(got), direction)

    def hessian(self, direction):
        H = sd.hessian(self.f, self.wrt)(*copy.deepcopy(self.args))
        like = self.like()
        if self.single:
            H = ((H,),)
        rows = []
        for i, xi in enumerate(like):
            row = np.zeros(np.shape(xi))
            for j, xj in enumerate(like):
                row = row + np.tensordot(H[i][j], np.asarray(direction[j], float),
                                         axes=np.ndim(xj))
            rows.append(np.ravel(row))
        return self.compare("hessian", np.concatenate(rows), direction)

    def grad_grad(self):
        got = sd.grad(sd.grad(self.f, self.wrt), self.wrt)(*copy.deepcopy(self.args))
        direction = [_ones_like(a) for a in self.like()]
        return self.compare("grad(grad(f))", self.flat(got), direction)

    def run(self, transform, rng):
        """``"ok"``, ``"unfit"``, or ``"refused: ..."``; raises on a wrong number or crash."""
        direction = self.vector(rng)
        try:
            if transform == "hvp":
                return self.hvp(direction)
            if transform == "hessian":
                return self.hessian(direction)
            return self.grad_grad()
        except SrcdiffError as e:
            return "refused: " + str(e).splitlines()[0]


def check_program(p, rng):
    """{transform: outcome} for one generated program (``"first order refused"`` alone when
    srcdiff refuses its gradient)."""
    f = load_function(p.source)
    names = p.wrt if isinstance(p.wrt, tuple) else (p.wrt,)
    check = Check(f, p.args, [PARAMS.index(n) for n in names])
    try:
        check.first_order()
    except SrcdiffError as e:
        return {"first order": "refused: " + str(e).splitlines()[0]}
    out = {}
    for t in TRANSFORMS:
        if t == "hessian" and any(isinstance(p.args[PARAMS.index(n)], (tuple, list, dict))
                                  for n in names):
            continue  # hessian takes arrays (a container is refused with a TypeError)
        out[t] = check.run(t, rng)
    return out


class Summary:
    def __init__(self):
        self.programs = 0
        self.first_order_refused = 0
        self.attempts = {t: 0 for t in TRANSFORMS}
        self.refused = {t: 0 for t in TRANSFORMS}
        self.unfit = 0
        self.reasons = {}
        self.failures = []
        self.features = set()

    def add(self, p, outcome):
        self.programs += 1
        self.features |= p.features
        for t, o in outcome.items():
            if t == "first order":
                self.first_order_refused += 1
                key = "first order " + _reason(o)
                self.reasons[key] = self.reasons.get(key, 0) + 1
                continue
            if o == "unfit":
                self.unfit += 1
                continue
            self.attempts[t] += 1
            if o.startswith("refused"):
                self.refused[t] += 1
                key = _reason(o)
                self.reasons[key] = self.reasons.get(key, 0) + 1

    @property
    def rate(self):
        attempts = sum(self.attempts.values())
        return sum(self.refused.values()) / attempts if attempts else 0.0

    @property
    def overall(self):
        """Refused attempts, counting each transform of a program whose first order is
        refused as refused too."""
        attempts = sum(self.attempts.values()) + len(TRANSFORMS) * self.first_order_refused
        refused = sum(self.refused.values()) + len(TRANSFORMS) * self.first_order_refused
        return refused / attempts if attempts else 0.0

    def line(self):
        parts = ", ".join(f"{t} {self.refused[t]}/{self.attempts[t]}" for t in TRANSFORMS)
        return (f"{self.programs} programs: second order refused {self.rate:.1%} ({parts}); "
                f"with the programs whose first order is refused {self.overall:.1%}; "
                f"first order refused {self.first_order_refused}; unfit {self.unfit}; "
                f"failures {len(self.failures)}")


def _reason(outcome):
    """A refusal without its file and line (to count refusals by kind)."""
    text = outcome.split("error: ", 1)[-1]
    return re.sub(r"`[^`]*`", "`...`", text)[:160]


def run(seed, count, stop_on_failure=False):
    summary = Summary()
    for index in range(count):
        p = gen_second.program(seed, index)
        rng = np.random.default_rng([seed, index])
        try:
            outcome = check_program(p, rng)
        except Exception as e:  # a wrong number, or a crash
            summary.failures.append((p, "".join(traceback.format_exception_only(type(e), e))))
            if stop_on_failure:
                break
            continue
        summary.add(p, outcome)
    return summary


# ------------------------------------------------------------------ the tests


def test_random_programs_second_order(capsys):
    seed = int(os.environ.get("SRCDIFF_FUZZ_SEED", "1"))
    summary = run(seed, COUNT)
    with capsys.disabled():
        print(f"\nsecond order, seed {seed}: " + summary.line())
    assert not summary.failures, "\n\n".join(
        f"{p.describe()}\n{why}" for p, why in summary.failures[:3])
    # what is still refused is the rare exception (see the report of issue 15)
    assert summary.rate <= 0.03, (summary.line(), summary.reasons)


def test_generator_reaches_every_shape():
    seen = set()
    for index in range(150):
        seen |= gen_second.program(7, index).features
    assert set(gen_second.FEATURES) <= seen, sorted(set(gen_second.FEATURES) - seen)


# corpus functions whose second derivative srcdiff refuses: name -> the reason
CORPUS_REFUSED = {}


def _positions(case):
    return [case.wrt] if isinstance(case.wrt, int) else list(case.wrt)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_corpus_hvp_against_differences_of_its_gradient(case):
    if case.kwargs:
        pytest.skip("keyword arguments")
    check = Check(case.fn, case.args, _positions(case))
    rng = np.random.default_rng(5)
    outcome = check.run("hvp", rng)
    if case.name in CORPUS_REFUSED:
        assert outcome.startswith("refused"), (case.name, outcome)
        assert CORPUS_REFUSED[case.name] in outcome
        return
    assert outcome == "ok", outcome


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--reasons", action="store_true")
    parser.add_argument("--failures", type=int, default=3)
    a = parser.parse_args()
    s = run(a.seed, a.count)
    print(s.line())
    if a.reasons:
        for why, n in sorted(s.reasons.items(), key=lambda kv: -kv[1]):
            print(f"{n:5d}  {why}")
    for p, why in s.failures[:a.failures]:
        print(p.describe())
        print(why)
