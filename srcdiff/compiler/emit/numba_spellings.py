"""NumPy calls numba does not take as written, respelled for ``backend="numba"``.

Each rewrite keeps the call's meaning for the arguments numba types (numba_emit.py runs
:func:`rewrite` on every generated function before tapes are placed): what it cannot
respell stays as written, and numba's typing refuses it. The helpers named are numba
versions with NumPy's meaning (numba_builtins.py, numba_pieces.py, numba_helpers.py,
numba_math.py), each checked against the NumPy backend by the tests named there.
"""

import ast

import numpy as np

from srcdiff.compiler.emit import numba_rule_helpers

# the Python types NumPy takes as a dtype, as the NumPy types they mean (``int``: the
# platform's, as NumPy here reads it), which numba's ``astype`` and ``dtype=`` take
DTYPES = {"float": "np.float64", "int": f"np.{np.dtype(int).name}", "bool": "np.bool_"}


def rewrite(fn):
    """NumPy calls numba does not take as written, in spellings it does, of the same
    meaning: ``np.concatenate(rows)`` and ``np.array(rows)`` of a list (deferred
    accumulations) as ``concat_rows(rows)`` / ``stack_rows(rows)`` (numba's take tuples or
    arrays only; a name that is not a list has no implementation and is refused by numba's
    typing); ``np.reshape`` and ``a.reshape`` as ``reshaped``; the default keywords of
    ``np.sum``/``np.mean`` dropped, and ``np.flip``/``np.cumsum``'s ``None`` axis (all axes;
    numba's take no axis); ``dtype=float`` as ``np.float64`` and ``a.astype(int)``
    (``float``, ``bool``; numba's takes no Python type) as ``a.astype(np.int64)``; a float copy
    ``np.array(a, dtype=d)``; ``np.zeros_like`` as ``zeros_like_of``; ``np.clip``,
    ``np.where``, ``np.full``, ``np.copy`` of numbers too (numba_builtins.py);
    ``np.tanh`` as ``tanh_fast``; ``np.max``/``np.min``/``np.mean``/``np.var``/``np.std``
    over an axis as numba_pieces.py's; ``np.vstack(items)`` of a list display as
    :func:`_stacked_tuples`."""
    _stacked_tuples(fn)
    for node in ast.walk(fn):
        _positional_as_keywords(node)
        _method_as_function(node)
        _kept_whole(node)
        _linspace(node)
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "np"
                and node.func.attr in ("concatenate", "array") and len(node.args) == 1
                and not node.keywords and isinstance(node.args[0], ast.Name)):
            helper = "concat_rows" if node.func.attr == "concatenate" else "stack_rows"
            node.func = ast.Name(id=helper, ctx=ast.Load())
        if (isinstance(node, ast.Call) and ast.unparse(node.func) == "np.reshape"
                and len(node.args) == 2 and not node.keywords):
            node.func = ast.Name(id="reshaped", ctx=ast.Load())  # (numba_pieces.py: any layout)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "reshape" and ast.unparse(node.func.value) != "np"
                and node.args and not node.keywords
                and not any(isinstance(a, ast.Starred) for a in node.args)):
            # the method form, ``a.reshape(s)`` or ``a.reshape(n, m)``: likewise
            shape = node.args[0] if len(node.args) == 1 else ast.Tuple(
                elts=node.args, ctx=ast.Load())
            node.func, node.args = ast.Name(id="reshaped", ctx=ast.Load()), [
                node.func.value, shape]
        if (isinstance(node, ast.Call) and ast.unparse(node.func) in ("np.flip", "np.cumsum")
                and len(node.args) == 2 and ast.unparse(node.args[1]) == "None"
                and not node.keywords):
            node.args = node.args[:1]  # (axis None, all axes: numba's take no axis)
        if isinstance(node, ast.Call) and ast.unparse(node.func) in ("np.sum", "np.mean"):
            # their default keywords, which numba's versions do not take
            node.keywords = [k for k in node.keywords if ast.unparse(k) not in (
                "axis=None", "keepdims=False")]
        for k in getattr(node, "keywords", None) or ():
            if k.arg == "dtype" and ast.unparse(k.value) in DTYPES:
                k.value = ast.parse(DTYPES[ast.unparse(k.value)], mode="eval").body
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "astype" and len(node.args) == 1
                and not node.keywords and ast.unparse(node.args[0]) in DTYPES):
            node.args = [ast.parse(DTYPES[ast.unparse(node.args[0])], mode="eval").body]
        if (isinstance(node, ast.Call) and ast.unparse(node.func) == "np.array"
                and len(node.args) == 1 and [k.arg for k in node.keywords] == ["dtype"]):
            # a float copy (numba's np.array takes no array with dtype=; asarray does)
            node.func = ast.parse(f"np.asarray({ast.unparse(node.args[0])}, dtype="
                                  f"{ast.unparse(node.keywords[0].value)}).copy",
                                  mode="eval").body
            node.args, node.keywords = [], []
        if (isinstance(node, ast.Call) and ast.unparse(node.func) == "np.zeros_like"
                and len(node.args) == 1 and not node.keywords):
            node.func = ast.Name(id="zeros_like_of", ctx=ast.Load())  # 0.0 for a number
        if (isinstance(node, ast.Call) and ast.unparse(node.func) == "np.clip"
                and len(node.args) == 3 and not node.keywords):
            node.func = ast.Name(id="clip_of", ctx=ast.Load())  # numbers too (numba_builtins)
        arity = {"np.where": 3, "np.full": 2, "np.copy": 1, "np.expand_dims": 2}.get(
            ast.unparse(node.func) if isinstance(node, ast.Call) else None)
        if arity is not None and arity == len(node.args) and not node.keywords:
            # numbers too (numba_builtins: where_of, full_of, copy_of, expand_dims_of)
            node.func = ast.Name(id=f"{node.func.attr}_of", ctx=ast.Load())
        if (isinstance(node, ast.Call) and ast.unparse(node.func) == "np.tanh"
                and len(node.args) == 1 and not node.keywords):
            node.func = ast.Name(id="tanh_fast", ctx=ast.Load())  # vectorized (numba_math.py)
        elif (isinstance(node, ast.Call) and ast.unparse(node.func) in ("np.max", "np.min")
              and len(node.args) == 1 and _axis_keywords(node.keywords)):
            # numba's np.max/np.min take no axis (numba_pieces.py: 2-d float arrays);
            # ``keepdims=True`` puts the reduced axis back, of length 1, where it was
            axis, kept = _axis_keywords(node.keywords)
            node.args.append(axis)
            node.func = ast.Name(id=f"{node.func.attr}_axis", ctx=ast.Load())
            node.keywords = []
            if kept:
                node.args = [ast.Call(func=node.func, args=node.args, keywords=[]), axis]
                node.func = ast.Name(id="expand_dims_of", ctx=ast.Load())  # (of a number)
        elif _mean_or_var(node) and _axis_keywords(node.keywords):
            # numba's np.mean, np.var, np.std and the methods take no axis (numba_pieces.py:
            # 2-d float arrays; NumPy's std is the square root of its var)
            axis, kept = _axis_keywords(node.keywords)
            x, attr = node.args[0] if node.args else node.func.value, node.func.attr
            call = ast.Call(func=ast.Name(id="mean_axis" if attr == "mean" else "var_axis",
                                          ctx=ast.Load()), args=[x, axis], keywords=[])
            if attr == "std":
                call = ast.Call(func=ast.parse("np.sqrt", mode="eval").body, args=[call],
                                keywords=[])
            if kept:
                call = ast.Call(func=ast.parse("np.expand_dims", mode="eval").body,
                                args=[call, axis], keywords=[])
            node.func, node.args, node.keywords = call.func, call.args, []
        elif (isinstance(node, ast.Call) and ast.unparse(node.func) == "np.sum"
              and len(node.args) == 1 and len(node.keywords) == 1
              and node.keywords[0].arg == "axis"
              and ast.unparse(node.keywords[0].value) == "0"):
            # numba's np.sum(axis=) compiles its axis checks' string formatting (~2 s)
            node.func, node.keywords = ast.Name(id="sum_rows", ctx=ast.Load()), []
    numba_rule_helpers.rewrite(fn)  # flip, roll, cumsum along an axis; var and std's ddof


