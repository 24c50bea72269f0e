"""Part of stage 4, reverse: per-iteration accumulations summed once after a backward loop.

A backward loop adds to the gradient of every value the primal loop reads
but does not assign (weights, biases, coefficients) once per iteration::

    for t in reversed(range(T)):
        ...
        b_W += x.T @ g                  # one small product per iteration
        b_b += unbroadcast(g, b)        # one small reduction per iteration

A hand-written backward pass keeps the per-iteration operands and makes one
large product or reduction at the end. This module does the same: the
operands are appended to lists inside the loop and combined after it::

    for t in reversed(range(T)):
        ...
        _x_list.append(x)
        _g_list.append(g)               # one list per operand, shared
    if _x_list:
        _g_rows = np.concatenate(_g_list)
        b_W += np.concatenate(_x_list).T @ _g_rows
        b_b += unbroadcast(_g_rows, b)

Forms deferred (``acc += E`` or ``acc = acc + E``):

* ``x.T @ y``: ``concat(X).T @ concat(Y)`` (rows are paired, whatever each
  iteration's number of rows);
* ``np.outer(x, y)``: ``stack(X).T @ stack(Y)``;
* ``x * y`` with ``x`` and ``y`` of one known rank, not 0: the sum over the stacked
  axis of ``stack(X) * stack(Y)``;
* ``unbroadcast(g, v)`` where ``v`` is the accumulator's own variable and
  ``g`` has a known rank larger than ``v``'s: ``unbroadcast(concat(G), v)``
  (``unbroadcast`` sums the leading axis anyway, so the iterations may have
  different leading lengths).

Stacking (done by ``np.array``) and concatenating raise ValueError when the
shapes differ between iterations where they must not: a loud error, never a
wrong sum.

It is the same sum in another order, and it is done only when it is safe:

* ``acc`` is the gradient of a variable the primal loop does not assign, and
  no other statement of the backward loop mentions ``acc``;
* nothing in the loop changes an appended array in place later (an augmented
  assignment or a call on any name that may refer to the same array, an
  indexed store); a list keeps every iteration's array alive, so a change
  would reach the values of earlier iterations;
* the loop body has no jumps, so every list gets one element per iteration.
"""

import gast

from srcdiff.compiler.analysis.activity import ARRAY, walk
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.calls import named_call
from srcdiff.compiler.ir.origin import note

_VIEWS = (gast.Name, gast.Attribute, gast.Subscript, gast.Call)  # values that may share memory


def defer_accumulations(view, body, loop):
    """``(body, pre, post)``: the loop body with deferred accumulations replaced by appends,
    the list initializations to put before the loop and the sums to put after it.

    ``view`` is what the generator lets it read (state.SweepView: its analysis,
    adjoint names and name generator); ``loop`` the primal loop statement.
    """
    if _unsafe_body(body):
        return body, [], []
    facts = _Facts(view, body, loop)
    lists = {}      # operand name -> list name, while the name keeps its value
    copies = {}     # ``a = b`` earlier in the body: a -> b, while both keep their values
    values = {}     # arithmetic already computed: its text -> (name, operand names)
    made = []       # (list name, statement), in order
    updates = []    # (statement, accumulator, form, list names)
    out = []
    for st in body:
        match = _match(st)
        plan = facts.check(st, match) if match is not None else None
        if plan is None:
            out.append(st)
            stored = dataflow.bound(st)
            for n in stored:
                lists.pop(n, None)
            for a in [a for a, b in copies.items() if a in stored or b in stored]:
                del copies[a]
            for key in [k for k, (b, names) in values.items() if (names | {b}) & stored]:
                del values[key]
            if isinstance(st, gast.Assign) and len(st.targets) == 1 \
                    and isinstance(st.targets[0], gast.Name):
                t = st.targets[0].id
                if isinstance(st.value, gast.Name):
                    copies[t] = copies.get(st.value.id, st.value.id)
                elif _arithmetic(st.value) and t not in S.loaded_names(st.value):
                    # ``b_mul = -b_sub`` after ``b_mul3 = -b_acc`` and ``b_sub = b_acc``
                    value = S.substitute(S.copy(st.value), {
                        n: S.name(copies[n]) for n in S.loaded_names(st.value) if n in copies})
                    key = S.dump(value)
                    if key in values:
                        copies[t] = values[key][0]
                    else:
                        values[key] = (t, S.loaded_names(value))
            continue
        acc, form, operands = plan
        names = []
        for x in operands:
            same = copies.get(x, x)  # one list for one value, whatever its names
            if facts.appendable(same):
                x = same
            if x not in lists:
                lists[x] = view.names.private(x + "_list")
                made.append((lists[x], st))
                out.append(note(S.locate(gast.Expr(value=S.expr(f"{lists[x]}.append({x})")), st),
                                "deferred"))
            names.append(lists[x])
        updates.append((st, acc, form, names))
    if not updates:
        return body, [], []
    pre = [note(S.assign(name, gast.List(elts=[], ctx=gast.Load()), st), "deferred")
           for name, st in made]
    post = _after_loop(view, updates, made[0][0], updates[0][0])
    return out, pre, post


