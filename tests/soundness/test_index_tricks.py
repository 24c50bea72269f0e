"""Index tricks and keyword arguments, each right or refused (session 47's probe).

About 250 small functions (tests/support/index_probe_cases*.py): reversed and stepped
slices, ``None``/``...``, integer arrays with repeated and negative entries (a read adds up
the gradient of a repeated entry; ``y[idx] += v`` writes once, NumPy's last write wins;
``np.add.at`` adds every one), boolean masks of 1-3 axes, ``np.take``/``take_along_axis``/
``put``/``choose``/``nonzero``, diagonals, Fortran order, views changed in place and stores
through copies, and 25+ NumPy/SciPy functions with keywords given by name, by position or
computed from the differentiated inputs. In the modes ``grad``, ``unoptimized``
(``optimize=False``), ``jvp`` and ``verify`` (SRCDIFF_VERIFY's run-time checks), and
``numba`` for the functions it compiles (``NUMBA``), every answer matches central
differences in float64 (tests/support/outsider_modes.py) or is a ``SrcdiffError`` listed
in ``REFUSED`` naming the function's file and line: a wrong answer, another exception, an
unlisted refusal or a listed one that stops fails. A keyword srcdiff would ignore shows as
a wrong answer here. Two hand-made oracles check the repeated-index stores outright.
"""

from collections import Counter

import numpy as np
import pytest

import index_probe_cases as first
import index_probe_cases2 as second
import index_probe_cases3 as third
import index_probe_cases4 as fourth
import outsider_modes as om
import srcdiff as sd

MODES = ("grad", "unoptimized", "jvp", "verify", "numba")
CASES = [(module, fn, argsets) for module in (first, second, third, fourth)
         for fn, argsets in module.CASES]
TALLY = Counter()  # (mode, outcome) -> count

# function -> words of its refusal in every mode but numba's (and in numba's unless NUMBA_
# REFUSED says otherwise), grouped by the reason
_VIEW = "changes an array in place that `y` also refers"
REFUSED = {
    # not modelled: .flat, np.s_/np.index_exp, stores through an attribute
    "flat_read": "rule for attribute .flat",
    "s_underscore": "np.s_[...] is a NumPy index trick srcdiff does not model",
    # an in-place change through another name of the same memory (views; flatten, a
    # Fortran-order reshape of a C array and a transposed store copy or not by layout)
    **{name: _VIEW for name in (
        "chained_views", "ravel_write", "flatten_write", "row_loop", "split_views",
        "row_view", "transposed_store", "astype_nocopy", "asarray_same", "array_copy_false",
        "atleast", "fortran_reshape_copy", "real_view", "squeeze_view")},
    "reshape_view_write": "`z[0] = z[1] ** 2` changes an array in place that `y` also",
    "row_loop_store": "`row[0] = row[1] * i` changes an array in place that `y`",
    "unpack_rows": "`a += 1.0` changes an array in place that `y` also refers",
    "none_view": "`z[0, 1] = 7.0` changes an array in place that `y` also",
    "swap_rows_views": "changes an array in place that a value",
    # a chained store through a copy (fancy or mask index first: NumPy changes nothing)
    "fancy_copy_write": "a chained store `x[i][j] = ...` is differentiated as `x[i, j]",
    "mask_copy_write": "a chained store `x[i][j] = ...` is differentiated as `x[i, j]",
    "fancy_then_view": "a chained store `x[i][j] = ...` is differentiated as `x[i, j]",
    "view_then_fancy": "a chained store `x[i][j] = ...` is differentiated when",
    # keywords not modelled
    "power_dtype": "the gradient rule of np.power does not model the keyword dtype=",
    "ufunc_casting": "the gradient rule of np.add does not model the keyword casting=",
    "ufunc_dtype": "the gradient rule of np.sin does not model the keyword dtype=",
    "matmul_kw": "the gradient rule of np.matmul does not model the keyword dtype=",
    "linspace_retstep": "the gradient rule of np.linspace does not model the keyword retstep=",
    "logsumexp_sign": "the gradient rule of logsumexp does not model the keyword return_sign=",
    "logsumexp_sign_neg":
        "the gradient rule of logsumexp does not model the keyword return_sign=",
    "ufunc_out_where": "the gradient rule of np.exp does not model the keyword where=",
    "ufunc_add_where_out": "the gradient rule of np.add does not model the keyword where=",
    "ufunc_where": "`out=` writes the result into an existing array",
    "put_wrap": "np.put is differentiated with its default `mode='raise'`",
    "reduce_keep_where": "got an unexpected keyword argument 'where'",
    # an option the rule takes as a constant, computed from the differentiated inputs
    "interp_kw": "the gradient rule of np.interp treats `right` as a",
    "arange_computed": "the gradient rule of np.arange treats `start` as a constant",
    "pos_initial_computed": "the gradient rule of np.sum treats `initial` as a constant",
    "diff_pos_prepend": "the gradient rule of np.diff treats `prepend` as a",
    "nan_to_num_kw": "the gradient rule of np.nan_to_num treats `nan` as a",
    "nan_to_num_inf": "the gradient rule of np.nan_to_num treats `posinf` as a",
    "trapezoid_dx": "the gradient rule of np.trapezoid treats `dx` as a",
    "gradient_spacing_computed": "the gradient rule of np.gradient treats `spacing` as a",
    "gradient_coords_computed": "the gradient rule of np.gradient treats `spacing` as a",
    "logsumexp_b_computed": "the gradient rule of logsumexp treats `b` as a constant",
    "logsumexp_axis_b": "the gradient rule of logsumexp treats `b` as a constant",
    # functions without a rule, and effects srcdiff does not follow
    "nan_to_num_inplace": "changes its first argument in place",
    **{name: "is not differentiated (np.add.at and np.subtract.at are)"
       for name in ("multiply_at", "minimum_at")},
}

