"""Shapes the loop fuzz (tests/property/fuzz.py, seeds 1-3, 11-13, 42, 20261203,
backend="numba") found numba failing to compile in srcdiff's generated gradients, each now
compiled or refused before numba runs. What compiles agrees with the NumPy backend (1e-12)
and central finite differences (numba_agree.agree), and in forward mode with the NumPy
backend's jvp; what is refused names the construct at the user's statement."""

import ast
import functools
import inspect

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close
from numba_agree import agree

pytest.importorskip("numba")


def clipped(x, xs):
    P = 0.5 + 0.1 * x
    for v in xs:
        P *= np.clip(abs(P) + v, -1.0, 1.0) + 0.5
    return P


def test_clip_of_numbers():
    """``np.clip`` of three numbers (numba's takes arrays only): numba_pieces.clip_of; at
    these arguments the upper bound is reached on some trips and not on others."""
    xs = np.array([0.1, 0.9, -0.4, 0.3])
    agree(clipped, (0.7, xs), (0, 1))


def copied(x, xs):
    a = np.array(xs)
    a[0] = x * a[1]
    s = 0.0
    for v in a:
        s = s + np.sin(v) * x
    return s


def test_array_of_an_array():
    """``np.array(xs)`` of an array (its copy): numba_helpers.stack_rows of an array, in the
    forward sweep of reverse mode (``xs`` not differentiated: a gradient through the copy
    calls ``unstack_like``, refused) and in forward mode (likewise: ``stack_tangents``)."""
    xs = np.array([0.3, -0.8, 1.1])
    agree(copied, (0.6, xs), (0,))
    value, got = sd.jvp(copied, wrt=0, backend="numba")(0.6, xs, tangents=0.7)
    ref_value, ref = sd.jvp(copied, wrt=0)(0.6, xs, tangents=0.7)
    assert_close(value, ref_value, rtol=1e-12, atol=1e-14)
    assert_close(got, ref, rtol=1e-12, atol=1e-14)


def early(x, y):
    P = x
    r = y
    for i in range(3):
        if r > 5.0:
            return 0.3 * P + r
        r = r * 1.5 + P
    return -0.3 * P + r


@pytest.mark.parametrize("y", [0.3, 2.3])  # (the loop's return not taken; taken)
def test_forward_early_return_in_a_loop(y):
    """Forward mode of a return in a loop: ``t_retval = zeros_tree(_retval)`` before the
    loop, of ``_retval`` still unbound (``_retval = None``, dropped), dropped with it
    (numba_tapes._zero_of_unbound). Against the NumPy backend and the derivatives by hand."""
    value, got = sd.jvp(early, wrt=(0, 1), backend="numba")(0.5, y, tangents=(1.0, 0.5))
    ref_value, ref = sd.jvp(early, wrt=(0, 1))(0.5, y, tangents=(1.0, 0.5))
    assert_close(value, ref_value, rtol=1e-12, atol=1e-14)
    assert_close(got, ref, rtol=1e-12, atol=1e-14)
    # by hand: r_k = 1.5 r_{k-1} + x; three trips (3.2375) or a return after two (6.575)
    dx, dy = (1.5 ** 2 + 1.5 + 1 - 0.3, 1.5 ** 3) if y < 1 else (1.5 + 1 + 0.3, 1.5 ** 2)
    assert_close(got, 1.0 * dx + 0.5 * dy, rtol=1e-12, atol=1e-14)


def backwards(x, xs):
    P = x
    for i in reversed(range(1, len(xs), 2)):
        P = P * xs[i] + np.tanh(xs[i - 1] * P)
    return P


def test_item_of_a_range():
    """The reverse sweep of ``reversed(range(...))`` reads ``range1[k]`` (numba has no
    ``getitem`` of a range: numba_builtins._range_item); values and errors as Python's."""
    import numba
    xs = np.array([0.4, -0.3, 0.8, 0.5, -0.6])
    agree(backwards, (0.7, xs), (0, 1))

    @numba.njit
    def item(start, stop, step, k):
        return range(start, stop, step)[k]
    for start, stop, step in [(0, 5, 1), (1, 6, 2), (7, -3, -3), (2, 2, 1)]:
        r = range(start, stop, step)
        for k in range(-len(r) - 2, len(r) + 2):
            if -len(r) <= k < len(r):
                assert item(start, stop, step, k) == r[k]
            else:
                with pytest.raises(IndexError):
                    item(start, stop, step, k)