_REDUCTIONS = ("sum", "prod", "max", "min", "mean", "var", "std", "amax", "amin")


def check(fn, where):
    """Refuse, before numba runs, a reduction left with a keyword numba's reductions take
    none of (``initial=``, ``where=``, ``out=``, a ``keepdims=`` :func:`rewrite` could not
    respell): numba's typing would refuse it at the first call. ``where``:
    numba_emit._Where."""
    for node in ast.walk(fn):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in _REDUCTIONS):
            continue
        left = sorted(k.arg for k in node.keywords
                      if k.arg in ("initial", "where", "out", "keepdims"))
        if left:
            raise where.error(f"the numba backend does not compile `{node.func.attr}` with "
                              f"`{left[0]}=` (numba's reductions take no {left[0]})",
                              'use backend="numpy" for this function', node=node)


_STACKS = ("np.vstack", "np.hstack", "np.stack", "np.dstack", "np.column_stack")


def _stacked_tuples(fn):
    """``np.vstack(items)`` (``hstack``, ``stack``, ``dstack``, ``column_stack``) of a name
    bound once to a list display ``items = [a, b]`` as ``np.vstack((items[0], items[1]))``:
    numba's take a tuple, not a list (a typing error at the first call before); NumPy stacks
    any sequence of the same arrays alike. Only where nothing changes the list: every read
    of the name is an argument of a call or an index read (no method, no store into it)."""
    parents = {id(c): n for n in ast.walk(fn) for c in ast.iter_child_nodes(n)}
    displays, stores = {}, {}
    for node in ast.walk(fn):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stores[node.id] = stores.get(node.id, 0) + 1
            up = parents.get(id(node))
            if isinstance(up, ast.Assign) and isinstance(up.value, ast.List) and not any(
                    isinstance(e, ast.Starred) for e in up.value.elts):
                displays[node.id] = len(up.value.elts)
    for node in ast.walk(fn):
        if not (isinstance(node, ast.Call) and ast.unparse(node.func) in _STACKS and node.args
                and isinstance(node.args[0], ast.Name) and stores.get(node.args[0].id) == 1
                and node.args[0].id in displays):
            continue
        name = node.args[0].id
        reads = [n for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id == name
                 and isinstance(n.ctx, ast.Load)]
        if all(isinstance(parents.get(id(n)), ast.Call) and n in parents[id(n)].args or
               isinstance(parents.get(id(n)), ast.Subscript) and isinstance(
                   parents[id(n)].ctx, ast.Load) for n in reads):
            node.args[0] = ast.Tuple(elts=[ast.Subscript(
                value=ast.Name(id=name, ctx=ast.Load()), slice=ast.Constant(value=k),
                ctx=ast.Load()) for k in range(displays[name])], ctx=ast.Load())


