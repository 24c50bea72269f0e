"""backend="numba": runs of elementwise statements fused into one loop (numba_fuse.py).
The generated source (groups, what moves), the loop's run-time fallbacks (a store target
overlapping what the group reads, arrays of other lengths, 2-d or float32 arrays) and the
numbers against the NumPy backend and central finite differences, in both pipelines."""

import ast
import os
import sys

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from paths import ROOT

pytest.importorskip("numba")

from srcdiff.compiler.emit import numba_fuse  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "bench"))
from realistic import burgers  # noqa: E402


def _agree(fn, args, wrt, optimize=True):
    got = sd.grad(fn, wrt=wrt, backend="numba", optimize=optimize)(*args)
    ref = sd.grad(fn, wrt=wrt, optimize=optimize)(*args)
    for k, g, r in zip(wrt, got, ref):
        assert np.shape(g) == np.shape(args[k])
        assert_close(g, r, rtol=1e-12, atol=1e-14)
        assert_close(g, numeric_grad(fn, args, k))
    return got


def _numba_source(fn, args, wrt, optimize=True):
    g = sd.grad(fn, wrt=wrt, backend="numba", optimize=optimize)
    g(*args)
    (_, runner), = g._runners.values()
    return runner.source


# (optimize=False: the numba backend refuses these loops with a SrcdiffError before
# this change and after it, "Variable 'u' is not defined": the straight-line cases
# below run in both pipelines)
@pytest.mark.parametrize("optimize", [True])
def test_burgers_fused_and_exact(optimize):
    u0, nu, target, _ = burgers.make_inputs(np.random.default_rng(3))
    args = (u0, nu, target, 7)
    got = _agree(burgers.primal, args, burgers.WRT, optimize)
    hand = burgers.hand_grad(*args)
    assert_close(got[0], hand[0], rtol=1e-10, atol=1e-12)
    assert_close(got[1], hand[1], rtol=1e-10, atol=1e-12)
    source = _numba_source(burgers.primal, args, burgers.WRT, optimize)
    if optimize:
        # the stencil's step, its store into un[1:-1] included, is one group; the tape
        # writes between its statements move after it
        assert "= _fused0(" in source
        fused0 = source[source.index("def _fused0_arrays"):]
        assert "set_slice(un[1:-1], " in fused0.split("return")[0]
        call = source.index("= _fused0(")
        assert source.index("tape_put(_tape0") > call
        # the adjoint's in-place adds (index_add) join the groups of the backward sweep
        assert "index_add(b_u" in source[source.index("def _fused1_arrays"):]
    assert "_fused" in source


def test_burgers_loop_source():
    u0, nu, target, _ = burgers.make_inputs(np.random.default_rng(3))
    g = sd.grad(burgers.primal, wrt=burgers.WRT, backend="numba")
    g(u0, nu, target, 3)
    (_, runner), = g._runners.values()
    text = _first_group_loop(runner.source)
    assert "for _i in range(_n):" in text
    assert "_fused_meets(_t" in text  # the store target against every array it reads
    assert "un[1:-1]" in text and "_e_mul4" in text  # a value only the group reads


def _first_group_loop(source):
    tree = _PowersAsWritten().visit(ast.parse(source))
    entry = tree.body[0]
    for d in tree.body[1:]:
        if d.name == "_fused0_arrays":
            names = [a.arg for a in d.args.args]
            stmts = [_as_store(s) for s in d.body[:-1]]
            outs = [e.id for e in d.body[-1].value.elts]
            group = numba_fuse.Group(0, stmts, names, outs)
            arrays = {"u_i", "u_i3", "u", "un"} & set(names)
            return group.loop_source(arrays)
    raise AssertionError(ast.unparse(entry))