def listed(x, xs):
    w = xs * x
    for i in range(1, len(xs)):
        w[[i, 0, i]] = 0.49
        w[1:] = w[1:] * 0.5 + w[:-1] * x
    return np.sum(w * w)


def test_list_index():
    """``w[[i, 0, i]] = c``: the index list (``items = [i, 0, i]``, saved on the tape) as
    an integer array (numba indexes with no list: numba_builtins.list_indices); both modes."""
    xs = np.array([0.3, -0.8, 1.1, 0.2])
    agree(listed, (0.6, xs), (0, 1))
    value, got = sd.jvp(listed, wrt=1, backend="numba")(0.6, xs, tangents=xs[::-1].copy())
    ref_value, ref = sd.jvp(listed, wrt=1)(0.6, xs, tangents=xs[::-1].copy())
    assert_close(value, ref_value, rtol=1e-12, atol=1e-14)
    assert_close(got, ref, rtol=1e-12, atol=1e-14)


def through_zero_d(x, y, xs):
    P = np.sin(x)  # (a 0-d array in numba, a number after ``P * v``: never unified)
    s = y * x
    for v in xs:
        P = P * v + s
    return P + np.cos(x) * y


def test_zero_d_array_arguments():
    """0-d float arrays read as numbers are passed to the compiled core as their floats and
    their gradients come back as 0-d arrays (numba_scalars.py: numba has no 0-d helpers,
    and will not unify a 0-d array with a float); reverse mode, value_and_grad, forward
    mode with 0-d tangents. Against the NumPy backend and central differences."""
    x, y, xs = np.array(-0.6), np.array(0.7), np.array([0.3, -0.8, 1.1])
    got = agree(through_zero_d, (x, y, xs), (0, 1, 2))
    assert all(type(g) is np.ndarray and g.ndim == 0 for g in got[:2])
    value, grads = sd.value_and_grad(through_zero_d, wrt=(0, 2), backend="numba")(x, 0.7, xs)
    assert type(grads[0]) is np.ndarray and grads[0].shape == ()
    assert_close(value, through_zero_d(x, 0.7, xs), rtol=1e-14, atol=0)
    assert_close(grads[0], got[0], rtol=1e-12, atol=1e-14)
    tangents = (np.array(1.0), np.array(-0.5))
    value, tangent = sd.jvp(through_zero_d, wrt=(0, 1), backend="numba")(x, y, xs,
                                                                          tangents=tangents)
    ref_value, ref = sd.jvp(through_zero_d, wrt=(0, 1))(x, y, xs, tangents=tangents)
    assert_close(value, ref_value, rtol=1e-12, atol=1e-14)
    assert_close(tangent, ref, rtol=1e-12, atol=1e-14)
    assert_close(tangent, float(got[0]) - 0.5 * float(got[1]), rtol=1e-12, atol=1e-14)
    assert float(x) == -0.6 and xs[0] == 0.3  # (the caller's arrays as passed)


def test_zero_d_read_as_an_array_stays_one():
    """A 0-d argument the function reads as an array (``x.ndim``) is passed as it is
    (numba_scalars.plan): what numba makes of it, not a float in its place."""
    from srcdiff.compiler.emit import numba_scalars
    tree = ast.parse("def g(x, y, grad_ys=None):\n    a = x.ndim + y\n"
                     "    return (finish(a, x), finish(a, y))\n").body[0]
    assert numba_scalars.plan(tree, 2) == ((1,), {(1,): 1})
    tree = ast.parse("def g(x, y, grad_ys=None):\n    if x > 0:\n"
                     "        return (finish(x, x), finish(y, y))\n"
                     "    return (finish(y, y), finish(x, x))\n").body[0]
    assert numba_scalars.plan(tree, 2) == ((), {})  # (the returns disagree)


def chosen(x, y, xs):
    p = y
    P = np.sin(x)
    for v in xs:
        t = p
        p *= np.where(p > 0.0, 1.0 + 0.25 * p, 0.5)
        P = P + t * v
    return p + P


