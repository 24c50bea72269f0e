"""Loop fusion for ``backend="numba"``: consecutive elementwise statements as one loop.

Under numba each NumPy array expression statement allocates its result and runs a loop of
its own; a run of elementwise statements over arrays of one length (the Burgers stencil's
``mul = c * u_i``, ``sub = u_i - u_i3``, ``un[1:-1] = u_i - mul * sub + ...``) runs here as
one loop over the index, with the values only the run reads kept in registers. (First, a
sum over the last axis of an elementwise value whose array is read for its shape only
becomes one loop too: numba_fuse_reduce.py, which states its invariant.)

**The group.** Statements of one block, consecutive once two kinds of neighbours are
moved out of the way: ``v = b[slice]`` view bindings (moved before the group: a view reads
no value, only which memory; its base is not rebound in the group) and, in a block that
reads no tape, the tape writes ``tape_put(T, k, x)`` and ``if _k == 1: T = tape_alloc(n,
x)`` (moved after the group: the group reads no tape, rebinds neither ``x`` nor ``k``
after them, and stores into no array after them). Each member is ``name = e`` or
``base[a:b] = e`` or ``base[a:b, c:d] = e`` (constant bounds; not a base the group
reads), ``e`` made of ``+ - * / **``, unary minus, numbers, names,
``np.exp/log/sin/cos/sqrt`` of one argument and ``mul_into/add_into(a, b)`` (their numba
versions are ``a * b``, ``a + b``), with at least one operation; or a sum ``name =
unbroadcast(e, s)`` (or its negation ``name = -unbroadcast(e, s)``, whose loop is
numba_fuse_bcast.py's); or an in-place add ``name = index_add(name, x, slice(a, b), e)`` (or
of a 2-d slice, ``(slice(a, b), slice(c, d))``); or a called function's first contribution
``name = e1 if b is None else b + e2`` (``b`` an input: its numba type picks the branch)
or ``name += e`` of a value the group made (numba_fuse_ssa.py, which writes the loop's
statements with one name per value). A name is assigned once in the group and
never read in it before its assignment (but for a number computed from a sum, ``b_nu =
b_nu + b_div1 * c``); a stored-into base is not assigned in it; an added-into name is
read by no other member. The group becomes a call ``outs = _fusedK(ins)`` where
``_fusedK_arrays`` holds the statements as written
(returned: the names assigned that anything outside the group reads).

**The loop (invariant: every read of element ``i`` sees the value the array form
computes).** (Groups of 3-d arrays, and 2-d groups with a sum to an array's shape, whose
operands may broadcast: numba_fuse_bcast.py, which states and checks the same invariant.)
``_fusedK`` is a numba overload: for argument types where every array is 1-d float64
(or every array 2-d float64: numba_fuse_loop.py) and every other input a float, it
compiles a loop; for any other types, the statements as written (an int input: its int
operations checked, numba_ints.py). At run time the loop first checks that every
array input and every store target have one length ``n`` (one shape) and that no store
target's memory
overlaps an array input's (unless it is that input's very view: the same first address,
shape and strides) or another target's (address ranges); else it runs the
statements as written. (A store target that is an input's view, heat2d's ``u[1:-1, 1:-1] =
u_i + c * lap`` with ``u_i = u[1:-1, 1:-1]``: element ``i`` of both is one address, read
only at step ``i``; the members before the store read it before the step writes it, as
they read the old array in the array form, and those after it the new value, as they do
there. 1-d and 2-d loops, numba_fuse_loop.py; the broadcasting loop takes no store.)
Then the inputs are not written while the loop runs, each
statement writes only element ``i`` (of a new array, or of a target no input shares),
and reads element ``i`` of what an earlier statement wrote: so no statement reads an
element another writes at a different index, and each element is the array form's
number (same operations, same order). Statements on numbers alone run once, before
the loop; those reading a sum's number, after it (in order; one that reads an array
then: the statements as written). The in-place adds run after the loop, in the written
order, adding what the loop stored for them (``_aK``, the value's elements, in a row of
a buffer ``_scrK`` made once per function call and reused by each call of the group:
nothing reads it after the adds): each
element of the added-into array gets the same numbers added in the same order, and no
array the group reads overlaps it (checked at run time), so the loop's reads are the
array form's.

**Where a sum's number is known (invariant of the group finder and the loop writers).** The
finder (``_Span``) takes a member's sum (``unbroadcast``, ``-unbroadcast``) as known only
after the loop, and so is an assignment reading such a value (``_Span.late``; the members'
indices are ``Group.late``); it lets such an assignment read its own name (``b_nu = b_nu +
b_div1 * c``), for it runs as written after the loop, in order. The loop writers
(numba_fuse_loop.py, numba_fuse_bcast.py) place exactly those members so: each sum is added
up in the loop (or, of numbers alone, computed before it) and its name bound after it;
each assignment reading one runs as written after the loop (or the group runs as written).
The writers record where they placed them and numba_fuse_ssa.check_late raises
SrcdiffError when that differs from ``Group.late`` (session 45: a sum of numbers alone was
computed before the loop and the assignment ``b_x = add_into(b_x, b_sum1)`` reading it went
into the loop, which the finder had let rebind its input ``b_x``: session 44's wrong
gradient). tests/numba/test_numba_fuse.py checks the generated source, the fallbacks
(overlap, lengths, 2-d arrays) and the numbers against the NumPy backend and finite
differences.
"""

