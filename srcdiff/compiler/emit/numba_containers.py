"""Containers of arguments unpacked outside the numba-compiled core (issue 18).

numba cannot take a dict of arrays (nor a tuple or list of arrays of different kinds) as
an argument, and a model's parameters are usually passed as one: ``loss(params, x)`` with
``params["W"]``, ``params["b"]``. When the generated gradient reads such a parameter only
by constant keys, the runner (numba_runner.Runner) passes the entries it reads as
parameters of their own and builds the container's gradient from the entries' adjoints
in Python, with the NumPy backend's ``finish``.

Invariant (:func:`unpack` rewrites only then): every use of the container parameter ``C``
in the generated entry is one of

- ``C[k]`` read, ``k`` a constant: replaced by the entry's own parameter, bound at the
  call to ``C[k]`` (the same object);
- ``X = item_add(B, C, k, g)``, ``B`` either ``None`` or ``X`` (the adjoint of reading
  ``C[k]``): replaced by ``acc_k = acc_k + g; set_k = True``, after resetting every
  ``acc``/``set`` pair when ``B`` is ``None`` (``item_add(None, ...)`` starts a new
  container, holding ``k`` only);
- ``finish(X, C, zero[, avoid])`` as an item of a ``return`` (the same place in every
  ``return``), ``zero`` a constant: replaced by the tuple of the ``acc``s and ``set``s;

and the adjoint ``X`` is used only there, in ``X = None`` (a reset) and ``del X``.
Then ``acc_k`` holds ``0 + (the sum item_add would hold for k)``: the same numbers (``0 +
g`` is ``g`` but for the sign of a zero), and ``set_k`` whether item_add would hold k at
all; the runner returns ``finish({k: acc_k for each set k}, C, zero)``, the NumPy
backend's gradient of ``C``. The entries passed must be numbers or arrays (checked at
each call, :func:`flat_arguments`); a container of containers stays refused.
tests/numba/test_numba_containers.py checks gradients against the NumPy backend and
central differences.
"""

import ast
import copy

import numpy as np

from srcdiff import runtime
from srcdiff.compiler.ir.calls import named_call


class Plan:
    """One container parameter unpacked: its position, its keys, the names standing for
    them in the rewritten entry, and where its gradient is returned."""

    def __init__(self, position, name, keys):
        self.position, self.name, self.keys = position, name, keys
        self.flats = []  # the entry's parameters for keys, in order
        self.summed = []  # the keys with an item_add, in order (their acc/set pairs)
        self.zero = False  # finish's ``zero`` (unconnected_gradients="zero")
        self.whole = None  # the name of the flag: every entry of C holds a gradient
        self.paths = ()  # where the returned tuples hold the container's gradient


def unpack(entry, positions):
    """The :class:`Plan`\\ s of the parameters at ``positions`` (given containers) that
    ``entry`` reads only as the module's docstring says; ``entry`` rewritten for them
    (their entries' parameters appended after its own, in the plans' order)."""
    if any(isinstance(n, (ast.FunctionDef, ast.Lambda)) for n in ast.walk(entry)
           if n is not entry):
        return []
    parents = _parents(entry)
    taken = {n.id for n in ast.walk(entry) if isinstance(n, ast.Name)} | {
        a.arg for a in ast.walk(entry) if isinstance(a, ast.arg)}
    plans = []
    for position in positions:
        plan = _plan(entry, position, entry.args.args[position].arg, parents)
        if plan is None:
            continue
        candidate = copy.deepcopy(entry)
        _rewrite(candidate, plan, _parents(candidate), set(taken))
        left = {n.id for n in ast.walk(candidate) if isinstance(n, ast.Name)}
        if plan.name in left or left & _adjoints_of(plan.name, parents):
            continue  # (a use the rewrite did not reach, e.g. in an except clause)
        for field in entry._fields:
            setattr(entry, field, getattr(candidate, field))
        taken |= left | {a.arg for a in entry.args.args}
        plans.append(plan)
        parents = _parents(entry)
    return plans


def _parents(tree):
    return {id(c): n for n in ast.walk(tree) for c in ast.iter_child_nodes(n)}


def _key(node):
    """The constant ``k`` of ``C[k]``: a string or an int (``-1`` is ``-(1)`` in the tree)."""
    if isinstance(node, ast.Constant) and type(node.value) in (str, int):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(
            node.operand, ast.Constant) and type(node.operand.value) is int:
        return -node.operand.value
    return None


def _assigned(call, parents):
    """``X`` when ``call`` is the value of ``X = call``."""
    up = parents.get(id(call))
    if isinstance(up, ast.Assign) and up.value is call and len(up.targets) == 1 \
            and isinstance(up.targets[0], ast.Name):
        return up.targets[0].id
    return None


