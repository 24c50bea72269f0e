"""Run-time helpers of verification mode (compiler/emit/verify.py): the checks that
generated code runs at each backward read when ``verify=True`` or ``SRCDIFF_VERIFY=1``;
``present_key``, the check generated code differentiated again runs (front/parse.py);
``loop_len``, the check of a loop over a value the compiler could not tell is a sequence;
``unpacked``, the same check of a tuple assignment's value (and of its length);
``float_dtype``, the check of a conversion to a dtype known at run time only;
``tied_items``, the items equal to max/min's result, checked to be numbers;
``absent_tangent``, the tangent of a cotangent or seed made for an absent ``grad_ys``;
``output_tangent``, the output tangent a written module's ``jvp_FUNC`` returns; and
``float_argument``/``int_argument``, the checks of parameters annotated ``float``/``int``
at a written module's entry (cli/annotations.py).

Like srcdiff/runtime.py, each helper is small, depends only on NumPy (and the
helpers it names from runtime.py), and is copied verbatim into standalone modules.
"""

import numpy as np

from srcdiff.errors import SrcdiffError, VerificationError
from srcdiff.runtime import _is_basic_index, _other_array, index_add, unbroadcast, zeros_tree
from srcdiff.runtime_memory import (
    _by_operator,
    index_add_product,
    planewise,
    short_sum,
    sum_product,
)


def absent_tangent(d, ct, ans):
    """The tangent of ``cotangent(ct, y)`` or ``seed(ct, y)`` (``ans``): where ``ct`` is
    None the result is a constant made fresh (zeros or ones shaped like ``y``), so its
    tangent is zeros shaped like ``ans``, not the stand-in zero ``d`` of the absent
    ``ct`` (a float, which a rule reading it as an array could not index or reduce)."""
    if ct is None:
        return zeros_tree(ans)
    if isinstance(ct, (list, tuple)) and isinstance(ans, (list, tuple)) \
            and isinstance(d, (list, tuple)) and len(d) == len(ct) == len(ans):
        return [absent_tangent(a, b, c) for a, b, c in zip(d, ct, ans)]
    if isinstance(ct, dict) and isinstance(ans, dict) and isinstance(d, dict):
        return {k: absent_tangent(d.get(k), ct.get(k), v) for k, v in ans.items()}
    return d


def verify_snapshot(ns, names):
    """The values of ``names`` in the namespace ``ns`` (unbound names left out), copied."""
    return {n: _verify_copy(ns[n]) for n in names if n in ns}


def verify_push(tape, sid, pre, ns, names):
    tape.setdefault(sid, []).append((pre, verify_snapshot(ns, names)))


def verify_pop(tape, sid, where):
    records = tape.get(sid)
    if not records:
        raise VerificationError(f"srcdiff verification: the backward sweep reached the adjoint "
                                f"of {where} more often than the primal sweep ran it")
    return records.pop()


def verify_check(record, ns, names, where, pre=None, shape_only=(), aliases=None, later=()):
    """Each name in ``names`` holds in ``ns`` what it held in the primal sweep (``record``).
    ``pre`` maps a name to the variable whose value *before* the statement it holds;
    ``aliases`` maps a name that holds a copy of a variable (a saved value, or one popped
    for another statement, which the optimizer may read in the variable's place) to that
    variable: either value recorded is right. ``later``: names read for an equal expression
    (``verify_equal`` checks them), which the primal sweep may bind after the statement."""
    pre = pre or {}
    aliases = aliases or {}
    for n in names:
        if n in pre:
            book, key = record[0] or {}, pre[n]
        else:
            book, key = record[1], n
        if n in later and key not in book:
            continue
        if n in aliases and n not in pre and n in ns:
            alias = aliases[n]
            if (n in book and _verify_same(book[n], ns[n], n in shape_only)) or (
                    alias in book and _verify_same(book[alias], ns[n], n in shape_only)):
                continue
            key = alias if n not in book else n
        if (n in ns) != (key in book) or (n in ns and not _verify_same(
                book[key], ns[n], n in shape_only)):
            had = repr(book[key]) if key in book else "unbound"
            has = repr(ns[n]) if n in ns else "unbound"
            what = f"{key!r} (as it was before the statement)" if n in pre else repr(n)
            raise VerificationError(
                f"srcdiff verification: the backward sweep, in the adjoint of {where}, read "
                f"{what} holding {has[:200]}, but the primal sweep had {had[:200]} there. "
                "The generated gradient would be wrong: this is a bug in srcdiff (please "
                "report it); sd.grad(..., optimize=False) gives the reference gradient")


