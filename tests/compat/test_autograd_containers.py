"""autograd's tests/test_dict.py, test_list.py and test_tuple.py, in srcdiff's words.

Containers of arrays as arguments: gradients come back with the argument's
structure (an entry the output ignores gets zeros, or None, which the checker
reads as zero). Every case is checked in reverse mode, forward mode and to second
order against central finite differences (tests/support/check_modes.py).

autograd's ``d_fun`` cases call ``grad(fun)`` inside a differentiated function
(nested differentiation; here the derivative is made once at module level and
called inside, the form srcdiff takes). Dict methods and constructors included.

PYTEST_DONT_REWRITE: the ``isinstance`` cases differentiate functions with ``assert``
statements, which pytest's rewriting would change (see test_autograd_numpy.py).
"""

import numpy as np

import srcdiff as sd
from check_modes import R, check


def input_dict():
    return {"item_1": R(3, 2), "item_2": R(2, 3), "item_X": R(2, 2)}


def input_seq():
    return [R(3, 2), R(2, 3), R(2, 2)]


# ------------------------------------------------------------------ dict


def dict_getter(d):
    a = np.sum(d["item_1"])
    b = np.sum(d["item_2"])
    c = np.sum(d["item_2"])
    return a + b + c


def dict_fun(d):
    a = np.sum(np.sin(d["item_1"]))
    b = np.sum(np.cos(d["item_2"]))
    return a + b


d_dict_fun = sd.grad(dict_fun)  # made once, called inside (autograd writes grad(fun)(d) there)


def dict_d_fun(d):
    g = d_dict_fun(d)
    a = np.sum(g["item_1"])
    b = np.sum(np.sin(g["item_1"]))
    c = np.sum(np.sin(g["item_2"]))
    return a + b + c


def test_dict_getter():
    d = input_dict()
    result = sd.grad(dict_getter, unconnected_gradients="zero")(d)
    np.testing.assert_array_equal(result["item_1"], np.ones((3, 2)))
    np.testing.assert_array_equal(result["item_2"], 2.0 * np.ones((2, 3)))
    np.testing.assert_array_equal(result["item_X"], np.zeros((2, 2)))
    check(dict_getter, d)


def test_dict_grads():
    check(dict_fun, input_dict())


def test_dict_grads_d_fun():
    check(dict_d_fun, input_dict())


def dict_iter(d):
    a = 0.0
    b = 0.0
    for i, k in enumerate(sorted(d)):
        a = a + np.sum(np.sin(d[k])) * (i + 1.0)
        b = b + np.sum(np.cos(d[k]))
    return a + b


def test_dict_iter():
    check(dict_iter, input_dict(), modes=("rev", "fwd"))


def test_dict_iter_second_order():
    check(dict_iter, input_dict(), modes=("rev-rev", "fwd-rev"))


def dict_iter_keys(d):
    a = 0.0
    b = 0.0
    for i, k in enumerate(sorted(d.keys())):
        a = a + np.sum(np.sin(d[k])) * (i + 1.0)
        b = b + np.sum(np.cos(d[k]))
    return a + b


def test_dict_iter_keys():
    check(dict_iter_keys, input_dict())


def dict_items_values_keys(d):
    a = 0.0
    b = 0.0
    # autograd sorts the items by key (a key function); the dict here is already in key order
    for i, (k, v) in enumerate(d.items()):
        a = a + np.sum(np.sin(v)) * (i + 1.0)
        b = b + np.sum(np.cos(v))
    for v in d.values():
        a = a + np.sum(np.sin(v))
    for k in sorted(d.keys()):
        a = a + np.sum(np.cos(d[k]))
    return a + b


def test_dict_items_values_keys():
    d = input_dict()
    assert list(d) == sorted(d)
    check(dict_items_values_keys, d)


def dict_get(d, x):
    return d.get("item_1", x) ** 2


def test_dict_get():
    check(dict_get, {"item_1": 3.0}, 2.0)
    check(dict_get, {"item_2": 4.0}, 2.0)


def make_dict_pairs(x):
    return dict(zip(["a", "b"], [x, x]))  # autograd: dict([("a", x)], b=x)


def make_dict_keywords(x):
    return dict(a=x, b=x)


def make_dict_copy(x):
    return dict({"a": x})


def test_dict_make_dict():
    check(make_dict_pairs, 1.0)
    check(make_dict_keywords, 1.0)
    check(make_dict_copy, 1.0)


def make_dict_literal(x):
    return {"a": x, "b": 2.0 * x}


def test_dict_make_dict_literal():
    """test_make_dict's outputs, built with a dict display (no constructor call)."""
    check(make_dict_literal, 1.0)


def dict_isinstance(x):
    assert isinstance(x, dict)
    return x["x"]


def test_dict_isinstance():
    check(dict_isinstance, {"x": 1.0})


# ------------------------------------------------------------------ list


def seq_getter(s):
    a = np.sum(s[0])
    b = np.sum(s[1])
    c = np.sum(s[1])
    return a + b + c


def seq_fun(s):
    a = np.sum(np.sin(s[0]))
    b = np.sum(np.cos(s[1]))
    return a + b


d_seq_fun = sd.grad(seq_fun)


def seq_d_fun(s):
    g = d_seq_fun(s)
    a = np.sum(g[0])
    b = np.sum(np.sin(g[0]))
    c = np.sum(np.sin(g[1]))
    return a + b + c


def test_list_getter():
    s = input_seq()
    result = sd.grad(seq_getter, unconnected_gradients="zero")(s)
    assert isinstance(result, list)
    np.testing.assert_array_equal(result[0], np.ones((3, 2)))
    np.testing.assert_array_equal(result[1], 2.0 * np.ones((2, 3)))
    np.testing.assert_array_equal(result[2], np.zeros((2, 2)))
    check(seq_getter, s)


def test_list_grads():
    check(seq_fun, input_seq())


def test_list_grads_d_fun():
    check(seq_d_fun, input_seq())


# ------------------------------------------------------------------ tuple


def test_tuple_getter():
    t = tuple(input_seq())
    result = sd.grad(seq_getter, unconnected_gradients="zero")(t)
    assert isinstance(result, tuple)
    np.testing.assert_array_equal(result[1], 2.0 * np.ones((2, 3)))
    np.testing.assert_array_equal(result[2], np.zeros((2, 2)))
    check(seq_getter, t)


def test_tuple_grads():
    check(seq_fun, tuple(input_seq()))


def test_tuple_grads_d_fun():
    check(seq_d_fun, tuple(input_seq()))


def inner_product(y):
    return y[0] * y[1]


d_inner_product = sd.grad(inner_product)


def outer_fun(x):
    return np.sum(np.sin(np.array(d_inner_product((x, x)))))


def test_tuple_nested_higher_order():
    check(outer_fun, 5.0)


def tuple_isinstance(x):
    assert isinstance(x, tuple)
    return x[0]


def test_tuple_isinstance():
    check(tuple_isinstance, (1.0, 2.0, 3.0))


def tuple_output(x, y):
    return (np.sin(x) * y, (x + y, np.sum(x * y)))


def test_tuple_output_structures():
    """autograd's tuple outputs (tuple((w, v))), nested: the cotangent has their structure."""
    check(tuple_output, R(3), R(3))
