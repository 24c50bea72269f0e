"""backend="numba" on a max or min over one axis kept (``np.max(a, axis=1,
keepdims=True)``: numba_emit lowers it to ``np.expand_dims(max_axis(a, 1), 1)``) and on
reads at integer-array indices, whose gradient is a scatter-add (``index_add`` at
``(rows, cols)`` or at one index array with repeats: numba_pieces.py); the realistic
workloads softmax_reg and gmm were refused for these. One compiled gradient checks all
of them against the NumPy backend and central finite differences."""

import functools

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

pytest.importorskip("numba")


def softmax_nll(W, b, X, y, picks):
    """Softmax regression's loss (a shifted log-sum-exp over a kept axis, the logit of
    each row's label), a min over a kept leading axis, a bias read at repeated picks."""
    logits = X @ W + b[picks]
    m = np.max(logits, axis=1, keepdims=True)
    lse = np.log(np.sum(np.exp(logits - m), axis=1)) + m[:, 0]
    low = np.min(logits, axis=0, keepdims=True)
    return (np.mean(lse - logits[np.arange(X.shape[0]), y])
            + 0.1 * np.sum(np.tanh(low)) + 0.05 * np.sum(b[y] ** 2))


def _inputs():
    rng = np.random.default_rng(41)
    n, d, c = 7, 3, 4
    y = np.array([0, 3, 3, 1, 2, 0, 3])  # repeats: b[y]'s scatter adds twice into one slot
    picks = np.array([1, 1, 0, -1])  # and a negative entry
    return rng.standard_normal((d, c)), rng.standard_normal(c), rng.standard_normal((n, d)), \
        y, picks


@functools.lru_cache(maxsize=None)
def _compiled():
    return sd.grad(softmax_nll, wrt=(0, 1), backend="numba")


def test_softmax_gather_matches_numpy_backend_and_finite_differences():
    args = _inputs()
    got = _compiled()(*args)
    ref = sd.grad(softmax_nll, wrt=(0, 1))(*args)
    for g, r, k in zip(got, ref, (0, 1)):
        assert np.shape(g) == np.shape(args[k])
        assert_close(g, r, rtol=1e-12, atol=1e-14)
        assert_close(g, numeric_grad(softmax_nll, args, k))


def test_out_of_range_label_raises_as_numpy():
    W, b, X, y, picks = _inputs()
    with pytest.raises(IndexError):
        _compiled()(W, b, X, np.where(y == 3, 9, y), picks)



# reductions over one axis of a (3, 4) array ``A`` and reads at index arrays, the shapes
# numba_emit lowers (kept axes, the method spellings) and numba_pieces scatters into
REDUCTIONS = ("np.max({a}, axis={ax}, keepdims=True)", "np.min({a}, axis={ax}, keepdims=True)",
              "{a}.mean(axis={ax}, keepdims=True)", "np.mean({a}, axis={ax})",
              "np.var({a}, axis={ax}, keepdims={kd})", "{a}.var(axis={ax})",
              "np.std({a}, axis={ax}, keepdims={kd})", "{a}.std(axis={ax}, keepdims=True)",
              "np.max({a}, axis={ax})")
GATHERS = ("{a}[np.arange(3), IDX[:3]]", "{a}[ROWS, IDX[1:]]", "x[IDX]", "x[IDX[::-1]] * x",
           "{a}[ROWS[PICK], IDX]")
PROGRAMS = 2


def _program(rng):
    terms = [REDUCTIONS[i].format(a=rng.choice(["A", "(np.sin(A) * x)", "(A * A)"]),
                                  ax=rng.choice([0, 1, -1]), kd=rng.choice([True, False]))
             for i in rng.choice(len(REDUCTIONS), 3, replace=False)]
    terms.append(GATHERS[rng.integers(len(GATHERS))].format(a=rng.choice(["A", "(A + x)"])))
    body = "\n".join(f"    t{k} = {t}" for k, t in enumerate(terms))
    total = " + ".join(f"np.sum(np.tanh(t{k}) * {k + 1}.0)" for k in range(len(terms)))
    return ("import numpy as np\n\nIDX = np.array([1, 3, 0, 3])\nROWS = np.array([2, -3, 2])\n"
            "PICK = np.array([0, 1, 0, 1])\n\n\ndef f(x, A):\n"
            f"{body}\n    return {total}\n")


def test_random_reduction_programs(random_programs):
    """Random programs of the reductions over one axis and reads at index arrays, through
    backend="numba" (a seed per run, printed): each compiles and agrees with the NumPy
    backend and central finite differences; the runs reach the lowerings."""
    programs = random_programs("reduction")
    rng, texts = programs.rng, programs.texts
    for k in range(PROGRAMS):
        module = programs.load(f"reductions_{k}", _program(rng))
        args = (rng.standard_normal(4), rng.standard_normal((3, 4)))
        got = sd.grad(module.f, wrt=(0, 1), backend="numba")(*args)
        ref = sd.grad(module.f, wrt=(0, 1))(*args)
        for g, r, i in zip(got, ref, (0, 1)):
            assert_close(g, r, rtol=1e-12, atol=1e-13)
            assert_close(g, numeric_grad(module.f, args, i))
    assert len(texts) == PROGRAMS and all(
        "_axis(" in t and "index_add" in t for t in texts)
