"""Stage 6, emit for ``backend="numba"``: the generated gradient compiled with ``numba.njit``.

The generator is the NumPy backend's (backends share one generator, DESIGN.md); this
module changes only how tapes and run-time helpers are spelled, then hands the function
to numba. numba is optional: it is imported when a numba gradient is first made.

Tapes (numba_tapes.py). The generated code saves values on one Python list, ``_stack``,
of mixed objects (numba compiles only homogeneous lists). The stack discipline is static:
the pushes and pops are paired by simulating the stack over the function's statements,
each loop body once, and a pop must take the push of the loop body its loop reverses.
Each push site then gets a tape of its own: a preallocated array for a loop over
``range`` (its trip count is known on entry), else a typed list; a pop takes the most
recent entry of that tape, which is the entry the shared stack would have given (it was
the most recent push of all, so also of its site). A ``while`` loop's sites keep typed
lists, as do the sites of a loop nested in another loop (one list for all the trips) and
of an arm of a branch in a loop (one list an arm). A pairing that does not work out is
refused.

User globals. numba freezes the globals a function reads into its machine code; the
values among them (numbers, arrays) become parameters after ``grad_ys``, passed at each
call as emit/live.py keeps them, so a rebound ``SCALE`` or an array changed in place is
seen as by the NumPy backend; lists and dicts are refused. The compiled code is cached
on disk between processes (numba_cache.py).

Unbound names. Names first bound inside a loop start as ``None`` in generated code; the
first trip pushes that ``None``, and its pop restores it, a value never read (the primal
never read the name before binding it). A typed tape cannot hold ``None``: for these
names the push moves after the assignment (the tape holds the values after each trip),
and the pop returns the entry below the top. On the first trip the restored value is the
name's value on entry: dead when nothing before the loop binds the name (the pop returns
the popped entry itself), else the value an earlier loop left, which that loop's adjoint
reads: it is kept in ``_entryK`` before the loop and returned then.

Helpers. ``add_tree``, ``zeros_tree``, ``seed``, ``scalar_seed``, ``finish``, ``spread``,
``size_of`` and others get numba versions for float scalars and arrays of up to two
dimensions (numba_helpers.py, numba_pieces.py); ``unbroadcast``, ``a @ b`` and matmul's
gradients for arrays of any rank (numba_broadcast.py); the cotangent of a called
function's tuple of outputs (numba_tuples.py); a call of any other helper
or rule is refused with its name, before numba runs. What numba itself refuses (a typing
error on the first call with new argument types) is raised as a SrcdiffError pointing at
the user's function, naming what numba could not compile.

Arguments and names (numba_scalars.py, numba_kinds.py). A 0-d float64 array argument
read as a number is passed to the compiled core as its float and its gradient returned as
a 0-d array; on the first call, before numba compiles, a name that is a number on one
path and an array on another where the paths meet, and returns of different kinds, are
refused at the user's statement (numba gives each variable one type).

Fusion. Runs of elementwise statements become one call of a numba overload that compiles
one loop for 1-d float64 arrays of one length and the statements as written otherwise
(numba_fuse.py, its invariant and run-time checks); ``sd.grad`` only: the written
module of ``srcdiff --backend numba`` keeps the statements. ``SRCDIFF_NUMBA_FUSE=0`` when
a gradient is compiled turns it off.
"""

import ast
import inspect
import math
import os
import types

import numpy as np

from srcdiff.compiler.emit import (
    numba_broadcast,
    numba_builtins,
    numba_cache,
    numba_calls,
    numba_checked,
    numba_containers,
    numba_fuse,
    numba_helpers,
    numba_kinds,
    numba_list_items,
    numba_lists,
    numba_masks,
    numba_math,
    numba_more_helpers,
    numba_names,
    numba_pad_solve,
    numba_pieces,
    numba_rule_helpers,
    numba_rule_helpers2,
    numba_runner,
    numba_scalars,
    numba_seeds,
    numba_special,
    numba_spellings,
    numba_stacks,
    numba_tape_sites,
    numba_tapes,
    numba_tuples,
    numba_views,
    numba_zero_d,
)
from srcdiff.compiler.ir.calls import named_call
from srcdiff.errors import SrcdiffError

