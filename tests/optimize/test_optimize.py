"""The optimizer's rewrites and the run-time helpers' fast paths.

Each rewrite is checked three ways: on the generated source (it happened), on a
case it must leave alone, and numerically against central differences.
"""

import gast
import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.optimize import algebra as A
from srcdiff.compiler.optimize import passes as O
from srcdiff.runtime import finish, unbroadcast

# ------------------------------------------------------------------ runtime.finish


def _same(got, expected):
    """Equal value, equal type, and for arrays equal dtype and shape."""
    assert type(got) is type(expected), (type(got), type(expected))
    if isinstance(expected, np.ndarray):
        assert got.dtype == expected.dtype and got.shape == expected.shape
        np.testing.assert_array_equal(got, expected)
    else:
        assert got == expected


@pytest.mark.parametrize("g, x, expected", [
    (0.3, 0.5, 0.3),
    (np.float64(0.3), 0.5, np.float64(0.3)),
    (0.3, np.float64(0.5), np.float64(0.3)),
    (np.float64(0.3), np.float64(0.5), np.float64(0.3)),
    (0.25, np.float32(0.5), np.float32(0.25)),
    (np.float64(0.25), np.float32(0.5), np.float32(0.25)),
    (0.3, 2, None),                        # an int argument is a constant (SPEC §1)
    (np.array(0.25), 0.5, 0.25),           # a 0-d array becomes a float for a float
    (np.array(0.25), np.float64(0.5), np.float64(0.25)),
    (2, 0.5, 2),
    (1.5 + 2j, 0.5, 1.5),                  # a real input's gradient is real
])
def test_finish_scalars(g, x, expected):
    _same(finish(g, x), expected)


def test_finish_none_and_zero():
    assert finish(None, 0.5) is None
    _same(finish(None, 0.5, zero=True), 0.0)
    _same(finish(None, np.ones(2), zero=True), np.zeros(2))
    assert finish(None, [0.5, np.ones(2)]) == [None, None]


def test_finish_arrays():
    g = np.array([1.0, 2.0])
    assert finish(g, np.zeros(2)) is g  # owned, same dtype and shape: returned as is
    _same(finish(np.array([1, 2]), np.zeros(2)), np.array([1.0, 2.0]))
    _same(finish(g, np.zeros(2, dtype=np.float32)), np.array([1.0, 2.0], dtype=np.float32))
    _same(finish(0.5, np.zeros((2, 2))), np.full((2, 2), 0.5))
    _same(finish(np.float64(0.5), np.zeros(3)), np.full(3, 0.5))
    _same(finish(g, np.zeros((3, 2))), np.array([[1.0, 2.0]] * 3))
    view = np.arange(4.0)[::2]
    out = finish(view, np.zeros(2))
    _same(out, np.array([0.0, 2.0]))
    assert out.base is None and out.flags.writeable and out is not view
    ro = np.broadcast_to(np.array([3.0]), (2,))
    out = finish(ro, np.zeros(2))
    assert out.flags.writeable and out is not ro
    _same(out, np.array([3.0, 3.0]))
    _same(finish(np.array([1 + 1j, 2 - 1j]), np.zeros(2)), np.array([1.0, 2.0]))
    _same(finish(np.array([1 + 1j]), np.zeros(1, dtype=complex)), np.array([1 + 1j]))


def test_finish_containers():
    out = finish([0.5, np.array([1, 2])], (0.0, np.zeros(2)))
    assert type(out) is tuple
    _same(out[0], 0.5)
    _same(out[1], np.array([1.0, 2.0]))
    out = finish({"a": 0.5}, {"a": np.float64(1.0), "b": 2.0}, zero=True)
    _same(out["a"], np.float64(0.5))
    _same(out["b"], 0.0)


# -------------------------------------------------------------- runtime.unbroadcast


def test_unbroadcast_equal_shapes_returns_g():
    g = np.arange(6.0).reshape(2, 3)
    assert unbroadcast(g, np.zeros((2, 3))) is g
    assert unbroadcast(0.3, 0.5) == 0.3 and type(unbroadcast(0.3, 0.5)) is float
    f = np.float64(0.3)
    assert unbroadcast(f, 0.5) is f
    z = np.array(0.3)
    assert unbroadcast(z, 0.5) is z  # a 0-d array has the shape of a scalar: left alone