def _after_loop(view, updates, guard, like):
    """``if <a list>: <joined operands>; <one update per accumulator>``."""
    joins = {}  # (list name, "concatenate" | "array") -> number of uses
    for _, _, form, names in updates:
        for name, how in zip(names, _JOINS[form]):
            joins[(name, how)] = joins.get((name, how), 0) + 1
    bound, body = {}, []
    for (name, how), uses in joins.items():
        value = S.expr(f"np.{how}({name})")
        if uses > 1:  # joined once, used by several sums
            short = name[:-len("_list")] if name.endswith("_list") else name
            bound[(name, how)] = view.names.private(short + ("_rows" if how == "concatenate"
                                                            else "_stacked"))
            body.append(S.assign(bound[(name, how)], value, like))

    def joined(name, how):
        if (name, how) in bound:
            return S.name(bound[(name, how)])
        return S.expr(f"np.{how}({name})")

    for st, acc, form, names in updates:
        parts = [joined(n, how) for n, how in zip(names, _JOINS[form])]
        if form in ("matmul", "outer"):
            total = gast.BinOp(left=gast.Attribute(value=parts[0], attr="T", ctx=gast.Load()),
                               op=gast.MatMult(), right=parts[1])
        elif form == "product":
            total = S.call("np.sum", [gast.BinOp(left=parts[0], op=gast.Mult(), right=parts[1])],
                           [("axis", S.const(0))])
        else:  # unbroadcast
            total = S.call("unbroadcast", [parts[0], S.copy(_term(st).args[1])])
        if _is_augmented(st):
            update = gast.AugAssign(target=S.name(acc, store=True), op=gast.Add(), value=total)
        else:
            update = S.assign(acc, gast.BinOp(left=S.name(acc), op=gast.Add(), right=total))
        body.append(S.locate(update, st))
    head = S.comment("the per-iteration terms of the loop above, summed at once")
    return [head, note(S.locate(gast.If(test=S.name(guard), body=body, orelse=[]), like),
                       "deferred")]


# how each form joins its operands' lists
# (``np.array`` stacks a list of equally shaped arrays like ``np.stack``, and raises
# ValueError for unequal shapes since NumPy 1.24; for many small arrays it is 3x faster)
_JOINS = {"matmul": ("concatenate", "concatenate"), "outer": ("array", "array"),
          "product": ("array", "array"), "unbroadcast": ("concatenate",)}


def _is_augmented(st):
    return isinstance(st, gast.AugAssign)


def _term(st):
    """The added term ``E`` of ``acc += E`` / ``acc = acc + E``."""
    return st.value if _is_augmented(st) else st.value.right