INSTALL = "pip install srcdiff[numba]"

# ``(generated node, line) -> (file, line, col, source)`` of the user's statement, or None:
# api/located.py's map of generated lines, set by api/backends.py when it imports this
# module (a compiler stage does not import the api)
statement_line = None

# helpers the numba version of a gradient may call: a numba-compiled version each
NJIT_HELPERS = ("add_tree", "zeros_tree", "seed", "scalar_seed", "finish",
                "spread", "size_of", "tape_pop_prev", "tape_pop_entry", "concat_rows",
                "stack_rows", "mul_into", "add_into", "tape_alloc", "tape_put", "tape_get",
                "tape_get_prev", "tape_get_entry", "tape_rows", "sum_rows", "index_add",
                "broadcast_like", "zeros_like_of", "loop_len", "unpacked")
# helpers with a numba version in numba_pieces.py
NJIT_PIECES = ("split_rest", "extreme_grad", "unreduce", "max_axis", "min_axis", "view_of",
               "set_slice", "check_broadcast", "check_in_place", "reshaped", "mean_axis",
               "var_axis", "centre", "dof", "kept_all")
# helpers with a numba version in numba_broadcast.py (any rank), numba_tuples.py
NJIT_BROADCAST = ("unbroadcast", "matmul_of", "matmul_lhs", "matmul_rhs", "vjp_matmul")
NJIT_TUPLES = ("cotangent", "item_add")
# builtins numba compiles
# (``sum``: numba's adds left to right from ``start``, as Python's; numba_lists.py)
BUILTINS = {"range", "reversed", "len", "float", "int", "abs", "min", "max", "bool", "slice",
            "sum", "list"}  # (list(x): of a 1-d array, numba's list of its floats)
STACK = "_stack"


def require_numba():
    """The numba module, or a SrcdiffError saying how to install it."""
    try:
        import numba  # an optional dependency: only this backend needs it
    except ImportError as exc:
        raise SrcdiffError(f'backend="numba" needs numba, which is not installed '
                           f'({exc}); install it with `{INSTALL}`',
                           hint=f'`{INSTALL}`, or the default backend="numpy"') from None
    return numba


class _Where:
    """Where errors point: the user's function (its file, first line, source line)."""

    def __init__(self, fn):
        self.fn = fn
        try:
            self.filename = inspect.getsourcefile(fn)
            lines, self.lineno = inspect.getsourcelines(fn)
            self.line = next((ln for ln in lines if ln.lstrip().startswith("def ")), lines[0])
        except (OSError, TypeError):
            self.filename, self.lineno, self.line = None, None, None

    generated = None  # the Compiled whose source the rewrites parse (numba_function)

    def error(self, what, hint, at=None, node=None):
        """A SrcdiffError saying ``what``, at the ``def`` line or, with ``at`` (a line of the
        function's source, 1 its first), at that statement's line; with ``node`` (of the
        generated source parsed), at the user's statement it was generated for, when that
        is known (``statement_line``)."""
        if node is not None and at is None:
            at = self._user_line(node)
        line, lineno = self.line, self.lineno
        if self.line is not None and self.lineno is not None:
            lines, _ = inspect.getsourcelines(self.fn)
            index = at - 1 if at is not None and 0 < at <= len(lines) else lines.index(line)
            line, lineno = lines[index], self.lineno + index
        col = len(line) - len(line.lstrip()) if line else None
        return SrcdiffError(f"{self.fn.__name__}: {what}", filename=self.filename,
                            lineno=lineno, col=col, line=line and line.rstrip("\n"), hint=hint)

    def _user_line(self, node):
        """The line of the user's function (1 its first) whose statement the generated
        ``node`` was made for, or None."""
        compiled = self.generated
        if compiled is None or getattr(node, "lineno", None) is None or self.lineno is None:
            return None
        if statement_line is None:
            return None
        try:
            d = next(d for d in ast.parse(compiled.source).body
                     if isinstance(d, ast.FunctionDef) and d.lineno <= node.lineno <= d.end_lineno)
            made = next(n for n in compiled.namespace.get("__srcdiff_nodes__") or ()
                        if n.name == d.name)
            found = statement_line(made, node.lineno - d.lineno + 1)
        except Exception:  # (locating is a courtesy: the refusal itself must come through)
            return None
        if found is None or found[0] != self.filename:
            return None
        return found[1] - self.lineno + 1


