"""Stage 5, optimize: clean-ups on the generated function, in this order.

* constant folding of literal arithmetic from rule templates;
* copy propagation (``b_x = b_y``), and common subexpressions (never making
  two names share an array that is later changed in place);
* dead code: assignments nothing reads afterwards (no side effects); a loop's
  body is cleaned with what later iterations read, found by a fixpoint, so an
  accumulator only its own update reads goes; empty branches and counted loops go;
* folding of single-use temporaries into their one reader, and of a value into
  the statement that redefines its name (``t = E; t = F(t)`` -> ``t = F(E)``);
* signs of gradients moved where they cost nothing (``c * (-u * x)`` ->
  ``-c * (u * x)``; ``t = a * b; y = -t`` -> ``y = -a * b``);
* loop-invariant gradient arithmetic computed once before the loop;
* exact sign peepholes (``-(a) + b`` -> ``b - a``, ``a - -(b)`` -> ``a + b``).
Every rewrite is exact: the same operations on the same values, or IEEE
identities (negation and scaling by two are exact).
"""

import gast

from . import syntax as S

_PURE_CALL_ROOTS = {"np", "unbroadcast", "unreduce", "reduce_mask", "item_grad", "zeros_tree",
                    "add_tree", "seed", "check_outputs"}


def optimize(fn, keep=(), gradients=(), scalars=()):
    """Clean up a generated function. Names in ``keep`` (the user's) are never folded away;
    ``gradients`` (adjoint names: always floats) may have their negations moved;
    ``scalars`` are names known to hold single numbers."""
    fn = _Fold().visit(fn)
    fn.body = _copy_propagate(fn.body)
    fn.body = _common_subexpressions(fn.body, _changed_in_place(fn))
    fn.body = _copy_propagate(fn.body)
    changed = True
    while changed:
        fn.body, changed, _ = _dce(fn.body, live_out=set())
    keep = set(keep) | {a.id for a in fn.args.args}
    fn.body = _fold_single_use(fn.body, _load_counts(fn), keep)
    fn.body = _fold_into_redefinition(fn.body)
    fn.body = _fold_negations(fn.body, _load_counts(fn), set(gradients))
    fn.body = _merge_scalings(fn.body, _load_counts(fn), set(gradients), set(scalars))
    fn.body = _hoist_invariants(fn.body, set(gradients), S.all_names(fn))
    fn = _Peephole().visit(fn)
    fn.body = _drop_empty_comments(fn.body)
    return fn


def is_comment(s):
    """Is ``s`` a comment statement made by syntax.comment?"""
    return isinstance(s, gast.Expr) and isinstance(s.value, gast.Constant) \
        and isinstance(s.value.value, str) and s.value.value.startswith("SRCDIFF_COMMENT:")


def _drop_empty_comments(body):
    """A heading comment whose block was optimized away goes too."""
    out = []
    for k, s in enumerate(body):
        if isinstance(s, (gast.If, gast.For, gast.While)):
            s.body = _drop_empty_comments(s.body) or [gast.Pass()]
            s.orelse = _drop_empty_comments(s.orelse)
        if is_comment(s):
            nxt = body[k + 1] if k + 1 < len(body) else None
            if nxt is None or is_comment(nxt) or isinstance(nxt, gast.Return):
                continue
            if s.value.value.endswith("start unbound") and not (
                    isinstance(nxt, gast.Assign) and isinstance(nxt.value, gast.Constant)
                    and nxt.value.value is None):
                continue
        out.append(s)
    return out


class _Fold(gast.NodeTransformer):
    """Arithmetic on two numeric literals (``3 - 1`` from a rule template) is done now."""

    def visit_BinOp(self, node):
        self.generic_visit(node)
        left, right = node.left, node.right
        if isinstance(left, gast.Constant) and isinstance(right, gast.Constant) \
                and _number(left.value) and _number(right.value) \
                and isinstance(node.op, (gast.Add, gast.Sub, gast.Mult)):
            value = {gast.Add: lambda a, b: a + b, gast.Sub: lambda a, b: a - b,
                     gast.Mult: lambda a, b: a * b}[type(node.op)](left.value, right.value)
            return S.const(value)
        return node