# the functions the numba backend compiles (about 3 s each), and some it refuses
NUMBA = {
    "rev", "rev_step2", "tail3", "none_colon_none", "dup_read", "neg_int_array", "mask_read",
    "mask_3d_write", "take_axis", "where_one_arg", "nonzero_index", "diag_make", "triu_k",
    "swapaxes", "roll_flat", "slice_of_copy", "sum_axis_keepdims", "std_ddof", "var_keepdims",
    "clip_kw", "round_decimals", "ufunc_out", "dot_out",
    "dup_aug", "add_at", "take_wrap", "reshape_f", "view_scaled", "ellipsis_none",
}
NUMBA_REFUSED = {
    "add_at": "no compiled version of `add_at`",
    "take_wrap": "no compiled version of `take_grad`",
    "reshape_f": "no compiled version of `index_order`",
    "view_scaled": "does not compile functions that change an argument in place",
    "ellipsis_none": "numba cannot compile the gradient",
}


def _words(name, mode):
    if mode == "numba" and name in NUMBA_REFUSED:
        return NUMBA_REFUSED[name]
    return REFUSED.get(name)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("module, fn, argsets", CASES, ids=[c[1].__name__ for c in CASES])
def test_right_or_refused(module, fn, argsets, mode):
    if mode == "numba":
        if fn.__name__ not in NUMBA:
            pytest.skip("not compiled with numba here (slow)")
        pytest.importorskip("numba")
    results = [om.outcome(fn, args, mode) for args in argsets]
    TALLY.update((mode, kind) for kind, _ in results)
    om.assert_listed(fn.__name__, mode, results, _words(fn.__name__, mode),
                     module.__file__.rsplit("/", 1)[-1])


def test_the_lists_name_probe_functions():
    names = [c[1].__name__ for c in CASES]
    assert len(names) == len(set(names)) and len(names) >= 60
    assert set(REFUSED) | set(NUMBA) | set(NUMBA_REFUSED) <= set(names)
    assert set(NUMBA_REFUSED) <= NUMBA


def test_repeated_index_stores_against_hand_oracles():
    """``y[idx] += v`` and ``y[idx] = v`` with a repeated index: only the last write of each
    position lands, so ``v``'s entries written over get no gradient; ``np.add.at`` adds
    every one. The gradients of ``sum(y * w)`` written out by hand."""
    x, v = np.arange(1.0, 7.0), np.array([10.0, 20.0, 30.0, 40.0, 50.0])
    idx, w = np.array([0, 2, 2, 5, 0]), np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])

    def aug(x, v):
        y = x.copy()
        y[idx] += v
        return np.sum(y * w)

    def store(x, v):
        y = x.copy()
        y[idx] = v
        return np.sum(y * w)

    def add_at(x, v):
        y = x.copy()
        np.add.at(y, idx, v)
        return np.sum(y * w)

    last = np.array([0.0, 0.0, 3.0, 6.0, 1.0])  # w at idx, where the write is the last
    for fn, gx, gv in ((aug, w, last), (store, w * np.array([0, 1, 0, 1, 1, 0.0]), last),
                       (add_at, w, w[idx])):
        for options in ({}, {"optimize": False}, {"verify": True}):
            got = sd.grad(fn, wrt=(0, 1), **options)(x, v)
            np.testing.assert_array_equal(got[0], gx, err_msg=f"{fn.__name__} x {options}")
            np.testing.assert_array_equal(got[1], gv, err_msg=f"{fn.__name__} v {options}")