def test_unbroadcast_to_a_python_float_sums():
    g = np.arange(6.0).reshape(2, 3)
    _same(unbroadcast(g, 0.5), np.float64(15.0))
    _same(unbroadcast(np.array([0.5, 0.25]), 1.0), np.float64(0.75))
    _same(unbroadcast(np.array([1.5, 2.5], dtype=np.float32), 1.0), np.float32(4.0))
    _same(unbroadcast(np.array([1, 2, 3]), 1.0), np.int64(6))
    _same(unbroadcast(np.arange(8.0).reshape(2, 2, 2)[:, ::-1].T, 1.0), np.float64(28.0))


def test_unbroadcast_sums_broadcast_axes():
    g = np.arange(6.0).reshape(2, 3)
    _same(unbroadcast(g, np.zeros(3)), np.array([3.0, 5.0, 7.0]))
    _same(unbroadcast(g, np.zeros((1, 3))), np.array([[3.0, 5.0, 7.0]]))
    _same(unbroadcast(g, np.zeros((2, 1))), np.array([[3.0], [12.0]]))
    _same(unbroadcast(g, np.float64(1.0)), np.float64(15.0))
    _same(unbroadcast(g, np.array(1.0)), np.float64(15.0))
    out = unbroadcast(0.5, np.zeros(3))
    assert out.shape == (3,) and np.all(out == 0.5)


# ---------------------------------------------------------------- rewrites, directly


def _body(src):
    return S.parse_module(src).body


def _src(body):
    mod = gast.Module(body=body, type_ignores=[])
    return S.to_source(mod).strip()


def _fold_redef(src):
    return _src(O._fold_into_redefinition(_body(src)))


def test_fold_into_redefinition():
    assert _fold_redef("t = a * b\nc = d\nt = t + c") == "c = d\nt = a * b + c"
    assert _fold_redef("t = -(a * b)\nt = t + c") == "t = -(a * b) + c"
    assert _fold_redef("t = t * a\nt = t + c") == "t = t * a + c"  # reads its own old value
    # a chain folds as far as the size limit allows
    assert _fold_redef("t = a\nt = t + b\nt = t * c") == "t = (a + b) * c"
    # inside a loop body
    assert _fold_redef("for i in r:\n    t = a * b\n    t = t + c") \
        == "for i in r:\n    t = a * b + c"


@pytest.mark.parametrize("src", [
    "t = a * b\ny = t\nt = t + c",            # read again before the redefinition
    "t = a * b\nt = t * t",                   # the redefinition reads it twice
    "t = a * b\na = 2.0\nt = t + c",          # what it reads changes in between
    "t = a * b\na[0] = c\nt = t + x",         # an in-place write to a name it reads
    "t = a * b\nif c:\n    t = t + c",        # the redefinition is in a nested block
    "t = a * b\nfor i in r:\n    pass\nt = t + c",  # a compound statement in between
    "t = a * b\nt += c",                      # an augmented assignment is not folded
    "t = f(a)\nt = t + c",                    # not arithmetic
    "t = a * b\nu = t + c",                   # a different name: _fold_single_use's job
    "t = a * b\nt = g(t, a)",                 # the reader may change a (its argument)
])
def test_fold_into_redefinition_leaves_alone(src):
    assert _fold_redef(src) == _src(_body(src))


def _peep(src):
    return _src(A.Peephole().visit(S.parse_module(src)).body)


@pytest.mark.parametrize("src, expected", [
    ("y = -a + b", "y = b - a"),
    ("y = a + -b", "y = a - b"),
    ("y = a - -b", "y = a + b"),
    ("y = -(a * x) + c * d", "y = c * d - a * x"),
    ("y = -a + -b", "y = -a - b"),            # once: the left one cannot move any more
    ("y = -(-a) + b", "y = a + b"),
    ("y = b - -(-a)", "y = b - a"),
    ("y = -a + np.sin(b)", "y = np.sin(b) - a"),
    ("y = (a + -b) * c", "y = (a - b) * c"),
])
def test_peephole(src, expected):
    assert _peep(src) == expected


@pytest.mark.parametrize("src", [
    "y = -(-a)",                  # would alias a (a NumPy array would be shared)
    "y = f(-(-a))",
    "y = -a - b",
    "y = -a * b",
    "y = -f(a) + g(b)",           # swapping would change the order of the calls
    "y = -a + _stack.pop()",
])
def test_peephole_leaves_alone(src):
    assert _peep(src) == _src(_body(src))