def _number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _pure(expr):
    for n in gast.walk(expr):
        if isinstance(n, gast.Call):
            f = n.func
            root = f
            while isinstance(root, gast.Attribute):
                root = root.value
            if not (isinstance(root, gast.Name) and root.id in _PURE_CALL_ROOTS):
                return False
            if isinstance(f, gast.Attribute) and f.attr in ("pop", "append"):
                return False
            if "random" in S.expr_source(f):
                return False
    return True


def _dce(body, live_out):
    """Remove dead pure assignments; return ``(body, changed, names live on entry)``.

    A loop's body is cleaned with what is live after the loop plus what the
    body itself reads in a later iteration, found by iterating to a fixpoint:
    a variable that only feeds its own update (``s = s + x * x`` with ``s``
    unread after the loop) is dead.
    """
    changed = False
    live = set(live_out)
    out = []
    for s in reversed(body):
        if isinstance(s, gast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], gast.Name):
            t = s.targets[0].id
            if t not in live and _pure(s.value) and not t.startswith("_stack"):
                changed = True
                continue
            live.discard(t)
            live |= S.loaded_names(s.value)
            out.append(s)
            continue
        if isinstance(s, gast.If):
            s.body, c1, live_body = _dce(s.body, live)
            s.orelse, c2, live_else = _dce(s.orelse, live)
            changed |= c1 or c2
            if not s.body and not s.orelse and _pure(s.test):
                changed = True  # nothing left to branch over
                continue
            live = live_body | live_else | S.loaded_names(s.test)
            out.append(s)
            continue
        if isinstance(s, (gast.For, gast.While)):
            header = S.loaded_names(s.iter if isinstance(s, gast.For) else s.test)
            loop_live = live | header
            while True:  # what an iteration reads that an earlier one (or the code before) wrote
                _, _, body_live = _dce(S.copy(s.body), loop_live)
                if body_live <= loop_live:
                    break
                loop_live |= body_live
            s.body, c1, _ = _dce(s.body, loop_live)
            changed |= c1
            if not s.body and isinstance(s, gast.For) and _is_range(s.iter):
                changed = True  # an empty counted loop
                continue
            live = loop_live  # the body may run zero times
            out.append(s)
            continue
        live |= S.loaded_names(s)
        if isinstance(s, gast.AugAssign) and isinstance(s.target, gast.Name):
            live.add(s.target.id)  # ``b += e`` reads b
        out.append(s)
    out.reverse()
    return out, changed, live


def _is_range(node):
    return isinstance(node, gast.Call) and isinstance(node.func, gast.Name) \
        and node.func.id in ("range", "reversed") and not node.keywords \
        and all(_pure(a) and (not isinstance(a, gast.Call) or _is_range(a)) for a in node.args)


def _copy_propagate(body):
    """After ``a = b`` (names), read ``b`` for ``a`` until either is reassigned.

    Works block by block; entering or leaving a compound statement forgets
    every copy, which is conservative. Self-assignments disappear; the copies
    left unread are removed by dead-code elimination.
    """
    env = {}
    out = []
    for s in body:
        if isinstance(s, (gast.If, gast.For, gast.While)):
            s = S.copy(s)
            if isinstance(s, gast.If):  # a while test runs again after the body: left alone
                s.test = _subst(s.test, env)
            elif isinstance(s, gast.For):
                s.iter = _subst(s.iter, env)
            s.body = _copy_propagate(s.body)
            s.orelse = _copy_propagate(s.orelse)
            env = {}
            out.append(s)
            continue
        if isinstance(s, gast.Assign) and len(s.targets) == 1:
            s = S.copy(s)
            s.value = _subst(s.value, env)
            target = s.targets[0]
            if isinstance(target, gast.Subscript):
                target.value = _subst(target.value, env)
                target.slice = _subst(target.slice, env)
                out.append(s)
                continue
            if isinstance(target, gast.Name) and isinstance(s.value, gast.Name) \
                    and s.value.id == target.id:
                continue  # x = x
            written = {n.id for n in gast.walk(target) if isinstance(n, gast.Name)}
            env = {a: b for a, b in env.items() if a not in written and b not in written}
            if isinstance(target, gast.Name) and isinstance(s.value, gast.Name):
                env[target.id] = s.value.id
            out.append(s)
            continue
        s = _subst(S.copy(s), env)
        out.append(s)
    return out


