"""Part of stage 3: refuse in-place writes that another live name would see.

``x[i] = v`` (and ``x += v`` on an array) changes an array object. If another
variable refers to the same memory (``y = x``, ``y = x[1:]``, ``y = x.T``,
``y = x.reshape(...)``) and is read after the write, Python sees the change
through ``y`` but a data-flow graph over names does not, so the gradient
would be silently wrong. Such programs are rejected with a message saying
which name aliases which and where; writing ``.copy()`` resolves it.

Which names may share memory is sharing.py's: views (a copy, a subscript
that is not known to produce a number, a primitive registered as a view, a
call of a user function whose result may share memory with that argument,
effects.py) and containers holding arrays (a list, tuple or dict display,
``append``, a store into a list or dict). ``t[k] += v`` changes the entry
itself when it is an array (Python's ``__iadd__``). Liveness is computed over
the structured ANF; a name read afterwards only for its shape is not live (no
in-place write changes a shape). Names that trade new arrays (``u, w = w, u``:
ping-pong buffers) are told apart where they hold different ones (buffers.py).

Changes srcdiff does not model at all are refused outright: a method or
function that changes its argument in place (``y = x.sort()``,
``np.copyto(x, v)``; normalize.py refuses the statement forms that are not
calls of primitives), and a call of a user function that writes into one of
its arguments (found by reading its source, effects.py).
"""

import gast
import numpy as np

from srcdiff.compiler.analysis import effects
from srcdiff.compiler.analysis.activity import ARRAY, INT, walk
from srcdiff.compiler.analysis.buffers import Buffers
from srcdiff.compiler.analysis.facts import bind_call
from srcdiff.compiler.analysis.fixpoint import fixpoint
from srcdiff.compiler.analysis.objects import bound_by_definitions, is_number, zero_d_made
from srcdiff.compiler.analysis.shape_reads import shape_only_reads
from srcdiff.compiler.analysis.sharing import Sharing
from srcdiff.compiler.front.parse import MISSING
from srcdiff.compiler.front.writes import (
    MUTATING_METHODS,
    mutates_first_argument,
    mutating_value,
    passed_error,
    passed_values,
    writes_by_keyword,
)
from srcdiff.compiler.ir import syntax as S