# ------------------------------------------------------------------ end to end


def recurrence(a, b, x0, n):
    x = x0
    s = 0.0
    for i in range(n):
        x = a * x * (1.0 - x) + b
        s = s + x * x
    return s / n


def test_recurrence_folds_and_simplifies():
    src = sd.source(recurrence, wrt=(0, 1, 2), args=(2.5, 0.05, 0.3, 5))
    # in the backward loop: b_x = -(a * x_before * b_x) folded into b_x = b_x + a * b_mul
    assert "b_x = a * b_mul - a * x_before * b_x" in src
    assert src.count("b_x = ") == 3  # the zero, the update from s, the fold
    assert "-(" not in src
    args = (2.5, 0.05, 0.3, 7)
    g = sd.grad(recurrence, wrt=(0, 1, 2))(*args)
    for k in range(3):
        assert_close(g[k], numeric_grad(recurrence, args, k))


def signs(x, y):
    t = -(x * y) + y * y
    t = t - -(x * x)
    u = x + -(t * y)
    return -(-(u)) * t + u


def test_signs_in_the_primal_and_the_gradient():
    src = sd.source(signs, wrt=(0, 1), args=(0.7, -1.3))
    assert "t = y * y - x * y" in src
    assert "t + x * x" in src
    assert "x - t * y" in src
    code = "\n".join(ln for ln in src.splitlines() if not ln.strip().startswith("#"))
    assert "+ -" not in code and "- -" not in code
    for args in [(0.7, -1.3), (np.array([0.5, -2.0, 1.5]), np.array([1.1, 0.3, -0.4]))]:
        g = sd.grad(signs, wrt=(0, 1))(*args)
        assert_close(g[0], numeric_grad(signs, args, 0))
        assert_close(g[1], numeric_grad(signs, args, 1))


def redefined(x, y):
    t = x * y
    t = t + x * x          # a user's name: folded, the name stays
    acc = 0.0
    for i in range(3):
        v = t * x
        v = v - y          # in a loop body, saved for the backward sweep: not folded
        acc = acc + v * v
    return acc + t


def test_user_name_redefinition_folds_in_and_out_of_loops():
    src = sd.source(redefined, wrt=(0, 1), args=(0.4, 1.7))
    assert "t = x * y + x * x" in src
    assert "v = t * x\n" in src
    for args in [(0.4, 1.7), (-1.1, 0.3)]:
        g = sd.grad(redefined, wrt=(0, 1))(*args)
        assert_close(g[0], numeric_grad(redefined, args, 0))
        assert_close(g[1], numeric_grad(redefined, args, 1))


def read_again(x, y):
    t = x * y
    u = t * 2.0            # t's first value is read here too: no fold
    t = t + x
    return t * u


def test_no_fold_when_the_value_is_read_again():
    src = sd.source(read_again, wrt=(0, 1), args=(0.4, 1.7))
    assert "t = x * y\n" in src
    args = (0.4, 1.7)
    g = sd.grad(read_again, wrt=(0, 1))(*args)
    assert_close(g[0], numeric_grad(read_again, args, 0))
    assert_close(g[1], numeric_grad(read_again, args, 1))


def test_fold_into_redefinition_stops_at_a_heading_comment():
    body = _body("t = a * b\nt = t + c")
    body.insert(1, S.comment("adjoint of line 2: y = b"))
    assert _src(O._fold_into_redefinition(list(body))) == _src(body)
    body = _body("t = a * b\nt = t + c")
    body.insert(0, S.comment("adjoint of line 2: y = b"))
    assert _src(O._fold_into_redefinition(list(body))).endswith("t = a * b + c")


def test_negation_does_not_move_past_an_in_place_update():
    from srcdiff.compiler.ir import syntax as S
    from srcdiff.compiler.optimize import passes as O

    fn = S.stmts("def f(a, b, c):\n    b_t = a * b\n    b_t += c\n    b_y = -b_t\n"
                 "    return b_y\n")[0]
    out = S.to_source(O.optimize(fn, keep={"b_y"}, gradients={"b_t", "b_y"}))
    assert "b_t += c" in out and "b_y = -b_t" in out