import ast

from srcdiff.compiler.emit import (
    numba_fuse_bcast,
    numba_fuse_loop,
    numba_fuse_reduce,
    numba_fuse_rows,
    numba_fuse_ssa,
    numba_pieces,
)
from srcdiff.compiler.emit.numba_fuse_compile import overlap, stubs  # noqa: F401
from srcdiff.compiler.ir.calls import named_call

OPS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow)
UFUNCS = ("np.exp", "np.log", "np.sin", "np.cos", "np.sqrt")
PRODUCTS = numba_fuse_loop.PRODUCTS
PREFIX = "_fused"
# the fewest statements a group holds: each group's loop is a function numba types and
# lowers on the first call (about 0.3-1 s); a run of two or three statements saves less
# (a sum counts twice: it also saves the pass over its value, fuse's flush)
MIN_GROUP = 4


class Group:
    """One fused group: its statements, its inputs and outputs, its generated names."""

    def __init__(self, index, stmts, inputs, outputs):
        self.name = f"{PREFIX}{index}"
        self.stmts, self.inputs, self.outputs = stmts, inputs, outputs
        self.globals = None  # the compiled module's namespace (set once it is made)
        self.rows, self.counter = [], None  # (numba_fuse_rows.py: (value, tape) pairs)
        self.late = frozenset()  # (the members known after the loop only: _Span.late_at)

    def plain(self, rows=False):
        """``_fusedK_arrays``: the statements as written, returning the outputs (``rows``:
        ``_fusedK_rows_arrays``, which then writes the rows, numba_fuse_rows.py)."""
        body = [ast.parse(ast.unparse(s)).body[0] for s in self.stmts]
        if rows:
            body += [ast.parse(f"tape_put({t}, _row, {x})").body[0] for x, t in self.rows]
        body.append(ast.parse(f"return ({''.join(o + ', ' for o in self.outputs)})").body[0])
        numba_pieces.slice_stores(ast.Module(body=body, type_ignores=[]))
        return ast.FunctionDef(
            name=f"{self.name}{'_rows' if rows else ''}_arrays",
            args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=a)
                                                     for a in self.params(rows)],
                               kwonlyargs=[], kw_defaults=[], defaults=[]),
            body=body, decorator_list=[], returns=None, type_params=[])

    def scratch(self):
        """The name of the 2-d buffer the group's loop keeps the values of its in-place adds
        in (reused from call to call: nothing reads them after the adds), or None."""
        if any(_member(s)[0] == "acc" for s in self.stmts):
            return f"_scr{self.name[len(PREFIX):]}"
        return None

    def params(self, rows=False):
        return self.inputs + ([t for _, t in self.rows] + ["_row"] if rows else [])

    def defs(self):
        """The functions the overloads run as written."""
        return [self.plain()] + ([self.plain(True)] if self.rows else [])

    def value_reads(self):
        """The inputs the statements' values read (not only stored into), in order."""
        seen = []
        for s in self.stmts:
            for n in ast.walk(s.value):
                if isinstance(n, ast.Name) and n.id in self.inputs and n.id not in seen:
                    seen.append(n.id)
        return seen

    def call(self):
        """The statement that replaces the group."""
        args = ", ".join(self.inputs)
        if not self.outputs:
            return ast.parse(f"{self.name}({args})").body[0]
        return ast.parse(f"{''.join(o + ', ' for o in self.outputs)}= "
                         f"{self.name}({args})").body[0]

    def loop_source(self, arrays, rows=False, ndim=1):
        """The loop version for the inputs ``arrays`` (float64 arrays of ``ndim``
        dimensions, 1, 2 or 3, or a dict of their numbers of axes, at most ``ndim``: the
        broadcasting loop's; the other inputs are numbers): Python source of
        ``_fusedK_loop``, or None when the values read no array (a fill) or a sum is taken
        to an array's shape: the statements as written. ``rows``: the loop of
        ``_fusedK_rows`` (numba_fuse_rows.py). (numba_fuse_loop.py)"""
        members = [_member(s) for s in self.stmts]
        ranks = arrays if isinstance(arrays, dict) else dict.fromkeys(arrays, ndim)
        if any(r != ndim for r in ranks.values()) or numba_fuse_bcast.wants_broadcast(
                list(zip(members, self.stmts)), ranks, ndim):  # (arrays of fewer axes too)
            return numba_fuse_bcast.broadcast_source(self, members, ranks, ndim)
        return numba_fuse_loop.loop_source(self, members, set(ranks), rows, ndim)