def _subst(node, env):
    if not env:
        return node

    class Sub(gast.NodeTransformer):
        def visit_Name(self, n):
            if isinstance(n.ctx, gast.Load) and n.id in env:
                return gast.copy_location(S.name(env[n.id]), n)
            return n

    return Sub().visit(node)


# --------------------------------------------------------- expression folding

_MAX_FOLDED_NODES = 14


def _load_counts(fn):
    """How many times each name is read (``b += g`` reads ``b``)."""
    counts = {}
    for n in gast.walk(fn):
        if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Load):
            counts[n.id] = counts.get(n.id, 0) + 1
        elif isinstance(n, gast.AugAssign) and isinstance(n.target, gast.Name):
            counts[n.target.id] = counts.get(n.target.id, 0) + 1
    return counts


def _arithmetic(expr):
    """Arithmetic on names, literals and ``name[index]``: safe to fold into its one use."""
    for n in gast.walk(expr):
        if isinstance(n, gast.Subscript):
            if not (isinstance(n.value, gast.Name) and all(
                    isinstance(x, (gast.Name, gast.Constant, gast.Slice, gast.Tuple, gast.Load))
                    for x in gast.walk(n.slice))):
                return False
            continue
        if isinstance(n, (gast.Call, gast.Attribute, gast.List, gast.Dict, gast.Compare,
                          gast.BoolOp, gast.IfExp)):
            return False
    return sum(1 for _ in gast.walk(expr)) <= _MAX_FOLDED_NODES


def _writes(stmt):
    """Names a statement may rebind or change in place (conservatively)."""
    out = set()
    for n in gast.walk(stmt):
        if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Store):
            out.add(n.id)
        if isinstance(n, gast.Subscript) and isinstance(n.ctx, gast.Store):
            out |= {b.id for b in gast.walk(n.value) if isinstance(b, gast.Name)}
        if isinstance(n, gast.Call):
            f = n.func
            if isinstance(f, gast.Attribute) and isinstance(f.value, gast.Name):
                out.add(f.value.id)  # xs.append(v), _stack.pop()
            elif not (isinstance(f, gast.Name) and f.id in _PURE_CALL_ROOTS):
                # a helper such as index_add(b, ...) may change its arguments in place
                out |= {a.id for a in n.args if isinstance(a, gast.Name)}
    return out


def _fold_single_use(body, counts, keep):
    """``t = a * b; y = t + c`` -> ``y = a * b + c`` for compiler temporaries read once.

    Only arithmetic moves, only within one block, and only past statements
    that write none of the names it reads.
    """
    body = list(body)
    for s in body:
        if isinstance(s, (gast.If, gast.For, gast.While)):
            s.body = _fold_single_use(s.body, counts, keep)
            s.orelse = _fold_single_use(s.orelse, counts, keep)
    k = 0
    while k < len(body):
        s = body[k]
        if not (isinstance(s, gast.Assign) and isinstance(s.targets[0], gast.Name)):
            k += 1
            continue
        t = s.targets[0].id
        if t in keep or counts.get(t) != 1 or not _arithmetic(s.value):
            k += 1
            continue
        reads = S.loaded_names(s.value) | {t}
        use = None
        for j in range(k + 1, len(body)):
            u = body[j]
            if t in S.loaded_names(u):
                use = j
                break
            if _writes(u) & reads or isinstance(u, (gast.For, gast.While, gast.If)):
                break
        if use is None:
            k += 1
            continue
        u = body[use]
        if isinstance(u, (gast.For, gast.While)) or _read_for_shape(u, t):
            k += 1
            continue
        if isinstance(u, gast.If):
            if t not in S.loaded_names(u.test):
                k += 1
                continue
            u.test = _replace(u.test, t, s.value)
        else:
            body[use] = _replace(u, t, s.value)
        del body[k]
    return body


# arguments read only for their shape: folding an expression there would compute it
# for nothing but its shape
_SHAPE_ARGUMENTS = {"spread": 1, "unbroadcast": 1, "unreduce": 1, "np.size": 0, "np.shape": 0,
                    "np.zeros_like": 0}


def _read_for_shape(stmt, name):
    for n in gast.walk(stmt):
        if isinstance(n, gast.Call):
            k = _SHAPE_ARGUMENTS.get(S.expr_source(n.func))
            if k is not None and len(n.args) > k and isinstance(n.args[k], gast.Name) \
                    and n.args[k].id == name:
                return True
    return False