def _match(st):
    """``(acc, form, operand names, other names)`` for a deferrable shape of statement."""
    if isinstance(st, gast.AugAssign) and isinstance(st.op, gast.Add) \
            and isinstance(st.target, gast.Name):
        acc = st.target.id
    elif isinstance(st, gast.Assign) and len(st.targets) == 1 \
            and isinstance(st.targets[0], gast.Name) \
            and isinstance(st.value, gast.BinOp) and isinstance(st.value.op, gast.Add) \
            and isinstance(st.value.left, gast.Name) and st.value.left.id == st.targets[0].id:
        acc = st.targets[0].id
    else:
        return None
    value = _term(st)
    if isinstance(value, gast.BinOp) and isinstance(value.op, gast.MatMult) \
            and isinstance(value.left, gast.Attribute) and value.left.attr == "T" \
            and isinstance(value.left.value, gast.Name) and isinstance(value.right, gast.Name):
        return acc, "matmul", [value.left.value.id, value.right.id], []
    if isinstance(value, gast.Call) and S.expr_source(value.func) == "np.outer" \
            and len(value.args) == 2 and not value.keywords \
            and all(isinstance(a, gast.Name) for a in value.args):
        return acc, "outer", [a.id for a in value.args], []
    if isinstance(value, gast.BinOp) and isinstance(value.op, gast.Mult) \
            and isinstance(value.left, gast.Name) and isinstance(value.right, gast.Name):
        return acc, "product", [value.left.id, value.right.id], []
    if isinstance(value, gast.Call) and isinstance(value.func, gast.Name) \
            and value.func.id == "unbroadcast" and len(value.args) == 2 and not value.keywords \
            and all(isinstance(a, gast.Name) for a in value.args):
        return acc, "unbroadcast", [value.args[0].id], [value.args[1].id]
    return None


# statements that hold no statement
_SIMPLE = (gast.Assign, gast.AugAssign, gast.AnnAssign, gast.Expr, gast.Return, gast.Delete,
           gast.Pass, gast.Break, gast.Continue, gast.Raise, gast.Assert, gast.Global,
           gast.Nonlocal, gast.Import, gast.ImportFrom)


class _Facts:
    """What the checks need to know about one backward loop body."""

    def __init__(self, view, body, loop):
        self.view = view
        self.a = view.a
        self.body = body
        # primal variables the loop assigns: their gradients are not sums over iterations
        self.assigned = {op.target for x, _ in walk(loop.body)
                         for op in [self.a.op(x)] if op is not None and op.target}
        self.adjoints = {b: v for v, b in view.adj.items()}
        self.stored = set()
        for st in body:
            self.stored |= dataflow.bound(st)
        # restores ``v = v_before``: the saved name holds an earlier value of v
        self.restored = {}
        for st in body:  # (in gast.walk's order: the first restore of a name counts;
            # a simple statement holds no other statement: itself is the one to look at)
            for n in (st,) if isinstance(st, _SIMPLE) else gast.walk(st):
                if isinstance(n, gast.Assign) and len(n.targets) == 1 \
                        and isinstance(n.targets[0], gast.Name) \
                        and isinstance(n.value, gast.Name) and n.targets[0].id in self.a.kinds \
                        and n.targets[0].id not in self.adjoints:
                    self.restored.setdefault(n.value.id, n.targets[0].id)
        self.uses = {}
        for st in body:
            for n in dataflow.nodes(st):  # (counts: in no particular order)
                if isinstance(n, gast.Name):
                    self.uses[n.id] = self.uses.get(n.id, 0) + 1
        self.tainted = _changed_in_place(body)

    def rank(self, name):
        """The rank of the value ``name`` holds in the backward sweep, or None."""
        if name in self.view.ever_uniform:  # a scalar standing for an array somewhere
            return None
        if name in self.adjoints:  # a gradient has its variable's shape
            return self.a.ranks.get(self.adjoints[name])
        if name in self.restored:
            return self.a.ranks.get(self.restored[name])
        if name in self.a.kinds:
            return self.a.ranks.get(name)
        return None

    def appendable(self, x):
        """Can the list keep ``x``'s array until the loop ends?"""
        if x in self.tainted:
            return False
        # the same array every iteration (defined before the loop): only a
        # primal value is sure not to be changed in place by the sweep
        return x in self.stored or (x not in self.adjoints and x in self.a.kinds)

    def check(self, st, match):
        acc, form, operands, others = match
        v = self.adjoints.get(acc)
        if v is None or v in self.assigned:
            return None
        own = 1 if _is_augmented(st) else 2  # ``acc = acc + E`` names acc twice
        if self.uses.get(acc, 0) != own or acc in operands or acc in others:
            return None
        if not all(self.appendable(x) for x in operands):
            return None
        if form == "product":
            if self.a.kinds.get(v) != ARRAY:
                return None
            rx, ry = (self.rank(x) for x in operands)
            if rx is None or rx != ry:  # stacking must line up the axes of both
                return None
            if rx == 0:  # scalars: a multiply-add per iteration costs less than the lists
                return None
        elif form == "unbroadcast":
            if others != [v] or self.a.kinds.get(v) != ARRAY:
                return None
            rg, rv = self.rank(operands[0]), self.a.ranks.get(v)
            if rg is None or rv is None or rg <= rv:  # the leading axis must be one summed
                return None
        return acc, form, operands


