"""Containers as Python writes them: dict and set comprehensions, generator expressions in
``sum``/``list``/``tuple``/``dict``, the ``dict(...)``/``list(...)``/``tuple(...)``
constructors, starred assignment targets (``first, *rest = v``), dict methods
(``.items()``, ``.values()``, ``.keys()``, ``.get``), loops over a
dict's entries, ``sorted`` of keys, and f-strings off the gradient path. Each is checked
against central finite differences in reverse mode, forward mode and second order
(Hessian-vector products against second differences); what cannot be modelled is refused
with a located error."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad, total
from tangents import inner, random_like

KEYS = ["a", "b", "c"]


def dictcomp_values_get(x):
    d = {k: x * (i + 1.0) for i, k in enumerate(KEYS)}
    return sum(d.values()) * d.get("a", 0.0) + d.get("z", x) ** 2


def dictcomp_duplicate_keys(x):
    d = {k: x ** (i + 1) for i, k in enumerate(["a", "b", "a"])}  # the last 'a' wins
    return d["a"] + 2.0 * d["b"]


def dictcomp_filtered(v):
    d = {f"w{i}": v[i] ** 2 for i in range(4) if i % 2 == 0}
    total_ = 0.0
    for k, w in d.items():
        total_ = total_ + w * len(k)
    return total_


def items_loop(p):
    t = 0.0
    for k, v in p.items():
        t = t + np.sum(v ** 2)
    return t


def items_loop_one_name(p):
    t = 1.0
    for kv in p.items():
        t = t * np.sum(np.sin(kv[1]))
    return t


def values_and_keys(p):
    t = 0.0
    for v in p.values():
        t = t + np.sum(v) ** 2
    for k in p.keys():
        t = t + np.sum(p[k] * 0.5)
    return t + sum(np.sum(np.tanh(v)) for v in list(p.values()))


def sorted_keys(p):
    t = 0.0
    for k in sorted(p.keys()):
        t = t * 2.0 + np.sum(p[k])
    return t


def iterate_the_dict(p):  # a dict argument iterates its keys
    t = 0.0
    for k in sorted(p, reverse=True):
        t = t * 0.5 + np.sum(np.cos(p[k]))
    for k in p:
        t = t + np.sum(p[k] ** 3)
    sq = {k: p[k] ** 2 for k in p}
    names = list(p)
    return t + np.sum(sq[names[0]]) * len(tuple(p))


def get_entries(p):
    w = p.get("W")
    b = p.get("missing", np.ones(3))
    return np.sum(np.tanh(w * b)) + np.sum(p.get("b", w) ** 3)


def rebuilt_dict(p):
    q = {k: v * 2.0 for k, v in p.items()}
    r = dict(q)
    s = dict(zip(list(q.keys()), [np.sin(v) for v in q.values()]))
    return np.sum(r["W"] * s["b"]) + np.sum(s["W"])


def constructors(x):
    lst = list((x, x * 2.0))
    tup = tuple(lst)
    d = dict(a=x, b=tup[1])
    return d["a"] * d["b"] + len(dict()) + len(list()) + len(tuple())


def generator_constructors(x):
    gen = tuple(x ** i for i in range(3))
    lst = list(x * i for i in range(3))
    e = dict((str(i), x + i) for i in range(2))
    return sum(gen) * lst[2] + e["1"] * e["0"]


def iterate_a_local_dict(v):  # a name only ever bound to dicts iterates its keys too
    d = {f"v{i}": v[i] * (i + 1.0) for i in range(3)}
    e = dict(w=v[3])
    e["w"] = e["w"] * 2.0
    t = 0.0
    for k in d:
        t = t + d[k] ** 2
    for k in sorted({"b": v[0], "a": v[1]}):
        t = t * 0.5 + e["w"] * len(k)
    return t + sum(np.sin(d[k]) for k in list(d))


def int_keys_in_arithmetic(p):
    t = 0.0
    for k, v in p.items():
        t = t + k * np.sum(v ** 2)
    return t


def setcomp(x):
    s = {i % 2 for i in range(5)}
    labels = {"a", "b"}
    return x * len(s) + x ** 2 * len(labels)


def fstrings(x):
    label = f"value {np.sum(x):.3f}"
    width = 6
    other = f"{label!r:>{width}} {np.sum(x)}"
    unused = f"{x}"  # noqa: F841
    d = {f"k{i}": x * i for i in range(3)}
    if len(other) < 0:
        raise ValueError(f"impossible: {other}")
    scale = 3.0 if label.startswith("value") else 1.0  # control flow only: piecewise
    return np.sum(d["k2"] ** 2) * scale + np.sum(d[f"k{1}"])


def array_rows(m):
    rows = list(m)
    return np.sum(rows[0] * rows[1]) + sum(np.sum(r ** 2) for r in tuple(m))


def starred_targets(v):
    first, *rest = v  # rest: a list of the array's elements
    a, *mid, z = [v[0], v[1] * 2.0, v[2] ** 2, v[3]]
    *init, last = (v[0], v[1], v[2])
    return first * np.sum(np.array(rest) ** 2) + a * z + sum(mid) * mid[0] + last * init[1] ** 3


def starred_rows(m):
    top, *others = m
    return np.sum(top * others[0]) + np.sum(others[-1] ** 2)


P = {"W": np.array([0.3, -0.8, 1.1]), "b": np.array([0.5, 0.2, -0.4])}
V = np.array([0.4, -1.2, 0.9, 1.7])

CASES = [
    (dictcomp_values_get, (0.7,)),
    (dictcomp_duplicate_keys, (1.3,)),
    (dictcomp_filtered, (V,)),
    (items_loop, (P,)),
    (items_loop_one_name, (P,)),
    (values_and_keys, (P,)),
    (sorted_keys, ({"b": P["b"], "W": P["W"]},)),
    (get_entries, (P,)),
    (rebuilt_dict, (P,)),
    (constructors, (0.9,)),
    (generator_constructors, (0.9,)),
    (setcomp, (1.4,)),
    (int_keys_in_arithmetic, ({1: P["W"], 2: P["b"]},)),
    (iterate_the_dict, ({"b": P["b"], "W": P["W"]},)),
    (iterate_a_local_dict, (V,)),
    (fstrings, (V,)),
    (array_rows, (np.array([[0.5, -1.0], [2.0, 0.3]]),)),
    (starred_targets, (V,)),
    (starred_rows, (np.array([[0.5, -1.0], [2.0, 0.3], [-0.7, 1.2]]),)),
]
IDS = [f.__name__ for f, _ in CASES]


@pytest.mark.parametrize("f, args", CASES, ids=IDS)
def test_reverse_mode(f, args):
    expected = numeric_grad(f, args, 0)
    assert_close(sd.grad(f)(*args), expected)
    assert_close(sd.grad(f, optimize=False)(*args), expected)


@pytest.mark.parametrize("f, args", CASES, ids=IDS)
def test_forward_mode(f, args):
    rng = np.random.default_rng(3)
    t = random_like(args[0], rng)
    value, tangent = sd.jvp(f)(*args, tangents=t)
    assert_close(value, f(*args), what="value")
    assert_close(total(tangent), inner(numeric_grad(f, args, 0), t), what="tangent")


def _second_difference(f, x, v, h=1e-4):
    """v^T H v of sum(f) at x, by central second differences (x, v: arrays or dicts)."""
    def at(s):
        if isinstance(x, dict):
            return total(f({k: x[k] + s * v[k] for k in x}))
        return total(f(x + s * v))
    return (at(h) - 2.0 * at(0.0) + at(-h)) / (h * h)


@pytest.mark.parametrize("f, args", CASES, ids=IDS)
def test_second_order(f, args):
    x = args[0]
    v = random_like(x, np.random.default_rng(5))
    hv = sd.hvp(f)(x, vector=v)
    assert_close(inner(hv, v), _second_difference(f, x, v), rtol=1e-4, atol=1e-5,
                 what="v.Hv")
    # grad(grad) of a list grown by `append` in a loop is refused at run time on main too
    # ("pop from empty list", issue 15's second-order section): checked by hvp above
    if np.ndim(x) == 0 and not isinstance(x, dict) and f is not generator_constructors:
        assert_close(sd.grad(sd.grad(f))(x), _second_difference(f, x, 1.0), rtol=1e-4,
                     atol=1e-5, what="grad(grad)")


def dict_filled_by_stores(x):  # `d = {}; d[k] = ...`: each store adds a key
    d = {}
    d["a"] = x * 2.0
    d["b"] = np.sin(x) * d["a"]
    d["a"] = d["a"] + d["b"]
    return d["a"] * d["b"]


def int_keys_added_in_a_loop(x):  # integer keys of a dict, added by a loop
    d = {}
    for i in range(4):
        d[i] = x * (i + 1.0)
        d[i] = d[i] * x
    cfg = {"s": 0.0}
    for k in d:
        cfg["s"] = cfg["s"] + np.sin(d[k])
    return cfg["s"]


def keys_added_to_a_dict_argument_copy(p):
    q = dict(p)
    q["c"] = q["W"] * 3.0
    return np.sum(q["c"] * q["b"])


STORE_CASES = [
    (dict_filled_by_stores, (0.7,)),
    (int_keys_added_in_a_loop, (0.7,)),
    (keys_added_to_a_dict_argument_copy, (P,)),
]


@pytest.mark.parametrize("f, args", STORE_CASES, ids=[f.__name__ for f, _ in STORE_CASES])
def test_stores_that_add_keys(f, args):
    # the backward sweep undoes each store: one that added a key removes it again
    # (runtime.item_saved/item_restore); before, it read the absent key and raised KeyError
    expected = numeric_grad(f, args, 0)
    assert_close(sd.grad(f)(*args), expected)
    assert_close(sd.grad(f, optimize=False)(*args), expected)
    assert_close(sd.grad(f, verify=True)(*args), expected)
    t = random_like(args[0], np.random.default_rng(7))
    value, tangent = sd.jvp(f)(*args, tangents=t)
    assert_close(total(tangent), inner(expected, t), what="tangent")


def test_second_order_through_a_store_that_adds_a_key_is_refused():
    # not supported: the undo that removes the key is read as a plain store when the
    # generated code is differentiated again (front/parse.py _plain_item_stores), whose
    # save finds no value there: a SrcdiffError naming the key (a bare KeyError before)
    with pytest.raises(sd.SrcdiffError, match="adds the key 'b' to a dict after"):
        sd.hvp(dict_filled_by_stores)(0.7, vector=1.0)
    with pytest.raises(sd.SrcdiffError, match="adds the key 'b' to a dict after"):
        sd.grad(sd.grad(dict_filled_by_stores))(0.7)


def test_a_store_that_adds_a_key_is_undone_by_item_restore():
    src = sd.source(dict_filled_by_stores)
    assert "item_saved(d, 'b')" in src and "item_restore(d, 'b'," in src
    # the first store fills a new dict nothing has read yet: its undo would be read by no
    # one (analysis/recording.py, _unread_undos), and the reference pipeline keeps it
    # (the third store, which replaces d["a"] after reads, keeps its undo)
    assert src.count("item_saved(d, 'a')") == 1 and src.count("item_restore(d, 'a',") == 1
    ref = sd.source(dict_filled_by_stores, optimize=False)
    assert ref.count("item_saved(d, 'a')") == 2 and ref.count("item_restore(d, 'a',") == 2


def dict_filled_before_it_is_read(x):  # every store adds a key to a new dict, then reads
    d = {}
    d["a"] = x * 2.0
    d["b"] = np.sin(x)
    out = []
    for i in range(3):
        e = {}
        e["u"] = d["a"] * (i + 1.0)
        e["v"] = np.cos(d["b"] * (i + 1.0)) if i else d["b"]
        out.append(e)
    return sum(q["u"] * q["v"] for q in out) + d["a"] * d["b"]


def test_second_order_through_a_dict_filled_before_it_is_read():
    # the stores' undos are skipped (nothing reads what they would restore), so no undo
    # removes a key: before, hvp stopped with a KeyError
    f = dict_filled_before_it_is_read
    src = sd.source(f, args=(0.7,))
    assert "item_saved" not in src and "item_restore" not in src
    assert_close(sd.grad(f)(0.7), numeric_grad(f, (0.7,), 0))
    assert_close(sd.hvp(f)(0.7, vector=1.0), _second_difference(f, 0.7, 1.0), rtol=1e-4,
                 atol=1e-5, what="hvp")
    assert_close(sd.grad(sd.grad(f))(0.7), _second_difference(f, 0.7, 1.0), rtol=1e-4,
                 atol=1e-5, what="grad(grad)")


def test_items_loop_gives_the_gradient_dict():
    g = sd.grad(items_loop)(P)
    assert set(g) == {"W", "b"}
    assert_close(g, {k: 2.0 * v for k, v in P.items()})


def test_the_items_loop_is_a_loop_over_the_key_list():
    src = sd.source(items_loop)
    assert "key_list(p)" in src and "p[k]" in src


def test_dict_comprehension_keys_follow_python_order():
    x = 0.5
    assert sd.jvp(dictcomp_duplicate_keys)(x, tangents=1.0)[0] == dictcomp_duplicate_keys(x)


# ------------------------------------------------------------------ refusals


def varied_key_stored(x):
    d = {}
    d[x * 2.0] = 1.0
    t = 0.0
    for k in d.keys():
        t = t + k
    return t


def varied_key_comprehension(x):
    d = {x * i: i for i in range(3)}
    return sum(k for k, v in d.items())


def set_of_values(x):
    s = {x, 2.0 * x}
    return sum(s)


def list_of_a_dict(p):
    ks = list(p)
    return ks[0] * np.sum(p[1])


def dict_with_keywords_and_argument(x):
    d = dict({"a": x}, b=x)
    return d["a"]


def dict_of_pairs_expression(x):
    d = dict([("a", x)])
    return d["a"]


def line_of(fn, needle):
    import inspect
    lines, first = inspect.getsourcelines(fn)
    return first + next(i for i, text in enumerate(lines) if needle in text)


@pytest.mark.parametrize("fn, args, needle, words", [
    (varied_key_stored, (1.0,), "d[x * 2.0] = 1.0", "this dict key depends on"),
    (varied_key_comprehension, (1.0,), "{x * i: i", "this dict key depends on"),
    (set_of_values, (1.0,), "{x, 2.0 * x}", "a set merges equal elements"),
    (dict_with_keywords_and_argument, (1.0,), "dict({", "both a positional argument"),
    (dict_of_pairs_expression, (1.0,), "dict([", "dict(...) of this argument"),
])
def test_refused_with_location(fn, args, needle, words):
    for run in (lambda: sd.grad(fn)(*args), lambda: sd.jvp(fn)(*args, tangents=random_like(
            args[0], np.random.default_rng(0)))):
        with pytest.raises(sd.SrcdiffError) as info:
            run()
        msg = str(info.value)
        assert words in msg
        assert f"{__file__}:{line_of(fn, needle)}:" in msg
        assert needle in msg  # the offending source line


def test_list_of_a_dict_with_integer_keys_is_its_keys():
    # (refused while a dict with integer keys had a list's facts: list(p) read its values)
    p = {0: np.ones(2), 1: np.array([0.5, 2.0])}
    for options in ({}, {"optimize": False}):
        got = sd.grad(list_of_a_dict, **options)(p)
        assert got[0] is None or np.all(got[0] == 0)
        np.testing.assert_array_equal(got[1], np.zeros(2))  # ks[0] is the key 0
    p = {1: np.ones(2), 0: np.array([0.5, 2.0])}
    got = sd.grad(list_of_a_dict)(p)
    np.testing.assert_allclose(got[1], np.ones(2))  # ks[0] is the key 1