def _replace(node, name, expr):
    class Sub(gast.NodeTransformer):
        def visit_Name(self, n):
            if isinstance(n.ctx, gast.Load) and n.id == name:
                return S.copy(expr)
            return n

    return Sub().visit(node)


def _changed_in_place(fn):
    """Names whose value some statement changes in place (``b += g``, ``b[i] = v``, helpers)."""
    out = set()
    for n in gast.walk(fn):
        if isinstance(n, gast.AugAssign) and isinstance(n.target, gast.Name):
            out.add(n.target.id)
        elif isinstance(n, (gast.Assign, gast.AugAssign)):
            for t in (n.targets if isinstance(n, gast.Assign) else [n.target]):
                if isinstance(t, gast.Subscript):
                    out |= {b.id for b in gast.walk(t.value) if isinstance(b, gast.Name)}
        elif isinstance(n, gast.Call) and not (isinstance(n.func, gast.Name)
                                                and n.func.id in _PURE_CALL_ROOTS) \
                and not (isinstance(n.func, gast.Attribute) and n.func.attr == "append"):
            out |= {a.id for a in n.args if isinstance(a, gast.Name)}
    return out


def _common_subexpressions(body, changed=frozenset()):
    """A pure arithmetic value computed again in the same block reuses the first result.

    Not when either name's array is changed in place later: the two names would
    then share one array, and a change through one would show through the other.
    """
    seen = {}  # dump of value -> (name, names the value reads)
    out = []
    for s in body:
        if isinstance(s, (gast.If, gast.For, gast.While)):
            s.body = _common_subexpressions(s.body, changed)
            s.orelse = _common_subexpressions(s.orelse, changed)
            seen = {}
            out.append(s)
            continue
        if isinstance(s, gast.Assign) and isinstance(s.targets[0], gast.Name) \
                and isinstance(s.value, (gast.BinOp, gast.UnaryOp, gast.Subscript)) \
                and _arithmetic(s.value):
            key = S.dump(s.value)
            if key in seen and s.targets[0].id not in changed and seen[key][0] not in changed:
                s = S.assign(s.targets[0].id, S.name(seen[key][0]), s)
        written = _writes(s)
        seen = {k: v for k, v in seen.items() if not (written & (v[1] | {v[0]}))}
        if isinstance(s, gast.Assign) and isinstance(s.targets[0], gast.Name) \
                and isinstance(s.value, (gast.BinOp, gast.UnaryOp, gast.Subscript)) \
                and _arithmetic(s.value) and s.targets[0].id not in S.loaded_names(s.value):
            seen.setdefault(S.dump(s.value), (s.targets[0].id, S.loaded_names(s.value)))
        out.append(s)
    return out


def _fold_into_redefinition(body):
    """``t = E; ...; t = F(t)`` -> ``...; t = F(E)`` when the second statement is E's only reader.

    The redefinition must be in the same block, read ``t`` exactly once, and be
    the first statement after ``t = E`` that reads ``t``; the statements in
    between are simple (no compound statement, no jump) and write none of the
    names E reads. The redefinition kills ``t = E`` on every path, so no later
    statement (nor a loop's next iteration) can see it. ``t`` may be a user's
    name: it survives, only its intermediate value goes. A heading comment in
    between stops the fold, so each line's adjoint stays under its heading.
    """
    body = list(body)
    for s in body:
        if isinstance(s, (gast.If, gast.For, gast.While)):
            s.body = _fold_into_redefinition(s.body)
            s.orelse = _fold_into_redefinition(s.orelse)
    k = 0
    while k < len(body):
        s = body[k]
        if not (isinstance(s, gast.Assign) and len(s.targets) == 1
                and isinstance(s.targets[0], gast.Name) and _arithmetic(s.value)):
            k += 1
            continue
        t = s.targets[0].id
        reads = S.loaded_names(s.value) | {t}
        use = None
        for j in range(k + 1, len(body)):
            u = body[j]
            if not isinstance(u, (gast.Assign, gast.AugAssign, gast.Expr)) or is_comment(u):
                break  # compound statements, jumps, returns; another line's adjoint
            if t in S.loaded_names(u):
                use = j
                break
            if _writes(u) & reads:
                break
        if use is None or not _redefines_reading_once(body[use], t) \
                or _writes(body[use].value) & reads:
            k += 1
            continue
        body[use] = _replace(body[use], t, s.value)
        del body[k]
    return body


