"""A loop srcdiff lowers to an index loop (``for a, b in zip(p, q)``, ``enumerate(p)``,
``reversed(p)``) reads ``p[0], p[1], ...``; iterating a dict gives its keys.

``zip(d, xs)``, ``enumerate(d)`` and ``reversed(d)`` of a dict display read ``d[k]``, its
values, where Python iterates its keys: with integer keys the gradient was silently wrong
(``zip(d, x)``: [0.6, 2.0, 0] for [0, 1, 0]), with string keys a KeyError. A dict argument
with integer keys had the facts of a list, so even ``for a in d`` read its values (3.0 for
1.0). And ``reversed(q)`` inside ``zip``/``enumerate`` was refused when active and crashed
(``len`` of a reverse iterator) when not. Found by helper hunt17a's random style programs.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import check_pipelines

X = np.array([0.3, 0.5, 0.7])


def reversed_dict(x):
    d = {0: x[0], 1: x[1] * 2}
    t = 0.0
    for a in reversed(d):
        t = t + a * x[2]
    return t


def zipped_dict(x):
    d = {0: x[0], 1: x[1] * 2}
    t = 0.0
    for a, b in zip(d, x):
        t = t + a * b
    return t


def enumerated_dict(x):
    d = {0: x[0], 1: x[1] * 2}
    t = 0.0
    for i, a in enumerate(d):
        t = t + a * x[i]
    return t


def zipped_reversed_dict(x):
    d = {0: x[0], 1: x[1] * 2}
    t = 0.0
    for a, b in zip(reversed(d), x):
        t = t + a * b
    return t


def zipped_dict_with_string_keys(x):
    d = {"a": x[0], "b": x[1] * 2}
    t = 0.0
    for a, b in zip(d, x):
        t = t + d[a] * b
    return t


def zipped_reversed_list(x):
    lst = [x[0], x[1] * 2]
    t = 0.0
    for a, b in zip(reversed(lst), x):
        t = t + a * b
    return t


def enumerated_reversed_array(x):
    t = 0.0
    for i, a in enumerate(reversed(x), start=1):
        t = t + a * i * x[0]
    return t


def zipped_reversed_unused(x):
    lst, unused = [x[1] * 2, x[0]], 0.0
    for b, a in zip(x, reversed(lst)):
        unused += b - a  # (the loop is off the gradient's path)
    return np.sum(x * x) + 0.0 * len(lst)


def reversed_pairs_in_enumerate_zip(x):
    t = 0.0
    for i, (a, b) in enumerate(zip(x, reversed(x[1:]))):
        t = t + a * b * (i + 1)
    return t


CASES = [reversed_dict, zipped_dict, enumerated_dict, zipped_reversed_dict,
         zipped_dict_with_string_keys, zipped_reversed_list, enumerated_reversed_array,
         zipped_reversed_unused, reversed_pairs_in_enumerate_zip]


@pytest.mark.parametrize("fn", CASES, ids=lambda f: f.__name__)
def test_iteration_reads_what_python_iterates(fn):
    check_pipelines(fn, (X.copy(),), 0)
    _, tangent = sd.jvp(fn)(X.copy(), tangents=np.ones(3))
    assert_close(tangent, np.sum(numeric_grad(fn, (X.copy(),), 0)), what="tangent")


def over_a_dict_argument(x, d):
    t = 0.0
    for a in d:
        t = t + a * x
    return t


def zipped_dict_argument(x, d):
    t = 0.0
    for a, b in zip(d, [x, x * x]):
        t = t + a * b + d[a] * x
    return t


@pytest.mark.parametrize("fn", [over_a_dict_argument, zipped_dict_argument],
                         ids=lambda f: f.__name__)
def test_a_dict_argument_with_integer_keys_iterates_its_keys(fn):
    d = {0: 1.5, 1: 2.5}
    want = numeric_grad(fn, (0.5, d), 0)
    for options in ({}, {"verify": True}, {"optimize": False}):
        assert_close(sd.grad(fn, **options)(0.5, dict(d)), want)


def test_a_list_argument_like_the_dict_still_iterates_its_entries():
    fn = over_a_dict_argument  # (a compilation of its own: the facts differ)
    sd.grad(fn)(0.5, {0: 1.5, 1: 2.5})
    assert_close(sd.grad(fn)(0.5, [1.5, 2.5]), numeric_grad(fn, (0.5, [1.5, 2.5]), 0))