class _PowersAsWritten(ast.NodeTransformer):
    """``power(a, b)`` (numba_checked.py, rewritten into the text after fusing) as
    ``a ** b``, and ``int_sub(a, b)``, ``int_neg(a)``, ... (numba_ints.py) as ``a - b``,
    ``-a``: the statement the group was made of."""

    OPS = {"power": ast.Pow, "int_add": ast.Add, "int_sub": ast.Sub, "int_mul": ast.Mult}

    def visit_Call(self, node):
        self.generic_visit(node)
        op = self.OPS.get(node.func.id) if isinstance(node.func, ast.Name) else None
        if op is not None:
            return ast.BinOp(left=node.args[0], op=op(), right=node.args[1])
        if isinstance(node.func, ast.Name) and node.func.id == "int_neg":
            return ast.UnaryOp(op=ast.USub(), operand=node.args[0])
        return node


def _as_store(s):
    """``set_slice(x[s], v)`` (numba_pieces.slice_stores, after fusing) as ``x[s] = v``."""
    if isinstance(s, ast.Expr) and ast.unparse(s.value.func) == "set_slice":
        target = s.value.args[0]
        target.ctx = ast.Store()
        return ast.Assign(targets=[target], value=s.value.args[1], lineno=0)
    return s


def shifted(x, w):
    v = x.copy()
    a = v[:-1]
    c = np.sin(a) * w
    d = np.exp(c) * a
    e = d * d - c
    v[1:] = c + a * e  # the target overlaps a: the loop would read written values
    return np.sum(v * v * w)


def test_store_overlapping_what_the_group_reads_runs_as_arrays():
    x = np.array([0.3, -0.5, 0.8, 0.1, 0.4])
    for optimize in (True, False):
        _agree(shifted, (x, 0.7), (0, 1), optimize)



def blend(x, y, w):
    a = x * w + y
    b = a * a - y * w
    c = np.sin(b) + a / 3.0
    d = np.exp(-c) * b
    return np.sum(d * x)


@pytest.mark.parametrize("shapes", [((6,), (6,)), ((6,), (1,)), ((3, 4), (3, 4)),
                                    ((0,), (0,))])
def test_lengths_and_ranks(shapes):
    rng = np.random.default_rng(4)
    x, y = (rng.standard_normal(s) for s in shapes)
    for optimize in (True, False):
        _agree(blend, (x, y, 0.8), (0, 1, 2), optimize)
    assert "_fused" in _numba_source(blend, (x, y, 0.8), (0, 1, 2))


BLEND = """def f(x, y, w):
    a = x * w + y
    b = a * a - y * w
    c = np.sin(b) + a / 3.0
    d = np.exp(-c) * b
    return d * x
"""


def test_float32_arrays_run_as_arrays(monkeypatch):
    # sd.grad refuses float32 arguments under numba since session 46
    # (tests/numba/test_numba_float32.py); a group's loop is still typed for float64
    # arrays only, and other arrays run its statements as written
    monkeypatch.setattr(numba_fuse, "MIN_GROUP", 2)
    fn, groups = _compiled(BLEND)
    assert len(groups) == 1
    x = np.linspace(-1, 1, 5)
    y = np.linspace(0.5, 2, 5)
    want = blend_value(x, y, 0.8)
    for dtype in (np.float32, np.float64):
        got = fn(x.astype(dtype), y.astype(dtype), 0.8)
        assert_close(np.asarray(got, dtype=float), want, rtol=1e-5, atol=1e-6)
    with pytest.raises(sd.SrcdiffError, match="computes in float64"):
        sd.grad(blend, wrt=(0, 1, 2), backend="numba")(x.astype(np.float32),
                                                       y.astype(np.float32), 0.8)


def blend_value(x, y, w):
    a = x * w + y
    b = a * a - y * w
    c = np.sin(b) + a / 3.0
    return np.exp(-c) * b * x


def _compiled(source):
    """The first function of ``source`` fused and compiled as numba_emit does."""
    import numba

    from srcdiff.compiler.emit import numba_cache, numba_emit
    tree = ast.parse(source)
    groups = numba_fuse.fuse(tree.body[0])
    tree.body += [g.plain() for g in groups]
    text = ast.unparse(ast.fix_missing_locations(tree)) + "\n"
    namespace = numba_emit.namespace_for({"np": np})
    namespace.update(numba_fuse.stubs(groups))
    jitted = numba_cache.jit(numba, text, namespace, tree.body[0].name)
    for g in groups:
        g.globals = jitted.py_func.__globals__
    return jitted, groups