def verify_saved(saves, stack):
    """Mirror of a tape push: keep a copy of the value just pushed on ``stack``."""
    saves.append(_verify_copy(stack[-1]))


def verify_restored(saves, stack, where, depth=1):
    """Before a tape pop: the value about to be taken back is the one the primal
    sweep pushed (not changed in place since, not another value's)."""
    if not saves or len(stack) < depth:
        raise VerificationError(f"srcdiff verification: the backward sweep, in the adjoint "
                                f"of {where}, takes a value back from a tape the primal "
                                f"sweep did not fill")
    kept = saves.pop()
    if not _verify_same(kept, stack[-depth], False):
        raise VerificationError(
            f"srcdiff verification: the backward sweep, in the adjoint of {where}, takes "
            f"back {stack[-depth]!r} from the tape, but the primal sweep saved {kept!r} (changed "
            f"in place after it was saved, or taken back in the wrong order). The generated "
            f"gradient would be wrong: this is a bug in srcdiff (please report it); "
            f"sd.grad(..., optimize=False) gives the reference gradient")


def verify_equal(kept, value, where="a value computed once for a loop"):
    """A rewrite's invariant: the value it kept equals the value it replaced."""
    if not _verify_same(kept, value, False):
        raise VerificationError(f"srcdiff verification: {where} is {kept!r} but the "
                                f"expression it stands for is {value!r} here")


def _same_signs(got, want):
    """The same signs (of both parts of complex values) where ``want`` is not NaN."""
    numbers = np.asarray(~np.isnan(want))
    return all(np.array_equal(np.asarray(np.signbit(part(got)))[numbers],
                              np.asarray(np.signbit(part(want)))[numbers])
               for part in ((np.real, np.imag) if np.iscomplexobj(want) else (np.real,)))


def verify_short_sum(x, axis, keepdims=False):
    """``short_sum`` in place of ``np.sum`` (optimize/sums.py): check that it gives NumPy's
    sum bit for bit (equal values, NaN where NumPy has NaN, the same signs of zeros)."""
    got, want = short_sum(x, axis, keepdims), np.sum(x, axis=axis, keepdims=keepdims)
    if not _verify_same(got, want, False) or not _same_signs(got, want):
        raise VerificationError(f"srcdiff verification: a sum over axis {axis} of an array of "
                                f"shape {np.shape(x)} added up in slices differs from np.sum's")
    return got


def verify_planewise(op, a, b):
    """``planewise`` in place of ``a - b`` (``+``, ``*``, ``/``; optimize/planes.py): check
    that it gives the operator's result bit for bit (equal values, NaN where the operator
    has NaN, the same signs of zeros, dtype and memory layout), and return it."""
    got, want = planewise(op, a, b), _by_operator(op, a, b)
    same = _verify_same(got, want, False)
    if same and isinstance(want, np.ndarray):
        same = isinstance(got, np.ndarray) and got.dtype == want.dtype \
            and got.strides == want.strides and _same_signs(got, want)
    if not same:
        raise VerificationError(f"srcdiff verification: {op.__name__} of arrays of shapes "
                                f"{np.shape(a)} and {np.shape(b)} computed plane by plane "
                                "differs from the operator's result")
    return got


