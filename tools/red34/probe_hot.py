# ruff: noqa: BLE001, E731, E501
"""red34 area 2: api/seeded.py Seeded.hot (the steady-state entry) against a fresh sd.grad
and central differences, over sequences of calls whose arguments keep their quick key."""
import copy

import numpy as np

import srcdiff as sd
from run import COUNTS, _close, report
from srcdiff.errors import SrcdiffError
from tests.support.fd import numeric_grad

SCALE = 2.0


def loss(x, k):
    return np.sum(np.sin(x) * x) * k * SCALE


def writes_arg(x, y):
    y = y * 1.0
    x = x + 0.0
    x[0] = x[0] * 3.0
    return np.sum(x * y)


def two(x, y):
    return np.sum(np.sin(x) * y ** 2)


def flat_read(x):
    return np.sum(x.ravel()[:2] * np.arange(2.0))


def _helper(x, s=2.0):
    return x * s


def via_helper(x):
    return np.sum(_helper(x) ** 2)


def with_default(x, k=1.5):
    return np.sum(np.sin(x)) * k


def scalar_kind(x, k):
    return np.sum(x ** k)


def int_div(x, k):
    return np.sum(x) * (k / 2)


def by_dict(d):
    return np.sum(d["a"] * d["b"])


def by_list(xs):
    return sum(np.sum(x ** 2) for x in xs)


def outcome(g, fn, args, wrt=0, kw=None):
    kw = kw or {}
    try:
        fn(*copy.deepcopy(args), **kw)
        raised = None
    except Exception as e:
        raised = e
    try:
        got = g(*args, **kw)
    except SrcdiffError as e:
        return "refused", str(e)[:100]
    except Exception as e:
        if "srcdiff takes" in str(e):  # (the documented refusal of other argument types)
            return "refused", str(e)[:100]
        if raised is None:
            return "crash", repr(e)[:200]
        return ("right" if type(e) is type(raised) else "errtype"), repr(e)[:100]
    if raised is not None:
        return "wrong", f"function raises {raised!r}"
    try:
        fresh = sd.grad(fn, wrt)(*copy.deepcopy(args), **kw)
    except SrcdiffError:
        fresh = None
    if fresh is not None and not _same(got, fresh):
        return "wrong", f"differs from a fresh sd.grad: {got!r} {fresh!r}"[:300]
    if not args:
        return "right", ""
    want = numeric_grad(lambda *a: fn(*copy.deepcopy(a), **kw), list(args), wrt)
    if not _close(_filled(got, want), want):
        return "wrong", f"got {got!r} want {want!r}"[:300]
    return "right", ""


def _same(a, b):
    if a is None or b is None:
        return a is b
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(map(_same, a, b))
    return type(a) is type(b) and np.shape(a) == np.shape(b) and np.array_equal(a, b, equal_nan=True)


def _filled(got, want):
    """``got`` with None (an int's gradient, SPEC) replaced by ``want``: not compared."""
    if got is None:
        return want  # (not compared: ints have no gradient)
    if isinstance(got, dict):
        return {k: _filled(got.get(k), want[k]) for k in want}
    if isinstance(got, (list, tuple)):
        return type(got)(_filled(g, w) for g, w in zip(got, want))
    return got


def seq(name, fn, calls, wrt=0):
    g = sd.grad(fn, wrt)
    for k, c in enumerate(calls):
        if callable(c):
            c()
            continue
        args, kw = c if isinstance(c, tuple) and len(c) == 2 and isinstance(c[1], dict) else (c, {})
        for _ in range(2):
            res, detail = outcome(g, fn, args, wrt, kw)
            COUNTS.setdefault("hot", {}).setdefault(res, 0)
            COUNTS["hot"][res] += 1
            if res != "right":
                print(f"[hot] {name} call {k}: {res} {detail}")


def setg(name, v):
    return lambda: globals().__setitem__(name, v)