def _redefines_reading_once(u, t):
    """Is ``u`` the statement ``t = F(t)`` with ``t`` read exactly once?"""
    return isinstance(u, gast.Assign) and len(u.targets) == 1 \
        and isinstance(u.targets[0], gast.Name) and u.targets[0].id == t \
        and sum(1 for n in gast.walk(u.value) if isinstance(n, gast.Name)
                and isinstance(n.ctx, gast.Load) and n.id == t) == 1


# ------------------------------------------------------------- sign peepholes


def _neg(node):
    return isinstance(node, gast.UnaryOp) and isinstance(node.op, gast.USub)


class _Peephole(gast.NodeTransformer):
    """Exact sign identities on ``+`` and ``-`` (IEEE, integers, NumPy arrays alike).

    ``-(a) + b`` -> ``b - a`` (only when swapping the evaluation order of ``a``
    and ``b`` is harmless), ``a + -(b)`` -> ``a - b``, ``a - -(b)`` -> ``a + b``,
    and ``-(-(a))`` -> ``a`` as an operand of ``+`` or ``-`` (whose result is a
    new value, so no alias appears).
    """

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if not isinstance(node.op, (gast.Add, gast.Sub)):
            return node
        node.left, node.right = _unneg2(node.left), _unneg2(node.right)
        if _neg(node.right):
            op = gast.Sub() if isinstance(node.op, gast.Add) else gast.Add()
            return self.visit_BinOp(gast.copy_location(
                gast.BinOp(left=node.left, op=op, right=node.right.operand), node))
        if isinstance(node.op, gast.Add) and _neg(node.left) \
                and _pure(node.left) and _pure(node.right):
            return self.visit_BinOp(gast.copy_location(
                gast.BinOp(left=node.right, op=gast.Sub(), right=node.left.operand), node))
        return node


def _unneg2(node):
    while _neg(node) and _neg(node.operand):
        node = node.operand.operand
    return node



# ------------------------------------------------------------ negations


def _fold_negations(body, counts, gradients):
    """Move a gradient's negation where it costs nothing.

    ``t = a * b; y = -t`` -> ``y = -a * b`` (the sign on the first factor: a
    scalar there, often), and ``t = -u; ... c * (t * x) ...`` -> ``-c * (u * x)``
    or ``y = z - u * x`` when the sign reaches a literal or a ``+``/``-``. Both
    are exact: negation is exact and ``-(a * b) == (-a) * b``. Only gradients
    (floats) take part, as ``t``, ``y`` and ``u``, read once.
    """
    body = list(body)
    for s in body:
        if isinstance(s, (gast.If, gast.For, gast.While)):
            s.body = _fold_negations(s.body, counts, gradients)
            s.orelse = _fold_negations(s.orelse, counts, gradients)
    # last to first: a negation is first offered to its reader, then to its operand
    for k in range(len(body) - 1, -1, -1):
        s = body[k]
        t = s.targets[0].id if isinstance(s, gast.Assign) and len(s.targets) == 1 \
            and isinstance(s.targets[0], gast.Name) else None
        if t not in gradients or counts.get(t) != 1 or not _arithmetic(s.value):
            continue
        if _is_product(s.value):  # t = a * b; ...; y = -t  ->  y = -a * b; ...
            j = _negating_reader(body, k, t, gradients)
            if j is not None:
                body[k] = S.assign(body[j].targets[0].id, _negated_product(s.value), s)
                del body[j]
            continue
        use = _next_reader(body, k, t)
        u = body[use] if use is not None else None
        if not isinstance(u, (gast.Assign, gast.AugAssign)) or not _gradient_target(u, gradients):
            continue
        value = u.value
        new = None
        if _neg(s.value) and isinstance(s.value.operand, gast.Name) \
                and s.value.operand.id in gradients:
            new = _absorb(_replace(S.copy(value), t, s.value))
            if _count_negations(new) > _count_negations(value):
                new = None  # nowhere to put the sign
            elif isinstance(u, gast.Assign) and not isinstance(new, (gast.BinOp, gast.UnaryOp)):
                new = None  # y = -(-u) is a new array; y = u would share u's
        if new is None:
            continue
        if isinstance(u, gast.AugAssign) and _neg(new) and isinstance(u.op, (gast.Add, gast.Sub)):
            u.op = gast.Sub() if isinstance(u.op, gast.Add) else gast.Add()
            new = new.operand
        u.value = new
        del body[k]
    return body


