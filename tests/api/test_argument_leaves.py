"""srcdiff/leaves.first_answer: the one walk over an argument's entries that check_arguments
(what srcdiff does not model) and the numba backend's float precision check share; the
path it gives names the entry as Python reads it, in both messages."""

import numpy as np
import pytest

import srcdiff as sd
from srcdiff import leaves
from srcdiff.errors import SrcdiffError


def test_first_answer_walks_dicts_lists_and_tuples_in_order():
    value = {"a": [1.0, (2, np.zeros(2))], "b": ["s"], "c": "t"}
    seen = []

    def ask(leaf, path):
        seen.append(path)
        return path if isinstance(leaf, str) else None
    assert leaves.first_answer(value, ask) == ("b", 0)
    assert seen == [("a", 0), ("a", 1, 0), ("a", 1, 1), ("b", 0)]
    assert leaves.first_answer([1.0, 2, True], ask) is None and len(seen) == 4  # (not walked)
    assert leaves.shown("w", ("b", 0)) == "w['b'][0]"


def f(p):
    return np.sum(p["w"][1] * 2.0)


def test_an_unmodelled_entry_named_by_its_path():
    with pytest.raises(TypeError, match=r"argument 'p'\['w'\]\[0\] is a str"):
        sd.grad(f)({"w": ["s", np.ones(2)]})


def test_a_float32_entry_named_by_its_path_under_numba():
    pytest.importorskip("numba")
    with pytest.raises(SrcdiffError, match=r"`p\['w'\]\[1\]` is float32"):
        sd.grad(f, backend="numba")({"w": [np.ones(2), np.ones(2, np.float32)]})
