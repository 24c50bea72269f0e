"""Part of stage 3: refuse in-place writes that another live name would see.

``x[i] = v`` (and ``x += v`` on an array) changes an array object. If another
variable refers to the same memory (``y = x``, ``y = x[1:]``, ``y = x.T``,
``y = x.reshape(...)``) and is read after the write, Python sees the change
through ``y`` but a data-flow graph over names does not, so the gradient
would be silently wrong. Such programs are rejected with a message saying
which name aliases which and where; writing ``.copy()`` resolves it.

A name *may view* another when it is defined by a copy, a subscript that is
not known to produce a scalar, or a primitive registered as a view
(reshape, transpose, ...). Liveness is computed over the structured ANF.
"""

import gast
import numpy as np

from . import syntax as S
from .activity import walk
from .errors import FIXPOINT_LIMIT, not_converged


def check_mutations(fn, analysis, parsed, registry):
    """Raise SrcdiffError for an in-place write seen through a live alias."""
    writes = []
    for s, _ in walk(fn.body):
        op = analysis.op(s)
        if op is None:
            continue
        if op.kind == "store":
            writes.append((s, op.target))
        elif getattr(s, "srcdiff_inplace", False) and analysis.ranks.get(op.target) != 0:
            writes.append((s, op.target))
    if not writes:
        return
    views = _view_edges(analysis, registry)
    live_out = liveness(fn.body, analysis)
    params = {a.id for a in fn.args.args}
    for s, x in writes:
        group = _aliases(x, views)
        for y in sorted(group - {x}):
            if y in live_out.get(id(s), set()) or (y in params and (x, y) in views):
                where = views.get((x, y)) or views.get((y, x))
                line = ""
                if where is not None:
                    _, lineno = parsed.source_line(where)
                    line = f" (they share memory since line {lineno})" if lineno else ""
                text, _ = parsed.source_line(s)
                raise parsed.error(
                    s, f"`{text}` changes an array in place that `{y}` also refers to{line}, "
                    f"and `{y}` is used afterwards; srcdiff cannot follow the change through "
                    f"`{y}`", hint=f"make an independent copy first, e.g. `{x} = {x}.copy()` "
                    f"or `{y} = ....copy()`")


def _view_edges(analysis, registry):
    """(a, b) -> defining statement, when ``a`` may share memory with ``b``."""
    edges = {}
    for op in analysis.order:
        if op.target is None:
            continue
        base = None
        if op.kind == "copy" and isinstance(op.args[0], gast.Name):
            base = op.args[0].id
        elif op.kind == "index" and analysis.ranks.get(op.target) != 0:
            base = op.args[0].id
        elif op.kind == "prim" and op.func is not None and registry.is_view(op.func) \
                and op.args and isinstance(op.args[0], gast.Name):
            base = op.args[0].id
        elif op.kind == "prim" and op.func is np.transpose and op.args \
                and isinstance(op.args[0], gast.Name):
            base = op.args[0].id
        if base is not None and base != op.target:
            edges[(op.target, base)] = op.stmt
    return edges


def _aliases(x, views):
    group = {x}
    changed = True
    while changed:
        changed = False
        for a, b in views:
            if (a in group) != (b in group):
                group |= {a, b}
                changed = True
    return group


def liveness(body, analysis, live_after=frozenset()):
    """id(statement) -> names live just after it (read later before being redefined)."""
    out = {}
    _live_block(body, set(live_after), analysis, out)
    return out


def _uses(s):
    if isinstance(s, gast.Assign):
        names = S.loaded_names(s.value)
        t = s.targets[0]
        if isinstance(t, gast.Subscript):
            names |= S.loaded_names(t)
            names |= {n.id for n in gast.walk(t.value) if isinstance(n, gast.Name)}
        return names
    if isinstance(s, gast.If):
        return S.loaded_names(s.test)
    if isinstance(s, gast.For):
        return S.loaded_names(s.iter)
    if isinstance(s, gast.While):
        return S.loaded_names(s.test)
    return S.loaded_names(s)


def _defs(s):
    if isinstance(s, gast.Assign) and isinstance(s.targets[0], gast.Name):
        return {s.targets[0].id}
    if isinstance(s, gast.For):
        return {s.target.id}
    return set()


def _live_block(body, live, analysis, out):
    for s in reversed(body):
        out[id(s)] = set(live)
        if isinstance(s, gast.If):
            a = _live_block(s.body, set(live), analysis, out)
            b = _live_block(s.orelse, set(live), analysis, out)
            live = a | b | _uses(s)
        elif isinstance(s, (gast.For, gast.While)):
            loop_live = set(live)
            for _ in range(FIXPOINT_LIMIT):  # what the next iteration reads is live at the end
                inner = _live_block(s.body, loop_live | set(live), analysis, out)
                new = loop_live | inner | _uses(s)
                if new == loop_live:
                    break
                loop_live = new
            else:
                raise not_converged("liveness", FIXPOINT_LIMIT)
            live = loop_live | live | _uses(s)
            if isinstance(s, gast.For):
                live.discard(s.target.id) if s.target.id not in loop_live else None
        else:
            live = (live - _defs(s)) | _uses(s)
    return live