def numba_function(compiled, fn, values=()):
    """The numba-compiled version of ``compiled`` (a Compiled of the reverse generator for
    the user function ``fn``): a Python function with the same parameters whose calls
    run the gradient under numba. Raises SrcdiffError for what this backend refuses.
    ``values``: arguments ``compiled`` was made for; their dicts, lists and tuples may be
    passed unpacked (numba_containers.py)."""
    numba = require_numba()
    where = _Where(fn)
    where.generated = compiled
    groups = [] if os.environ.get("SRCDIFF_NUMBA_FUSE", "1") != "0" else None
    # (parameters unpacked outside the compiled core: numba_containers.py)
    containers = [i for i, v in enumerate(values) if isinstance(v, (dict, list, tuple))]
    source, names, float_lists = numba_source(compiled.source, compiled.entry,
                                              compiled.namespace, where, groups, containers)
    groups = groups or []
    namespace = namespace_for(compiled.namespace)
    namespace.update(numba_fuse.stubs(groups))

    def jit(cache=True):
        jitted = numba_cache.jit(numba, source, namespace, compiled.entry, cache)
        for group in groups:  # (its overload compiles a loop in the module's namespace)
            group.globals = jitted.py_func.__globals__
        return jitted

    errors = (numba.core.errors.TypingError, numba.core.errors.UnsupportedError,
              numba.core.errors.LoweringError, numba.core.errors.NumbaError)
    runner = numba_runner.Runner(jit(), errors, where, source, uncached=lambda: jit(cache=False))
    runner.globals_from(compiled, names, where)
    runner.float_lists = float_lists
    entry = next(d for d in ast.parse(source).body
                 if isinstance(d, ast.FunctionDef) and d.name == compiled.entry)
    runner.containers = containers
    runner.n_params = len(entry.args.args) - len(names) - 1 - sum(
        len(c.flats) for c in containers)
    runner.scalars, runner.scalar_paths = numba_scalars.plan(entry, runner.n_params)
    runner.user = numba_kinds.parsed(fn)
    return runner