def verify_sum_product(a, b, x):
    """``sum_product`` in place of ``unbroadcast(a * b, x)`` (optimize/contractions.py):
    check that it gives that sum up to the order of its additions, and return it. Both add
    the same rounded products; two orders of a sum of ``n`` terms differ by at most about
    ``n * eps`` times the sum of the terms' magnitudes (allowed here twice over, plus the
    smallest normal number); NaN and infinite entries must be where they are in the sum."""
    got, product = sum_product(a, b, x), a * b
    want = unbroadcast(product, x)
    ok = np.shape(got) == np.shape(want) and np.result_type(got) == np.result_type(want)
    if ok:
        g, w = np.asarray(got), np.asarray(want)
        finite = np.isfinite(w)
        n = max(1, np.size(product) // max(1, np.size(w)))
        eps = np.finfo(w.dtype).eps if w.dtype.kind in "fc" else 0.0
        bound = 2.0 * n * eps * np.asarray(unbroadcast(np.abs(product), x)) \
            + np.finfo(np.float64).tiny
        ok = bool(np.all(np.abs(g - w)[finite] <= bound[finite])) and bool(
            np.array_equal(g[~finite], w[~finite], equal_nan=True))
    if not ok:
        raise VerificationError(f"srcdiff verification: a product of arrays of shapes "
                                f"{np.shape(a)} and {np.shape(b)} summed to {np.shape(x)} in "
                                f"one pass differs from the product summed by unbroadcast")
    return got


def verify_index_add_product(b, x, index, a, c, like=None, shape=None):
    """``index_add_product`` in place of ``b = index_add(b, x, index, G)``, ``G`` the product
    ``a * c``, ``unbroadcast(a * c, like)`` or ``verify_shape(a * c, shape)`` (optimize/
    views.py): check it gives what the two steps give bit for bit, on a copy of ``b``."""
    g = a * c
    g = unbroadcast(g, like) if like is not None else verify_shape(g, shape) \
        if shape is not None else g
    want = index_add(np.copy(b) if isinstance(b, np.ndarray) else b, x, index, g)
    got = index_add_product(b, x, index, a, c, like)
    real = type(want) is np.ndarray and type(got) is np.ndarray and want.dtype.kind == "f"
    if not _verify_same(got, want, False) or real and not _same_signs(got, want):
        raise VerificationError(f"srcdiff verification: a product written into its place "
                                f"{index!r} of a gradient of shape {np.shape(x)} differs "
                                f"from the product scattered there")
    return got


def check_broadcast(a, b, *more):
    """The shapes of a dead elementwise computation of the primal sweep (optimize/dead.py:
    ``np.sum(a + b)``'s gradient needs neither ``a + b`` nor the sum): NumPy's error where
    the operands' shapes do not broadcast together, as the function raises; no array made."""
    if a.__class__ is np.ndarray is b.__class__ and a.shape == b.shape:
        for x in more:  # (the common case, arrays of one shape, in a tenth of a microsecond)
            if x.__class__ is not np.ndarray or x.shape != a.shape:
                break
        else:
            return
    shapes = [np.shape(x) for x in (a, b) + more]
    for k in range(1, max(map(len, shapes)) + 1):  # (an axis from the end: one length > 1)
        if len({s[-k] for s in shapes if len(s) >= k} - {1}) > 1:
            raise ValueError("operands could not be broadcast together with shapes "
                             + " ".join(str(tuple(s)) for s in shapes))


def verify_shape(g, x):
    """An ``unbroadcast(g, x)`` dropped because ``g`` has ``x``'s shape (analysis/sameshape.py:
    slices of one array read at one time): check it, and return ``g``."""
    if np.shape(g) != np.shape(x):
        raise VerificationError(f"srcdiff verification: a gradient proved to have its "
                                f"operand's shape {np.shape(x)} has shape {np.shape(g)}")
    return g


def verify_scatter(b, index, g):
    """``b[index] += g`` in place of ``b = index_add(b, x, index, g)`` (optimize/scatters.py
    ``lower_owned_scatters``): check what makes them the same (``b`` an array, not None
    nor a number; ``index`` basic; no complex ``g`` into a real ``b``), and return ``g``."""
    if not (isinstance(b, np.ndarray) or _other_array(b)) or np.ndim(b) == 0:
        raise VerificationError(f"srcdiff verification: a gradient taken to be an array "
                                f"for an in-place scatter is {type(b).__name__}")
    if not _verify_basic(index):
        raise VerificationError(f"srcdiff verification: an index taken to be basic for an "
                                f"in-place scatter is {index!r}")
    if np.iscomplexobj(g) and not np.iscomplexobj(b):
        raise VerificationError("srcdiff verification: a complex gradient scattered in "
                                "place into a real one")
    return g


def _verify_basic(index):
    if isinstance(index, tuple):
        return all(_verify_basic(i) for i in index)
    if isinstance(index, np.ndarray):  # a 0-d array of an integer indexes as that integer
        return index.ndim == 0 and index.dtype.kind in "iu"
    return _is_basic_index(index)


def verify_negligible(g, scale=None, scope=None, names=()):
    """A shift the output does not depend on (analysis/shift.py) has a zero gradient: the
    computed one, a sum of terms that cancel, is rounding noise next to ``scale`` (the
    gradient its input received by every other path) or to one. Rounding is that of the
    least precise of ``g``, ``scale`` and the primal values ``names`` in ``scope`` (the shift
    and its operand, where still defined): float32 values cancel to about 1e-7, not 1e-16,
    even in a float64 gradient (a float32 softmax weighted by float64 numbers)."""
    g = np.asarray(g)
    if not g.size:
        return
    ref = max(float(np.sum(np.abs(scale))) / g.size if scale is not None else 0.0, 1.0)
    values = [scope[n] for n in names if n in scope] if scope is not None else []
    eps = max(_float_eps(v) for v in [g, scale] + values)
    worst = float(np.max(np.abs(g)))
    if not worst <= max(1e-8, 512 * eps) * ref:
        raise VerificationError(f"srcdiff verification: the gradient of a shift the output "
                                f"was proved not to depend on is {worst!r}, not zero up to "
                                f"rounding (scale {ref!r})")


def _float_eps(v):
    """The machine epsilon of ``v``'s floating dtype (float64's for anything else)."""
    dtype = getattr(v, "dtype", None)
    if dtype is not None and dtype.kind in "fc":
        return float(np.finfo(dtype).eps)
    return float(np.finfo(np.float64).eps)


def _verify_copy(v):
    if isinstance(v, np.ndarray) or _other_array(v):
        return v.copy()
    if isinstance(v, list):
        return [_verify_copy(x) for x in v]
    if isinstance(v, tuple):
        items = [_verify_copy(x) for x in v]
        return type(v)(*items) if hasattr(v, "_fields") else tuple(items)
    if isinstance(v, dict):
        return {k: _verify_copy(x) for k, x in v.items()}
    return v


def _same_kind(a, b):
    """The same kind of container: the same type, or two lists (a kept copy of a list
    subclass, such as a rule's lazily filled list of gradients, is a plain list)."""
    return type(a) is type(b) or (isinstance(a, list) and isinstance(b, list))


def _verify_same(a, b, shape_only):
    if shape_only:  # the same structure, and the same shape at each leaf
        if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
            return _same_kind(a, b) and len(a) == len(b) and all(
                _verify_same(x, y, True) for x, y in zip(a, b))
        if isinstance(a, dict) or isinstance(b, dict):
            return isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys() \
                and all(_verify_same(a[k], b[k], True) for k in a)
        return np.shape(a) == np.shape(b)
    if _other_array(a) or _other_array(b):  # (verification computes: it compares values)
        return np.shape(a) == np.shape(b) and bool(np.all((a == b) | ((a != a) & (b != b))))
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        if not (isinstance(a, np.ndarray) and isinstance(b, np.ndarray)):
            return np.shape(a) == np.shape(b) and _verify_same(np.asarray(a).item(),
                                                             np.asarray(b).item(), False)
        if a.shape != b.shape or a.dtype != b.dtype:
            return False
        if a.dtype.kind in "fc":
            return bool(np.array_equal(a, b, equal_nan=True))
        return bool(np.array_equal(a, b))
    if isinstance(a, (list, tuple)):
        return _same_kind(a, b) and len(a) == len(b) and all(
            _verify_same(x, y, False) for x, y in zip(a, b))
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(
            _verify_same(a[k], b[k], False) for k in a)
    if isinstance(a, (float, complex, np.floating, np.complexfloating)) and \
            isinstance(b, (float, complex, np.floating, np.complexfloating, int, np.integer)):
        return a == b or (a != a and b != b)
    if a is b:
        return True
    try:
        return bool(a == b)
    except Exception:
        return False


def verify_unchanged(snapshot, ns, names):
    """A moved value's invariant: the names it reads hold what they held where it was."""
    for n in names:
        if (n in snapshot) != (n in ns) or (n in ns and not _verify_same(snapshot[n], ns[n],
                                                                         False)):
            raise VerificationError(f"srcdiff verification: the optimizer moved an "
                                    f"expression reading {n!r} past a change of {n!r}")


def verify_state_same(trail, at, ns, names, where):
    """Verification mode: an iteration the backward sweep runs again starts from the
    values the primal sweep had there."""
    state = verify_snapshot(ns, names)
    if at not in trail or not _verify_same(trail[at], state, False):
        raise VerificationError(
            f"srcdiff verification: the checkpointed loop at {where} runs iteration {at!r} "
            f"again from the state {state!r}, but the primal sweep had "
            f"{trail.get(at, 'no such iteration')!r} there. The generated gradient would be "
            "wrong: this is a bug in srcdiff (please report it); checkpoint=None gives the "
            "gradient without checkpointing")


def loop_len(q):
    """``len(q)`` of the object a ``for`` loop iterates, which the compiler could not tell is
    a list, a tuple or an array: the loop reads ``q[0], q[1], ...``, which is what iterating
    ``q`` reads for those, and not for a dict (its values, where Python iterates its keys)
    or a set. Refused for anything but a sequence."""
    if isinstance(q, (list, tuple, str, range, np.ndarray)) or (
            hasattr(q, "__getitem__") and hasattr(q, "__len__") and hasattr(q, "shape")):
        return len(q)
    what = "a dict" if isinstance(q, dict) else f"a {type(q).__name__}"
    raise SrcdiffError(f"a `for` loop iterates {what}, which srcdiff did not know when it "
                       "compiled the loop: it differentiates loops over lists, tuples and "
                       "arrays (reading q[0], q[1], ...), and loops over dicts written so "
                       "that it sees them", hint="iterate `d.keys()`, `d.items()` or "
                       "`d.values()` for a dict; `list(...)` of any other iterable")


def float_dtype(dtype, where):
    """Stop where a differentiated value is converted to a dtype the source does not spell
    (``x.astype(y.dtype)``, ``np.asarray(v, dtype=d)``) when it is an integer or boolean one
    (the conversion truncates: srcdiff follows it as the identity, right for float types
    only). ``where``: the statement's file, line and source, placed by the compiler."""
    if dtype is not None and np.dtype(dtype).kind not in "fc":
        raise SrcdiffError(f"{where}: converts a differentiated value to {np.dtype(dtype)}, "
                           "a dtype srcdiff did not know when it compiled the conversion: it "
                           "differentiates conversions to float types, and to integer types "
                           "spelled in the source (derivative 0)",
                           hint="spell the dtype (np.float64, int), or convert a value that "
                                "is not differentiated")
    return dtype


def unpacked(q, n, starred=False):
    """``n``, after checking that ``q``, which a tuple assignment unpacks (``a, b = q``) and
    which the compiler could not tell is a sequence, is one holding ``n`` items (at least
    ``n`` with ``starred``: ``a, *rest = q``): the assignment reads ``q[0], q[1], ...``,
    which is what unpacking reads for a list, a tuple or an array, and not for a dict (its
    values, where Python unpacks its keys) or a set. A wrong count raises what Python
    raises."""
    size = loop_len(q) if not isinstance(q, dict) else None
    if size is None:
        raise SrcdiffError("a tuple assignment unpacks a dict, which srcdiff did not know "
                           "when it compiled the assignment: it unpacks lists, tuples and "
                           "arrays (reading q[0], q[1], ...), where Python unpacks a dict's "
                           "keys", hint="unpack `d.keys()` or `list(d)` for a dict's keys, "
                                        "`d.values()` for its values")
    if size < n or (size > n and not starred):
        raise ValueError(f"not enough values to unpack (expected {n}, got {size})"
                         if size < n else f"too many values to unpack (expected {n})")
    return n


def tied_items(items, ans):
    """Which of ``items`` equal ``ans`` (``max``/``min``'s result): a boolean array for an
    array, a list of 1.0/0.0 for a sequence (math_rules' gradients of max and min). Items
    must be one number each: Python compares arrays by a ``key=`` alone (``max(rows,
    key=np.sum)``), where this equality would be entry by entry."""
    if isinstance(items, np.ndarray) and items.size == len(items):
        return items == ans
    listed = [] if isinstance(items, np.ndarray) else list(items)  # (read once: an iterator)
    if not isinstance(items, np.ndarray) and all(np.size(x) == 1 for x in listed):
        return [float(x == ans) for x in listed]
    raise SrcdiffError("the gradient of max/min is modelled for items that are one number "
                       "each, not for arrays or rows of an array",
                       hint="take np.argmax of the keys and index with it: `rows[np.argmax(keys)]`")


def output_tangent(t, x):
    """The tangent ``t`` of an output ``x`` as a written ``jvp_FUNC`` returns it (what
    ``sd.jvp`` returns): every ``None`` entry (a constant's) a zero shaped like its entry,
    ``x``'s structure, and a new array, never the caller's ``tangents``, a view of them or
    another output's tangent."""
    if isinstance(x, dict):
        t = t if isinstance(t, dict) else {}
        return {k: output_tangent(t.get(k), v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        t = t if isinstance(t, (list, tuple)) else [None] * len(x)
        out = [output_tangent(a, b) for a, b in zip(t, x)]
        return tuple(out) if isinstance(x, tuple) else out
    if t is None:
        return zeros_tree(x)
    if isinstance(x, np.ndarray) and np.shape(t) != x.shape:
        return np.broadcast_to(t, x.shape).copy()
    return t.copy() if isinstance(t, np.ndarray) else t


def input_tangent(t, x):
    """The tangent ``t`` the caller gave for argument ``x`` of a written ``jvp_FUNC``, as
    ``sd.jvp`` takes it (api/tangent_checks.py calls this for an array's): an integer or
    boolean (an entry of a container too) is a constant, whatever its tangent; its tangent
    is a zero of its shape. A float's is in its float dtype (a Python float's: float64), as
    a gradient is (SPEC section 1; JAX requires it): an int or bool tangent (code storing
    float derivatives into a copy of it would truncate them), or a float one of another
    precision (a float64 tangent of a float32 argument gave a float64 output tangent)."""
    if isinstance(x, dict) and isinstance(t, dict):
        return {k: input_tangent(t[k], v) if k in t else t.get(k) for k, v in x.items()}
    if isinstance(x, (list, tuple)) and isinstance(t, (list, tuple)) and len(t) == len(x):
        return type(t)(input_tangent(a, b) for a, b in zip(t, x))
    if isinstance(x, (int, np.integer, np.bool_)) or isinstance(x, np.ndarray) \
            and x.dtype.kind in "biu":
        return zeros_tree(x)
    dtype = np.dtype(getattr(x, "dtype", float))
    own = None if t is None else t.dtype if hasattr(t, "dtype") else np.asarray(t).dtype
    if own is None or dtype.kind != "f" or own == dtype or own.kind not in "biuf":
        return t
    if hasattr(t, "astype") and np.ndim(x):  # an array (a dask array too: kept lazy)
        return t.astype(dtype)
    t = np.asarray(t, dtype=dtype)
    return t if isinstance(x, np.ndarray) else t[()] if isinstance(x, np.generic) else float(t)


def list_only(q, method, plain=False):
    """Stop before ``q.sort()`` / ``q.reverse()`` (``.insert``, ``.extend``), lowered to
    list stores, when ``q`` is not a list. A ``plain`` ``sort`` (no key, no reverse) of a
    1-d real array without NaN is what that lowering computes too; other arrays' ``sort``
    sorts along an axis (not modelled), an array has no ``reverse``. A quoted ``method``: ``x[i][j] = v`` through ``x[i]`` of a
    list or dict ``q`` (``x``), the entry itself (front/chains.py)."""
    if method[0] == "`" and type(q) not in (list, dict):
        raise SrcdiffError(f"{method} is followed through an entry of a list or dict, not of "
                           f"a {type(q).__name__}", hint="write one index: `x[i, j] = ...`")
    if method[0] == "`" or plain and method == "sort" and type(q) is np.ndarray and q.ndim == 1 \
            and q.dtype.kind in "biuf" and not np.isnan(q).any():
        return 0
    if type(q) is not list:
        reorders = method in ("sort", "reverse")
        also = ", and for a 1-d real array without NaN (`.sort()` with no arguments)"
        raise SrcdiffError(f"`.{method}()` in place is followed for a list{also * reorders}; "
                           f"this one is called on a {type(q).__name__}", hint=(
                               "assign the result instead (`x = np.sort(x)`)" if reorders else
                               "build a new value instead (`x = np.concatenate([x, v])`)"))
    return 0


def array_only(q, method):
    """Stop before ``q.copy()`` (differentiated as NumPy's copy, a new array) when ``q`` is
    a list, a dict or another container, whose ``.copy()`` holds the same objects (a change
    to one entry in place would be seen through ``q``, which the compiler did not know)."""
    if hasattr(q, "shape") and hasattr(q, "dtype"):
        return 0
    raise SrcdiffError(f"`.{method}()` was compiled as an array's, and it is called on a "
                       f"{type(q).__name__}, whose copy shares its entries: srcdiff did not know "
                       "the argument's type when it compiled the function", hint="call "
                       "`list(q)` or `dict(q)` instead, or use sd.grad, which sees the arguments")


def view_of(w, v, name):
    """Stop unless ``w`` (bound as ``w = v[...]``) is a view of the array ``v``: the
    compiler reads ``w`` as ``v[...]`` afterwards (front/aliases.py), which holds only
    for a view (a list's slice, or an index array's result, is a copy)."""
    if type(v) is not np.ndarray or type(w) is not np.ndarray or not w.size \
            or not np.shares_memory(w, v):
        raise SrcdiffError(f"`{name}` is changed in place and read as a view of an array, but "
                           f"it is a {type(w).__name__} that does not share the array's memory",
                           hint=f"make `{name}` a copy (`.copy()`) or change it by name only")
    return 0


def diagonal_index(a, val, wrap=False):
    """The positions ``np.fill_diagonal(a, val, wrap)`` writes, as an index (a tuple of
    integer arrays): NumPy writes ``a.flat[:end:step]``, with ``step`` one more than a row
    for 2-d ``a`` (and ``end`` the square of the row length unless ``wrap``), one more than
    the sum of the cumulative products of the shape for more dimensions, which must all be
    equal. front/in_place.py lowers the statement to ``a[diagonal_index(a, val, wrap)] =
    val``; ``val`` is checked to be what that store reads as NumPy does (``_cycled``)."""
    if type(a) is not np.ndarray:
        raise TypeError(f"np.fill_diagonal fills an array, not a {type(a).__name__}")
    if a.ndim < 2:
        raise ValueError("array must be at least 2-d")
    end = None
    if a.ndim == 2:
        step = a.shape[1] + 1
        if not wrap:
            end = a.shape[1] * a.shape[1]
    else:
        if len(set(a.shape)) != 1:
            raise ValueError("All dimensions of input must be of equal length")
        step = 1 + int(np.cumprod(a.shape[:-1]).sum())
    flat = np.arange(a.size)[:end:step]
    _cycled(val, flat.size, "np.fill_diagonal")
    return np.unravel_index(flat, a.shape)


def put_index(a, ind, v):
    """The positions ``np.put(a, ind, v)`` (``mode='raise'``) writes, as an index of ``a``
    (a tuple of integer arrays): ``ind`` flattened, a negative entry counting from the end
    of ``a`` flattened, an entry out of range raising IndexError as NumPy does. The store
    front/in_place.py lowers the statement to, ``a[put_index(a, ind, v)] = v``, is the
    put: a repeated position takes the last value in both. ``v`` is checked to be what
    that store reads as NumPy does (``_cycled``)."""
    if type(a) is not np.ndarray:
        raise TypeError(f"np.put puts into an array, not a {type(a).__name__}")
    flat = np.ravel(ind)
    if flat.dtype.kind not in "biu":
        raise SrcdiffError(f"np.put is differentiated with integer positions; these are "
                           f"{flat.dtype}", hint="pass integer positions (`.astype(int)`)")
    flat = flat.astype(np.intp)
    size = a.size
    outside = (flat < -size) | (flat >= size)
    if outside.any():
        raise IndexError(f"index {flat[outside][0]} is out of bounds for axis 0 with size "
                         f"{size}")
    _cycled(v, flat.size, "np.put")
    return np.unravel_index(np.where(flat < 0, flat + size, flat), a.shape)


def _cycled(v, n, name):
    """Stop unless a store of ``v`` at ``n`` positions writes what NumPy's flat write
    does (``v`` flattened and repeated, or cut, to ``n`` values): ``v`` one value, or ``n``
    values along one axis (leading axes of length 1 aside)."""
    shape = np.shape(v)
    while shape and shape[0] == 1:
        shape = shape[1:]
    if not (np.size(v) == 1 or (len(shape) == 1 and shape[0] == n)):
        raise SrcdiffError(f"{name} writes {n} value(s) here, and is given values of shape "
                           f"{np.shape(v)}: it would repeat or cut them (flattened), which "
                           "srcdiff does not follow",
                           hint=f"pass one value, or exactly {n} values in a 1-d array")


def float_argument(x, name, function):
    """The argument ``x`` of the parameter ``name: float`` of a written ``function``,
    compiled for a number, which nothing changes in place: a float or NumPy float as it
    is, an int or NumPy integer as a float; anything else, an array (even 0-d) or a bool
    above all, is a TypeError, never a wrong gradient."""
    if isinstance(x, (float, np.floating)):
        return x
    if isinstance(x, (int, np.integer)) and not isinstance(x, bool):
        return float(x)
    raise TypeError(_not_annotated(x, name, function, "float", "a float or an int"))


def int_argument(x, name, function):
    """Likewise for ``name: int``: an int or NumPy integer, not a bool (as an index, a bool
    adds an axis where an int takes one away)."""
    if isinstance(x, (int, np.integer)) and not isinstance(x, bool):
        return x
    raise TypeError(_not_annotated(x, name, function, "int", "an int"))


def _not_annotated(x, name, function, kind, wanted):
    what = type(x).__module__.replace("builtins", "") + "." + type(x).__qualname__
    if isinstance(x, np.ndarray):
        what += f" of shape {x.shape}"
    return (f"{function}: {name} is annotated `{kind}`, and this gradient was compiled for "
            f"{wanted} there (Python's or NumPy's), but it is given a {what.lstrip('.')}")
