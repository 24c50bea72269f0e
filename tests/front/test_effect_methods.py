"""Methods called for their effect that the front end lowers to subscript stores
(front/containers.py ``method_statement``): ``a.fill(v)`` is ``a[...] = v``;
``d.update(...)`` of a name surely holding a dict is every key and value evaluated first,
then one ``d[key] = value`` per entry in order (or a loop over the other dict's keys).
Each is checked against central differences in every pipeline, forward mode and second
order; what the lowering does not cover stays a located refusal."""

import inspect

import numpy as np
import pytest

import srcdiff as sd
from pipelines import check_every_mode

X = np.array([0.5, 1.5, -0.8, 0.9])


def fill_with_a_value(x):
    y = np.empty(4)
    y.fill(x[0] * x[1])
    return np.sum(y * x)


def fill_with_a_constant_after_use(x):
    y = x * 2.0
    s = np.sum(y ** 2)
    y.fill(1.5)
    return s + np.sum(y * x)


def fill_in_a_loop(x):
    y = np.empty((2, 2))
    acc = 0.0
    for i in range(4):
        y.fill(x[i])
        acc = acc + np.sum(y * y) * (i + 1)
    return acc


def fill_casts_to_the_dtype(x):
    y = np.zeros(4, dtype=int)
    y.fill(2.7)  # 2, as NumPy casts
    return np.sum(y * x)


def fill_a_0d_array(x):
    y = np.zeros(())
    y.fill(x[1] * 2.0)
    return y * x[0]


def update_with_a_display(x):
    d = {"a": x[0]}
    d.update({"b": x[1] * 2.0, "a": x[2]})
    return d["a"] * d["b"]


def update_reads_before_it_stores(x):  # the new 'b' reads the old 'a', not the new one
    d = {"a": x[0], "b": x[1]}
    d.update({"a": d["b"] * 2.0, "b": d["a"] * 3.0})
    return d["a"] * d["b"] ** 2


def update_duplicate_keys_and_keywords(x):
    d = {"a": x[0]}
    d.update({"a": x[1], "a": x[2] * 5.0}, b=x[3])  # noqa: F601 (the last 'a' wins)
    return d["a"] * d["b"]


def update_with_another_dict_then_keywords(x):
    d = {"a": x[0], "c": 2.0}
    e = {"c": x[1] ** 2, "a": x[3]}
    d.update(e, a=x[2])  # e's entries, then the keyword's
    return d["a"] * d["c"] + e["a"]


def update_in_a_loop(x):
    d = {"s": 0.0, "p": 1.0}
    for i in range(4):
        d.update(s=d["s"] + x[i], p=d["p"] * x[i])
    return d["s"] * d["p"]


CASES = [fill_with_a_value, fill_with_a_constant_after_use, fill_in_a_loop,
         fill_casts_to_the_dtype, fill_a_0d_array, update_with_a_display,
         update_reads_before_it_stores, update_duplicate_keys_and_keywords,
         update_with_another_dict_then_keywords, update_in_a_loop]


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_every_mode_against_central_differences(f):
    check_every_mode(f, X.copy(), hvp=True)


def update_adds_a_key_after_a_read(x):
    d = {"a": x[0]}
    s = d["a"] * 2.0
    d.update(b=x[1] * 3.0)
    return s * d["b"]


def test_a_key_added_after_a_read_refuses_second_order_as_the_plain_store_does():
    # (tests/front/test_containers.py: a store that adds a key after the dict was read)
    check_every_mode(update_adds_a_key_after_a_read, X.copy())
    with pytest.raises(sd.SrcdiffError, match="adds the key 'b' to a dict after"):
        sd.hvp(update_adds_a_key_after_a_read)(X, vector=X)


def test_the_lowered_stores_in_the_generated_source():
    def code(src):  # the generated statements, not the comments quoting the source
        return "\n".join(line for line in src.splitlines() if not line.strip().startswith("#"))
    src = code(sd.source(fill_with_a_value, args=(X,)))
    assert "y[...] = " in src and ".fill(" not in src
    src = code(sd.source(update_reads_before_it_stores, args=(X,), optimize=False))
    assert ".update(" not in src
    # both values are read before the first store
    assert src.index("a = d['a']") < src.index("d['a'] = mul") < src.index("d['b'] = ")
    src = code(sd.source(update_with_another_dict_then_keywords, args=(X,), optimize=False))
    assert "key_list(e)" in src and "d[key] = e_i" in src


def test_a_dict_argument_is_updated():
    p = {"a": 2.0, "b": 0.5}

    def f(x, q):
        q.update(b=x[2] * 3.0)
        return q["a"] * q["b"]
    assert np.allclose(sd.grad(f)(X, dict(p)), [0.0, 0.0, 6.0, 0.0])


def update_through_an_alias(x):
    d = {"a": x[0]}
    e = d
    e.update(a=x[1] * 3.0)
    e = {"b": x[0]}  # (bound again: not read as d, front/aliases.py)
    return d["a"] * x[2] + e["b"]


def update_unpacked(x):
    d = {"a": x[0]}
    d.update(**{"a": x[1]})
    return d["a"]


def fill_through_a_view(x):
    y = x * 1.0
    v = y[1:3]
    v.fill(x[0])
    return np.sum(y * x)


def list_insert(x):  # (`v.insert(...)` of a name is lowered, front/entry_removals.py)
    v = [[x[0]], [x[1]]]
    v[0].insert(1, x[2] * 2.0)
    return v[0][0] * v[1][0]


def line_of(fn, needle):
    lines, first = inspect.getsourcelines(fn)
    return first + next(i for i, text in enumerate(lines) if needle in text)


@pytest.mark.parametrize("fn, needle, words", [
    # `e` is surely a dict (an alias of one): its update is a store through an alias of `d`
    (update_through_an_alias, "e.update(", "that `d` also refers to"),
    (update_unpacked, "d.update(**", "as a statement would change a value in place"),
    (fill_through_a_view, "v.fill(", "changes an array in place that `y` also refers to"),
    (list_insert, "v[0].insert(", "as a statement would change a value in place"),
])
def test_refused_with_location(fn, needle, words):
    for run in (lambda: sd.grad(fn)(X), lambda: sd.jvp(fn)(X, tangents=X)):
        with pytest.raises(sd.SrcdiffError) as info:
            run()
        msg = str(info.value)
        assert words in msg and needle in msg
        assert f"{__file__}:{line_of(fn, needle)}:" in msg
