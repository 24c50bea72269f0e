"""Part of stage 3: may a function make complex values?

Arguments are real (complex ones are refused, api/arguments.py), so a complex value inside a
function comes from its source: a complex literal (``1j``), a constant it reads that is
complex (a module-level ``J = 1j``, a complex array), a dtype that is complex
(``dtype=complex``, ``.astype("c16")``, ``np.complex128(x)``), a call that can make one
from real values (``np.fft``/``scipy.fft``, ``np.emath``, ``np.linalg.eig``/``eigvals``,
``np.roots``, ``np.vectorize``), or a function it calls that does any of these. This
module answers from the source, conservatively (a name it cannot follow counts as complex).

Used by the reverse generator (reverse/backward.py): a gradient accumulated in place
(``b_x += e``) must keep the dtype of its first contribution, which fails for a complex
``e`` into a real buffer (the gradient of a real ``x`` read by a complex operation holds a
complex value until ``finish`` takes its real part), so such functions add out of place.
"""

import inspect
import warnings

import gast
import numpy as np

from srcdiff.compiler.front.parse import MISSING, parse_function
from srcdiff.compiler.ir import dataflow
from srcdiff.errors import SrcdiffError

_MAKERS = {np.roots, np.vectorize, np.frompyfunc, np.linalg.eig, np.linalg.eigvals, complex}
_SCANNED = 256  # entries of a constant list, tuple or dict read one by one
_MAKER_MODULES = ("numpy.fft", "scipy.fft", "scipy.fftpack", "numpy.lib.scimath", "scipy.signal")


def may_make_complex(parsed, _seen=None):
    """Whether the function ``parsed`` (front/parse.py) may make a complex value."""
    seen = set() if _seen is None else _seen
    key = id(parsed.fn)
    if key in seen:
        return False  # (recursion: its answer is the one being made)
    seen.add(key)
    orders = {id(n.value) for n in dataflow.in_walk_order(parsed.node)  # (`order="F"` is a
              if isinstance(n, gast.keyword) and n.arg == "order"}    # layout, not complex64)
    for node in dataflow.in_walk_order(parsed.node):  # (gast.walk's order)
        if isinstance(node, gast.Constant) and id(node) not in orders \
                and _complex_constant(node.value):
            return True
        if isinstance(node, (gast.Name, gast.Attribute)):
            obj = parsed.resolve(node)
            if obj is not MISSING and _may_be_complex(obj, seen):
                return True
    return False


def _complex_constant(value):
    if isinstance(value, complex):
        return True
    if isinstance(value, str) and len(value) < 16:  # a dtype spelled as a string
        try:
            with warnings.catch_warnings():  # (a dict key "a": NumPy 2 deprecates that alias)
                warnings.simplefilter("ignore")
                return np.dtype(value).kind == "c"
        except Exception:  # (not a dtype)
            return False
    return False


def _may_be_complex(obj, seen):
    if isinstance(obj, (complex, np.complexfloating)):
        return True
    if isinstance(obj, np.ndarray):
        return obj.dtype.kind == "c"
    if isinstance(obj, (list, tuple, dict)):
        values = obj.values() if isinstance(obj, dict) else obj
        if len(values) > _SCANNED:
            return True  # (a big constant table: not read entry by entry at every compile)
        return any(_may_be_complex(v, seen) for v in values if not callable(v))
    if isinstance(obj, type):
        return issubclass(obj, (complex, np.complexfloating))
    if isinstance(obj, np.dtype):
        return obj.kind == "c"
    if not callable(obj):
        return False
    try:
        if obj in _MAKERS:
            return True
    except TypeError:  # (an unhashable callable)
        pass
    module = getattr(obj, "__module__", None) or ""
    if module.startswith(_MAKER_MODULES):
        return True
    if inspect.ismethod(obj):
        obj = obj.__func__
    elif not inspect.isfunction(obj) and inspect.isfunction(getattr(type(obj), "__call__", None)):
        obj = type(obj).__call__  # (an object whose class defines __call__ in Python)
    module = getattr(obj, "__module__", None) or ""
    if inspect.isfunction(obj) and not module.startswith("srcdiff"):
        try:
            return may_make_complex(parse_function(obj), seen)
        except (SrcdiffError, OSError, TypeError):
            return True  # (no source to read: it may)
    return False