def _of(call, name, n):
    """Whether ``call`` has ``n`` positional arguments, the second the name ``name``."""
    return len(call.args) == n and not call.keywords and isinstance(call.args[1], ast.Name) \
        and call.args[1].id == name


def _zeroing(call, name, parents):
    """The adjoint's name when ``call`` is ``X = zeros_tree(C)`` (a loop's adjoint starts
    every entry of ``C`` at zero: the NumPy backend's gradient then has every key)."""
    if isinstance(call, ast.Call) and named_call(call, "zeros_tree") is not None \
            and len(call.args) == 1 and not call.keywords \
            and isinstance(call.args[0], ast.Name) and call.args[0].id == name:
        return _assigned(call, parents)
    return None


def _site(call, name, parents):
    """The adjoint's name when ``call`` is ``X = item_add(None or X, C, k, g)``."""
    if not isinstance(call, ast.Call) or named_call(call, "item_add") is None \
            or not _of(call, name, 4) or _key(call.args[2]) is None:
        return None
    x = _assigned(call, parents)
    if x is None:
        return None
    first = call.args[0]
    if isinstance(first, ast.Constant) and first.value is None or \
            isinstance(first, ast.Name) and first.id == x:
        return x
    return None


def _finish_of(call, parents):
    """``(adjoint name or None, zero)`` when ``call`` is ``finish(X, C, zero[, avoid])``
    as an item of a returned tuple; else ``None``."""
    if named_call(call, "finish") is None or not 2 <= len(call.args) <= 4 or call.keywords:
        return None
    first = call.args[0]
    zero = call.args[2] if len(call.args) > 2 else ast.Constant(False)
    if not (isinstance(zero, ast.Constant) and type(zero.value) is bool):
        return None
    up = parents.get(id(call))
    while isinstance(up, ast.Tuple):
        up = parents.get(id(up))
    if not isinstance(up, ast.Return):
        return None
    if isinstance(first, ast.Constant) and first.value is None:
        return None, zero.value
    return (first.id, zero.value) if isinstance(first, ast.Name) else None


def _path(node, parents):
    path = []
    while isinstance(parents.get(id(node)), ast.Tuple):
        up = parents[id(node)]
        path.append(next(i for i, e in enumerate(up.elts) if e is node))
        node = up
    return tuple(reversed(path))


def _plan(entry, position, name, parents):
    keys, sites, finishes, paths = [], set(), [], []
    for node in ast.walk(entry):
        if not (isinstance(node, ast.Name) and node.id == name):
            continue
        up = parents.get(id(node))
        if isinstance(up, ast.Subscript) and up.value is node and isinstance(
                up.ctx, ast.Load) and _key(up.slice) is not None:
            keys.append(_key(up.slice))
        elif _site(up, name, parents) is not None and up.args[1] is node:
            keys.append(_key(up.args[2]))
            sites.add(_site(up, name, parents))
        elif _zeroing(up, name, parents) is not None:
            sites.add(_zeroing(up, name, parents))
        elif isinstance(up, ast.Call) and len(up.args) > 1 and up.args[1] is node \
                and _finish_of(up, parents) is not None:
            finishes.append(_finish_of(up, parents))
            paths.append(_path(up, parents))
        else:
            return None
    keys = list(dict.fromkeys(keys))
    returns = [r for r in ast.walk(entry) if isinstance(r, ast.Return)]
    adjoints = {x for x, _ in finishes}
    if not keys and not paths or len(sites) > 1 or len({z for _, z in finishes}) > 1:
        return None
    if paths and (len(paths) != len(returns) or len(set(paths)) != 1):
        return None  # (every return gives the container's gradient at one place)
    if finishes and adjoints != (sites or {None}):
        return None  # (finish(None, C) with an item_add of C, or of another name)
    if sites and not _adjoint_only_there(entry, next(iter(sites)), name, parents):
        return None
    plan = Plan(position, name, keys)
    plan.zero = finishes[0][1] if finishes else False
    plan.paths = tuple(set(paths))
    return plan


def _adjoint_only_there(entry, x, name, parents):
    """Whether the adjoint ``x`` is used only by the container's item_add, finish, ``x =
    None``, ``x = zeros_tree(C)`` and ``del x``."""
    for node in ast.walk(entry):
        if not (isinstance(node, ast.Name) and node.id == x):
            continue
        up = parents.get(id(node))
        if isinstance(up, ast.Delete):
            continue
        if isinstance(up, ast.Assign) and node in up.targets and len(up.targets) == 1:
            value = up.value
            if isinstance(value, ast.Constant) and value.value is None:
                continue  # (X = None)
            if _site(value, name, parents) == x or _zeroing(value, name, parents) == x:
                continue  # (X = item_add(..., C, ...), X = zeros_tree(C))
            return False
        if isinstance(up, ast.Call) and up.args and up.args[0] is node and len(up.args) > 1 \
                and isinstance(up.args[1], ast.Name) and up.args[1].id == name:
            continue  # (item_add's B or finish's X: checked by _plan)
        if _avoided(node, parents):
            continue  # (the rewrite passes None there: see _rewrite)
        return False
    return True