def _next_reader(body, k, t):
    reads = S.loaded_names(body[k].value) | {t}
    for j in range(k + 1, len(body)):
        u = body[j]
        if isinstance(u, (gast.If, gast.For, gast.While)):
            return None
        if t in S.loaded_names(u):
            return j
        if _writes(u) & reads:
            return None
    return None


def _negating_reader(body, k, t, gradients):
    """Index of ``y = -t``, the only reader of ``t``, when ``y`` could be assigned at ``k``."""
    for j in range(k + 1, len(body)):
        u = body[j]
        if isinstance(u, (gast.If, gast.For, gast.While)):
            return None
        if t in S.loaded_names(u):
            if isinstance(u, gast.Assign) and len(u.targets) == 1 \
                    and isinstance(u.targets[0], gast.Name) and u.targets[0].id in gradients \
                    and _neg(u.value) and isinstance(u.value.operand, gast.Name) \
                    and u.value.operand.id == t:
                y = u.targets[0].id
                between = body[k + 1:j]
                if y not in S.loaded_names(body[k].value) and not any(
                        y in S.loaded_names(x) or {y, t} & _writes(x) for x in between):
                    return j
            return None
    return None


def _gradient_target(stmt, gradients):
    target = stmt.targets[0] if isinstance(stmt, gast.Assign) else stmt.target
    return isinstance(target, gast.Name) and target.id in gradients


def _is_product(e):
    return isinstance(e, gast.BinOp) and isinstance(e.op, (gast.Mult, gast.Div))


def _count_negations(e):
    return sum(1 for n in gast.walk(e) if _neg(n))


def _negated_product(e):
    """``-(e)`` for a product ``e``: the sign on its first factor."""
    if _is_product(e):
        return gast.BinOp(left=_negated_product(e.left), op=e.op, right=e.right)
    if _neg(e):
        return e.operand
    if isinstance(e, gast.Constant) and _number(e.value):
        return S.const(-e.value)
    return gast.UnaryOp(op=gast.USub(), operand=e)


def _pull(e):
    """``(negated, e')`` with ``e == -e'`` when negated: signs gathered out of a product."""
    if _neg(e):
        n, inner = _pull(e.operand)
        return not n, inner
    if _is_product(e):
        nl, left = _pull(e.left)
        nr, right = _pull(e.right)
        return nl != nr, gast.BinOp(left=left, op=e.op, right=right)
    return False, e


def _absorb(e):
    """Signs of products moved into a literal factor or an enclosing ``+``/``-``."""
    if isinstance(e, gast.BinOp) and isinstance(e.op, (gast.Add, gast.Sub)):
        left, right = _absorb(e.left), _absorb(e.right)
        n, inner = _pull(right)
        if n:
            op = gast.Sub() if isinstance(e.op, gast.Add) else gast.Add()
            return gast.BinOp(left=left, op=op, right=inner)
        return gast.BinOp(left=left, op=e.op, right=right)
    if _is_product(e) or _neg(e):
        n, inner = _pull(e)
        if not n:
            return inner
        lit = _first_literal(inner)
        if lit is not None:
            lit.value = -lit.value
            return inner
        return gast.UnaryOp(op=gast.USub(), operand=inner)
    return e


def _first_literal(e):
    """A numeric literal factor of the product ``e`` (changed in place by the caller)."""
    if isinstance(e, gast.Constant) and _number(e.value):
        return e
    if isinstance(e, gast.BinOp) and isinstance(e.op, gast.Mult):
        return _first_literal(e.left) or _first_literal(e.right)
    if isinstance(e, gast.BinOp) and isinstance(e.op, gast.Div):
        return _first_literal(e.left)
    return None


# ------------------------------------------------------------ loop-invariant arithmetic

_HOISTABLE_OPS = (gast.Add, gast.Sub, gast.Mult)


