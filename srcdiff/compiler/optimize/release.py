"""Release: the backward sweep lets go of arrays it no longer reads (``del``).

A gradient's frame holds every saved value and every adjoint until it returns: on big
arrays, a dozen arrays the size of the input where the primal held three. This pass
adds ``del v`` right after the statement of the backward sweep that reads an array
``v`` for the last time, so NumPy frees its buffer (when nothing else refers to it)
before the next arrays are made::

    b_x = sin * b_sum1
    del sin
    b_x += b_sin * np.cos(x)
    del b_sin

Invariant: ``del v`` follows statement S only when no statement after S reads ``v``
before binding it again (liveness, computed backwards over the sweep; a loop or a branch
counts as reading every name read inside it and as binding none), and ``v`` is surely
bound there (by a statement of the function's body or of the same branch before S, not
only inside a branch or a loop). A name read after a ``del`` would raise NameError, not
change a value: a slip here cannot make a gradient wrong. A statement that reads
``locals()`` (verification mode's checks read names by their spelling) keeps every name.
Deletes go into the function's body, into branches and into the bodies of loops that
run from start to end each time (no ``break``, ``continue``, ``return``): there the names
live at the body's end are those live after the loop and those the body reads before
binding them (the next iteration's reads), and a name is surely bound when a statement
of the body binds it before, or it is surely bound before the loop.

Candidates are the array-valued variables and their adjoints, the names every binding
of which copies one of those (``b_y_out = b_y``), and the tuples of a call's results
read only at literal indexes (``b__f_args``): deleting them lets go of a buffer's other
references. ``v = v + e`` and ``v = v * e`` read ``v``'s old value for the last time, as
a dead name's last read does: ``add_into(v, e)`` / ``mul_into``, whose reference count
check decides when it runs whether nothing but ``v`` holds the buffer (then it takes
the result in place; else a new array is made: the same numbers either way). In a
loop a gradient that started as another's array (the operands of a sum share its
gradient) gets its buffer back that way once the other names were read for the last
time and deleted: decided where it is used, from the reference count, not from a mark
carried through the passes.

Only the backward sweep (from the seed on) is released: the primal sweep keeps what the
backward sweep reads by construction. Parameters are never deleted (the caller holds
them), nor their copies (:func:`_parameter_copies`), nor scalars (nothing to gain). Code
that is differentiated again is compiled without deletes (the front end refuses
``del``), as is the reference pipeline.
"""

import gast
import numpy as np

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

_EVERYTHING = None  # the reads of a statement that calls locals()


def release(node, arrays, patterns=None):
    """Add ``del`` statements to the backward sweep of the gradient FunctionDef ``node``
    for the names in ``arrays`` (array-valued variables and their adjoints).
    ``patterns``: name -> shape pattern (analysis/activity.py: a tuple, per axis, of
    "has length 1") where known: :func:`_multiply_into` leaves to NumPy the products whose
    other operand is a fresh temporary of the result's shape."""
    body = node.body
    at = next((k for k, s in enumerate(body) if S.heads(s) == S.SEED), None)
    if at is None or not arrays:
        return node
    params = {a.id for a in node.args.args}
    every = dataflow.nodes(node)
    candidates = _copies(every, set(arrays)) | _unpacked(every)
    candidates -= params | _parameter_copies(node, params, every)
    bound = set()
    for s in body[:at]:
        if _simple(s):
            bound |= dataflow.bound(s)
    tail = [body[-1]] if isinstance(body[-1], gast.Return) else []
    rest = body[at:len(body) - len(tail)]
    live = _reads(tail[0]) if tail else set()
    released = _block(rest, live, bound.__contains__, candidates, patterns or {}, tail=True)
    node.body = body[:at] + released + tail
    return node