# ------------------------------------------------------------ finding groups

def _loads(node):
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)
            and isinstance(n.ctx, ast.Load)}


def _const_bound(e):
    if e is None or isinstance(e, ast.Constant) and (
            e.value is None or type(e.value) is int):
        return True
    return (isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.USub)
            and isinstance(e.operand, ast.Constant) and isinstance(e.operand.value, int))


def _const_slice(node):
    """``base[a:b]`` or ``base[a:b, c:d]`` with constant bounds and no step: the base's
    name, or None."""
    if not (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name)):
        return None
    parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    if len(parts) <= 2 and all(
            isinstance(p, ast.Slice) and p.step is None and _const_bound(p.lower)
            and _const_bound(p.upper) for p in parts):
        return node.value.id
    return None


def _slice_call(e):
    """Whether ``e`` is ``slice(a, b, None)`` with constant bounds."""
    return (isinstance(e, ast.Call) and ast.unparse(e.func) == "slice" and len(e.args) == 3
            and not e.keywords and all(map(_const_bound, e.args[:2]))
            and isinstance(e.args[2], ast.Constant) and e.args[2].value is None)


def _elementwise(e, top=True):
    """Whether ``e`` is an elementwise expression (module docstring); ``top``: it must
    hold an operation (a bare name or number is not one)."""
    if isinstance(e, ast.BinOp) and isinstance(e.op, OPS):
        return _elementwise(e.left, False) and _elementwise(e.right, False)
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, (ast.USub, ast.UAdd)):
        return _elementwise(e.operand, False)
    if (isinstance(e, ast.Call) and ast.unparse(e.func) in UFUNCS and len(e.args) == 1
            and not e.keywords):
        return _elementwise(e.args[0], False)
    if named_call(e, PRODUCTS) is not None and len(e.args) == 2 and not e.keywords:
        return _elementwise(e.args[0], False) and _elementwise(e.args[1], False)
    if top:
        return False
    if isinstance(e, ast.Constant):
        return isinstance(e.value, (int, float)) and not isinstance(e.value, bool)
    return isinstance(e, ast.Name) or _const_slice(e) is not None