def numba_source(source, entry_name, namespace, where, groups=None, containers=None):
    """``(source, globals, float_lists)``: the generated ``source`` (NumPy backend) of the
    function ``entry_name`` rewritten for numba (one function: typed tapes, numba helpers),
    the user globals it reads (``namespace``: where its names resolve) appended to its
    parameters after ``grad_ys``, and the positions of the parameters it reads only by
    index (:func:`_read_by_index`). Raises SrcdiffError (``where``: a :class:`_Where`)
    for what this backend refuses. With a list ``groups``, runs of elementwise
    statements are fused (numba_fuse.py) and their Groups appended to it (their
    ``_fusedK`` overloads must then be in the namespace: numba_fuse.stubs). With a list
    ``containers`` (positions of parameters given dicts, lists or tuples), those read only
    by constant keys are unpacked (numba_containers.py: their entries' parameters come
    after ``grad_ys``) and the list replaced by their Plans."""
    tree = ast.parse(source)
    defs = [d for d in tree.body if isinstance(d, ast.FunctionDef)]
    entry = next(d for d in defs if d.name == entry_name)
    if containers:
        containers[:] = numba_containers.unpack(entry, containers)
    own = set(helpers())  # (every helper name: NJIT_HELPERS, NJIT_PIECES, ... included)
    before = numba_names.keep_apart(defs, own, where)  # (no name shared with the rewrite's)
    generated = {d.name for d in defs}
    numba_calls.check_callees(defs, entry, where)
    numba_calls.check_namespaces(defs, entry, namespace, _free_names, where)
    for d in defs:
        _check_calls(d, namespace, where, generated)
        numba_zero_d.rewrite(d, where)  # np.array(0.0) rebound to a number
        numba_special.rewrite(d, where, namespace)  # scipy.special.f(x) as SciPy's C f
        _check_globals(d, namespace, where)
        _without_dels(d)
        _reverse_ranges(d, where)
        numba_spellings.rewrite(d)
        numba_more_helpers.rewrite(d)  # np.linalg.norm(x, axis=k) as norm_along
        numba_pad_solve.rewrite(d)  # np.pad(a, w) as pad_constant(a, w); pad_grad's mode
        numba_lists.check_uses(d, where)  # (fill_zeros only as sum's: numba_lists.py)
        numba_rule_helpers2.check(d, where)  # (their arguments numba's versions model)
        numba_pad_solve.check(d, where)  # (np.pad: constant mode only)
        numba_tuples.check_keys(d, where)  # (a dict's entries: no numba version)
        numba_spellings.check(d, where)  # (a reduction's keywords numba takes none of)
        numba_tapes.name_saved_values(d)  # (first: ``y[m] = _stack.pop()`` through a name)
        numba_masks.rewrite(d)  # x[m] of a mask m as masked_read(x, m); stores
        # x[[i, j]]: an integer array's index (a list passed to numba_lists's helpers: a list)
        numba_builtins.list_indices(
            d, own - set(numba_lists.NAMES) - set(numba_list_items.TAKE_LISTS))
        numba_views.whole_reads(d)  # x[...] read as x
    numba_tapes.rewrite_tapes(entry, where)
    for d in defs:
        numba_tape_sites.unfold_loops(d)  # (a loop numba drops may bind names read after)
    numba_calls.thread_globals(
        defs, entry, lambda d: _value_globals(d, namespace, generated), where)
    names = _globals_as_parameters(entry, namespace, generated)
    if groups is not None:
        for d in defs:
            made = numba_fuse.fuse(d, len(groups))
            groups += made
            tree.body += [f for g in made for f in g.defs()]
    numba_pieces.slice_stores(tree)  # (after fusing: a group's loop writes the elements)
    numba_broadcast.stacked_matmuls(tree)  # every a @ b as matmul_of(a, b): stacks too
    # math functions and ** that raise as Python's, on a copy: the fused groups keep their
    # statements' nodes, from which they write their loops while numba types them
    tree = numba_checked.rewrite(ast.parse(ast.unparse(ast.fix_missing_locations(tree))))
    numba_masks.without_self_copies(tree)  # (after the passes that read stores)
    numba_names.check_introduced(tree, before, own)
    text = ast.unparse(ast.fix_missing_locations(tree)) + "\n"
    return text, names, _read_by_index(entry)


def _read_by_index(fn):
    """Positions of the parameters ``fn`` reads only as ``x[i]`` (an index, not a slice) and
    ``len(x)``: for them a list of floats is passed as a float array (numba would convert a
    list element by element at every call, 270 µs for 500 floats), the same values read the
    same way."""
    uses = {}
    parents = {id(c): n for n in ast.walk(fn) for c in ast.iter_child_nodes(n)}
    params = [a.arg for a in fn.args.args]
    for node in ast.walk(fn):
        if isinstance(node, ast.Name) and node.id in params:
            up = parents.get(id(node))
            by_index = (isinstance(up, ast.Subscript) and up.value is node
                        and isinstance(up.ctx, ast.Load) and not isinstance(up.slice, ast.Slice)
                        and not isinstance(up.slice, ast.Tuple))
            in_len = named_call(up, "len") is not None and up.args == [node]
            ok = isinstance(node.ctx, ast.Load) and (by_index or in_len)
            uses[node.id] = uses.get(node.id, True) and ok
    return tuple(i for i, p in enumerate(params) if uses.get(p))