# NumPy's order of a reduction's parameters after the array (the method's after self)
_ORDER = dict.fromkeys(("sum", "prod", "mean"), ("axis", "dtype", "out", "keepdims", "initial"))
_ORDER.update(dict.fromkeys(("max", "min", "amax", "amin"),
                            ("axis", "out", "keepdims", "initial")))
_ORDER.update(dict.fromkeys(("var", "std"), ("axis", "dtype", "out", "ddof", "keepdims")))


def _positional_as_keywords(node):
    """``np.sum(x, 0, None, None, True)`` (``x.max(1, None, True)``, every reduction of
    ``_ORDER``) as ``np.sum(x, axis=0, keepdims=True)``: the options past the axis given by
    position bound to NumPy's parameter names (the front checked the order), ``dtype=None``
    and ``out=None`` (the defaults) dropped; the keyword spellings below, or
    :func:`check`'s refusal, then take them (numba's reductions take no option by position:
    a typing error at the first call before)."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in _ORDER) or any(
                isinstance(a, ast.Starred) for a in node.args) or any(
                k.arg is None for k in node.keywords):
        return
    function = ast.unparse(node.func.value) == "np"
    first = 1 if function else 0  # (the array, in the function's form)
    extra = node.args[first + 1:]
    if not extra or len(node.args) - first > len(_ORDER[node.func.attr]):
        return
    named = [ast.keyword(arg=name, value=a) for name, a in zip(
        _ORDER[node.func.attr], node.args[first:])]
    node.args = node.args[:first]
    node.keywords = [k for k in named if not (
        k.arg in ("dtype", "out") and ast.unparse(k.value) == "None")] + node.keywords


def _method_as_function(node):
    """``a.max(axis=k, ...)`` (``min``, ``sum``), keywords only, as ``np.max(a, axis=k,
    ...)``: the same reduction of an array (numba's methods take no axis for max and min),
    which the rewrites below then respell as they do the function."""
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("max", "min", "sum") and not node.args and node.keywords
            and ast.unparse(node.func.value) != "np"):
        node.args = [node.func.value]
        node.func = ast.parse(f"np.{node.func.attr}", mode="eval").body


def _linspace(node):
    """``np.linspace(a, b, n)`` with ``num=`` and ``endpoint=`` (a bool literal) as keywords
    or not: ``endpoint=True`` as numba's ``np.linspace(a, b, n)``, ``endpoint=False`` as
    ``linspace_open(a, b, n)`` (numba_builtins.py)."""
    if not (isinstance(node, ast.Call) and ast.unparse(node.func) == "np.linspace"
            and 2 <= len(node.args) <= 3):
        return
    given = {k.arg: k.value for k in node.keywords}
    if set(given) - {"num", "endpoint"} or len(node.args) == 3 and "num" in given:
        return
    end = given.get("endpoint", ast.Constant(True))
    if not (isinstance(end, ast.Constant) and type(end.value) is bool):
        return
    num = node.args[2] if len(node.args) == 3 else given.get("num", ast.Constant(50))
    node.args, node.keywords = node.args[:2] + [num], []
    if not end.value:
        node.func = ast.Name(id="linspace_open", ctx=ast.Load())


def _kept_whole(node):
    """``np.sum(x, keepdims=True)`` (``mean``, ``max``, ``min``, ``var``, ``std``; ``axis=None``
    too) as ``kept_all(np.sum(x), x)``: the reduction of all axes in an array of ``x``'s
    number of axes, each of length 1, as NumPy's (numba's reductions take no keepdims);
    ``np.sum(x, axis=k, keepdims=True)`` (``k`` an int literal) as
    ``np.expand_dims(np.sum(x, axis=k), k)``."""
    if not (isinstance(node, ast.Call) and len(node.args) == 1 and ast.unparse(node.func) in (
            "np.sum", "np.mean", "np.max", "np.min", "np.var", "np.std")):
        return
    given = {k.arg: ast.unparse(k.value) for k in node.keywords}
    if given.get("keepdims") != "True" or set(given) - {"axis", "keepdims"}:
        return
    x, axis = node.args[0], next((k.value for k in node.keywords if k.arg == "axis"), None)
    if axis is None or given["axis"] == "None":
        reduced = ast.Call(func=node.func, args=[x], keywords=[])
        node.func, node.args = ast.Name(id="kept_all", ctx=ast.Load()), [reduced, x]
        node.keywords = []
    elif ast.unparse(node.func) == "np.sum" and isinstance(axis, ast.Constant) \
            and type(axis.value) is int:
        reduced = ast.Call(func=node.func, args=[x], keywords=[
            ast.keyword(arg="axis", value=axis)])
        node.func = ast.parse("np.expand_dims", mode="eval").body
        node.args, node.keywords = [reduced, ast.Constant(axis.value)], []


def _axis_keywords(keywords):
    """``(axis, kept)`` for the keywords of ``np.max(x, axis=k)`` or ``np.max(x, axis=k,
    keepdims=True|False)`` (``k`` an int literal when the axis is kept: it is read twice),
    else None."""
    given = {k.arg: k.value for k in keywords}
    if set(given) - {"axis", "keepdims"} or "axis" not in given:
        return None
    axis, kept = given["axis"], given.get("keepdims", ast.Constant(False))
    if not (isinstance(kept, ast.Constant) and isinstance(kept.value, bool)):
        return None
    if kept.value:
        try:
            if type(ast.literal_eval(axis)) is not int:
                return None
        except ValueError:
            return None
    return axis, kept.value


def _mean_or_var(node):
    """``np.mean(x, ...)`` (``var``, ``std``) or ``x.mean(...)`` (``var``, ``std``), the
    other arguments keywords."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("mean", "var", "std")):
        return False
    if ast.unparse(node.func.value) == "np":
        return len(node.args) == 1
    return not node.args