def _member(s):
    """``(kind, name, base, value)`` of a statement that can join a group, or None: kind
    "assign" (``name = value``), "store" (``base[a:b] = value``), "sum" (``name =
    unbroadcast(value, s)``) or "acc" (``name = index_add(name, x, slice(a, b, None),
    g)``, an in-place add of ``g``, an elementwise value, into ``name``'s slice)."""
    aug = numba_fuse_ssa.aug_form(s)
    if aug is not None:  # (numba_fuse_ssa.py)
        return ("aug", aug[0], None, aug[1]) if _elementwise(s.value, False) else None
    first = numba_fuse_ssa.first_form(s)
    if first is not None:
        name, tested, if_none, otherwise = first
        if _elementwise(if_none) and _elementwise(otherwise) and tested not in _loads(if_none):
            return "first", name, None, s.value
        return None
    if not (isinstance(s, ast.Assign) and len(s.targets) == 1):
        return None
    t, v = s.targets[0], s.value
    if isinstance(t, ast.Name) and _elementwise(v):
        return "assign", t.id, None, v
    if not isinstance(t, ast.Name):
        base = _const_slice(t)
        return ("store", None, base, v) if base is not None and _elementwise(v) else None
    negated = isinstance(v, ast.UnaryOp) and isinstance(v.op, ast.USub)
    if negated:  # ``-unbroadcast(e, s)``: a sum, negated after it (numba_fuse_bcast.py)
        v = v.operand
        if named_call(v, ("unbroadcast",)) is None or v.keywords or len(v.args) != 2 \
                or not _elementwise(v.args[0], False) or not isinstance(v.args[1], ast.Name):
            return None
        return "nsum", t.id, None, v.args[0]
    if named_call(v, ("unbroadcast", "index_add")) is None or v.keywords:
        return None
    if (v.func.id == "unbroadcast" and len(v.args) == 2 and _elementwise(v.args[0], False)
            and isinstance(v.args[1], (ast.Name, ast.Constant))):
        return "sum", t.id, None, v.args[0]
    if (v.func.id == "index_add" and len(v.args) == 4
            and all(isinstance(a, ast.Name) for a in (v.args[0], v.args[1]))
            and _elementwise(v.args[3], False)
            and v.args[0].id == t.id and (_slice_call(v.args[2]) or isinstance(
                v.args[2], ast.Tuple) and len(v.args[2].elts) == 2
                and all(map(_slice_call, v.args[2].elts)))):
        return "acc", t.id, None, v.args[3]
    return None


def _binding(s):
    """``(name, reads)`` of ``name = other`` or ``name = tape_get*(...)``: a binding that
    reads no array's values (a name, a tape's entry)."""
    if not (isinstance(s, ast.Assign) and len(s.targets) == 1
            and isinstance(s.targets[0], ast.Name)):
        return None
    v = s.value
    if isinstance(v, ast.Name) or (isinstance(v, ast.Call) and isinstance(v.func, ast.Name)
                                   and v.func.id.startswith("tape_get")):
        reads = {v.id} if isinstance(v, ast.Name) else set().union(*map(_loads, v.args))
        return s.targets[0].id, reads
    return None


def _plain_reads(e):
    """The names ``e`` reads as themselves (not as the base of a slice)."""
    bases = {id(n.value) for n in ast.walk(e) if isinstance(n, ast.Subscript)}
    return {n.id for n in ast.walk(e) if isinstance(n, ast.Name) and id(n) not in bases}


def _view(s):
    """``(name, base)`` of ``name = base[a:b]``, or None."""
    if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name):
        base = _const_slice(s.value)
        if base is not None and base != s.targets[0].id:
            return s.targets[0].id, base
    return None


def _tape_write(s):
    """``(reads, tape)`` of ``tape_put(T, k, x)`` or ``if _k == 1: T = tape_alloc(n, x)``."""
    if (isinstance(s, ast.Expr) and isinstance(s.value, ast.Call)
            and ast.unparse(s.value.func) == "tape_put" and isinstance(s.value.args[0], ast.Name)):
        return set().union(*map(_loads, s.value.args)), s.value.args[0].id
    if (isinstance(s, ast.If) and not s.orelse and len(s.body) == 1
            and isinstance(s.body[0], ast.Assign) and isinstance(s.body[0].value, ast.Call)
            and ast.unparse(s.body[0].value.func) == "tape_alloc"
            and isinstance(s.body[0].targets[0], ast.Name)):
        return _loads(s.test).union(*map(_loads, s.body[0].value.args)), \
            s.body[0].targets[0].id
    return None