def _avoided(node, parents):
    """Whether ``node`` is an item of ``avoid``, ``finish(g, x, zero, avoid)``'s tuple of
    values the result must not share memory with. The rewritten adjoint's entries are new
    arrays (``acc + g``), which share memory with nothing: ``None`` stands for them."""
    up = parents.get(id(node))
    call = parents.get(id(up))
    return isinstance(up, ast.Tuple) and isinstance(call, ast.Call) \
        and named_call(call, "finish") is not None and len(call.args) == 4 \
        and call.args[3] is up


def _fresh(base, taken):
    name = base if base.isidentifier() else "entry"
    k = 0
    while name in taken:
        k += 1
        name = f"{base}_{k}" if base.isidentifier() else f"entry_{k}"
    taken.add(name)
    return name


def _rewrite(entry, plan, parents, taken):
    c = plan.name
    plan.flats = [_fresh(f"{c}_{k}" if isinstance(k, str) else f"{c}_{k}".replace("-", "m"),
                         taken) for k in plan.keys]
    flat = dict(zip(plan.keys, plan.flats))
    summed = []
    for node in ast.walk(entry):
        if _site(node, c, parents) is not None:
            summed.append(_key(node.args[2]))
    plan.summed = list(dict.fromkeys(summed))
    adjoints = _adjoints_of(c, parents)
    zeroed = any(_zeroing(n, c, parents) for n in ast.walk(entry))
    if zeroed:  # (every key then added to, for its zero: every key read has its acc)
        plan.summed = list(plan.keys)
    accs = {k: (_fresh(f"b_{flat[k]}", taken), _fresh(f"{flat[k]}_set", taken))
            for k in plan.summed}
    plan.whole = _fresh(f"b_{c}_whole", taken) if zeroed else None

    def reset(whole=False):
        out = []
        for k, (acc, was) in accs.items():
            out += [_assign(acc, ast.Call(ast.Name("zeros_tree", ast.Load()),
                                          [ast.Name(flat[k], ast.Load())], [])),
                    _assign(was, ast.Constant(whole))]
        if plan.whole is not None:
            out.append(_assign(plan.whole, ast.Constant(whole)))
        return out

    def statements(stmt):
        value = stmt.value if isinstance(stmt, ast.Assign) else None
        if _zeroing(value, c, parents) is not None:
            return reset(whole=True)
        if _site(value, c, parents) is not None:
            acc, was = accs[_key(value.args[2])]
            first = value.args[0]
            start = reset() if isinstance(first, ast.Constant) else []
            return start + [_assign(acc, ast.BinOp(ast.Name(acc, ast.Load()), ast.Add(),
                                                   value.args[3])),
                            _assign(was, ast.Constant(True))]
        adjoint = _adjoint_name(stmt, adjoints)
        if adjoint is not None and isinstance(stmt, ast.Assign):
            return reset()  # (X = None)
        if isinstance(stmt, ast.Delete) and adjoint is not None:
            kept = [t for t in stmt.targets if not (isinstance(t, ast.Name) and t.id == adjoint)]
            return [ast.Delete(kept)] if kept else []
        return None

    _map_statements(entry, statements)
    for node in ast.walk(entry):  # (the adjoint in other gradients' ``avoid``)
        if isinstance(node, ast.Tuple):
            node.elts = [ast.Constant(None) if isinstance(e, ast.Name) and e.id in adjoints
                         and isinstance(e.ctx, ast.Load) else e for e in node.elts]
    for node in ast.walk(entry):  # reads and the returned finish
        for field, value in ast.iter_fields(node):
            if isinstance(value, list):
                value[:] = [_replaced(v, c, flat, accs, plan.whole) for v in value]
            elif isinstance(value, ast.AST):
                setattr(node, field, _replaced(value, c, flat, accs, plan.whole))
    entry.body[:0] = reset()
    if entry.args.defaults:  # (after grad_ys=None: each with a default too)
        entry.args.defaults += [ast.Constant(None) for _ in plan.flats]
    entry.args.args += [ast.arg(f) for f in plan.flats]


def _adjoint_name(stmt, adjoints):
    """The adjoint's name when ``stmt`` is ``X = None`` or ``del ..., X, ...`` for an
    adjoint ``X`` of the container (``adjoints``: :func:`_adjoints_of`)."""
    names = []
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(
            stmt.targets[0], ast.Name) and isinstance(stmt.value, ast.Constant) \
            and stmt.value.value is None:
        names = [stmt.targets[0].id]
    elif isinstance(stmt, ast.Delete):
        names = [t.id for t in stmt.targets if isinstance(t, ast.Name)]
    return next((n for n in names if n in adjoints), None)