def _copies(every, arrays):
    """``arrays`` and the names every binding of which is a copy ``n = m`` of one of them
    (``b_y_out = b_y``): they may hold the same buffer, which deleting them lets go of.
    ``every``: the function's nodes (dataflow.nodes)."""
    copied = {id(n.targets[0]): n.value.id for n in every if isinstance(n, gast.Assign)
              and len(n.targets) == 1 and isinstance(n.targets[0], gast.Name)
              and isinstance(n.value, gast.Name)}
    sources = {}
    for n in every:
        if isinstance(n, gast.Name) and isinstance(n.ctx, (gast.Store, gast.Param)):
            sources.setdefault(n.id, set()).add(copied.get(id(n)))
    out, grown = set(arrays), True
    while grown:
        new = {t for t, src in sources.items() if t not in out and src <= out}
        out |= new
        grown = bool(new)
    return out


def _unpacked(every):
    """Names bound only to a call's result and read only at literal indexes
    (``b__f_args = bwd_f(...)``, ``b_x = b__f_args[0]``): a tuple of a backward sweep's
    results. Deleting it after its last read lets go of the references it holds, so an
    array read out of it can be the only holder of its buffer (:func:`_multiply_into`).
    ``every``: the function's nodes (dataflow.nodes)."""
    from_call = {id(n.targets[0]) for n in every if isinstance(n, gast.Assign)
                 and len(n.targets) == 1 and isinstance(n.targets[0], gast.Name)
                 and isinstance(n.value, gast.Call)}
    at_index = {id(n.value) for n in every if isinstance(n, gast.Subscript)
                and isinstance(n.value, gast.Name) and isinstance(n.slice, gast.Constant)
                and type(n.slice.value) is int}
    calls, other = set(), set()
    for n in every:
        if not isinstance(n, gast.Name) or isinstance(n.ctx, gast.Del):
            continue
        if isinstance(n.ctx, gast.Load):
            if id(n) not in at_index:
                other.add(n.id)
        elif id(n) in from_call:
            calls.add(n.id)
        else:  # bound any other way: a parameter, a for target, an augmented assignment
            other.add(n.id)
    return calls - other


def patterns_of(shapes, adj):
    """Shape patterns (``shapes``: the analysis's) of variables and of their adjoints
    (``adj``: name -> gradient name; a gradient has its variable's shape), where known."""
    out = {v: p for v, p in shapes.items() if isinstance(p, tuple)}
    out.update({adj[v]: p for v, p in list(out.items()) if v in adj})
    return out


def _parameter_copies(node, params, every=None):
    """Names every binding of which in ``node`` is a copy of a parameter the function never
    rebinds nor deletes (``b_retval = grad_ys``): their value is the parameter's, for the
    whole call. Deleting such a name frees nothing, and its reference count is never that
    of an array only one variable holds, so ``mul_into``/``add_into`` on it would always
    compute ``a * b``: :func:`release` does neither (a statement and a call saved per
    use, the same numbers). ``every``: ``node``'s nodes (dataflow.nodes), when known."""
    stores, copies = {}, {}
    assigns = []  # (one walk: the copies are counted once every store is)
    for n in every if every is not None else dataflow.nodes(node):
        if n.__class__ is gast.Name and isinstance(n.ctx, (gast.Store, gast.Del)):
            stores[n.id] = stores.get(n.id, 0) + 1
        elif isinstance(n, gast.Assign) and isinstance(n.value, gast.Name) \
                and n.value.id in params:
            assigns.append(n)
    for n in assigns:
        if n.value.id not in stores:
            for t in n.targets:
                if isinstance(t, gast.Name):
                    copies[t.id] = copies.get(t.id, 0) + 1
    return {v for v, k in copies.items() if stores[v] == k}


