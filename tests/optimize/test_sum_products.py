"""A product summed down to a shape by ``unbroadcast`` is one ``np.einsum`` or ``np.matmul``
in the generated code (optimize/contractions.py, runtime_memory.sum_product), with no
product array: n-body's ``unbroadcast(b_diff, pos_i)`` of ``b_diff = w * diff``.

Checked: the helper against ``unbroadcast(a * b, x)`` over random shapes, memory layouts and
dtypes (both plans, einsum and matmul, taken); where the rewrite happens (inline and named
products, the named one's other factor computed once) and where it does not (the
reference pipeline, a product read elsewhere); gradients against central differences in
every pipeline; and a mutant helper caught by verification mode's ``verify_sum_product``.
"""

import numpy as np
import pytest

import srcdiff as sd
import srcdiff.runtime_checks as checks
import srcdiff.runtime_memory as memory
from pipelines import check_pipelines as check
from srcdiff.errors import VerificationError
from srcdiff.runtime import unbroadcast
from srcdiff.runtime_memory import sum_product


def _shapes(rng, n):
    full = tuple(int(v) for v in rng.integers(1, 6, n))

    def part():
        drop = int(rng.integers(0, n + 1))
        return tuple(f if rng.random() < 0.6 else 1 for f in full)[n - drop:]
    return part(), part(), part()


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_the_helper_is_unbroadcast_of_the_product(monkeypatch, dtype):
    monkeypatch.setattr(memory, "PRODUCT_SUM_SIZE", 1)
    rng = np.random.default_rng(5)
    plans = {"einsum": 0, "matmul": 0, None: 0}
    for _ in range(3000):
        sa, sb, sx = _shapes(rng, int(rng.integers(1, 5)))
        a, b = rng.standard_normal(sa).astype(dtype), rng.standard_normal(sb).astype(dtype)
        x = np.zeros(sx)
        if rng.random() < 0.3:
            a = np.asfortranarray(a)
        if rng.random() < 0.3 and b.ndim > 1:
            b = b[..., ::-1]
        try:
            want = unbroadcast(a * b, x)
        except (ValueError, IndexError):  # (shapes that do not broadcast or reduce)
            continue
        got = sum_product(a, b, x)
        plan = memory._product_plan(a.shape, b.shape, x.shape)
        plans[plan[0] if plan else None] += 1
        assert np.shape(got) == np.shape(want) and got.dtype == want.dtype, (sa, sb, sx)
        tol = 1e-5 if dtype == np.float32 else 1e-12
        np.testing.assert_allclose(got, want, rtol=tol, atol=tol)
    assert plans["einsum"] > 300 and plans["matmul"] > 20, plans


def test_n_body_sums_are_one_pass():
    rng = np.random.default_rng(0)
    w, d = rng.standard_normal((256, 256, 1)), rng.standard_normal((256, 256, 3))
    for like in (np.zeros((256, 1, 3)), np.zeros((1, 256, 3)), np.zeros(3)):
        assert memory._product_plan(w.shape, d.shape, like.shape) is not None
        np.testing.assert_allclose(sum_product(w, d, like), unbroadcast(w * d, like),
                                   rtol=1e-12, atol=1e-12)
    assert memory._product_plan(w.shape, d.shape, (256, 1, 3))[0] == "matmul"
    # a result of x's shape is a new array, not a view of one (finish would copy a view)
    assert sum_product(d, d, np.zeros(3)).base is None
    assert sum_product(w, d, np.zeros((256, 1, 3))).base is not None  # (a reshape: a view)


def test_what_stays_unbroadcast(monkeypatch):
    # (the fuzzers set the threshold to 1 for their process: the default is tested here)
    monkeypatch.setattr(memory, "PRODUCT_SUM_SIZE", 4096)
    a = np.ones((100, 50))
    assert memory._product_plan(a.shape, a.shape, a.shape) is None  # (nothing summed)
    assert memory._product_plan((4, 3), (4, 3), (3,)) is None  # (a small product)
    for like in (1.0, np.float64(1.0)):  # (a number's gradient is a NumPy scalar)
        got = sum_product(a, a + 1.0, like)
        assert type(got) is type(unbroadcast(a * (a + 1.0), like)) is np.float64
        assert got == 10000.0
    small = np.ones(4, dtype=np.float32)
    assert type(sum_product(small, small, 1.0)) is np.float32
    assert sum_product(a, 2.0, np.zeros(50)).tolist() == [200.0] * 50  # (a number)
    ints = np.ones((100, 50), dtype=np.int64)
    assert sum_product(ints, ints, np.zeros(50)).dtype == np.int64


def potential(pos, m):
    d = pos[:, None, :] - pos[None, :, :]
    r2 = np.sum(d ** 2, axis=-1) + 0.1
    return np.sum(m[:, None] * m[None, :] / np.sqrt(r2))


def norm_scale(x, gamma):
    y = x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + 1.0)
    return np.sum(np.tanh(y * gamma))


def test_named_and_inline_products_are_rewritten():
    rng = np.random.default_rng(1)
    args = (rng.standard_normal((70, 3)), rng.uniform(0.5, 1.5, 70))
    src = sd.source(potential, wrt=(0, 1), args=args)
    assert src.count("sum_product(") >= 2, src
    assert "unbroadcast(b_d, " not in src, src
    ref = sd.source(potential, wrt=(0, 1), args=args, optimize=False)
    assert "sum_product" not in ref, ref
    check(potential, args, (0, 1))
    args = (rng.standard_normal((30, 40)), rng.standard_normal(40))
    src = sd.source(norm_scale, wrt=(0, 1), args=args)
    assert "sum_product(" in src, src
    check(norm_scale, args, (0, 1))


def shared(x, w):
    p = x * w
    return np.sum(p) + np.sum(np.sin(p))


def test_a_product_read_elsewhere_stays():
    """``b_p``'s product is the gradient of ``x`` too (read twice, once not summed)."""
    rng = np.random.default_rng(2)
    args = (rng.standard_normal((20, 30)), rng.standard_normal(30))
    check(shared, args, (0, 1))


def test_verification_catches_a_wrong_sum(monkeypatch):
    """A mutant helper that drops one product; verification mode raises where it runs."""
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)

    def dropped(a, b, x):
        return unbroadcast(a[1:] * b[1:], x)

    monkeypatch.setattr(checks, "sum_product", dropped)
    a, b = np.random.default_rng(3).standard_normal((2, 100, 50)) + 1.0
    with pytest.raises(VerificationError, match="summed"):
        checks.verify_sum_product(a, b, np.zeros(50))
    monkeypatch.setattr(checks, "sum_product", sum_product)
    np.testing.assert_allclose(checks.verify_sum_product(a, b, np.zeros(50)),
                               np.sum(a * b, axis=0), rtol=1e-12)
