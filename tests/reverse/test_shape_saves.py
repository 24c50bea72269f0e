"""Issue 21 (GradBench ode): values a loop tapes only for their shape are taped as stand-ins
(reverse/shapesaves.py, runtime.shape_only).

A loop's backward sweep often reads an overwritten value only as ``unbroadcast(g, v)``;
the tape then keeps ``shape_only(v)``, an array of ``v``'s shape and dtype that owns no
memory, instead of ``v``'s array. Checked here: which pushes are rewritten (and which are
not: a value some adjoint reads, a pop that is read otherwise), the gradients against
central differences, the verification pipeline and the reference pipeline
(``optimize=False``, which keeps the arrays), the stand-in itself, and that the numba
backend's code has none.
"""

import os

import gast
import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.api.transforms import FirstOrder
from srcdiff.cli import commands as cli
from srcdiff.compiler.ir import origin
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.reverse.shapesaves import mark_save, shape_only_saves
from srcdiff.runtime import unbroadcast
from srcdiff.runtime_memory import shape_only

rng = np.random.default_rng(2104)


def code_of(f, wrt, args, **options):
    src = sd.source(f, wrt=wrt, args=args, **options)
    return "\n".join(line for line in src.splitlines() if not line.strip().startswith("#"))


def check(f, args, wrt=0):
    wrts = wrt if isinstance(wrt, tuple) else (wrt,)
    for options in ({}, {"verify": True}, {"optimize": False}):
        got = sd.grad(f, wrt=wrt, **options)(*args)
        got = got if isinstance(wrt, tuple) else (got,)
        for w, g in zip(wrts, got):
            assert_close(g, numeric_grad(f, args, w))


def _rhs(x, y):
    return np.concatenate((x[:1], x[1:] * y[:-1]))


def rk_steps(x, s):
    """ode's Runge-Kutta steps (bench/gradbench/evals.py): the step's temporaries are
    read by the backward sweep only for their shapes (a concatenation's is not known)."""
    h = 1.0 / s
    y = np.zeros(x.shape[0])
    for _ in range(s):
        k1 = _rhs(x, y)
        k2 = _rhs(x, y + 0.5 * h * k1)
        y = y + h / 2.0 * (k1 + k2)
    return np.sum(np.sin(y))


def test_the_temporaries_of_a_step_are_taped_as_stand_ins():
    args = (rng.random(7), 4)
    code = code_of(rk_steps, 0, args)
    pushes = [line.strip() for line in code.splitlines() if "_stack.append(" in line]
    assert "_stack.append(shape_only(k1))" in pushes
    assert "_stack.append(shape_only(y))" in pushes
    # every pop is read only as unbroadcast's shape argument or put back by a restore
    for line in code.splitlines():
        if "_before" in line and "_stack.pop()" not in line:
            assert "unbroadcast(" in line or line.strip().split(" = ")[1].endswith("_before")
    check(rk_steps, args)


def test_the_reference_pipeline_keeps_the_arrays():
    code = code_of(rk_steps, 0, (rng.random(5), 3), optimize=False)
    assert "_stack.append(" in code and "shape_only(" not in code


def scaled_steps(x, n):
    """``y`` is read by its own adjoint (``y * x``): its earlier arrays are kept."""
    y = x + 0.0
    for _ in range(n):
        t = y + x[0]
        y = y * x + t
    return np.sum(y)


def test_a_value_an_adjoint_reads_is_taped_as_it_is():
    args = (rng.random(5) + 0.5, 3)
    code = code_of(scaled_steps, 0, args)
    assert "_stack.append(y)" in code and "shape_only(y)" not in code
    check(scaled_steps, args)


def broadcast_steps(x, v, n):
    """``t`` broadcasts a row against a column: its shape is the one fact read of it, and
    ``unbroadcast`` must still sum the gradient down to each operand's shape."""
    total = 0.0
    for _ in range(n):
        t = x[:, None] * v[None, :]
        u = t + x[:, None]
        total = total + np.sum(np.tanh(u))
    return total


def test_stand_ins_of_broadcast_operands_sum_the_gradient_down():
    args = (rng.standard_normal(4), rng.standard_normal(3), 3)
    check(broadcast_steps, args, (0, 1))


def test_shape_only_is_an_array_of_the_shape_and_dtype_owning_no_memory():
    for x in (rng.random((3, 4)), np.ones(5, dtype=np.complex128), np.arange(6),
              np.ones((2, 1), dtype=np.float32)):
        s = shape_only(x)
        assert type(s) is np.ndarray and s.shape == x.shape and s.dtype == x.dtype
        assert not s.flags.writeable and not np.shares_memory(s, x)
        assert all(st == 0 for st in s.strides)  # (one element's bytes for all)
        assert shape_only(x.copy()) is s  # (stand-ins of one shape and dtype are shared)
    obj = np.array([1, "a"], dtype=object)
    for v in (1.5, None, (1.0, 2.0), obj, np.float64(2.0)):
        assert shape_only(v) is v  # (nothing else is replaced)


@pytest.mark.parametrize("g_shape, x_shape", [((3, 4), (3, 4)), ((3, 4), (1, 4)),
                                              ((3, 4), (4,)), ((2, 3, 4), (3, 1)),
                                              ((5,), ())])
def test_unbroadcast_reads_a_stand_in_as_it_reads_the_array(g_shape, x_shape):
    g = rng.standard_normal(g_shape)
    x = rng.standard_normal(x_shape)
    want = unbroadcast(g, x)
    got = unbroadcast(g, shape_only(x) if x_shape else x)
    assert np.shape(got) == np.shape(want) and np.array_equal(got, want)
    z = np.ones(x_shape, dtype=np.complex128)
    gz = g * (1.0 + 2.0j)
    assert np.array_equal(unbroadcast(gz, shape_only(z) if x_shape else z), unbroadcast(gz, z))
    assert np.array_equal(unbroadcast(gz, shape_only(x) if x_shape else x),
                          unbroadcast(gz, x))  # (a real x: the real part)


