"""A product scattered into a new gradient is written into its place there
(optimize/views.py, runtime_memory.index_add_product): ``b_y = index_add(None, y, I,
unbroadcast(a * c, y_i))`` makes the product, a zero array and a copy; the helper makes one
array and multiplies into its view ``b_y[I]`` (GradBench's ode, issue 21: the adjoint of the
right-hand side's ``y[:-1]`` once per call, four calls per step).

Checked: the helper against the two steps it replaces, bit for bit, over indices, shapes,
dtypes, broadcasting and signed zeros; where the rewrite happens (a slice read in the
function, in a called function's backward sweep) and where it does not (an operand changed
between, the reference pipeline, code differentiated again); gradients against central
differences in every pipeline; and a mutant helper caught by verification mode.
"""

import gast
import numpy as np
import pytest

import srcdiff as sd
import srcdiff.runtime_checks as checks
import srcdiff.runtime_memory as memory
from fd import assert_close, numeric_grad
from pipelines import check_pipelines as check
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.optimize.views import products_into_views
from srcdiff.errors import VerificationError
from srcdiff.runtime import index_add, unbroadcast
from srcdiff.runtime_memory import index_add_product


def _two_steps(b, x, index, a, c, like):
    g = a * c
    return index_add(b, x, index, g if like is None else unbroadcast(g, like))


def _same(got, want):
    numbers = ~np.isnan(want)
    return got.shape == want.shape and got.dtype == want.dtype \
        and np.array_equal(got, want, equal_nan=True) \
        and np.array_equal(np.signbit(got)[numbers], np.signbit(want)[numbers])


def _signed(rng, shape):
    v = rng.standard_normal(shape)
    v[rng.random(shape) < 0.2] = -0.0
    return v


CASES = [  # (shape of x, index, shape of a, shape of c or None for a float, like)
    ((6,), slice(None, -1, None), (5,), (5,), True),
    ((6,), slice(1, None, None), (5,), None, True),
    ((6,), slice(2, 4, None), (2,), (2,), False),
    ((6,), slice(4, 2, None), (0,), (0,), True),  # (empty: all zeros)
    ((6,), slice(-2, None, None), (2,), (2,), True),
    ((6,), slice(None, None, 2), (3,), (3,), True),  # (a step: the general path)
    ((3, 4), slice(1, None, None), (2, 4), (2, 4), True),
    ((3, 4), (Ellipsis, slice(1, None, None)), (3, 3), (3, 3), True),
    ((3, 4), (slice(None), slice(None, -1)), (3, 3), (3, 3), False),
    ((4,), slice(1, None, None), (3,), (3, 3), True),  # (broadcast: unbroadcast sums)
    ((4,), slice(1, None, None), (3,), (1,), True),
    ((4,), 2, (), (), False),  # (an int: the general path)
]


@pytest.fixture(autouse=True)
def small_arrays_too(monkeypatch):
    """(The helper's fast path is for gradients of VIEW_SIZE elements or more: these
    tests' small arrays take it too, as the array fuzzer's do.)"""
    monkeypatch.setattr(memory, "VIEW_SIZE", 1)


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("start", ["none", "array"])
def test_the_helper_is_the_two_steps_bit_for_bit(case, start):
    rng = np.random.default_rng(0)
    shape, index, sa, sc, with_like = case
    x = rng.standard_normal(shape)
    a = _signed(rng, sa)
    c = 1.5 if sc is None else _signed(rng, sc)
    like = x[index] if with_like else None
    if not with_like and np.shape(a * c) != np.shape(x[index]):
        pytest.skip("index_add itself needs the view's shape")
    b = None if start == "none" else _signed(rng, shape)
    want = _two_steps(None if b is None else b.copy(), x, index, a, c, like)
    got = index_add_product(b, x, index, a, c, like)
    assert _same(np.asarray(got), np.asarray(want))


