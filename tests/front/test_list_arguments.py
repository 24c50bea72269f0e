"""A list or tuple (a display, or a name holding one) passed to a NumPy function that reads
it as one array (``np.dot([x[0], 2.0], w)``) is converted with ``np.asarray`` before the
call (compiler/analysis/list_arguments.py): the rules then see an array. Before,
``np.dot``, ``np.clip`` (reverse) and ``np.sort`` (forward) of a list stopped with a
TypeError or AttributeError inside the rule. Functions that take a sequence of arrays keep
the list (ragged pieces), and shape, axis and index arguments stay as written."""

import numpy as np
import pytest

import srcdiff as sd
from pipelines import check_every_mode

X = np.array([0.3, -1.2, 2.0, 0.7, -0.4, 1.1])


def dot_of_displays(x):
    return np.dot([x[0], 2.0], [1.0, x[1]]) + np.sum(np.outer([x[0], 1.0], (x[2], 2.0)))


def clip_of_display(x):
    return np.sum(np.clip([x[0], 2.0, x[2]], 0.0, 1.5) * np.array([1.0, 3.0, 5.0]))


def sort_of_display(x):
    return np.sum(np.sort([x[0], 2.0, x[1]]) * np.array([1.0, 3.0, 5.0]))


def reductions_of_displays(x):
    return (np.sum([x[0], 2.0, x[1]]) * np.mean([x[2], 1.0]) + np.prod([x[3], 3.0])
            + np.max([x[4], 0.0]) + np.dot(x[:2], [1.0, 2.0]))


def shapes_of_displays(x):
    return (np.sum(np.reshape([x[0], 2.0, x[1], 1.0], (2, 2)) @ np.array([1.0, 3.0]))
            + np.sum(np.tile([x[0], 2.0], 2) * np.arange(4.0))
            + np.sum(np.flip([x[0], 2.0, x[1]]) * np.arange(3.0)))


def ragged_pieces(x):
    return np.sum(np.concatenate([x[:2], x[2:5] * 2.0]) ** 2) + np.sum(np.stack((x[:2], x[4:])))


def named_lists(x):
    v = [x[0], 2.0]
    w = []
    for i in range(3):
        w.append(x[i] * x[5])
    return np.dot(v, x[:2]) + np.dot(w, w) + np.sum(np.maximum(w, 0.5))


def list_level_of_percentile(x):
    q = [25.0, 50.0 + x[0]]
    return np.sum(np.percentile(x, q)) + np.sum(np.interp([x[1], 0.5], [-2.0, 0.0, 3.0],
                                                         [x[2], 1.0, x[3]]))


def shape_arguments_stay(x):
    m = np.broadcast_to(x[:2], (3, 2))
    return np.sum(np.moveaxis(m[None], [0, 1], [1, 0]) * np.tile([x[0], 1.0], (3, 1))) \
        + np.sum(np.pad(x[:3], [(1, 2)]) * np.roll([x[1], x[2], 1.0, 0.0, 2.0, 3.0], (2,)))


CASES = [dot_of_displays, named_lists, list_level_of_percentile, shape_arguments_stay,
         clip_of_display, sort_of_display, reductions_of_displays, shapes_of_displays,
         ragged_pieces]


@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
def test_every_mode(f):
    check_every_mode(f, X, seed=2, hvp=True)


def test_the_list_is_read_as_an_array_only_where_numpy_would():
    assert "= np.asarray(items)" in sd.source(dot_of_displays)
    assert "v_array = np.asarray(v)" in sd.source(named_lists)
    src = sd.source(ragged_pieces)
    assert "np.asarray" not in src and "np.concatenate(" in src
    src = sd.source(shape_arguments_stay)  # shapes, axes, reps, pad widths, shifts
    assert src.count("np.asarray") == 2, src  # the tile's and the roll's array argument


SEQUENCE_PARAMS = {"arrays", "tup", "choices", "choicelist", "condlist", "operands", "xi",
                   "args", "seq", "sequence"}


def test_no_rule_taking_a_sequence_of_arrays_gets_one_array():
    from srcdiff.compiler.analysis.list_arguments import reads_lists_as_arrays
    from srcdiff.rules import DEFAULT
    DEFAULT.rules()  # (loads every pending rule table)
    converted, sequences = set(), set()
    for rule in set(DEFAULT._rules.values()):
        if rule.vjp is None or not reads_lists_as_arrays(rule.primitive, rule):
            continue
        for p in rule.vjp.array_params:
            converted.add(rule.name)
            if p in SEQUENCE_PARAMS:
                sequences.add(rule.name)
    assert not sequences, sorted(sequences)
    assert {"numpy.dot", "numpy.clip", "numpy.sort", "numpy.interp"} <= converted
    assert not {"numpy.concatenate", "numpy.stack", "numpy.linalg.multi_dot"} & converted
