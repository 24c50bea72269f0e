"""How each save site of a loop keeps its values on its tape (backend="numba",
numba_tapes.py), and the saves of a branch in a loop on the simulated stack that pairs
saves with reads.

A name first bound in a loop starts as None in the NumPy backend's code, which a typed
tape cannot hold: :func:`mode` chooses where its site saves and what a restore reads.
A branch in a loop saves on the trips that take an arm only: :class:`Branch` keeps each
arm's saves apart, read back by the same arm of the backward sweep's branch (same test).
Invariant (each mode's docstring): every restore gives the value the NumPy backend's
``_stack`` pop gives wherever that value can be read; tests/numba/test_numba_branch_tapes.py
checks gradients against the NumPy backend and finite differences.

A list tape is typed by numba from its ``append``: where numba proves a loop or an arm
never runs (its test computed from constants only: ``k = 0; while k < 0``, fuzz seed 13),
it drops the code before typing, and the tape's ``pop`` in the backward sweep has no
type ("Unsupported assignment: Undefined"). :func:`unfold_tests` passes the test of each
``while`` loop and branch that saves through :func:`unfolded`, a compiled identity numba
does not fold, so every save is typed whether or not it runs. Invariant: ``unfolded(t)``
is ``t`` (same value, same type); tests/numba/test_numba_fuzz_causes.py checks a loop and
an arm that never run against finite differences.
"""

import ast

from srcdiff.compiler.emit.numba_helpers import njit
from srcdiff.compiler.ir.calls import named_call

NAMES = ("unfolded",)


@njit
def unfolded(test):
    """``test`` itself: a value numba's dead-branch pruning does not see through (module
    docstring)."""
    return test


def unfold_tests(stmts):
    """The test of each ``while`` loop and ``if`` of ``stmts`` (each once) as
    ``unfolded(test)``."""
    for stmt in {id(s): s for s in stmts}.values():
        if not _unfolded(stmt.test):
            stmt.test = ast.Call(func=ast.Name(id="unfolded", ctx=ast.Load()),
                                 args=[stmt.test], keywords=[])


def unfold_loops(tree):
    """The test of every ``while`` loop of ``tree`` as ``unfolded(test)``: a name bound only
    in a loop numba proves never runs (forward mode's ``_retval`` of a ``return`` inside
    ``k = 0; while k < 0``) is otherwise undefined where it is read after the loop, once
    numba drops the loop (fuzz seed 584046668, index 20)."""
    unfold_tests([n for n in ast.walk(tree) if isinstance(n, ast.While)])


def _unfolded(test):
    return isinstance(test, ast.Call) and isinstance(test.func, ast.Name) \
        and test.func.id == "unfolded"


def helpers():
    """The helpers of this module by the names generated code calls them."""
    return {name: globals()[name] for name in NAMES}


def mode(site, in_arm, unbound, refuse, nest):
    """How the tape of a save site keeps its values: ``"plain"`` (the value itself, bound
    when saved); for a name first bound in the loop (``unbound``: None before its first
    binding, which a typed tape cannot hold) ``"bound"`` (a statement of the loop body
    before the save binds it on every trip: the value itself), ``"prev"`` (every binding
    of it in the loop is a statement after the save in the save's block, none skipped by
    a ``break`` or ``continue``: the tape holds the values after the last of them, each
    restore reads the one before, the previous trip's), ``"end"`` (every binding of it in
    the loop after the save, in the loop body, which binds it at its top, none skipped: the
    tape holds its values at the end of each trip, before the lowered ``break``'s test;
    each restore reads the previous trip's), or ``"init"`` (saved at the top
    of the loop body before a binding there to a bool constant, bound again in the loop:
    the lowered ``continue``'s ``_skip = False``; the name is bound to that constant before
    the loop and every site of it saves the value itself: the value before the loop, None
    in the NumPy backend's code, is never read, and numba needs the name bound on every
    path to a save).

    In a loop nested in another (``nest``: :class:`Nest`) the tape is one list for every
    trip of the inner loop in every trip of the outer ones, in the order the trips run,
    and "the loop" above is the outermost: "bound" when a statement of any enclosing loop's
    body before the one holding the save binds it, "prev" and "end" only when no statement
    of the outermost loop but those after the save binds it (so the entry below on the
    tape is the value before, whichever outer trip saved it)."""
    body, i, name, loop = site
    if name not in unbound:
        return "plain"
    if any(assigns(s, name) for before in nest.loop_prefixes() for s in before):
        return "bound"
    stores = sum(1 for s in nest.outer.body for n in ast.walk(s)
                 if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store))
    later = [j for j in range(i + 1, len(body)) if assigns(body[j], name)]
    if later and len(later) == stores and not leaves(body[i + 1:later[-1]]):
        return "prev"
    end = trip_end(body)
    if later and body is loop.body and not leaves(body[i + 1:end]) and stores == sum(
            1 for s in body[i + 1:end] for n in ast.walk(s)
            if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)):
        return "end"
    if later and not in_arm and isinstance(body[later[0]].value, ast.Constant) \
            and isinstance(body[later[0]].value.value, bool):
        return "init"
    raise refuse(f"the numba backend could not place the tape of `{name}`",
                 'use backend="numpy"')