def _block(stmts, live_out, surely, candidates, patterns, tail=False):
    """``stmts`` with deletes, given the names read after them (``live_out``) and whether a
    name is surely bound before them (``surely(v)``). ``tail``: only the function's return
    follows (which lets go of everything anyway: no deletes at the end)."""
    if live_out is _EVERYTHING:
        return stmts
    # a name is surely bound before statement k when it is before the block, or when a
    # simple statement before k binds it: the first such position per name (one dict for
    # the block, not a set per statement)
    binds = [dataflow.bound(s) if _simple(s) else _NONE for s in stmts]
    first = {}
    for k, names in enumerate(binds):
        for v in names:
            first.setdefault(v, k)
    out, live = [], set(live_out)
    for k in range(len(stmts) - 1, -1, -1):
        s = stmts[k]

        def sure(v, k=k):
            return first.get(v, k) < k or surely(v)

        reads = _reads(s)
        if reads is _EVERYTHING:  # this statement and those before it stay as they are
            return _rest(stmts, s, out)
        last = tail and not out
        if isinstance(s, gast.If):
            s.body = _block(s.body, live, sure, candidates, patterns, last)
            s.orelse = _block(s.orelse, live, sure, candidates, patterns, last)
            dead = []
        else:
            if isinstance(s, (gast.For, gast.While)) and not s.orelse \
                    and _straight_loop(s):
                # the body runs again: what it reads before binding is live at its end
                exposed = _exposed(s.body)
                if exposed is not _EVERYTHING:
                    again = live | exposed | (_reads(s.test) if isinstance(s, gast.While)
                                              else set())
                    s.body = _block(s.body, again, sure, candidates, patterns)
            # (a name the body deletes is unbound after the loop: deleted there already)
            dead = sorted(v for v in (reads & candidates) - live - binds[k] - _deleted(s)
                          if sure(v))
        into = dead + _redefined(s, candidates, sure)
        if into:
            _multiply_into(s, into, patterns)
        # (a few names per line: a long line would be wrapped in parentheses, a tuple)
        for j in range(len(dead) - 4 if dead and not last else -4, -4, -4):
            out.append(S.locate(gast.Delete(targets=[
                gast.Name(id=v, ctx=gast.Del(), annotation=None, type_comment=None)
                for v in dead[max(j, 0):j + 4]]), s))
        out.append(s)
        live -= binds[k]
        live |= reads
    return out[::-1]


def _deleted(s):
    """Names a ``del`` inside the compound statement ``s`` deletes."""
    if not isinstance(s, (gast.For, gast.While)):
        return _NONE
    return {t.id for x in s.body for n in dataflow.nodes(x) if isinstance(n, gast.Delete)
            for t in n.targets if isinstance(t, gast.Name)}


def _straight_loop(s):
    """A loop whose body runs from its start to its end each time (no ``break``,
    ``continue`` or ``return`` inside it: liveness over the body is then that of a block
    followed by the body again or by what follows the loop)."""
    jumps = (gast.Break, gast.Continue, gast.Return, gast.Try, gast.With)
    return not any(isinstance(n, jumps) for x in s.body for n in dataflow.nodes(x))


def _exposed(body):
    """Names ``body`` may read before binding them (live when it starts again); every
    name a statement reads when it reads ``locals()``."""
    seen, out = set(), set()
    for s in body:
        reads = _reads(s)
        if reads is _EVERYTHING:
            return _EVERYTHING
        out |= reads - seen
        if _simple(s):
            seen |= dataflow.bound(s)
    return out


def _redefined(s, candidates, sure):
    """``[v]`` for ``v = v + e`` or ``v = v * e`` (``v`` a candidate surely bound): the old
    value of ``v`` is read there for the last time, as a dead name's (its buffer may take
    the result: runtime_memory.add_into decides when it runs)."""
    if isinstance(s, gast.Assign) and len(s.targets) == 1 \
            and isinstance(s.targets[0], gast.Name) and isinstance(s.value, gast.BinOp) \
            and type(s.value.op) in _INTO and s.targets[0].id in candidates \
            and sure(s.targets[0].id):
        return [s.targets[0].id]
    return []


_NONE = frozenset()


_INTO = {gast.Mult: "mul_into", gast.Add: "add_into"}