def check_mutations(fn, analysis, parsed, registry, allow_pop=False, mutable_scalars=(),
                    ever=None, buffers=True, numbers=()):
    """Raise SrcdiffError for an in-place write seen through a live alias, a call that
    changes a value in place (``.pop()`` allowed with ``allow_pop``: forward mode models
    it), or a call of a user function that writes into an argument. Return the sharers of
    each store: S.key(store) -> the other names that may see its change (live or not:
    the backward sweep may read one that the primal code no longer does, so the store is
    undone for it, recording.py). ``ever``: a dict to fill with each store's and append's
    names that may share memory with its target at any point (reverse/undos.py; the names
    a checkpoint's snapshot copies, reverse/checkpoint.py).
    ``buffers``: tell ping-pong buffers apart (buffers.py; not in a checkpointed
    function, whose snapshots keep arrays by the names that change them).

    ``x += v`` on a number rebinds ``x``; on a 0-d array (``mutable_scalars``: the
    parameters that hold one; sharing.py adds the container entries that hold one and
    the names that share it) it writes in place. ``t[k] += v`` changes the entry
    ``t[k]`` itself in place when it is an array (Python calls its ``__iadd__``), which
    every name that may refer to that array sees.

    ``numbers``: parameters known to hold a Python or NumPy number (immutable) at every
    call, as a written module's entry checks (cli/annotations.py); one the function never
    rebinds holds that number throughout, and no write changes it."""
    stored = {n.id for n in gast.walk(fn) if isinstance(n, gast.Name)
              and isinstance(n.ctx, (gast.Store, gast.Del))} if numbers else ()  # (any)
    fixed = {p for p in numbers if p not in stored}  # (bound once: as the call's argument)
    # (the parameters holding numbers that only definitions reaching.py counts rebind)
    held_numbers = (set(numbers) | {p for p, f in analysis.arg_facts.items() if is_number(f)}) \
        & bound_by_definitions(fn, parameters=True)
    numbers = []  # (call, parameter, write, name): `p += v` on what may be a 0-d array
    summaries = _check_calls(analysis, parsed, registry, allow_pop, numbers)
    # (0-d arrays: the arguments', and those a statement may make: `np.where` of floats)
    sharing = Sharing(fn, analysis, registry, summaries,
                      set(mutable_scalars) | zero_d_made(analysis, summaries), held_numbers)
    for op, pname, w, name in numbers:
        if sharing.may_be_array(name):  # (a 0-d array argument, or a name sharing one)
            raise _helper_error(op, pname, w, parsed, "argument")
    writes = []  # (statement, name written, names exempt)
    shown = {}  # the compiler's name of an entry changed (`t[k] += v`) -> `t`, for messages
    for s, _ in walk(fn.body):
        op = analysis.op(s)
        if op is None:
            continue
        # a store through an entry (front/chains.py): each container that holds the entry
        # only where it was read sees the change as the data flow does (stored back)
        chain = tuple(c for e, c in getattr(s, "srcdiff_chain", ())
                      if sharing.held_only_where_read(c, e, s, e))
        if op.kind == "store":
            writes.append((s, op.target, chain))
        elif getattr(s, "srcdiff_inplace", False) and sharing.may_be_array(op.target) \
                and not sharing.numbers.holds_number(op.target, s):
            writes.append((s, op.target, ()))
        item = getattr(s, "srcdiff_inplace_item", None)
        if item is not None and sharing.may_be_array(item[0]):
            # `t[k] += v` is `item = t[k]; add = item + v; t[k] = add` in ANF: the entry
            # changes here, and `add` is that same object (the store into t that follows
            # is checked on its own; t sees the change after it only where it holds the
            # object at another position too: `t = [y, y]`)
            held = sharing.held_only_where_read(item[1], item[0], s, op.target)
            container = (item[1],) if held else ()
            writes.append((s, item[0], container + (op.target,) + chain))
            shown[item[0]] = item[1]
        if op.kind == "append":  # a change of the list itself, seen through its aliases
            writes.append((s, op.target, ()))
    if not writes:
        return {}
    outside = _outside(fn, analysis, parsed)
    for s, x, _ in writes:
        for y in sorted(sharing.group(x, at=s), key=lambda n: (n != x, n)):
            if y in outside:
                raise _outside_error(parsed, s, x, y, outside[y])
    live_out = liveness(fn.body, analysis, parsed)
    params = {a.id for a in fn.args.args}
    user = parsed.all_names()
    sharers = {}
    buffers = Buffers(fn, analysis, sharing) if buffers else None
    for s, x, exempt in writes:
        group = sharing.group(x, at=s, is_list=analysis.op(s).kind == "append")
        rebound = {y for y in group if sharing.rebound(y, s)}  # (before the next group)
        if analysis.op(s).kind == "store" and x == analysis.op(s).target and len(group) > 1:
            sharers[S.key(s)] = frozenset(group) - {x}
        if ever is not None and analysis.op(s).kind in ("store", "append") \
                and x == analysis.op(s).target:
            ever[S.key(s)] = frozenset(sharing.group(x)) - {x}
        # the names that may see the change now: not a ping-pong buffer holding another
        # array (buffers.py); the sharers above also hold the array in other trips
        if buffers is not None:
            group = buffers.group(x, s, is_list=analysis.op(s).kind == "append", full=group)
        # the nearest names first (``a`` viewing ``b`` viewing ``x`` is the weaker claim),
        # the user's own before the compiler's: a message names what the user wrote
        # (the container of `t[k] += v`, by which the message names the entry, last: the
        # entry's other sharers, `A` of `t = [A[i] ...]`, are what the change reaches)
        for y in sorted(set(group) - {x} - set(exempt) - fixed,
                        key=lambda n: (n == shown.get(x), group[n], n not in user, n)):
            live = y in live_out.get(S.key(s), set()) and y not in rebound
            if live or (y in params and sharing.linked(x, y)):
                raise _alias_error(parsed, analysis, sharing.statements(), s, x, y, live,
                                   y in user, group, shown.get(x, x))
    return sharers