@pytest.mark.parametrize("y", [-0.03, 0.4])  # (each branch of the where)
def test_where_of_numbers(y):
    """``np.where(c, a, b)`` of numbers (numba's gives a 0-d array, numba_builtins.where_of:
    ``a if c else b``), both modes, with a 0-d argument (fuzz seed 13, index 13)."""
    x, xs = np.array(-0.5), np.array([-0.47, 0.95, 0.53])
    agree(chosen, (x, y, xs), (0, 1, 2))
    value, got = sd.jvp(chosen, wrt=(0, 1), backend="numba")(x, y, xs, tangents=(1.0, 0.5))
    ref_value, ref = sd.jvp(chosen, wrt=(0, 1))(x, y, xs, tangents=(1.0, 0.5))
    assert_close(value, ref_value, rtol=1e-12, atol=1e-14)
    assert_close(got, ref, rtol=1e-12, atol=1e-14)


def made_zero_d(x, xs):
    acc = x
    for i in range(len(xs)):
        t = np.full((), 0.25) * 1.0 + np.full((), x) * xs[i]
        u = np.copy(t * 0.5)
        acc = acc * (1.0 + 0.2 * t) + u * np.sum(np.full(2, x))
    return -0.3 * acc


def test_zero_d_arrays_made_from_numbers():
    """``np.full((), v)`` and ``np.copy`` of a number (0-d arrays in numba too:
    numba_builtins.full_of, copy_of give the number), fuzz seed 42, index 21; both modes."""
    xs = np.array([0.3, 0.5, -0.7])
    _both_modes(made_zero_d, (0.47, xs), (1.0, xs[::-1]))


def _both_modes(fn, args, tangents):
    """:func:`agree` (reverse mode) and forward mode against the NumPy backend's jvp, both
    with respect to the first two arguments."""
    agree(fn, args, (0, 1))
    value, got = sd.jvp(fn, wrt=(0, 1), backend="numba")(*args, tangents=tangents)
    ref_value, ref = sd.jvp(fn, wrt=(0, 1))(*args, tangents=tangents)
    assert_close(value, ref_value, rtol=1e-12, atol=1e-14)
    assert_close(got, ref, rtol=1e-12, atol=1e-14)


def number_then_array(x, y):
    z = -0.5 * y
    g = 0.5 * x
    for i in range(3):
        g = np.ones(3) * np.tanh(0.25 * np.sum(g)) + (0.2 * i)  # the refused line
        z -= np.sum(g) * z
    return 0.3 * z


def array_then_number(x, xs, k):
    m = 0.5 * x
    g = xs * 0.5
    j = 0
    while j < k:
        m += 0.3 * np.sum(g) * m
        g = np.sum(g * (0.2 * j)) * 0.2  # the refused line
        j += 1
    return m + 0.25 * np.sum(g)


def number_or_array_by_branch(x, xs):
    if x > 0:
        g = xs * x
    else:
        g = x * 2.0  # the refused line (the later of the two)
    return np.sum(g * g)


def tuple_or_number(x, xs):
    s = 0.5 * x
    for v in xs:
        if v > -0.3:
            return s, 0.5 * x  # the refused line
        s = s + v * x
    return s + x


def _refused_line(fn, message):
    lines, first = inspect.getsourcelines(fn)
    k = next(i for i, ln in enumerate(lines) if "the refused line" in ln)
    assert f":{first + k}:" in message.splitlines()[0], message
    assert lines[k].strip() in message


@pytest.mark.parametrize("fn, args, what", [
    (number_then_array, (0.4, 0.3), "`g` is a number on one path and an array"),
    (number_then_array, (np.array(0.4), 0.3), "`g` is a number on one path"),  # (0-d)
    (array_then_number, (0.4, np.array([0.3, -0.2, 0.6]), 2), "`g` is a number on one"),
    (number_or_array_by_branch, (0.4, np.array([0.3, -0.2])), "`g` is a number on one"),
    (tuple_or_number, (0.4, np.array([-0.5, 0.2])), "returns a number or an array on one "
     "path and a tuple of 2 on another")])