class _Span:
    """The statements being gathered into a group (module docstring: what may move)."""

    def __init__(self, can_sink, tainted):
        self.can_sink, self.tainted = can_sink, tainted
        self.members, self.hoisted, self.sunk, self.order = [], [], [], []
        self.assigned, self.read, self.stored = set(), set(), False
        self.views, self.view_bases, self.sunk_reads, self.tapes = set(), set(), set(), set()
        self.bound, self.late, self.accs, self.writes_moved = set(), set(), set(), False
        self.late_at = set()  # (the indices in members of the names in late)

    def add(self, s):
        """Take ``s`` into the span if the moves stay exact; returns whether it did."""
        member = _member(s)
        if member is not None:
            if not self._member_ok(*member, s):
                return False
            kind, name, base, value = member
            self.members.append(s)
            self.read |= _loads(value if kind == "aug" else s.value) | ({base} if base else set())
            if kind == "acc":
                self.accs.add(name)
            elif name is not None:
                self.assigned.add(name)
            if kind in ("sum", "nsum") or kind == "assign" and _loads(s.value) & self.late:
                self.late.add(name)
                self.late_at.add(len(self.members) - 1)
            self.stored = self.stored or base is not None
            self.order.append(s)
            return True
        if not self.members:
            return False
        moved = self.sunk_reads | self.bound
        view = _view(s)
        if view is not None:
            v, b = view
            if v in self.assigned | self.read | self.views | self.view_bases | self.accs \
                    | moved or b in self.assigned | self.tapes | self.accs | self.bound:
                return False
            self.views.add(v)
            self.view_bases.add(b)
            self.hoisted.append(s)
            self.order.append(s)
            return True
        binding = _binding(s)
        write = _tape_write(s) if self.can_sink else None
        if binding is not None:
            name, reads = binding
            if name in self.assigned | self.views | moved | self.accs \
                    or reads & (self.tapes | self.accs):  # (members before it read the
                return False                            # name as it was: as before)
            self.bound.add(name)
            self.sunk_reads |= reads
        elif write is not None:
            reads, tape = write
            if tape in self.read | self.assigned | self.views | self.view_bases | moved \
                    or (self.read - self.assigned) & self.tainted or self.accs:
                return False
            self.writes_moved = True
            self.sunk_reads |= reads
            self.tapes.add(tape)
        else:
            return False
        self.sunk.append(s)
        self.order.append(s)
        return True

    def _member_ok(self, kind, name, base, value, s):
        reads = _loads(s.value)
        moved = self.sunk_reads | self.bound
        if self.writes_moved and (reads | {base}) - self.assigned & self.tainted:
            return False  # (what a moved tape write changes could be read here)
        if kind == "aug":  # (a new value of the group's, only read elementwise before:
            # numba_fuse_ssa.py; nothing moved past reads it, no view or add is of it)
            if name not in self.assigned or name in moved | self.late | self.views \
                    | self.view_bases | self.accs | self.tapes:
                return False
            return not reads & (self.tapes | self.bound | self.accs | self.late
                                | self.assigned - _plain_reads(s.value))
        if kind == "first":  # (its tested name an input of the group: its type decides)
            tested = s.value.test.left.id
            if tested in self.assigned | self.accs | self.views | moved | self.tapes:
                return False
            reads = reads - {name}  # (the input's value, read before the new one is made)
        if kind == "acc":
            if name in self.assigned | self.views | self.view_bases | moved | self.tainted \
                    | self.tapes | _loads(value) or self.stored or self.writes_moved \
                    or reads & self.bound:
                return False
        plain = _plain_reads(value if kind == "acc" else s.value)
        reads = _loads(value) if kind == "acc" else reads
        if reads & (self.tapes | self.bound | self.accs | self.assigned - plain):
            return False  # (a slice of a value the group computed: another index)
        if reads & self.late and kind != "assign":
            return False  # (a sum's value is known after the loop: loop_source)
        # (a name read in its own value: only a statement on a sum, a number after the loop)
        own = reads if kind != "assign" or not reads & self.late else set()
        own = own - {name} if kind == "first" else own
        if name is not None and kind != "acc" and name in (
                self.assigned | self.read | own | self.views | self.view_bases | moved
                | self.accs):
            return False
        if base is not None and base in self.read | self.view_bases:
            return False  # (its memory is what the group reads: the loop's run-time check
            # would find them overlapping and run the statements as written every time)
        if base is not None and (base.startswith("_tape")
                                 or base in self.assigned | self.views | moved | self.tapes
                                 | self.tainted or self.accs or self.sunk_reads
                                 - self.assigned - self.tapes - COUNTERS(self.sunk_reads)):
            return False  # (a tape write moved past it reads only the group's values)
        return True


