"""Checks of the tangents given to ``sd.jvp``/``sd.hvp`` and the cotangents of grad over
forward mode (api/higher.py): the structure and shapes of the argument (never broadcast),
real, and in the argument's float dtype (runtime_checks.py ``input_tangent``).
"""

import numpy as np

from srcdiff.compiler.analysis.facts import array_api_module
from srcdiff.runtime_checks import input_tangent


def like(x, entries):
    """``entries`` as a list, tuple or named tuple, as ``x`` is."""
    return type(x)(*entries) if hasattr(type(x), "_fields") else type(x)(entries)


def check_like(t, x, what):
    """``t`` as a tangent of ``x``: same structure and shapes (never broadcast)."""
    if isinstance(x, dict):
        if not isinstance(t, dict) or set(t) != set(x):
            raise ValueError(f"{what} must be a dict with keys {sorted(x, key=str)}")
        return {k: check_like(t[k], x[k], f"{what}[{k!r}]") for k in x}
    if isinstance(x, (list, tuple)):
        if not isinstance(t, (list, tuple)) or len(t) != len(x):
            raise ValueError(f"{what} must be a sequence of {len(x)} entries")
        return like(x, [check_like(a, b, f"{what}[{i}]") for i, (a, b) in enumerate(zip(t, x))])
    module = array_api_module(x)
    if module is not None:  # (an array-API array: its tangent is one of the same library)
        return _check_array_api_like(t, x, what, module)
    if isinstance(x, (bool, int, np.integer, np.bool_)) or (
            isinstance(x, np.ndarray) and not np.issubdtype(x.dtype, np.inexact)):
        return None  # integers are constants: their tangent is ignored (entries too)
    if isinstance(t, (list, tuple, dict)) and not isinstance(x, np.ndarray):
        raise ValueError(f"{what} is a {type(t).__name__}, but the argument is a "
                         f"{type(x).__name__}: a tangent has the argument's structure (a "
                         "tuple of tangents is for several `wrt` arguments)")
    try:
        shape = np.shape(t)
    except ValueError:  # (a ragged sequence)
        shape = None
    if shape != np.shape(x):
        shown = "no array shape" if shape is None else f"shape {shape}"
        raise ValueError(f"{what} has {shown}, but the argument has shape "
                         f"{np.shape(x)}; they must be equal")
    if np.iscomplexobj(t):
        raise TypeError(f"{what} is complex; srcdiff differentiates real functions of real "
                        "inputs only")
    t = input_tangent(t, x)  # (in x's float dtype)
    return np.asarray(t) if isinstance(x, np.ndarray) and isinstance(t, (list, tuple)) else t


def _check_array_api_like(t, x, what, module):
    xp = x.__array_namespace__()
    if not xp.isdtype(x.dtype, "real floating"):
        return None  # integers are constants: their tangent is ignored
    if array_api_module(t) != module:
        raise TypeError(f"{what} is a {type(t).__name__}; the argument is a {module} array, "
                        "so its tangent must be one too")
    if tuple(t.shape) != tuple(x.shape) or not xp.isdtype(t.dtype, "real floating"):
        raise ValueError(f"{what} has shape {tuple(t.shape)} and dtype {t.dtype}, but the "
                         f"argument has shape {tuple(x.shape)}: they must be equal, and real")
    return t if t.dtype == x.dtype else xp.astype(t, x.dtype)  # (as input_tangent's)