def _check_calls(fn, namespace, where, generated=()):
    """Refuse a call of anything numba (or this backend's helpers) cannot compile;
    ``generated``: the names of the generated functions, compiled too (numba_calls.py)."""
    helpers = set(NJIT_HELPERS) | set(NJIT_PIECES) | set(NJIT_BROADCAST) | set(NJIT_TUPLES)
    helpers |= set(numba_seeds.NAMES) | set(numba_stacks.NAMES) | set(numba_tape_sites.NAMES)
    helpers |= set(numba_lists.NAMES) | set(numba_rule_helpers.NAMES) | set(
        numba_list_items.NAMES)
    helpers |= set(numba_rule_helpers2.NAMES) | set(numba_pad_solve.NAMES)
    helpers |= set(numba_more_helpers.NAMES)
    for node in ast.walk(fn):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name):
            obj = namespace.get(f.id)
            if f.id in helpers and _is_srcdiff(obj, f.id) or f.id in generated:
                continue
            if f.id in ("min", "max") and node.keywords and f.id not in namespace:
                raise where.error(f"the numba backend compiles {f.id}() without key= or "
                                  f"default=: {ast.unparse(node)}",
                                  'use backend="numpy" for this function', node=node)
            if f.id in BUILTINS and f.id not in namespace or numba_special.name_of(obj):
                continue  # (a scipy.special ufunc: numba_special.rewrite)
            if isinstance(obj, types.FunctionType) and not _is_srcdiff(obj, f.id):
                # (for its value: where its arguments do not depend on what is
                # differentiated, or in the forward sweep of a call whose gradient is its
                # generated function run again in the backward sweep, ``grad_<name>``)
                raise where.error(f"the gradient calls the user function `{f.id}` as "
                                  "written, for its value, which the numba backend does "
                                  "not compile", 'use backend="numpy" for this function',
                                  node=node)
            raise where.error(f"the numba backend has no compiled version of "
                              f"`{f.id}`, which its gradient calls",
                              'use backend="numpy" for this function', node=node)
        elif isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
            if f.value.id == "np" or f.value.id == STACK:
                continue
            if f.value.id not in namespace:  # a method of a local value (numba checks it)
                continue
            obj = namespace[f.value.id]
            if obj is np or obj is math or isinstance(obj, np.ndarray):
                continue
            raise where.error(f"the numba backend cannot call `{f.value.id}.{f.attr}` "
                              "in compiled code", 'use backend="numpy" for this function',
                              node=node)


def _check_globals(fn, namespace, where):
    """Refuse lists and dicts read from globals (numba would freeze them into the compiled
    code as constants, or not type them at all; arrays and scalars become arguments)."""
    for name in _free_names(fn):
        if isinstance(namespace.get(name), (list, dict, set)):
            raise where.error(f"the numba backend would freeze the global `{name}` into "
                              "the compiled gradient (a later change to it would be missed)",
                              f"pass `{name}` as an argument, or use backend=\"numpy\"")


def _free_names(fn):
    """The names ``fn`` reads that it neither binds nor takes, in order of first read."""
    local = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name)
             and isinstance(n.ctx, ast.Store)} | {a.arg for a in fn.args.args}
    seen = []
    for node in ast.walk(fn):
        if isinstance(node, ast.Name) and node.id not in local and node.id not in seen:
            seen.append(node.id)
    return seen


def _value_globals(fn, namespace, generated=()):
    """The user globals ``fn`` reads that are values (numbers, arrays, strings; not
    functions, modules or the generated functions ``generated``), in order of first read."""
    return [n for n in _free_names(fn) if n in namespace and n not in generated
            and not callable(namespace[n])
            and not isinstance(namespace[n], types.ModuleType)]


def _globals_as_parameters(fn, namespace, generated=()):
    """The user globals ``fn`` reads that are values (:func:`_value_globals`) as
    parameters after ``grad_ys``, passed at each call: numba would otherwise freeze their
    values into the compiled code, and a later ``SCALE = 3.0`` would leave the gradient
    computing with 2.0. Returns their names."""
    names = _value_globals(fn, namespace, generated)
    fn.args.args += [ast.arg(arg=n) for n in names]
    fn.args.defaults += [ast.Constant(value=None) for _ in names]
    return names