def test_a_name_numba_cannot_type_is_refused_at_its_statement(fn, args, what):
    """A name that is a number on one path and an array on another, and a function that
    returns a tuple on one path and a number on another (fuzz seeds 11, 1, 42, 20261203;
    5: ``g = np.sin(x)`` of a 0-d ``x``, passed as a float, a number):
    numba cannot type them; refused before numba runs (numba_kinds.py), naming the name,
    at the user's statement that binds it or returns, in both modes (the reverse mode of
    ``tuple_or_number`` is refused before, for a helper). NumPy runs them all."""
    for make in (lambda: sd.grad(fn, wrt=0, backend="numba"),
                 lambda: functools.partial(sd.jvp(fn, wrt=0, backend="numba"), tangents=1.0)):
        with pytest.raises(sd.SrcdiffError) as info:
            make()(*args)
        message = str(info.value)
        if "item_grad" in message:
            continue
        assert what in message and "numba cannot compile" not in message, message
        _refused_line(fn, message)
    sd.grad(fn, wrt=0)(*args)


def rebound(x, xs):
    g = xs * x
    s = np.sum(g)
    g = s * 2.0  # (straight-line: numba types each binding apart)
    for v in xs:
        t = v * x  # (a number on every trip)
        s = s + t * g
    return g + s


def test_a_name_rebound_in_straight_line_code_is_compiled():
    """A name rebound from an array to a number with no path joining them is not refused
    (numba_kinds follows the paths; numba types it)."""
    agree(rebound, (0.4, np.array([0.3, -0.2, 0.6])), (0, 1))


def contracted(x, w):
    s = np.sum(np.sin(x) * w)
    t = np.einsum("i,i->", x, w)  # the refused line
    return s + t


def test_a_generation_time_refusal_points_at_the_statement():
    """A refusal made on the generated code (a helper with no numba version: einsum's
    gradient) points at the user's statement the generated call was made for (api/
    located.py's map of generated lines), not the ``def`` line."""
    with pytest.raises(sd.SrcdiffError, match="no compiled version of `einsum_grads`") as e:
        sd.grad(contracted, wrt=0, backend="numba")(np.ones(3), np.ones(3))
    _refused_line(contracted, str(e.value))


def never_runs(x, xs):
    m = 1.0
    acc = x
    k = 0
    while k < 0:  # (numba proves it never runs: its typed-list tapes have no append)
        k += 1
        m = np.tanh(m + x)
        acc = 0.9 * acc + 0.1 * m
    for v in xs:
        if 1.0 < 0.0:  # (an arm numba proves never taken, saving on its own tape)
            m = np.sin(m * v)
        acc = acc * v + m * x
    return -0.1 * m + 0.3 * acc


def runs_once(x, xs):
    m = 1.0
    acc = x
    k = 0
    while k < 1:  # (the same loop, one trip, and the arm taken)
        k += 1
        m = np.tanh(m + x)
        acc = 0.9 * acc + 0.1 * m
    for v in xs:
        if 1.0 > 0.0:
            m = np.sin(m * v)
        acc = acc * v + m * x
    return -0.1 * m + 0.3 * acc


@pytest.mark.parametrize("fn", [never_runs, runs_once])
def test_a_loop_and_an_arm_numba_proves_never_run(fn):
    """A ``while`` loop and a branch in a loop whose tests are made of constants (fuzz seed
    13, index 16: ``k0 = 0; while k0 < 0``): numba drops code it proves never runs before
    typing, and a list tape saved only there had no type ("Unsupported assignment:
    Undefined"); their tests are passed through ``unfolded`` (numba_tape_sites.py), so the
    saves are typed whether they run or not. Against the NumPy backend and finite
    differences, the same shapes running once too."""
    agree(fn, (0.4, np.array([0.3, -0.8, 1.1])), (0, 1))


def returns_from_a_loop_never_run(x, y, k):
    acc = 0.5 * x
    z = -0.5
    k0 = 0
    while k0 < 0:  # (numba proves it never runs; a `return` inside binds _retval only there)
        k0 += 1
        if k0 == 1:
            acc = np.tanh(acc + np.exp(np.tanh(y)))
        elif k0 * 0.1 >= 0.7:
            return acc + 0.3 * y + z
    return 0.2 * acc + y + z * k


