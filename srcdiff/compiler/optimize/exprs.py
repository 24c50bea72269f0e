"""Facts about generated expressions that the optimizer's passes share: which are
pure, which are plain arithmetic, which names a statement may change."""

import gast

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.calls import plain_call

PURE_CALL_ROOTS = dataflow.PURE_HELPERS
writes = dataflow.writes

MAX_FOLDED_NODES = 14  # the largest expression folded into another


def number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def pure(expr, known=frozenset()):
    """No call in ``expr`` has an effect: calls of numpy's, math's and the run-time's
    functions, and those spelled as one of ``known`` (analysis/effects.py library_calls)."""
    for n in dataflow.nodes(expr):  # (every call is asked: any order)
        if isinstance(n, gast.Call):
            f = n.func
            root = f
            while isinstance(root, gast.Attribute):
                root = root.value
            if not (isinstance(root, gast.Name) and root.id in PURE_CALL_ROOTS) \
                    and not (known and S.expr_source(f) in known):
                return False
            if isinstance(f, gast.Attribute) and f.attr in ("pop", "append"):
                return False
            if "random" in S.expr_source(f):
                return False
    return True


def is_count(e):
    """Numbers, ``size_of(...)`` calls, and arithmetic on them: a Python number."""
    if isinstance(e, gast.BinOp) and isinstance(e.op, (gast.Mult, gast.Div, gast.Add, gast.Sub)):
        return is_count(e.left) and is_count(e.right)
    return isinstance(e, gast.Constant) and type(e.value) in (int, float) \
        or plain_call(e, "size_of", 1) is not None


def arithmetic(expr):
    """Arithmetic on names, literals and ``name[index]``: safe to fold into its one use."""
    every = dataflow.nodes(expr)  # (the answer does not depend on the order)
    for n in every:
        if isinstance(n, gast.Subscript):
            if not (isinstance(n.value, gast.Name) and all(
                    isinstance(x, (gast.Name, gast.Constant, gast.Slice, gast.Tuple, gast.Load))
                    for x in dataflow.nodes(n.slice))):
                return False
            continue
        if isinstance(n, (gast.Call, gast.Attribute, gast.List, gast.Dict, gast.Compare,
                          gast.BoolOp, gast.IfExp)):
            return False
    return len(every) <= MAX_FOLDED_NODES


def replace(node, name, expr):
    return S.replace_names(node, lambda n: S.copy(expr)
                           if isinstance(n.ctx, gast.Load) and n.id == name else n)


# ------------------------------------------------ moving a value into another statement
# The attributes below ride on statements (S.copy keeps them) for verify.py.
FOREIGN = S.FOREIGN  # names a statement reads in a value moved into it (S.locate keeps them)
READS = "_srcdiff_reads"  # names a verification snapshot reads where the value was


def foreign(stmt):
    return getattr(stmt, FOREIGN, frozenset())


class Mover:
    """Folds ``t = E`` into the statement ``u`` that reads ``t``, the optimizer's one way
    of moving a value.

    Invariant: no statement between ``t = E`` and ``u`` writes a name ``E`` reads,
    so ``E`` has the same value at ``u``. In verification mode (verify.py) the move
    leaves a snapshot of ``E``'s names where ``E`` was, and a check that they are
    unchanged before ``u``; the names ``E`` brings to ``u`` are then *foreign* to
    ``u``: checked where they were read, not against ``u``'s own statement.
    """

    def __init__(self, verify=False, taken=()):
        self.verify = verify
        self.taken = set(taken)
        self.count = 0

    def move(self, s, u):
        """``(statements to put in place of s, statements to put before u)``; marks ``u``."""
        names = S.loaded_names(s.value)
        own = S.loaded_names(u) - {s.targets[0].id}
        carried = (names - own) | (set(foreign(s)) - own)
        setattr(u, FOREIGN, frozenset(foreign(u) | carried))
        if not self.verify:
            return [], []
        self.count += 1
        snap = f"_verify_moved{self.count}"
        while snap in self.taken:
            self.count += 1
            snap = f"_verify_moved{self.count}"
        self.taken.add(snap)
        listed = gast.Tuple(elts=[S.const(n) for n in sorted(names)], ctx=gast.Load())
        keep = S.assign(snap, S.call("verify_snapshot", [_read_values(s.value), listed]), s)
        setattr(keep, READS, frozenset(names - foreign(s)))
        check = S.locate(gast.Expr(value=S.call("verify_unchanged", [
            S.name(snap), _read_values(s.value), S.copy(listed)])), u)
        return [keep], [check]


def _read_values(expr):
    """What the snapshot of a moved ``expr`` holds for each name it reads: ``locals()``,
    but for a name ``expr`` reads only as items ``t[k]`` (constant ``k``: a user function's
    gradients, ``b_g_args[1]``), those items, ``dict(locals(), t=(t[0], t[2]))`` (as
    ``t[k]`` for one item). The move's invariant is about the values ``expr`` reads: the
    other items of ``t`` may change in place between (``b_x = b_g_args[0]`` owned, then
    ``b_x += ...``, reverse/calls.py) without changing ``expr``."""
    items = {}
    for n in gast.walk(expr):
        if isinstance(n, gast.Subscript) and isinstance(n.value, gast.Name) \
                and isinstance(n.slice, gast.Constant) and type(n.slice.value) is int:
            items.setdefault(n.value.id, set()).add(n.slice.value)
    for n in gast.walk(expr):
        if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Load) and n.id in items \
                and not any(isinstance(p, gast.Subscript) and p.value is n
                            for p in gast.walk(expr)):
            del items[n.id]  # read whole too
    if not items:
        return S.call("locals")

    def value(name, ks):
        got = [gast.Subscript(value=S.name(name), slice=S.const(k), ctx=gast.Load())
               for k in sorted(ks)]
        return got[0] if len(got) == 1 else gast.Tuple(elts=got, ctx=gast.Load())

    overrides = [(n, value(n, ks)) for n, ks in sorted(items.items())]
    return S.call("dict", [S.call("locals")], overrides)


def forget_copies(copies, copied_to, name):
    """Drop the pairs ``a -> b`` of ``copies`` (plain copies ``b = a``: passes.py's common
    subexpressions) with ``name`` as ``a`` or ``b`` (``copied_to``: ``b`` -> the ``a`` that
    were mapped to it, maybe since remapped: checked)."""
    b = copies.pop(name, None)
    if b is not None and b in copied_to:
        copied_to[b].discard(name)
    for a in copied_to.pop(name, ()):
        if copies.get(a) == name:
            del copies[a]