def _multiply_into(s, dead, patterns):
    """``a * b`` or ``a + b`` (the value of ``v = ...`` or ``v += ...``, or the right
    operand of a ``-`` or ``/`` in it) with
    ``a`` not read after the statement and read once in it: ``mul_into(a, b)`` /
    ``add_into(a, b)``, which reuse ``a``'s buffer when nothing else refers to it
    (runtime_memory.mul_into checks that, and the shape and dtype, when it runs: the result is
    ``a * b`` either way). Read once: nothing reads ``a`` after its buffer changed.

    Not where ``b`` is a fresh temporary of ``a``'s shape (:func:`_fresh_like`): NumPy
    writes ``a * b`` into that temporary itself (its elision of temporaries, from the same
    size, 256 KiB, as ``IN_PLACE_SIZE``), so the helper would only add a Python call per
    use, which on small arrays in a recursion costs a fifth of the primal per level."""
    if not isinstance(s, (gast.Assign, gast.AugAssign)):
        return
    count = {}
    for n in dataflow.names(s.value):
        if isinstance(n, gast.Name):
            count[n.id] = count.get(n.id, 0) + 1
    once = {v for v in dead if count.get(v) == 1}

    def visit(node, top):
        """``top``: the statement's value, or the right operand of ``-`` or ``/`` (whose
        temporary NumPy cannot reuse: elsewhere it does, and ``mul_into`` would not help)"""
        if not isinstance(node, gast.BinOp):
            return node
        if top and type(node.op) in _INTO:
            for mine, other in ((node.left, node.right), (node.right, node.left)):
                if isinstance(mine, gast.Name) and mine.id in once:
                    once.discard(mine.id)
                    if _fresh_like(other, patterns.get(mine.id), patterns):
                        return node
                    return S.locate(S.call(_INTO[type(node.op)], [mine, other]), s)
        node.left = visit(node.left, False)
        node.right = visit(node.right, isinstance(node.op, (gast.Sub, gast.Div)))
        return node

    s.value = visit(s.value, True)


def _fresh_like(node, pattern, patterns):
    """Is ``node`` an elementwise expression NumPy evaluates into a fresh temporary of the
    shape ``pattern`` (an array's, every axis known not of length 1)? A call of a NumPy ufunc
    (positional arguments) or arithmetic, over names of that shape or of scalars, and
    constants, at least one name of that shape: the result has the shape of its operands'
    broadcast. Two shapes of one rank with no axis of length 1 broadcast only when equal,
    so the temporary has the shape of the product with ``a``. Only a matter of speed and
    memory: a plain product gives the numbers ``mul_into`` gives."""
    if not pattern or any(p is not False for p in pattern):
        return False
    seen = []

    def elementwise(n):
        if isinstance(n, gast.Name):
            p = patterns.get(n.id)
            seen.append(p == pattern)
            return p == pattern or p == ()
        if isinstance(n, gast.Constant):
            return isinstance(n.value, (int, float)) and not isinstance(n.value, bool)
        if isinstance(n, gast.BinOp):
            return isinstance(n.op, _ARITHMETIC) and elementwise(n.left) and elementwise(n.right)
        if isinstance(n, gast.UnaryOp):
            return isinstance(n.op, gast.USub) and elementwise(n.operand)
        return False

    if isinstance(node, gast.Call):
        f = node.func
        if not (isinstance(f, gast.Attribute) and isinstance(f.value, gast.Name)
                and f.value.id == "np" and isinstance(getattr(np, f.attr, None), np.ufunc)
                and getattr(np, f.attr).nout == 1) or node.keywords or not node.args:
            return False
        ok = all(elementwise(a) for a in node.args)
    else:
        ok = isinstance(node, (gast.BinOp, gast.UnaryOp)) and elementwise(node)
    return ok and any(seen)


_ARITHMETIC = (gast.Add, gast.Sub, gast.Mult, gast.Div)


def _rest(stmts, s, out):
    """The statements up to ``s`` as they were (``s`` reads every name), then ``out``."""
    k = max(i for i, x in enumerate(stmts) if x is s)
    return stmts[:k + 1] + out[::-1]


def _reads(s):
    names = set()
    for n in dataflow.nodes(s):
        if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Load):
            names.add(n.id)
        elif isinstance(n, gast.AugAssign) and isinstance(n.target, gast.Name):
            names.add(n.target.id)
        if isinstance(n, gast.Call) and isinstance(n.func, gast.Name) \
                and n.func.id == "locals":
            return _EVERYTHING
    return names


def _simple(s):
    return not isinstance(s, (gast.If, gast.For, gast.While, gast.Try, gast.With))