def main():
    R = np.random.default_rng(1)
    a = R.normal(size=(3, 4))
    seq("contiguity", loss, [(a, 1.5), (a.T.copy().T, 1.5), (np.asfortranarray(a), 1.5),
                             (a[:, ::-1], 1.5), (a, 1.5)])
    ro = a.copy()
    ro.flags.writeable = False
    seq("readonly", writes_arg, [(a.copy(), a.copy()), (ro, ro), (a.copy(), a.copy())])
    same = a.copy()
    seq("aliased", writes_arg, [(a.copy(), a.copy()), (same, same), (same, same)])
    seq("aliased_two", two, [(a.copy(), a.copy()), (same, same), (same, same)])
    seq("flat_read", flat_read, [(a,), (np.asfortranarray(a),), (a.T.copy().T,)])
    seq("scalars", loss, [(a, 1.5), (a, 2), (a, True), (a, np.float64(1.5)), (a, np.float32(1.5)),
                          (a, np.array(1.5)), (a, 1.5)])
    seq("int_div", int_div, [(a, 3), (a, 3.0), (a, True), (a, 3)])
    seq("scalar_kind", scalar_kind, [(np.abs(a), 2), (np.abs(a), 2.5), (np.abs(a), True), (np.abs(a), 2)])
    seq("global", loss, [(a, 1.5), setg("SCALE", 3.0), (a, 1.5), setg("SCALE", np.ones(4)), (a, 1.5),
                         setg("SCALE", 2.0), (a, 1.5)])
    seq("dict", by_dict, [({"a": a, "b": a},), ({"a": a, "b": a[0]},), ({"a": a, "b": a, "c": 1.0},),
                          ({"a": a, "b": a},)])
    seq("list", by_list, [([a, a],), ([a, 1.0],), ([1.0, 2.0],), ([1, 2.0],), ([a, a],)])
    seq("list_scal", by_list, [([1.0, 2.0],), ([1, 2],), ([True, 2.0],), ([1.0, 2.0],)])
    m = np.asmatrix(a)
    seq("matrix", loss, [(a, 1.5), (m, 1.5), (a, 1.5)])

    class Sub(np.ndarray):
        pass
    seq("subclass", loss, [(a, 1.5), (a.view(Sub), 1.5), (a, 1.5)])
    swapped = a.astype(a.dtype.newbyteorder(">"))
    seq("byteorder", loss, [(a, 1.5), (swapped, 1.5), (a, 1.5)])
    seq("f32", loss, [(a, 1.5), (a.astype(np.float32), 1.5), (a, 1.5)])
    seq("int_arr", loss, [(a, 1.5), (np.arange(12).reshape(3, 4), 1.5), (a, 1.5)])

    def redefine():
        globals()["_helper"] = lambda x, s=2.0: x * s * 5.0

    def defaults():
        _helper.__defaults__ = (7.0,)
    seq("helper_defaults", via_helper, [(a,), defaults, (a,), (a,)])
    seq("helper_redefined", via_helper, [(a,), redefine, (a,), (a,)])

    def wd_defaults():
        with_default.__defaults__ = (4.0,)
    seq("own_defaults", with_default, [(a,), (a, 1.5), wd_defaults, (a,), (a, 1.5), (a,)])
    seq("keywords", loss, [(a, 1.5), ((a,), {"k": 1.5}), ((), {"x": a, "k": 2.0}), (a, 1.5)])
    seq("arity", loss, [(a, 1.5), (a,), (a, 1.5, None), (a, 1.5, 1.0, 2.0), (a, 1.5)])
    seq("grad_ys", loss, [(a, 1.5), (a, 1.5, 1.0), (a, 1.5), (a, 1.5, 2.0), (a, 1.5)])
    seq("zero_d", loss, [(np.array(1.3), 1.5), (np.float64(1.3), 1.5), (1.3, 1.5), (np.array(1.3), 1.5)])


if __name__ == "__main__":
    main()
    report()
