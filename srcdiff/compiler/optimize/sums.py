"""Sums over an axis, spelled the fast way NumPy adds them the same.

``np.sum(d ** 2, axis=-1)`` over a 256 x 256 x 3 array costs 0.85 ms: NumPy walks the
three elements of each of the 65,536 results in an inner loop of its own, where adding
the three 256 x 256 slices takes 0.08 ms. For an axis shorter than eight elements NumPy
adds one element after another from 0.0, so adding the slices in that order gives its
results bit for bit (``runtime_memory.short_sum``, which decides at run time and is
``np.sum`` itself outside that case)::

    d2 = np.sum(sub ** 2, axis=-1)      ->      d2 = short_sum(sub ** 2, axis=-1)

Invariant: every rewritten call returns the value ``np.sum`` returns (the same numbers,
signed zeros and NaNs), so nothing downstream, primal or adjoint, can tell. Verification
mode calls ``verify_short_sum`` instead, which computes both and raises if they differ;
tests/optimize/test_short_sums.py checks the helper against ``np.sum`` over memory
layouts, lengths and dtypes. Rewritten: calls of ``np.sum`` (generated code's ``np`` is
NumPy) with an axis other than a literal 0 and at most ``keepdims`` besides. Not in the
reference pipeline, nor in code for the numba backend, for array-API arguments or
differentiated again (no rule differentiates the helper): the driver decides.
"""

import gast

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

HELPER, CHECKED = "short_sum", "verify_short_sum"


def short_sums(body, verify=False):
    """Rewrite, in place, the ``np.sum`` calls in ``body`` that take an axis (see the module
    docstring); return ``body``."""
    for s in body:
        for node in dataflow.nodes(s):
            if isinstance(node, gast.Call):
                args = _sum_with_axis(node)
                if args is not None:
                    node.func = S.name(CHECKED if verify else HELPER)
                    node.args = [args.pop("x")]
                    node.keywords = [gast.keyword(arg=k, value=v) for k, v in args.items()]
    return body


def _sum_with_axis(call):
    """``{x, axis}`` (and ``keepdims``) of ``np.sum(x, axis, keepdims=...)``, or None."""
    f = call.func
    if not (isinstance(f, gast.Attribute) and f.attr == "sum" and isinstance(f.value, gast.Name)
            and f.value.id == "np") or not 1 <= len(call.args) <= 2:
        return None
    if any(isinstance(a, gast.Starred) for a in call.args):
        return None
    given = dict(zip(("x", "axis"), call.args))
    for k in call.keywords:
        if k.arg not in ("axis", "keepdims") or k.arg in given:
            return None
        given[k.arg] = k.value
    axis = given.get("axis")
    if axis is None or isinstance(axis, gast.Constant) and axis.value in (None, 0):
        # (over every axis: np.sum's pairwise sum, another order; over the first axis,
        # mostly of a C-contiguous array, NumPy adds whole slices itself)
        return None
    return {k: given[k] for k in ("x", "axis", "keepdims") if k in given}