def fuse(fn, start=0):
    """Rewrite the blocks of the function ``fn`` (an ``ast.FunctionDef``) with fused groups
    of two or more statements; returns the :class:`Group` list (numbered from ``start``)."""
    # (sums over the last axis of an elementwise value first: numba_fuse_reduce.py)
    groups = numba_fuse_reduce.rewrite(fn, start, _elementwise)
    outside = _Outside(fn)
    for node in list(ast.walk(fn)):
        for field in ("body", "orelse"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                block[:] = _fuse_block(block, groups, outside, start)
    fn.body[:0] = [ast.parse(f"{g.scratch()} = np.empty((0, 0))").body[0]
                   for g in groups if g.scratch()]
    return groups


def COUNTERS(names):
    """The tape counters and trip counts among ``names`` (numba_tapes.py: ``_kN``, ``_nN``,
    integers)."""
    return {n for n in names if n[:2] in ("_k", "_n") and n[2:].isdigit()}


class _Outside:
    """Which names a statement outside a group reads (an output of the group); which
    names may hold a view of a tape (``tainted``: bound from a ``tape_get*`` call, or
    from a name, slice or attribute of such a name)."""

    def __init__(self, fn):
        self.fn = fn
        self.tainted = set()
        changed = True
        while changed:
            changed = False
            for node in ast.walk(fn):
                if not (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)):
                    continue
                value, name = node.value, node.targets[0].id
                while isinstance(value, (ast.Subscript, ast.Attribute)):
                    value = value.value
                tape = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                           and n.func.id.startswith("tape_get") for n in ast.walk(node.value))
                if name not in self.tainted and (tape or isinstance(value, ast.Name)
                                                 and value.id in self.tainted):
                    self.tainted.add(name)
                    changed = True

    def reads(self, group_stmts):
        inside = {id(n) for s in group_stmts for n in ast.walk(s)}
        return {n.id for n in ast.walk(self.fn) if isinstance(n, ast.Name)
                and isinstance(n.ctx, ast.Load) and id(n) not in inside}


def _fuse_block(block, groups, outside, start):
    reads_tape = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                     and n.func.id.startswith("tape_get") for s in block for n in ast.walk(s))
    out, span = [], _Span(not reads_tape, outside.tainted)

    def flush():
        # (a sum counts twice: it saves its own pass over the value too; a store makes a
        # group alone: it saves the value's temporary and the copy into the slice, as
        # heat2d's ``u[1:-1, 1:-1] = u_i + c * lap``, issue 18 round 7)
        kinds = [_member(s)[0] for s in span.members]
        sums = sum(k in ("sum", "nsum") for k in kinds) + MIN_GROUP * ("store" in kinds)
        if len(span.members) + sums < MIN_GROUP:
            out.extend(span.order)
            return
        assigned, inputs = set(), []
        for s in span.members:
            called = {id(f) for n in ast.walk(s) if isinstance(n, ast.Call)
                      for f in ast.walk(n.func)}
            for n in ast.walk(s):
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) \
                        and id(n) not in called and n.id not in assigned \
                        and n.id not in inputs:
                    inputs.append(n.id)
            if isinstance(numba_fuse_ssa.target(s), ast.Name):
                assigned.add(numba_fuse_ssa.target(s).id)
        read_outside = outside.reads(span.members)
        outputs = list(dict.fromkeys(
            numba_fuse_ssa.target(s).id for s in span.members
            if isinstance(numba_fuse_ssa.target(s), ast.Name)
            and numba_fuse_ssa.target(s).id in read_outside))
        group = Group(start + len(groups), span.members, inputs, outputs)
        group.late = frozenset(span.late_at)
        if group.scratch():  # (made once, before the function's first statement: fuse)
            inputs.append(group.scratch())
            outputs.append(group.scratch())
        groups.append(group)
        out.extend(span.hoisted)
        out.extend(numba_fuse_rows.absorb(group, span.sunk, outside.fn, groups))

    for s in block:
        if span.add(s):
            continue
        flush()
        span = _Span(not reads_tape, outside.tainted)
        if not span.add(s):
            out.append(s)
    flush()
    return out