def _hoist_invariants(body, gradients, taken):
    """Arithmetic a loop body repeats on values the loop never changes is done once, before it.

    Only ``+``, ``-``, ``*`` and negation of names and literals (which raise
    nothing, so running them once more before a loop that runs zero times is
    harmless), inside gradient statements; the same expression, so the same bits.
    """
    out = []
    for s in body:
        if isinstance(s, gast.If):
            s.body = _hoist_invariants(s.body, gradients, taken)
            s.orelse = _hoist_invariants(s.orelse, gradients, taken)
        elif isinstance(s, (gast.For, gast.While)):
            s.body = _hoist_invariants(s.body, gradients, taken)
            changed = set()
            for x in s.body + ([s.target] if isinstance(s, gast.For) else []):
                changed |= _writes(x)
            hoisted = {}  # dump -> name
            for x in s.body:
                if isinstance(x, gast.AugAssign) and _gradient_target(x, gradients):
                    x.value = _hoist_in(x.value, changed, hoisted, taken, out)
                elif isinstance(x, gast.Assign) and _gradient_target(x, gradients) \
                        and isinstance(x.value, (gast.BinOp, gast.UnaryOp)):
                    # parts only: ``b = <all invariant>`` stays a new array each time,
                    # which the sweep may then update in place
                    v = x.value
                    if isinstance(v, gast.BinOp):
                        v.left = _hoist_in(v.left, changed, hoisted, taken, out)
                        v.right = _hoist_in(v.right, changed, hoisted, taken, out)
                    else:
                        v.operand = _hoist_in(v.operand, changed, hoisted, taken, out)
            if hoisted:
                out.insert(len(out) - len(hoisted), S.comment("computed once for the loop below"))
        out.append(s)
    return out


def _hoist_in(e, changed, hoisted, taken, out):
    if _invariant(e, changed):
        key = S.dump(e)
        if key not in hoisted:
            name = _fresh("loop_invariant", taken)
            hoisted[key] = name
            out.append(S.assign(name, e))
        return S.name(hoisted[key])
    if isinstance(e, gast.BinOp):
        e.left = _hoist_in(e.left, changed, hoisted, taken, out)
        e.right = _hoist_in(e.right, changed, hoisted, taken, out)
    elif isinstance(e, gast.UnaryOp):
        e.operand = _hoist_in(e.operand, changed, hoisted, taken, out)
    return e


def _invariant(e, changed):
    """A binary operation of names the loop does not change and literals."""
    if not isinstance(e, (gast.BinOp, gast.UnaryOp)) or not any(
            isinstance(n, gast.BinOp) for n in gast.walk(e)):
        return False
    names = 0
    for n in gast.walk(e):
        if isinstance(n, gast.Name):
            if n.id in changed:
                return False
            names += 1
        elif isinstance(n, gast.BinOp):
            if not isinstance(n.op, _HOISTABLE_OPS):
                return False
        elif isinstance(n, gast.UnaryOp):
            if not isinstance(n.op, gast.USub):
                return False
        elif isinstance(n, gast.Constant):
            if not _number(n.value):
                return False
        elif not isinstance(n, (gast.Load, gast.operator, gast.unaryop)):
            return False
    return names > 0


def _fresh(base, taken):
    k, name = 0, base
    while name in taken:
        k += 1
        name = f"{base}{k}"
    taken.add(name)
    return name


# ------------------------------------------------------------ scalings by powers of two


def _merge_scalings(body, counts, gradients, scalars=frozenset()):
    """``t = a * 0.5 / j; y = 2.0 * t * h`` (``t`` a gradient read once) -> ``y = a / j * h``.

    Scaling by a power of two is exact and commutes with the rounding of ``*``
    and ``/``, so such factors of one product can be gathered, cancelled, and
    put on any factor of the numerator: on a scalar one (``scalars``: names
    known to hold one number) when there is one, where it costs no array
    operation. Rule templates make such factors (``sqrt``'s ``0.5``, a square's
    ``2.0``). ``t`` is folded into its reader only when that saves operations
    on arrays; gradient statements only.
    """
    body = list(body)
    for s in body:
        if isinstance(s, (gast.If, gast.For, gast.While)):
            s.body = _merge_scalings(s.body, counts, gradients, scalars)
            s.orelse = _merge_scalings(s.orelse, counts, gradients, scalars)
    for k in range(len(body) - 1, -1, -1):
        s = body[k]
        t = s.targets[0].id if isinstance(s, gast.Assign) and len(s.targets) == 1 \
            and isinstance(s.targets[0], gast.Name) else None
        if t not in gradients or counts.get(t) != 1 or not _arithmetic(s.value):
            continue
        use = _next_reader(body, k, t)
        u = body[use] if use is not None else None
        if not isinstance(u, (gast.Assign, gast.AugAssign)) or not _gradient_target(u, gradients) \
                or not (_scalings(s.value) or _scalings(u.value)):
            continue
        new = _gather_scalings(_replace(S.copy(u.value), t, s.value), scalars)
        if _array_ops(new, scalars) >= _array_ops(u.value, scalars) + _array_ops(s.value, scalars) \
                or (isinstance(u, gast.Assign) and not isinstance(new, (gast.BinOp, gast.UnaryOp))):
            continue
        u.value = new
        del body[k]
    return body


