# ruff: noqa: F841  (the unused results are the calls' effects under test)
"""Library calls that write into an argument because of a keyword: SciPy's
``overwrite_a=True`` (``lu_factor``, ``cho_factor``, ``solve``, ...: the factorization is
left in the array given when its order allows it), ``output=`` of scipy.ndimage (the
result is written into the array given). srcdiff took such a call for one that leaves its
arguments alone, so a later read of the argument saw the primal's original values in the
backward sweep: ``lu_factor(A, overwrite_a=True); np.sum(A * A)`` of a Fortran-ordered
``A`` gave a silently wrong gradient. analysis/scan.py ``writes_by_keyword``: the call
is refused in the function (aliasing.py) and counts as a write into every argument in a
helper's summary (so its caller refuses it); a literal false ``overwrite_*`` is accepted.
Oracle: central differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

scipy_linalg = pytest.importorskip("scipy.linalg")
ndimage = pytest.importorskip("scipy.ndimage")


def factor_overwrites(x):
    A = np.array(np.outer(x, x) + np.eye(3) * 5.0, order="F")
    lu, piv = scipy_linalg.lu_factor(A, overwrite_a=True)
    return np.sum(A * A)


def cho_overwrites(x):
    A = np.array(np.outer(x, x) + np.eye(3) * 5.0, order="F")
    c = scipy_linalg.cho_factor(A, overwrite_a=True)
    return np.sum(A * x)


def flag_computed(x):
    A = np.array(np.outer(x, x) + np.eye(3) * 5.0, order="F")
    flag = bool(x[0] > 0)
    lu, piv = scipy_linalg.lu_factor(A, overwrite_a=flag)
    return np.sum(A * A)


def filter_output(x):
    y = x * 2.0
    out = np.zeros(3)
    z = ndimage.uniform_filter1d(y, 3, output=out)
    return np.sum(out * y)


def _factor(A):
    return scipy_linalg.lu_factor(A, overwrite_a=True)


def helper_overwrites(x):
    A = np.array(np.outer(x, x) + np.eye(3) * 5.0, order="F")
    lu, piv = _factor(A)
    return np.sum(A * A)


def overwrite_false(x):
    A = np.array(np.outer(x, x) + np.eye(3) * 5.0, order="F")
    lu, piv = scipy_linalg.lu_factor(A, overwrite_a=False)
    return np.sum(A * A)


X = np.array([1.0, 2.0, 3.0])


@pytest.mark.parametrize("f, keyword", [
    (factor_overwrites, "overwrite_a"), (cho_overwrites, "overwrite_a"),
    (flag_computed, "overwrite_a"), (filter_output, "output")])
@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_refused(f, keyword, mode):
    make = sd.grad if mode == "reverse" else sd.jvp
    with pytest.raises(sd.SrcdiffError) as err:
        if mode == "reverse":
            make(f)(X.copy())
        else:
            make(f)(X.copy(), tangents=np.ones(3))
    text = str(err.value)
    assert "may write into its arguments in place (`%s`)" % keyword in text
    assert "test_keyword_writes.py" in text and "drop `%s`" % keyword in text


def test_helper_refused():
    # (inlined where called: front/writing_helpers.py; the keyword is refused there)
    with pytest.raises(sd.SrcdiffError, match=r"may write into its arguments in place "
                                              r"\(`overwrite_a`\)"):
        sd.grad(helper_overwrites)(X.copy())


def test_overwrite_false_accepted():
    assert_close(sd.grad(overwrite_false)(X.copy()), numeric_grad(overwrite_false, (X.copy(),), 0))


def test_the_primal_does_change_its_argument():
    # (the refusals guard a real write: SciPy leaves its factors in a Fortran-ordered A)
    A = np.array(np.outer(X, X) + np.eye(3) * 5.0, order="F")
    before = A.copy()
    scipy_linalg.lu_factor(A, overwrite_a=True)
    assert not np.allclose(A, before)
    assert flag_computed(X.copy()) != np.sum(before * before)


def factor_overwrites_by_position(x):
    A = np.array(np.outer(x, x) + np.eye(3) * 5.0, order="F")
    lu, piv = scipy_linalg.lu_factor(A, True)
    return np.sum(A * A)


def filter_output_by_position(x):
    y = x * 2.0
    out = np.zeros(3)
    z = ndimage.uniform_filter1d(y, 3, -1, out)
    return np.sum(out * y)


def median_overwrites_input(x):
    a = x * 1.0
    m = np.median(a, overwrite_input=True)
    return np.sum(a * x) + m


@pytest.mark.parametrize("f, keyword", [
    (factor_overwrites_by_position, "overwrite_a"), (filter_output_by_position, "output"),
    (median_overwrites_input, "overwrite_input")])
def test_refused_by_position_and_numpy(f, keyword):
    with pytest.raises(sd.SrcdiffError, match=r"in place \(`%s`\)" % keyword):
        sd.grad(f)(np.array([3.0, 1.0, 2.0]))