def leaves(stmts):
    """Whether a statement of ``stmts`` may leave the trip (``break``, ``continue``,
    ``return``)."""
    return any(isinstance(n, (ast.Break, ast.Continue, ast.Return))
               for s in stmts for n in ast.walk(s))


def trip_end(body):
    """The index in a loop body where a trip ends: before its last statement when that is
    the lowered ``break``'s ``if _brk: break`` (its ``else`` the ``while`` loop's next test),
    else its length."""
    last = body[-1] if body else None
    if isinstance(last, ast.If) and len(last.body) == 1 \
            and isinstance(last.body[0], ast.Break):
        return len(body) - 1
    return len(body)


class Nest:
    """Where a save site sits: ``outer``, the loop of the function's body holding it (the
    site's own loop, or one it is nested in), and ``path``, the ``(body, index)`` pairs
    from the function's body down to the save: ``body[index]`` holds (or is) the save.

    A save site in a nested loop keeps a list tape (numba_tapes.py): pushed once a trip
    of its own loop, whichever outer trip runs it, popped once a trip of the reversed
    loop. Invariant: the pops of a site come in the reverse order of its pushes (the
    shared ``_stack`` is popped in reverse push order, and each pop statement takes the
    push of one site: the simulated stack pairs them, each loop body walked once, as the
    NumPy backend's reversed loops run the trips the forward loops ran), so each pop of a
    site's list gives the value the shared stack gives; tests/numba/test_numba_nested_loops.py
    checks gradients against the NumPy backend and finite differences."""

    def __init__(self, outer, path):
        self.outer, self.path = outer, path

    def loop_prefixes(self):
        """For each loop on the path (the site's own included), the statements of its
        body before the one holding the save: each runs on every trip before the save."""
        for (above, j), (body, i) in zip(self.path, self.path[1:]):
            if isinstance(above[j], (ast.For, ast.While)) and above[j].body is body:
                yield body[:i]


class Branch:
    """The saves of a branch in a loop on the simulated stack: ``tests`` (its test's source,
    and the name the test's value is kept in, if any) and the simulated stacks of its two
    arms (``if`` and ``else``)."""

    def __init__(self, tests):
        self.tests = tests
        self.arms = ([], [])


def took(before, stmt):
    """The name ``_tookN`` when ``before``, the statement before the branch ``stmt``, is
    ``_tookN = TEST`` of its test ``TEST`` (a name): the generator keeps a test's value
    there when the branch rebinds the name (``cond1 = k0 < 2`` in ``if cond1:``), and
    the backward sweep's branch tests it, saved and restored on the tapes as any name."""
    if (isinstance(before, ast.Assign) and len(before.targets) == 1
            and isinstance(before.targets[0], ast.Name)
            and before.targets[0].id.startswith("_took") and isinstance(before.value, ast.Name)
            and isinstance(stmt.test, ast.Name) and before.value.id == stmt.test.id):
        return before.targets[0].id
    return None


def assigns(stmt, name):
    """Whether ``stmt`` is ``name = ...`` or ``(..., name, ...) = ...`` (a call of a
    generated function: its value and its record)."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1):
        return False
    target = stmt.targets[0]
    if isinstance(target, ast.Tuple):
        return any(isinstance(t, ast.Name) and t.id == name for t in target.elts)
    return isinstance(target, ast.Name) and target.id == name


def ragged_names(fn):
    """The names bound to a read at a mask (``copy_of(masked_read(y, m))``, what a store
    ``y[m] = v`` overwrites; ``masked_read(y, m) * 2.0``: as many entries as ``m`` holds,
    which may change from trip to trip) or to arithmetic of such names, to a fixed point
    (not through a reduction to a number): their sites keep list tapes, an array tape's rows
    have one shape."""
    assigns = [(s.targets[0].id, s.value) for s in ast.walk(fn) if isinstance(s, ast.Assign)
               and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name)]
    out = set()
    while True:
        more = {name for name, value in assigns if name not in out and not _reduced(value)
                and any(named_call(n, "masked_read") is not None
                        or isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Compare)
                        or isinstance(n, ast.Name) and n.id in out for n in ast.walk(value))}
        if not more:
            return out
        out |= more


def _reduced(value):
    return isinstance(value, ast.Call) and ast.unparse(value.func) in (
        "np.sum", "np.mean", "np.max", "np.min", "np.prod", "sum_of", "float", "len")