def _adjoints_of(c, parents):
    found = set()
    for node_id, up in parents.items():
        if isinstance(up, ast.Call) and named_call(up, "finish") is not None \
                and len(up.args) > 1 and isinstance(up.args[1], ast.Name) \
                and up.args[1].id == c and isinstance(up.args[0], ast.Name):
            found.add(up.args[0].id)
        if isinstance(up, ast.Assign):
            x = _site(up.value, c, parents) or _zeroing(up.value, c, parents)
            if x is not None:
                found.add(x)
    return found


def _map_statements(node, fn):
    for field in ("body", "orelse", "finalbody"):
        block = getattr(node, field, None)
        if not isinstance(block, list) or not block:
            continue
        out = []
        for stmt in block:
            made = fn(stmt)
            if made is None:
                _map_statements(stmt, fn)
                out.append(stmt)
            else:
                out += made
        block[:] = out or [ast.Pass()]


def _replaced(node, c, flat, accs, whole):
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) \
            and node.value.id == c and isinstance(node.ctx, ast.Load) \
            and _key(node.slice) in flat:
        return ast.Name(flat[_key(node.slice)], ast.Load())
    if isinstance(node, ast.Call) and named_call(node, "finish") is not None \
            and len(node.args) > 1 and isinstance(node.args[1], ast.Name) \
            and node.args[1].id == c:
        names = [a for a, _ in accs.values()] + [s for _, s in accs.values()]
        names += [whole] if whole is not None else []
        return ast.Tuple([ast.Name(n, ast.Load()) for n in names], ast.Load())
    return node


def _assign(name, value):
    return ast.Assign([ast.Name(name, ast.Store())], value, lineno=0)


def flat_arguments(plans, args, where):
    """``(args, flats)``: ``args`` with ``None`` at the plans' positions and the entries
    they read, in the plans' order. A container or entry of a kind numba is not given
    this way is refused (``where``: numba_emit._Where)."""
    if not plans:
        return args, []
    args, flats = list(args), []
    for plan in plans:
        container = args[plan.position]
        if not isinstance(container, (dict, list, tuple)):
            raise where.error(f"the numba backend unpacks `{plan.name}` as a dict, list or "
                              f"tuple, and this call passes a {type(container).__name__}",
                              'use backend="numpy" for this function')
        for k in plan.keys:
            value = container[k]
            if isinstance(value, np.ndarray) and value.ndim == 0 and value.dtype.kind == "f":
                value = float(value)  # (as numba_scalars: the same number; finish makes
                # the gradient a 0-d array again)
            if not (isinstance(value, (bool, int, float, np.bool_, np.integer, np.floating))
                    or isinstance(value, np.ndarray) and value.dtype.kind in "biuf"
                    and value.dtype.itemsize <= 8):
                raise where.error(f"the numba backend passes the entries of `{plan.name}` "
                                  f"as arrays or numbers, and its entry {k!r} is a "
                                  f"{type(value).__name__}",
                                  'use backend="numpy" for this function')
            flats.append(value)
        args[plan.position] = None
    return args, flats


def restored(result, plans, containers):
    """``result`` with each plan's returned ``(accs..., sets...)`` replaced by the
    container's gradient, as the NumPy backend's ``finish`` returns it."""
    for plan, container in zip(plans, containers):
        for path in plan.paths:
            result = _put(result, path, lambda got, p=plan, c=container:
                          runtime.finish(_gathered(p, c, got), c, p.zero))
    return result


def _gathered(plan, container, got):
    """The container's gradient before ``finish``: the adjoint ``X`` the NumPy backend
    holds, from the returned ``(accs..., sets...[, whole])``."""
    n = len(plan.summed)
    accs, sets = got[:n], got[n:2 * n]
    if plan.whole is not None and got[2 * n]:  # (zeros_tree(C): every entry, then adds)
        out = runtime.zeros_tree(container)
        out = dict(out) if isinstance(out, dict) else list(out)
    else:
        out = {} if isinstance(container, dict) else [None] * len(container)
    for k, acc, was in zip(plan.summed, accs, sets):
        if was:
            if not isinstance(container, dict) and k < 0:
                k += len(container)  # (x[-1] and x[n - 1]: one entry)
            before = out.get(k) if isinstance(out, dict) else out[k]
            out[k] = acc if before is None else before + acc
    return out


def _put(value, path, make):
    if not path:
        return make(value)
    items = list(value)
    items[path[0]] = _put(items[path[0]], path[1:], make)
    return tuple(items)