STORE = """def f(x, y, out):
    a = x * 2.0
    out[1:] = a + y * y
    return a
"""


def _store(x, y, out):
    a = x * 2.0
    out[1:] = a + y * y
    return a


@pytest.mark.parametrize("case", ["apart", "overlap", "same", "lengths"])
def test_store_fallbacks(case, monkeypatch):
    monkeypatch.setattr(numba_fuse, "MIN_GROUP", 2)
    fn, groups = _compiled(STORE)
    assert len(groups) == 1
    rng = np.random.default_rng(5)
    buf = rng.standard_normal(7)
    if case == "apart":
        args = lambda b: (rng_x.copy(), rng_y.copy(), b)  # noqa: E731
    elif case == "overlap":  # y is out[:-1]: the loop would read what it wrote
        args = lambda b: (rng_x.copy(), b[:-1], b)  # noqa: E731
    elif case == "same":  # x is out[1:] itself
        args = lambda b: (b[1:], rng_y.copy(), b)  # noqa: E731
    else:  # y of length 1 (broadcast): not one length
        args = lambda b: (rng_x.copy(), rng_y[:1].copy(), b)  # noqa: E731
    rng_x, rng_y = rng.standard_normal(6), rng.standard_normal(6)
    want_buf, got_buf = buf.copy(), buf.copy()
    want = _store(*args(want_buf))
    got = fn(*args(got_buf))
    np.testing.assert_array_equal(got_buf, want_buf)
    np.testing.assert_array_equal(got, want)


def _groups(source):
    fn = ast.parse(source).body[0]
    groups = numba_fuse.fuse(fn)
    return groups, ast.unparse(fn)


def test_what_a_group_refuses(monkeypatch):
    monkeypatch.setattr(numba_fuse, "MIN_GROUP", 2)
    # a slice of a value the group computed is another index: not in the group
    groups, _ = _groups("def f(x):\n    a = x * 2.0\n    b = a[1:] + 1.0\n    return b\n")
    assert groups == []
    # a name read in its own value (x = x * 2) would be overwritten before the loop reads it
    groups, _ = _groups("def f(x, y):\n    y = y * 2.0\n    z = y + x\n    return z\n")
    assert groups == []
    # a value a tape write reads is not rebound after the write moves past it
    src = ("def f(x, T, k):\n    a = x * 2.0\n    tape_put(T, k, a)\n"
           "    b = a + 1.0\n    return b\n")
    groups, text = _groups(src)
    assert len(groups) == 1 and text.index("_fused0(") < text.index("tape_put")
    src = ("def f(x, T, k):\n    a = x * 2.0\n    tape_put(T, k, x)\n"
           "    x = a + 1.0\n    return x\n")
    assert _groups(src)[0] == []
    # in a block that reads a tape, no tape write moves
    src = ("def f(x, T, k):\n    y = tape_get(T, k)\n    a = x * 2.0\n    tape_put(T, k, a)\n"
           "    b = a + y\n    return b\n")
    assert _groups(src)[0] == []
    # in-place adds (index_add) and stores never share a group (the store: a group of its
    # own, which a store alone makes)
    src = ("def f(x, g, v):\n    a = x * 2.0\n    g = index_add(g, x, slice(1, None, None), a)\n"
           "    v[1:] = a + 1.0\n    return g\n")
    groups, _ = _groups(src)
    assert [len(g.stmts) for g in groups] == [2, 1]
    # a value read after the group is returned from it; one read only inside is not
    src = "def f(x):\n    a = x * 2.0\n    b = a + 1.0\n    c = b * b\n    return c\n"
    groups, _ = _groups(src)
    assert groups[0].outputs == ["c"]


def chain(x, w, n):
    v = x.copy()
    for t in range(n):
        a = v * w
        b = a * a + 0.5
        c = np.exp(-b) * a
        v = np.cos(b) * 0.9 + c * 0.1
    return np.sum(v)