def _alias_error(parsed, analysis, views, s, x, y, live, visible, group, shown):
    """The refusal of the write ``s`` into ``x`` seen through ``y``, in the user's terms:
    a name the compiler made (a temporary, the lowered ``return``'s ``_retval``) is
    described by the line that made it share memory; the entry ``x`` of ``t[k] += v`` is
    named by ``t`` (``shown``)."""
    where = views.get((x, y)) or views.get((y, x))
    nearer = [stmt for (a, b), stmt in sorted(views.items(), key=lambda kv: kv[0])
              if (a == y and group.get(b) == group[y] - 1)
              or (b == y and group.get(a) == group[y] - 1)]
    lineno = parsed.source_line(where)[1] if where is not None else None
    text, _ = parsed.source_line(s)
    if visible:
        line = f" (they share memory since line {lineno})" if lineno else ""
        who, again = f"`{y}` also refers to{line}", f"`{y}`"
        # (`t[k] += v` of a list `t`: a copy of t is shallow, its entries are the same arrays)
        hint = (f"make an independent copy first, e.g. `{shown} = {shown}.copy()` or "
                f"`{y} = ....copy()`") if shown == x or analysis.kinds.get(shown) == ARRAY \
            else (f"store independent copies in `{shown}` (`....copy()` where its entries "
                  f"are made), or make `{y}` one (`{y} = ....copy()`)")
    else:
        source = parsed.source_line(where or (nearer[0] if nearer else s))
        what = "the function's result" if y in analysis.outputs else "a value"
        who = f"{what} (`{source[0]}`, line {source[1]}) may also refer to"
        again = "it"
        hint = f"make an independent copy first, e.g. `{shown} = {shown}.copy()` before the change"
    used = "is used afterwards" if live else "is an argument (the caller's array would change)"
    op = analysis.op(s)
    changed = "a list" if op is not None and op.kind == "append" else "an array"
    return parsed.error(
        s, f"`{text}` changes {changed} in place that {who}, and {again} {used}; srcdiff "
        f"cannot follow the change through {again}", hint=hint)


_MUTABLE = (np.ndarray, list, dict, set, bytearray)


def _outside(fn, analysis, parsed):
    """The names that may refer to an object living outside the function, each with the
    expression it comes from: a module-level or closure name holding a mutable object
    (``G``), and a local bound to one (``b = G``, ``b = cfg.buf``). A change made to such
    an object is seen by whoever else reads it (a helper reading ``G``, a later read of
    ``cfg.buf``, the next call), none of which the function's data flow shows."""
    found = {}
    for name in {n.id for n in gast.walk(fn) if isinstance(n, gast.Name)}:
        obj = parsed.lookup(name)
        if obj is not MISSING and isinstance(obj, _MUTABLE):
            found[name] = name
    for s, _ in walk(fn.body):
        op = analysis.op(s)
        value = getattr(s, "value", None)
        if op is not None and op.target is not None \
                and isinstance(value, (gast.Name, gast.Attribute)):
            obj = parsed.resolve(value)
            if obj is not MISSING and isinstance(obj, _MUTABLE):
                found.setdefault(op.target, S.expr_source(value))
    return found


def _outside_error(parsed, s, x, y, origin):
    text, _ = parsed.source_line(s)
    through = f"`{x}`" if x == origin else f"`{x}`, which may be `{origin}`,"
    return parsed.error(
        s, f"`{text}` changes {through} in place: an object that lives outside the function "
        "(a module-level name, a closure variable or an attribute of one); whoever else reads "
        "it (a helper, a later read, the next call) would see the change where srcdiff cannot "
        "follow it", hint=f"work on a local copy, e.g. `a = np.array({origin})`, and change that")


# ------------------------------------------------------------------ calls that change values