def test_a_large_gradient_takes_the_fast_path_by_default(monkeypatch):
    monkeypatch.setattr(memory, "VIEW_SIZE", 4096)
    calls = []
    real = np.multiply

    def counted(*args, **kwargs):
        calls.append("out" in kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(memory.np, "multiply", counted)
    x = np.linspace(0.0, 1.0, 5000)
    got = index_add_product(None, x, slice(None, -1, None), x[1:], x[:-1], x[:-1])
    monkeypatch.setattr(memory.np, "multiply", real)
    assert calls == [True] and got[-1] == 0.0 and _same(got, _two_steps(
        None, x, slice(None, -1, None), x[1:], x[:-1], x[:-1]))


@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
def test_other_dtypes_take_the_general_path(dtype):
    x = np.arange(5.0).astype(dtype)
    a, c = np.arange(4.0).astype(dtype), np.arange(1.0, 5.0).astype(dtype)
    got = index_add_product(None, x, slice(1, None, None), a, c, x[1:])
    want = _two_steps(None, x, slice(1, None, None), a, c, x[1:])
    assert got.dtype == want.dtype and np.array_equal(got, want)


# ------------------------------------------------------------------ the pass

def _rewrite(source, verify=False):
    fn = gast.parse(source).body[0]
    return [S.to_source(s).strip() for s in products_into_views(fn, verify).body]


def test_a_product_moves_into_its_scatter():
    out = _rewrite("def f(b_y, y, a, c, y_i):\n"
                   "    g = unbroadcast(a * c, y_i)\n"
                   "    b_y = index_add(b_y, y, slice(None, -1, None), g)\n")
    assert out == ["b_y = index_add_product(b_y, y, slice(None, -1, None), a, c, y_i)"]


def test_past_another_scatter_and_a_plain_assignment():
    out = _rewrite("def f(b_x, b_y, x, y, a, c, x_i, y_i):\n"
                   "    g = unbroadcast(a * y_i, x_i)\n"
                   "    h = unbroadcast(x_i * a, y_i)\n"
                   "    b_y = index_add(b_y, y, slice(None, -1, None), h)\n"
                   "    k = a * 2.0\n"
                   "    b_x = index_add(b_x, x, slice(1, None, None), g)\n"
                   "    return k\n")
    assert out[0] == "b_y = index_add_product(b_y, y, slice(None, -1, None), x_i, a, y_i)"
    assert out[2] == "b_x = index_add_product(b_x, x, slice(1, None, None), a, y_i, x_i)"


@pytest.mark.parametrize("between", [
    "a = a + 1.0",  # an operand rebound
    "a += 1.0",  # changed in place
    "c[0] = 2.0",  # a store into an operand
    "x_i = y",  # the like rebound
    "q = add_into(a, c)",  # a call that may change its arguments
    "b_y = index_add(b_y, y, slice(0, 1, None), a)\n    a = c",
])
def test_nothing_moves_past_a_change_of_what_it_reads(between):
    out = _rewrite("def f(b_x, b_y, x, y, a, c, x_i):\n"
                   "    g = unbroadcast(a * c, x_i)\n"
                   f"    {between}\n"
                   "    b_x = index_add(b_x, x, slice(1, None, None), g)\n")
    assert out[0] == "g = unbroadcast(a * c, x_i)" and "index_add(b_x" in out[-1], out


def test_not_at_an_int_index():
    # (the helper's general path there: the product would lose release.py's in-place
    # multiplication of a value read for the last time)
    out = _rewrite("def f(b_x, x, a):\n"
                   "    g = a * 0.25\n"
                   "    b_x = index_add(None, x, 1, g)\n")
    assert out == ["g = a * 0.25", "b_x = index_add(None, x, 1, g)"], out


def test_a_product_read_twice_stays():
    out = _rewrite("def f(b_x, x, a, c):\n"
                   "    g = a * c\n"
                   "    b_x = index_add(b_x, x, slice(1, None, None), g)\n"
                   "    return g\n")
    assert out[0] == "g = a * c"


def test_verification_mode_checks_the_helper_and_the_move():
    out = _rewrite("def f(b_y, y, a, c, y_i):\n"
                   "    g = verify_shape(a * c, y_i)\n"
                   "    b_y = index_add(b_y, y, slice(None, -1, None), g)\n", verify=True)
    assert "verify_snapshot" in out[0] and "verify_unchanged" in out[1], out
    assert out[2] == ("b_y = verify_index_add_product(b_y, y, slice(None, -1, None), a, c, "
                      "None, y_i)"), out


# ------------------------------------------------------------------ generated code

def rhs(x, y):
    return np.concatenate((x[:1], x[1:] * y[:-1]))


def ode(x, s):
    y = np.zeros(x.shape[0])
    for _ in range(s):
        k1 = rhs(x, y)
        k2 = rhs(x, y + 0.25 * k1)
        y = y + 0.5 * (k1 + k2)
    return y[-1] + np.sum(y * y)


def stencil(x, w):
    return np.sum(np.sin(x[1:] * w[:-1])) + np.sum(np.concatenate((x[:1], x[1:] * x[:-1])))


def test_the_callee_s_slices_fill_one_gradient():
    x = np.linspace(0.2, 1.0, 7)
    text = sd.source(ode, wrt=0, args=(x, 3))
    assert "index_add_product(b_y, y, slice(None, -1, None), x_i1, b_mul, y_i)" in text, text
    assert "b_y_i" not in text.split("def grad_ode")[0], text
    check(ode, (x, 3), 0)


def test_the_function_s_own_slices():
    args = (np.linspace(0.2, 1.0, 6), np.linspace(-1.0, 0.5, 6))
    text = sd.source(stencil, wrt=(0, 1), args=args)
    assert text.count("index_add_product(None") >= 2, text
    assert "index_add_product" not in sd.source(stencil, wrt=(0, 1), args=args,
                                                optimize=False)
    check(stencil, args, (0, 1))


def test_value_and_gradient_of_a_2d_slice_read():
    def f(x, w):
        return np.sum(np.tanh(x[..., 1:] * w[..., :-1]) * x[..., :-1])

    args = (np.linspace(-1.0, 1.0, 12).reshape(3, 4), np.linspace(0.3, 0.9, 12).reshape(3, 4))
    assert "index_add_product" in sd.source(f, wrt=(0, 1), args=args)
    check(f, args, (0, 1))


def test_not_in_code_differentiated_again():
    def f(x):
        return np.sum(np.sin(x[1:] * x[:-1]))

    x = np.linspace(0.1, 0.9, 5)
    h, eps, g = sd.hessian(f)(x), 1e-5, sd.grad(f)
    for k in range(5):
        e = np.zeros(5)
        e[k] = eps
        assert_close(h[:, k], (g(x + e) - g(x - e)) / (2 * eps), rtol=1e-5, atol=1e-6)
    assert_close(sd.grad(f)(x), numeric_grad(f, (x,), 0))


def test_verification_catches_a_helper_that_forgets_the_zeros(monkeypatch):
    """A mutant helper that leaves what the index does not reach unset (``np.empty``'s old
    memory) makes a wrong gradient; verification mode raises where it runs."""
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)

    def unzeroed(b, x, index, a, c, like=None):
        if b is None:
            b = np.full(x.shape, 7.0)
            np.multiply(a, c, out=b[index])
            return b
        return index_add(b, x, index, a * c)

    monkeypatch.setattr(checks, "index_add_product", unzeroed)
    x = np.linspace(0.2, 1.0, 5)
    with pytest.raises(VerificationError, match="written into its place"):
        checks.verify_index_add_product(None, x, slice(None, -1, None), x[1:], x[:-1], x[:-1])
    with pytest.raises(VerificationError, match="written into its place"):
        sd.grad(stencil, wrt=(0, 1), verify=True)(x, x * 0.5)


@pytest.mark.parametrize("index", [(Ellipsis, slice(None, None, -1)),
                                   (Ellipsis, slice(1, None, None)),
                                   (slice(None), slice(None, -1))])
def test_a_negative_zero_product_at_a_tuple_of_slices_is_added_as_index_add_adds(index):
    # index_add adds into its zeros at a tuple of slices (0.0 + -0.0 is 0.0); the product
    # written in place kept -0.0 (found by verification mode once the array fuzzer had set
    # VIEW_SIZE to 1 for the rest of a test process)
    x = np.ones((4, 3))
    a = np.arange(12.0).reshape(4, 3)[index] - 5.0
    c = -0.0
    want = _two_steps(None, x, index, a, c, None)
    got = index_add_product(None, x, index, a, c, None)
    assert _same(np.asarray(got), np.asarray(want))
