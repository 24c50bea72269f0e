"""The steady-state cache key (api/transforms.py ``_quick_key``): arguments with equal
keys have equal facts (analysis/facts.py ``arg_fact``, which selects the generated
gradient) and pass check_arguments, so a call that finds its key skips both soundly."""

import itertools

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.api import transforms
from srcdiff.compiler.analysis import facts

LENGTHS = (1, 2, 63, 64, 65, 66, 200)


def _lists(rng):
    for n, kind, box in itertools.product(LENGTHS, (float, int, "mixed", bool), (list, tuple)):
        if kind == "mixed":
            values = [float(v) if i % 3 else int(v) for i, v in enumerate(rng.integers(-5, 5, n))]
        elif kind is bool:
            values = [bool(v) for v in rng.integers(0, 2, n)]
        else:
            values = [kind(v) for v in rng.integers(-5, 5, n)]
        yield box(values)


def test_equal_keys_have_equal_facts_and_pass_the_checks():
    rng = np.random.default_rng(7)
    by_key = {}
    for value in _lists(rng):
        args = (1.5, value)
        key = transforms._quick_key(args)
        kinds = set(map(type, value))
        assert (key is None) == (len(kinds) != 1 or not kinds <= {float, int})
        if key is None:
            continue
        transforms.check_arguments(len, ("x", "ys"), args)  # raises if refused
        fact = tuple(map(facts.arg_fact, args))
        assert by_key.setdefault(key, fact) == fact
    # a key stands for one fact, and lists long past 64 share it
    assert transforms._quick_key(([0.5] * 65,)) == transforms._quick_key(([0.5] * 300,))
    assert transforms._quick_key(([0.5] * 64,)) != transforms._quick_key(([0.5] * 65,))
    assert transforms._quick_key(([0.5] * 3,)) != transforms._quick_key(((0.5,) * 3,))
    assert transforms._quick_key(([],)) is None
    assert transforms._quick_key(([[0.5]],)) is None


def weighted_sum(a, ys):
    s = 0.0
    for t in range(len(ys)):
        s = s + a * a * ys[t] + ys[t] // 2
    return s


@pytest.mark.parametrize("ys", [[1.0, 2.5, -3.0], [1, 2, -3], [1, 2.5, -3], (4.0, 5.0)])
def test_the_gradient_of_each_kind_of_list_after_another(ys):
    g = sd.grad(weighted_sum)
    for other in ([7.0, 1.0], [7, 1], [0.5] * 70):  # keys made before this one
        assert_close(g(0.3, other), numeric_grad(weighted_sum, (0.3, other), 0))
    assert_close(g(0.3, ys), numeric_grad(weighted_sum, (0.3, ys), 0))
    assert_close(g(0.3, ys), 2 * 0.3 * sum(ys))


class _Float(float):
    pass


def test_float_entries_are_the_entries_bit_for_bit_and_only_for_exact_floats():
    """compiler/emit/float_lists.py ``float_entries`` (marshal's layout): the array of a
    list or tuple of Python floats, bit for bit np.array's, and None as soon as one entry
    at any place is anything else (the quick key then takes the set of types)."""
    from srcdiff.compiler.emit import float_lists as seeded
    assert seeded._MARSHAL_FLOATS
    rng = np.random.default_rng(3)
    specials = [float("nan"), float("-inf"), float("inf"), -0.0, 5e-324, 1e-310,
                1.7976931348623157e308]
    for n in (1, 2, 9, 64, 65, 1000):
        values = [float(v) for v in rng.standard_normal(n) * 10.0 ** rng.integers(-300, 300, n)]
        values[: len(specials)] = specials[:n]
        for box in (list, tuple):
            got = seeded.float_entries(box(values))
            assert got is not None and got.tobytes() == np.array(values).tobytes()
            for k in sorted({0, n // 2, n - 1}):
                # ("abcd": 9 bytes marshalled, as a float: only the type bytes tell)
                for other in (1, True, np.float64(0.5), _Float(0.5), [0.5], "g", "abcd", None,
                              1j):
                    mixed = list(values)
                    mixed[k] = other
                    assert seeded.float_entries(box(mixed)) is None, (n, k, other)
                    assert transforms._quick_key((box(mixed),)) != transforms._quick_key(
                        (box(values),))
    assert seeded.float_entries([]) is None
    floats = {}
    key = transforms._quick_key((1.0, [0.5, 2.0], np.zeros(2), (1, 2), (0.25,)), floats)
    assert key == transforms._quick_key((1.0, [0.5, 2.0], np.zeros(2), (1, 2), (0.25,)))
    assert sorted(floats) == [1, 4] and floats[1].tolist() == [0.5, 2.0]
    assert floats[1].flags.c_contiguous and floats[1].flags.writeable
    # written modules and the compiled runner ask the same question (numba_helpers.py,
    # numba_emit.py): a writable float64 copy for exact floats only, the value otherwise
    from srcdiff.compiler.emit.numba_helpers import float_array
    made = float_array((0.5, -0.0))
    assert made.dtype == np.float64 and made.flags.writeable and made.tobytes() == np.array(
        [0.5, -0.0]).tobytes()
    for value in ([0.5, 1], [np.float64(0.5)], [], (_Float(0.5),), 0.5):
        assert float_array(value) is value
