"""The float-precision check of the numba backend's arguments, run in Python before
numba's code: by ``sd.grad(f, backend="numba")`` (api/backends.py) and by the entry of
each gradient a ``srcdiff --backend numba`` module defines (cli/numba_module.py).

SPEC §1 gives derivatives the float dtype of their argument, which the numba backend's
float64 code does not: a float array or NumPy float that is not float64 (float32, float16,
longdouble), an argument or an entry of a dict, list or tuple argument, is refused, with
its path, before any gradient is computed (else a float64 gradient, or compiled loops
that store into a float32 array mixing precisions)."""

import numpy as np

from srcdiff import leaves
from srcdiff.errors import SrcdiffError


def other_precision(value, name):
    """``(path, dtype)`` of the first float in ``value`` (leaves.py's walk) that is not
    float64, else None; ``path`` the entry as read from the parameter ``name``."""
    def other(leaf, path):
        if not isinstance(leaf, (np.ndarray, np.generic)):
            return None
        kind = leaf.dtype
        return (f"`{leaves.shown(name, path)}`", str(kind)) \
            if kind.kind == "f" and kind != np.float64 else None
    return leaves.first_answer(value, other)


def refusal(found):
    """``(what, hint)`` of the refusal of ``found`` (:func:`other_precision`'s)."""
    return (f"the numba backend computes in float64, and {found[0]} is {found[1]}: its "
            "gradient would come back in float64, and compiled loops that store into it "
            "mix precisions", f'pass float64 values (`.astype(np.float64)`), or use '
            f'backend="numpy" (derivatives in {found[1]})')


def float64_arguments(fn_name, named):
    """Raise SrcdiffError (naming ``fn_name``) for the first of ``named``'s ``(name,
    value)`` arguments holding a float that is not float64."""
    for name, value in named:
        found = other_precision(value, name)
        if found is not None:
            what, hint = refusal(found)
            raise SrcdiffError(f"{fn_name}: {what}", hint=hint)