def _array_ops(e, scalars):
    """Operations of ``e`` that may work on arrays (the cost that matters), counted."""
    count = 0
    for n in gast.walk(e):
        if isinstance(n, gast.Call):
            count += 1
        elif isinstance(n, (gast.BinOp, gast.UnaryOp)) and any(
                isinstance(x, gast.Name) and x.id not in scalars for x in gast.walk(n)):
            count += 1
    return count


def _power_of_two(v):
    if not _number(v) or v == 0:
        return False
    m, _ = __import__("math").frexp(abs(float(v)))
    return m == 0.5


def _scalings(e):
    """Power-of-two literals that scale a product (factors of its ``*``/``/`` tree)."""
    out = []

    def visit(n, top):
        if isinstance(n, gast.BinOp) and isinstance(n.op, (gast.Mult, gast.Div)):
            for side in (n.left, n.right) if isinstance(n.op, gast.Mult) else (n.left, n.right):
                if isinstance(side, gast.Constant) and _power_of_two(side.value):
                    out.append(side)
                else:
                    visit(side, False)
        else:
            for child in gast.iter_child_nodes(n):
                visit(child, True)

    visit(e, True)
    return out


def _gather_scalings(e, scalars=frozenset()):
    """Each maximal ``*``/``/`` tree with power-of-two literals: the literals removed in
    place and their product put once on its first factor when that is a literal or a
    scalar name, else in front."""
    if isinstance(e, gast.BinOp) and not isinstance(e.op, (gast.Mult, gast.Div)):
        e.left, e.right = _gather_scalings(e.left, scalars), _gather_scalings(e.right, scalars)
        return e
    if isinstance(e, gast.UnaryOp):
        e.operand = _gather_scalings(e.operand, scalars)
        return e
    if not (isinstance(e, gast.BinOp) and isinstance(e.op, (gast.Mult, gast.Div))):
        return e
    scale = [1.0]

    def strip(n):
        if isinstance(n, gast.BinOp) and isinstance(n.op, (gast.Mult, gast.Div)):
            left, right = n.left, n.right
            if isinstance(right, gast.Constant) and _power_of_two(right.value):
                scale[0] = scale[0] * right.value if isinstance(n.op, gast.Mult) \
                    else scale[0] / right.value
                return strip(left)
            if isinstance(left, gast.Constant) and _power_of_two(left.value) \
                    and isinstance(n.op, gast.Mult):
                scale[0] *= left.value
                return strip(right)
            n.left, n.right = strip(left), _gather_scalings(right, scalars)
            return n
        return _gather_scalings(n, scalars)

    if not _scalings(e):
        return e
    rest = strip(e)
    if scale[0] == 1.0:
        return rest
    first, parent = rest, None
    while isinstance(first, gast.BinOp) and isinstance(first.op, (gast.Mult, gast.Div)):
        first, parent = first.left, first
    if isinstance(first, gast.Constant) and _number(first.value):
        first.value = first.value * scale[0]  # exact: a power of two
        return rest
    if isinstance(first, gast.Name) and first.id in scalars and parent is not None:
        parent.left = gast.BinOp(left=S.const(scale[0]), op=gast.Mult(), right=first)
        return rest
    if scale[0] == -1.0:
        return gast.UnaryOp(op=gast.USub(), operand=rest)
    return gast.BinOp(left=S.const(scale[0]), op=gast.Mult(), right=rest)