def _check_calls(analysis, parsed, registry, allow_pop, numbers):
    """Refuse calls that change a value in place; return {id(op): Summary} of the calls
    of user functions (their results may share memory with their arguments). ``numbers``
    gathers the helpers' augmented assignments to parameters whose arguments are numbers
    by their rank, for the caller to check against the names that may hold a 0-d array."""
    summaries = {}
    for op in analysis.order:
        value = op.stmt.value if isinstance(op.stmt, gast.Assign) else None
        # a user function: differentiated from its source, or by a rule of the user's
        if op.kind in ("call", "prim") and effects.is_analyzable(op.func):
            found = effects.summary(op.func, registry)
            if found is None:
                continue
            summaries[id(op)] = found
            if found.writes:
                sig, bound = bind_call(op, parsed.error)
                for pname, w in found.writes.items():
                    _check_argument(op, sig, bound, pname, w, analysis, parsed, numbers)
        elif isinstance(value, gast.Call):
            _check_mutating_call(op, value, parsed, allow_pop)
        for v in passed_values(value):
            if mutating_value(parsed, v):
                raise passed_error(parsed, v)
    return summaries


def _check_argument(op, sig, bound, pname, w, analysis, parsed, numbers):
    """Refuse the call ``op`` if the helper's write into ``pname`` reaches the caller."""
    if pname in bound.arguments:
        node = bound.arguments[pname]
        nodes = list(node) if isinstance(node, tuple) else \
            list(node.values()) if isinstance(node, dict) else [node]
        for n in nodes:
            if not isinstance(n, gast.Name):
                continue  # a literal: a new object of the call's own
            if w.weak and analysis.kinds.get(n.id) in (ARRAY, INT) \
                    and analysis.shapes.get(n.id) == ():
                numbers.append((op, pname, w, n.id))
                continue  # `p += v` on a number makes a new number (on a 0-d array: no)
            raise _helper_error(op, pname, w, parsed, "argument")
        return
    default = sig.parameters[pname].default
    if isinstance(default, (np.ndarray, list, dict)):
        raise _helper_error(op, pname, w, parsed, "default")


def _helper_error(op, pname, w, parsed, what):
    """``the call g(x) changes its argument in place: g writes into its parameter p at
    file:line (`p[0] *= 2.0`)``, through every helper in between."""
    chain = w.chain()
    name, place, text = chain[0]
    steps = f"{name} writes into its parameter `{pname}`"
    if len(chain) == 1:
        steps += f" at {place} (`{text}`)"
    else:
        steps += f" by passing it to {chain[1][0]} at {place} (`{text}`)"
        for k in range(1, len(chain)):
            inner, inner_place, inner_text = chain[k]
            if k == len(chain) - 1:
                steps += f", which writes into it at {inner_place} (`{inner_text}`)"
            else:
                steps += (f", which passes it to {chain[k + 1][0]} at {inner_place} "
                          f"(`{inner_text}`)")
    changed = "its argument" if what == "argument" else \
        f"the default value of `{pname}` (shared by every call)"
    if w.weak:
        hint = (f"in {name}, write `{pname} = {pname} + ...` (a new value) instead of the "
                f"augmented assignment, or copy first: `{pname} = {pname}.copy()`")
    else:
        hint = (f"copy inside {name} before writing: `{pname} = {pname}.copy()` (or return "
                "the new value and assign it in the caller)")
    return parsed.error(
        _call_node(parsed, op), f"the call to {op.label} changes {changed} in place: "
        f"{steps}; srcdiff cannot follow a change made inside a called function", hint=hint)


def _call_node(parsed, op):
    """The user's call expression behind the normalized call ``op`` (for the caret)."""
    anchor = op.stmt.value
    line = getattr(anchor, "lineno", None)
    calls = [n for n in gast.walk(parsed.node) if isinstance(n, gast.Call)
             and parsed.callee(n.func) is op.func]
    if len(calls) > 1:
        calls = [n for n in calls if n.lineno == line]
    return calls[0] if len(calls) == 1 else anchor


