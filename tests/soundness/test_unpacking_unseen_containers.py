"""A tuple assignment of a value the compiler does not see is a dict.

``a, b = q`` was lowered to ``a = q[0]; b = q[1]``: what Python unpacks for a list, a
tuple or an array, and not for a dict (its keys; ``q[0]`` is the value at key 0). A dict
the front end saw (a display, a dict argument) unpacked its keys; one it did not see was
read by index, silently: ``a, b = make(x)`` with ``make`` returning ``{0: 2x, 1: 3x}``
gave 26.25 for 3.0 at x = 1.5, and with string keys a KeyError. Now a user function every
``return`` of which returns a dict display is seen returning a dict (its keys unpacked,
containers.returned_kind), and any other value not surely a sequence is checked at run
time (``unpacked``: a dict or a set is refused, a wrong count raises Python's ValueError).
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

X = 1.5
PIPELINES = ({}, {"verify": True}, {"optimize": False})


def int_keys(x):
    return {0: x * 2.0, 1: x * 3.0}


def str_keys(x):
    return {"p": x * 2.0, "q": x * 3.0}


def unpack_int_keys(x):
    a, b = int_keys(x)
    return a * x + b * x * x


def unpack_str_keys(x):
    a, b = str_keys(x)
    return x * len(a + b)


def starred_keys(x):
    first, *rest = int_keys(x)
    return first * x + len(rest) * x * x


def pair(v):
    return v * 2.0, np.sin(v)


def unpack_a_returned_tuple(x):
    a, b = pair(x)
    c, *d = pair(a)
    return a * b + c * d[0]


@pytest.mark.parametrize("fn", [unpack_int_keys, unpack_str_keys, starred_keys,
                                unpack_a_returned_tuple], ids=lambda f: f.__name__)
def test_a_returned_dict_unpacks_its_keys(fn):
    want = numeric_grad(fn, (X,), 0)
    for options in PIPELINES:
        assert_close(sd.grad(fn, **options)(X), want)
    _, tangent = sd.jvp(fn)(X, tangents=1.0)
    assert_close(tangent, want, what="tangent")


def entry_of_a_dict_argument(p, x):
    a, b = p["inner"]
    return a * x + b * x * x


def through_an_entry(x):
    return entry_of_a_dict_argument({"inner": {0: x, 1: 2.0 * x}}, x)


def dict_or_list(x, n):
    return {0: x * 2.0, 1: x * 3.0} if n else [x, x]


def unpack_dict_or_list(x):
    a, b = dict_or_list(x, 1)
    return a * x + b * x * x


@pytest.mark.parametrize("fn", [through_an_entry, unpack_dict_or_list],
                         ids=lambda f: f.__name__)
def test_a_dict_seen_only_at_run_time_is_refused(fn, monkeypatch):
    # (Python unpacks the keys 0 and 1: 3.0 at x = 1.5; reading the values by index gave
    # 26.25 for unpack_dict_or_list)
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    for options in ({}, {"optimize": False}):
        with pytest.raises(sd.SrcdiffError, match="a tuple assignment unpacks a dict"):
            sd.grad(fn, **options)(X)


def grown(x, n):
    out = []
    for k in range(n):
        out.append(x * k)
    return out


def two_of_three(x):
    a, b = grown(x, 3)
    return a + b


def lists_of_the_right_length(x):
    a, b = grown(x, 2)
    c, *rest = grown(x, 3)
    return a * b + c + rest[1] * x


def test_the_count_is_checked_as_python_checks_it():
    with pytest.raises(ValueError, match="too many values to unpack"):
        two_of_three(X)
    for options in PIPELINES:
        with pytest.raises(ValueError, match="too many values to unpack"):
            sd.grad(two_of_three, **options)(X)
    want = numeric_grad(lists_of_the_right_length, (X,), 0)
    for options in PIPELINES:
        assert_close(sd.grad(lists_of_the_right_length, **options)(X), want)


def test_unpacked_reads_sequences_and_refuses_the_rest():
    from srcdiff.runtime_checks import unpacked
    assert unpacked([1, 2], 2) == 2 and unpacked(np.ones((3, 2)), 2, True) == 2
    with pytest.raises(ValueError, match="not enough values"):
        unpacked((1,), 2)
    with pytest.raises(ValueError, match="too many values"):
        unpacked((1, 2, 3), 2)
    for bad in ({0: 1.0, 1: 2.0}, {1.0, 2.0}):
        with pytest.raises(sd.SrcdiffError):
            unpacked(bad, 2)


def test_a_returned_tuple_is_checked_as_every_sequence():
    """A value known to be a sequence has its item count checked too (red34: ``p, q = a``
    of an array argument of 3 items gave a gradient where Python raises;
    tests/soundness/test_unpacked_lengths.py): also a helper's returned tuple, whose
    length the front end does not track (one call of ``unpacked`` per assignment)."""
    assert "unpacked(" in sd.source(unpack_a_returned_tuple, args=(X,))
    assert "unpacked(" in sd.source(unpack_dict_or_list, args=(X,))