def test_loops_with_tapes():
    x = np.array([0.2, -0.4, 0.9])
    for n in (0, 1, 4):
        _agree(chain, (x, 0.6, n), (0, 1))
    source = _numba_source(chain, (x, 0.6, 2), (0, 1))
    assert "_fused0(" in source[:source.index("for t in range(int_sub(n, 1)")]  # the forward sweep


def test_burgers_backward_step_is_one_group():
    """The backward step's in-place adds of elementwise values (index_add of ``b_add +
    b_u_i3``), its mul_into products and b_nu's update from a sum join one group; the
    forward group writes the values the loop saves into their tapes' rows."""
    u0, nu, target, _ = burgers.make_inputs(np.random.default_rng(3))
    source = _numba_source(burgers.primal, (u0, nu, target, 4), burgers.WRT)
    fused1 = source[source.index("def _fused1_arrays"):]
    fused1 = fused1[:fused1.index("return")]
    assert fused1.count("index_add(b_u") == 3 and "b_nu = b_nu + " in fused1
    assert "mul_into(" in fused1
    assert "_fused0_rows(" in source and "def _fused0_rows_arrays" in source


ROWS = """def f(x, n):
    _n0 = len(range(n))
    _k0 = 0
    for t in range(n):
        _k0 += 1
        a = x * 2.0
        b = a * a
        if _k0 == 1:
            _tape0 = tape_alloc(_n0, a)
        tape_put(_tape0, _k0 - 1, a)
        x = b + 1.0
        {after}
    return x
"""


@pytest.mark.parametrize("after, rows", [("c = a * 3.0", True), ("c = mul_into(a, x)", True),
                                         ("c = a[1:]", False), ("a[0] = 1.0", False),
                                         ("c = index_add(c, x, slice(1, None, None), a)",
                                          False), ("c = a", False)])
def test_rows_only_for_values_nothing_writes(after, rows, monkeypatch):
    """numba_fuse_rows: the saved value becomes its tape's row only when nothing can write
    into it afterwards (a view of it, a store into it, an add into it, another name for it:
    the copy stays)."""
    monkeypatch.setattr(numba_fuse, "MIN_GROUP", 2)
    groups, text = _groups(ROWS.format(after=after))
    assert groups[0].stmts[0].targets[0].id == "a"
    assert ("_fused0_rows(" in text) == rows, text
    if rows:
        assert groups[0].rows == [("a", "_tape0")]
        branch = text[text.index("if _k0 == 1:"):text.index("else:")]
        assert "_tape0 = tape_alloc(_n0, a)" in branch and "tape_put(_tape0" in branch


def shifted_stencil(u0, nu, target, steps):
    u = u0
    for t in range(steps):
        un = u.copy()
        t0 = u[2:]
        un[1:-1] = u[1:-1] + 0.05 * nu * (((-np.cos(t0)) * (-(t0 * t0))))
        u = un
    return np.sum((u - target) ** 2)


def test_a_group_of_adds_of_names_only_runs_as_written(monkeypatch):
    """The backward step's two adds into ``b_u`` at different slices, each of a value
    already made, form a group with nothing to compute per element: it runs as written
    (found by the stencil fuzz, seed 288498071: its loop had an empty body)."""
    monkeypatch.setattr(numba_fuse, "MIN_GROUP", 2)
    src = ("def f(b_u, u_before, b_add, b_t0):\n"
           "    b_u = index_add(b_u, u_before, slice(1, -1, None), b_add)\n"
           "    b_u = index_add(b_u, u_before, slice(2, None, None), b_t0)\n"
           "    return b_u\n")
    groups, _ = _groups(src)
    assert [len(g.stmts) for g in groups] == [2]
    assert groups[0].loop_source({"b_u", "u_before", "b_add", "b_t0"}) is None
    u0 = np.array([-0.058, 0.40, 0.71, 0.028])
    target = np.array([1.0, 0.79, 0.24, -0.42])
    for steps in (1, 3):
        _agree(shifted_stencil, (u0, 0.21, target, steps), (0, 1))