def _unsafe_body(body):
    """Jumps, indexed stores or in-place helper calls anywhere: keep every per-iteration sum."""
    for st in body:
        for n in dataflow.nodes(st):
            if isinstance(n, (gast.Break, gast.Continue, gast.Return)):
                return True
            # an array changed in place may be one an earlier iteration appended
            # (names alias across restores)
            if isinstance(n, gast.Subscript) and isinstance(n.ctx, gast.Store):
                return True
            if named_call(n, ("index_add", "item_add")) is not None \
                    or isinstance(n, gast.Call) and any(k.arg == "out" for k in n.keywords):
                return True
    return False


def _changed_in_place(body):
    """Names whose array the body may change in place, with every name that may share it.

    Changes: ``y += ...``, and any call whose result is dropped (``y.fill(0)``,
    ``f(y)``), which may change its receiver or arguments. Sharing: ``a = b``,
    ``a = b.T``, ``a = b[i]``, ``a = f(b)`` link ``a`` and ``b``; arithmetic
    makes a new array.
    """
    changed, links = set(), {}
    for st in body:
        for n in dataflow.nodes(st):  # (sets: in no particular order)
            if isinstance(n, gast.AugAssign) and isinstance(n.target, gast.Name):
                changed.add(n.target.id)
            elif isinstance(n, gast.Expr) and isinstance(n.value, gast.Call):
                changed |= _arrays_in(n.value)
            elif isinstance(n, gast.Assign) and isinstance(n.value, _VIEWS):
                targets = {t.id for t in dataflow.nodes(n) if isinstance(t, gast.Name)
                           and isinstance(t.ctx, gast.Store)}
                for t in targets:
                    for x in _arrays_in(n.value) | targets:
                        links.setdefault(t, set()).add(x)
                        links.setdefault(x, set()).add(t)
    tainted = set()
    todo = list(changed)
    while todo:
        x = todo.pop()
        if x in tainted:
            continue
        tainted.add(x)
        todo.extend(links.get(x, ()))
    return tainted


def _arrays_in(value):
    """Names whose arrays ``value`` may return or change: a call's arguments and receiver,
    not the function (``np.reshape(x)`` -> ``{x}``)."""
    if not isinstance(value, gast.Call):
        return S.loaded_names(value)
    names = set()
    for a in value.args + [k.value for k in value.keywords]:
        names |= S.loaded_names(a)
    f = value.func
    if isinstance(f, gast.Attribute):
        base = f.value
        while isinstance(base, gast.Attribute):
            base = base.value
        if not (isinstance(base, gast.Name) and base.id in _MODULES):
            names |= _arrays_in(f.value)
    return names


_MODULES = {"np", "numpy", "math", "scipy", "sd", "srcdiff"}


def _arithmetic(node):
    """Arithmetic on names and numbers only: the same text gives the same value."""
    if isinstance(node, gast.BinOp):
        return _arithmetic(node.left) and _arithmetic(node.right)
    if isinstance(node, gast.UnaryOp):
        return _arithmetic(node.operand)
    return isinstance(node, gast.Name) or (
        isinstance(node, gast.Constant) and isinstance(node.value, (int, float)))