def test_forward_mode_of_a_loop_numba_proves_never_runs():
    """Forward mode has no tapes, but a name bound only in a ``while`` loop numba drops
    (``_retval`` of a ``return`` inside) was undefined where read after it ("Unsupported
    assignment: Undefined", fuzz seed 584046668, index 20): every ``while`` test is passed
    through ``unfolded`` (numba_tape_sites.unfold_loops). Against the NumPy backend, whose
    jvp is checked against central differences here too."""
    args, tangents = (-0.75, -0.85, 1), (0.3, -0.7)
    _both_modes(returns_from_a_loop_never_run, args, tangents)
    _, got = sd.jvp(returns_from_a_loop_never_run, wrt=(0, 1), backend="numba")(
        *args, tangents=tangents)
    h = 1e-6
    plus = returns_from_a_loop_never_run(args[0] + h * 0.3, args[1] - h * 0.7, 1)
    minus = returns_from_a_loop_never_run(args[0] - h * 0.3, args[1] + h * 0.7, 1)
    assert_close(got, (plus - minus) / (2 * h), rtol=1e-7, atol=1e-9)


def truncated(x, ys):
    s = 0.5 * x
    for v in ys:
        s = s * np.tanh(v + np.sum((ys * 2.0).astype(int) * ys))
        s = s + np.sum(ys.astype(float) * x) * np.sum(ys.astype(bool))
    return s


def test_astype_of_a_python_type():
    """``a.astype(int)`` (``float``, ``bool``): numba's astype takes no Python type (fuzz
    seed 43, index 31), respelled as the NumPy type it means (numba_spellings.DTYPES);
    both modes, against the NumPy backend and finite differences."""
    ys = np.array([-0.94, -0.21, 0.45, -0.71])
    _both_modes(truncated, (0.6, ys), (1.0, ys[::-1]))


def rolled(x, s):
    w = np.tanh(x * s)
    w += 0.5 * np.tanh(np.sin(np.concatenate([w[1:], w[:1]])))
    return np.sum(x * w) + s


def zipped_cumsum(x, s):
    v = x * s
    acc = 0.0
    for a, b in zip(v, np.cumsum(v)):
        acc += a * b
    return acc


@pytest.mark.parametrize("fn", [rolled, zipped_cumsum])
def test_concatenate_of_slices_and_cumsum(fn):
    """``np.concatenate([w[1:], w[:1]])``: its list (``items``, passed to ``concat_rows``)
    stays a list of rows, not made an index array (numba_builtins.list_indices: arrays of
    different lengths, ``np.array`` of them had no numba typing; independent family seed 7,
    indices 21, 37); ``np.cumsum``'s gradient, ``np.flip(.., None)`` and
    ``np.cumsum(.., None)`` without the axis (numba_spellings.rewrite; index 23)."""
    agree(fn, (np.array([0.3, -0.2, 0.5]), 0.7), (0, 1))


def pair_from_a_loop(x, y, n):
    acc = y
    P = 1.0 + 0.1 * x
    k = 0
    while k < n and acc < 2.3:
        k += 1
        if not -0.49 < P < 0.685:
            return 0.3 * acc * x, P
        P = P - 0.3 * P * np.sin(acc)
    return -0.3 * acc, P * y


@pytest.mark.parametrize("x, n", [(0.65, 0), (0.65, 2), (-4.0, 2)])  # (no trip; returns
def test_a_pair_returned_from_a_loop(x, n):                            # early; does not)
    """``return a, b`` in a ``while`` loop (fuzz seed 11, index 15): the gradient seeds the
    returned pair as a whole (``seed(grad_ys, _retval)``, ``zeros_tree``), a tuple of
    numbers numba had no seed for (numba_stacks.py: a list of floats, runtime.seed's); with
    ``grad_ys`` given too. Against the NumPy backend and central differences of a
    weighted sum of the outputs."""
    from fd import numeric_grad
    for grad_ys in (None, (0.7, -1.3)):
        got = sd.grad(pair_from_a_loop, wrt=(0, 1), backend="numba")(x, 0.47, n,
                                                                     grad_ys=grad_ys)
        ref = sd.grad(pair_from_a_loop, wrt=(0, 1))(x, 0.47, n, grad_ys=grad_ys)
        w = (1.0, 1.0) if grad_ys is None else grad_ys

        def weighted(x, y, n):
            a, b = pair_from_a_loop(x, y, n)
            return w[0] * a + w[1] * b
        for k in (0, 1):
            assert_close(got[k], ref[k], rtol=1e-12, atol=1e-14)
            assert_close(got[k], numeric_grad(weighted, (x, 0.47, n), k))