def _check_mutating_call(op, call, parsed, allow_pop):
    func = call.func
    kwargs = {k.arg for k in call.keywords}
    target = parsed.callee(func)
    if target is MISSING and isinstance(func, gast.Attribute):
        method = func.attr
        if method not in MUTATING_METHODS or (method == "pop" and allow_pop) \
                or (method == "byteswap" and "inplace" not in kwargs):
            return
        obj = S.expr_source(func.value) if method != "shuffle" else "its argument"
        changed = f"`{obj}`" if method != "shuffle" else obj
    elif target is not MISSING and (mutates_first_argument(target)
                                    or (target is np.nan_to_num and "copy" in kwargs)):
        method = S.expr_source(func)
        changed = "its first argument"
    elif target is not MISSING and (keyword := writes_by_keyword(target, call)):
        text, _ = parsed.source_line(op.stmt)
        raise parsed.error(
            call, f"`{S.expr_source(func)}` in `{text}` may write into its arguments in "
            f"place (`{keyword}`), which srcdiff cannot follow",
            hint=f"drop `{keyword}`: the function then leaves its arguments as they were"
            if keyword != "**" else "pass the keywords by name")
    else:
        return
    text, _ = parsed.source_line(op.stmt)
    label = f"`.{method}()`" if target is MISSING else f"`{method}`"
    hint = _NEW_VALUE_HINTS.get(method.rsplit(".", 1)[-1], "use a function that returns a new "
                                "value and assign the result")
    raise parsed.error(
        call, f"{label} in `{text}` changes {changed} in place, which srcdiff cannot follow",
        hint=hint)


_INPLACE_OPERATOR_HINT = "use the operator instead: `z = z + x` makes a new value"
_NEW_VALUE_HINTS = {
    **{name: _INPLACE_OPERATOR_HINT for name in ("iadd", "isub", "imul", "itruediv", "ifloordiv",
                                                 "imod", "ipow", "imatmul")},
    "sort": "assign a sorted copy instead: `y = np.sort(x)`",
    "pop": "read and drop by indexing instead: `v = xs[-1]` and `xs = xs[:-1]`",
    "fill": "make a new array instead: `x = np.full_like(x, value)`",
    "copyto": "assign the new value instead: `x = np.where(mask, v, x)` or `x = v.copy()`",
    "shuffle": "permute a copy instead: `x = x[rng.permutation(len(x))]`",
    "extend": "build a new list instead: `xs = xs + more`",
    "insert": "build a new list instead: `xs = xs[:i] + [v] + xs[i:]`",
}


def outputs_changed_in_place(fn, analysis, registry):
    """May an output share memory with a name written by ``x[i] = v`` or ``xs.append(v)``?

    The backward sweep undoes those writes in place (restoring ``x[i]``, popping
    ``xs``), so such outputs must be copied where the value is taken.
    """
    changed = {op.target for op in analysis.order if op.kind in ("store", "append")}
    if not changed:
        return False
    sharing = Sharing(fn, analysis, registry)
    return any(set(sharing.group(x)) & set(analysis.outputs) for x in changed)


def liveness(body, analysis, parsed, live_after=frozenset()):
    """S.key(statement) -> names live just after it (read later, for more than their shape,
    before being redefined: no in-place write changes an array's shape)."""
    out = {}

    def uses(s):
        return _uses(s) - shape_only_reads(s, parsed, analysis)

    _live_block(body, set(live_after), uses, out)
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


def _live_block(body, live, uses, out):
    for s in reversed(body):
        out[S.key(s)] = set(live)
        if isinstance(s, gast.If):
            a = _live_block(s.body, set(live), uses, out)
            b = _live_block(s.orelse, set(live), uses, out)
            live = a | b | uses(s)
        elif isinstance(s, (gast.For, gast.While)):
            def trip(loop_live, s=s, live=live):  # what the next trip reads is live at the end
                inner = _live_block(s.body, loop_live | set(live), uses, out)
                return loop_live | inner | uses(s)

            loop_live = fixpoint(trip, set(live), "liveness")
            live = loop_live | live | uses(s)
            if isinstance(s, gast.For):
                live.discard(s.target.id) if s.target.id not in loop_live else None
        else:
            live = (live - _defs(s)) | uses(s)
    return live