def test_the_numba_backends_code_has_no_stand_ins():
    pytest.importorskip("numba")
    args = (rng.random(7), 4)
    assert "shape_only(" in code_of(rk_steps, 0, args)
    t = FirstOrder(rk_steps, 0, (), "none")
    t.standins = False  # (what api/backends.py sets for backend="numba")
    assert "shape_only(" not in t.compiled(args).source
    got = sd.grad(rk_steps, backend="numba")(*args)
    assert_close(got, numeric_grad(rk_steps, args, 0))


def test_a_standalone_module_copies_shape_only_after_it_made_stand_ins(tmp_path, monkeypatch):
    shape_only(np.ones(3))  # (its stand-ins are kept by the function itself, not a global)
    monkeypatch.chdir(os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    out = tmp_path / "grad_branches.py"
    assert cli.main(["tests/cli_samples/imports.py:branches", "-o", str(out)]) == 0
    text = out.read_text()
    assert "_stack.append(shape_only(" in text and "def shape_only(x, _made={})" in text


# ------------------------------------------------------------------ the pass's conditions


def _sweeps(primal, backward):
    """A function of ``primal`` then the seed heading then ``backward`` (sources), its
    ``_stack.append(v)`` marked as saves of v and its ``w = _stack.pop()`` as restoring
    the name before ``_before`` (what primal.py and backward.py mark)."""
    fn = gast.parse("def f(x, n):\n    pass\n").body[0]
    fn.body = S.stmts(primal) + [S.comment("seed", heads=S.SEED)] + S.stmts(backward)
    for n in gast.walk(fn):
        if isinstance(n, gast.Expr) and isinstance(n.value, gast.Call) \
                and S.expr_source(n.value.func) == "_stack.append":
            mark_save(n, n.value.args[0].id)
        if isinstance(n, gast.Assign) and isinstance(n.value, gast.Call) \
                and S.expr_source(n.value.func) == "_stack.pop":
            origin.mark_pre(n, n.targets[0].id.split("_before")[0])
    return fn


PRIMAL = """
t = None
for _ in range(n):
    _stack.append(t)
    t = x * 2.0
"""


def _rewritten(backward, primal=PRIMAL, numbers=()):
    return "shape_only(t)" in S.to_source(shape_only_saves(_sweeps(primal, backward),
                                                           frozenset(numbers)))


@pytest.mark.parametrize("backward, rewritten", [
    ("for _ in range(n):\n    g = unbroadcast(b, t)\n    t_before = _stack.pop()\n"
     "    t = t_before", True),
    # read before any restore: the primal's own array
    ("g = t * 2.0\nfor _ in range(n):\n    g = unbroadcast(b, t)\n    t_before = _stack.pop()\n"
     "    t = t_before", True),
    # read (other than for its shape) where a restore may have put a stand-in
    ("for _ in range(n):\n    g = b * t\n    t_before = _stack.pop()\n    t = t_before", False),
    ("for _ in range(n):\n    t_before = _stack.pop()\n    g = unbroadcast(b, t_before)\n"
     "    g = g + t_before", False),
    ("for _ in range(n):\n    t_before = _stack.pop()\n    t = t_before\n    t += 1.0", False),
    ("for _ in range(n):\n    t_before = _stack.pop()\n    t = t_before\n"
     "    g = unbroadcast(b, t, axis=0)", False),
    # the pop's target bound again; a pop of t's that is no marked assignment
    ("for _ in range(n):\n    t_before = _stack.pop()\n    t_before = t\n"
     "    g = unbroadcast(b, t_before)", False),
    ("for _ in range(n):\n    g = unbroadcast(b, _stack.pop())", False),
    # a push in the backward sweep (a recomputed segment): nothing is rewritten
    ("for _ in range(n):\n    _stack.append(t)\n    t_before = _stack.pop()\n"
     "    g = unbroadcast(b, t_before)", False),
])
def test_the_pass_rewrites_only_what_its_invariant_covers(backward, rewritten):
    assert _rewritten(backward) is rewritten


def test_a_known_number_is_pushed_as_it_is():
    backward = "for _ in range(n):\n    t_before = _stack.pop()\n    g = unbroadcast(b, t_before)"
    assert _rewritten(backward) and not _rewritten(backward, numbers={"t"})


ROWS, COLS = 3, 4


def taps(w, x):
    """conv1d_taps' sum over kernel taps (bench/realistic): ``h``'s shape is known
    (np.zeros of module constants, analysis/makers.py), so its adjoint needs no
    ``unbroadcast`` and the earlier ``h`` each step pops is not read at all."""
    h = np.zeros((ROWS, COLS))
    for k in range(w.shape[0]):
        h = h + w[k] @ x[:, k:k + COLS]
    h = np.tanh(h)
    out = np.zeros((ROWS, COLS - 1))
    for k in range(2):
        out = out + h[:, k:k + COLS - 1] * w[k, :, :1]
    return np.sum(out ** 2)


def test_a_value_popped_and_never_read_is_taped_as_a_stand_in():
    args = (rng.normal(size=(3, ROWS, 2)), rng.normal(size=(2, COLS + 2)))
    code = code_of(taps, (0, 1), args)
    assert "_stack.append(shape_only(h))" in code
    assert "h_before = _stack.pop()" in code
    assert "unbroadcast(b_h, h_before)" not in code
    check(taps, args, (0, 1))
