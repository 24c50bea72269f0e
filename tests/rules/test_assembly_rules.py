"""``np.block`` and ``np.insert`` (rules/assembly_rules.py), session 31: they had no rule and
were refused. Oracle: central differences in float64 for the gradient in every pipeline,
the forward-mode tangent and the Hessian-vector product (pipelines.check_every_mode), and
NumPy itself for what is assembled. Near misses are refused with their message."""

import numpy as np
import pytest

import srcdiff as sd
from pipelines import check_every_mode
from srcdiff.rules.assembly_rules import block_grad, insert_grad

X = np.random.default_rng(31).normal(size=(3, 4))


def block_2d(x):
    a, b = x[:2, :3], x[:2, 3]
    m = np.block([[a, b[:, None]], [np.sum(a, axis=0, keepdims=True) * 2.0, 1.5]])
    return np.sum(np.sin(m) * np.arange(m.size).reshape(m.shape))


def block_1d_with_numbers(x):
    return np.sum(np.block([x[0], 2.0, x[1, 1:] * x[2, 0]]) ** 3)


def block_3_levels(x):
    a = np.reshape(x[:, :2], (1, 3, 2))
    t = np.block([[[a, a ** 2]], [[np.tanh(a), 0.5 * a]]])
    return np.sum(t ** 2 * np.arange(t.size).reshape(t.shape))


def block_promotes_dimensions(x):
    row = np.block([[x[0, :2], x[1, :2]], [x[2, :2] * x[0, 3], np.ones(2)]])
    return np.sum(np.cos(row) * np.arange(8.0).reshape(2, 4))


def insert_axis_positions(x):
    y = np.insert(x, [1, 1, 3], x[0, :3] * 2.0, axis=1)
    return np.sum(np.cos(y) * np.arange(y.size).reshape(y.shape))


def insert_flat_and_repeated(x):
    z = np.insert(x.ravel(), 2, [x[0, 0] * 2.0, 0.5])
    w = np.insert(x, slice(0, 3, 2), x[1, 1])  # axis=None: the flattened array
    return np.sum(z ** 3 * np.arange(z.size)) + np.sum(w ** 2)


def insert_rows_negative_and_mask(x):
    rows = np.insert(x, -1, x[1] ** 2, axis=0)
    ends = np.insert(x, [-1, 0, 0], np.tanh(x[:, :1]), axis=-1)
    picked = np.insert(x[0, :3], np.array([True, False, True]), x[1, :2])
    return np.sum(np.sin(rows)) + np.sum(ends ** 3) * 0.5 + np.sum(picked ** 3)


CASES = [block_2d, block_1d_with_numbers, block_3_levels, block_promotes_dimensions,
         insert_axis_positions, insert_flat_and_repeated, insert_rows_negative_and_mask]


@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
def test_every_mode(f):
    check_every_mode(f, X, seed=31, hvp=True)


def test_block_grad_is_the_transpose_of_block():
    r = np.random.default_rng(2)
    pieces = [[r.normal(size=(2, 3)), r.normal(size=(2, 1))], [r.normal(size=(1, 4))]]
    g = r.normal(size=(3, 4))
    parts = block_grad(g, pieces)
    lhs = np.sum(np.block(pieces) * g)
    rhs = sum(np.sum(p * q) for row_p, row_q in zip(pieces, parts) for p, q in zip(row_p, row_q))
    assert abs(lhs - rhs) < 1e-12
    assert [[np.shape(q) for q in row] for row in parts] == [[(2, 3), (2, 1)], [(1, 4)]]


@pytest.mark.parametrize("obj,axis", [(1, 0), ([0, 2, 2], 1), (-1, None), (slice(1, 3), 1)])
def test_insert_grad_is_the_transpose_of_insert(obj, axis):
    r = np.random.default_rng(3)
    arr = r.normal(size=(2, 3))
    ins = np.insert(arr, obj, 0.0, axis)
    values = r.normal(size=np.shape(np.insert(arr, obj, arr[:1] if axis == 0 else 1.0, axis)))
    values = r.normal(size=(3,)) if axis == 0 else r.normal()
    ins = np.insert(arr, obj, values, axis)
    g = r.normal(size=ins.shape)
    ga, gv = insert_grad(g, arr, obj, values, axis, 0), insert_grad(g, arr, obj, values, axis, 1)
    lhs = np.sum(ins * g)
    assert abs(lhs - np.sum(arr * ga) - np.sum(values * gv)) < 1e-12


def insert_into_integers(x):
    return np.sum(np.insert(np.arange(4), 1, x[0, 0] * 2.0) * 1.0)


def test_values_cast_to_an_integer_array_are_refused():
    with pytest.raises(sd.SrcdiffError, match="np.insert casts `values` to the integer dtype"):
        sd.grad(insert_into_integers)(X)
    with pytest.raises(sd.SrcdiffError, match="np.insert casts `values` to the integer dtype"):
        sd.jvp(insert_into_integers)(X, tangents=np.ones_like(X))


def insert_into_a_list(x):
    return np.sum(np.insert([1.0, 2.0, 3.0], 1, x[0, :2] * 3.0) ** 2)


def test_a_list_of_floats_takes_values():
    check_every_mode(insert_into_a_list, X)