def _is_srcdiff(obj, name):
    module = getattr(obj, "__module__", "") or ""
    return module.startswith("srcdiff.")


def namespace_for(namespace):
    """The generated code's names with srcdiff's helpers replaced by numba versions."""
    from_helpers = helpers()
    ns = {k: v for k, v in namespace.items() if not callable(v) or k == "np"
          or isinstance(v, np.ufunc)}
    ns.update(from_helpers)
    ns["np"] = np
    return ns


def helpers():
    """The numba helpers by the names generated code calls them."""
    helpers = {name: getattr(numba_helpers, name) for name in NJIT_HELPERS}
    helpers.update({name: getattr(numba_pieces, name) for name in NJIT_PIECES})
    helpers.update({name: getattr(numba_broadcast, name) for name in NJIT_BROADCAST})
    helpers.update({name: getattr(numba_tuples, name) for name in NJIT_TUPLES})
    helpers["tanh_fast"] = numba_math.tanh_fast
    helpers["clip_of"] = numba_builtins.clip_of
    helpers["linspace_open"] = numba_builtins.linspace_open
    helpers["masked_read"] = numba_masks.masked_read
    helpers["masked_put"] = numba_masks.masked_put
    for name in ("where_of", "full_of", "copy_of", "expand_dims_of"):
        helpers[name] = getattr(numba_builtins, name)
    helpers.update(numba_checked.helpers())
    helpers.update(numba_special.helpers())
    helpers.update(numba_seeds.helpers())
    helpers.update(numba_stacks.helpers())
    helpers.update(numba_lists.helpers())
    helpers.update(numba_list_items.helpers())
    helpers.update(numba_more_helpers.helpers())
    helpers.update(numba_rule_helpers.helpers())
    helpers.update(numba_rule_helpers2.helpers())
    helpers.update(numba_pad_solve.helpers())
    helpers.update(numba_tape_sites.helpers())
    return helpers


# ----------------------------------------------------------------- tapes

def _without_dels(fn):
    """The NumPy backend's ``del`` of arrays after their last read (optimize/release.py):
    numba refuses ``del`` and frees its arrays itself."""
    for node in ast.walk(fn):
        for field in ("body", "orelse"):
            block = getattr(node, field, None)
            if isinstance(block, list) and any(isinstance(s, ast.Delete) for s in block):
                kept = [s for s in block if not isinstance(s, ast.Delete)]
                block[:] = kept or [ast.Pass()]


def _reverse_ranges(fn, where):
    """``for i in reversed(range(a, b))`` as ``range(b - 1, a - 1, -1)`` (numba has no
    ``reversed``), ``reversed(range(a, b, s))`` as ``range(a + (L - 1) * s, a - s, -s)``
    with ``L = len(range(a, b, s))`` (its bounds must be safe to evaluate twice); other
    reversed iterables are refused."""
    for node in ast.walk(fn):
        it = getattr(node, "iter", None) if isinstance(node, ast.For) else None
        if named_call(it, "reversed") is None:
            continue
        inner = it.args[0] if len(it.args) == 1 else None
        if not (named_call(inner, "range") is not None and 1 <= len(inner.args) <= 3
                and not inner.keywords
                and (len(inner.args) < 3 or all(map(numba_tapes.pure, inner.args)))):
            raise where.error("the numba backend reverses only loops over range(n), "
                              "range(a, b) and range(a, b, step) of plain bounds",
                              'use backend="numpy" for this function', node=node)
        if len(inner.args) == 3:
            a, _, step = (f"({ast.unparse(e)})" for e in inner.args)
            node.iter = ast.parse(f"range({a} + (len({ast.unparse(inner)}) - 1) * {step}, "
                                  f"{a} - {step}, -{step})", mode="eval").body
            continue
        lo, hi = (("0", ast.unparse(inner.args[0])) if len(inner.args) == 1
                  else tuple(ast.unparse(a) for a in inner.args))
        node.iter = ast.parse(f"range(({hi}) - 1, ({lo}) - 1, -1)", mode="eval").body
