"""Calls of user functions under ``backend="numba"``: the generated functions of called
functions (``fwd_f``/``bwd_f`` of the reverse generator, the forward generator's own)
compiled with ``numba.njit`` beside the gradient that calls them.

The generated module of a gradient that calls a user function ``f`` defines ``f``'s
generated functions before the entry; they run as the NumPy backend runs them, so each
is compiled as it is (numba types a call of one jitted function from another by its
argument types, a record tuple like any tuple). Three kinds are refused, at generation:

- a generated function that keeps a tape of its own (a loop in the called function:
  its ``_stack`` travels in the record from ``fwd_f`` to ``bwd_f``, which numba_tapes.py
  does not pair across functions);
- recursion (``det`` calling ``det``: a record holds the records of the inner calls, a
  type numba cannot name);
- a called function the gradient runs without differentiating it (a user function whose
  arguments do not depend on what is differentiated: the gradient calls it as written,
  which numba would have to compile from the user's source).

User globals. A called function's generated code may read user values (``SCALE``); as for
the entry (numba_emit.py), they must be arguments, not frozen constants: each generated
function takes, after its own parameters, the user values it or anything it calls reads
(in a fixed order), and every call of it passes them on, by keyword; the entry then reads them as
free names and takes them as its parameters after ``grad_ys``.
"""

import ast

from srcdiff.compiler.ir.calls import named_call

STACK = "_stack"
_MISSING = object()


def generated_calls(fn, names):
    """The calls in ``fn`` of functions named in ``names`` (the generated functions)."""
    return [n for n in ast.walk(fn) if named_call(n, names) is not None]


def check_callees(defs, entry, where):
    """Refuse the generated functions numba cannot run (module docstring): tapes, recursion."""
    by_name = {d.name: d for d in defs}
    for d in defs:
        if d is entry:
            continue
        if any(isinstance(n, ast.Name) and n.id == STACK for n in ast.walk(d)):
            raise where.error(f"the numba backend cannot compile the generated function "
                              f"`{d.name}`: the called function saves values in a loop, "
                              "and its tape would pass between compiled functions",
                              'inline the called function, or use backend="numpy"')
    # recursion: a cycle among the calls of generated functions
    state = {}

    def visit(name, path):
        if state.get(name) == "done":
            return
        if state.get(name) == "open":
            cycle = " -> ".join(path[path.index(name):] + [name])
            raise where.error(f"the numba backend does not compile recursive functions "
                              f"(the generated functions call each other: {cycle})",
                              'use backend="numpy" for this function')
        state[name] = "open"
        for call in generated_calls(by_name[name], by_name):
            visit(call.func.id, path + [name])
        state[name] = "done"

    for d in defs:
        visit(d.name, [])


def check_namespaces(defs, entry, namespace, free_names, where):
    """Each generated function of a called function runs, under the NumPy backend, in a
    namespace of its own (its module's globals, driver.py); compiled, all of them run in
    the entry's ``namespace``. Refuse a name a called function reads that the entry's
    namespace does not bind to the same object (a called function of another module)."""
    generated = {d.name for d in defs}
    for d in defs:
        if d is entry:
            continue
        own = getattr(namespace.get(d.name), "__globals__", None)
        if own is None:
            raise where.error(f"the numba backend found no namespace for the generated "
                              f"function `{d.name}`", 'use backend="numpy"')
        for name in free_names(d):
            if name in generated or own.get(name, _MISSING) is namespace.get(name, _MISSING):
                continue
            raise where.error(f"the numba backend runs the called functions in one "
                              f"namespace, and `{d.name}` reads `{name}` as another module "
                              "binds it", 'use backend="numpy" for this function')


def thread_globals(defs, entry, free_values, where):
    """Pass the user values each generated function reads as arguments (module docstring).
    ``free_values(fn)``: the user values ``fn`` reads as globals, in order. Each function
    but the entry gains them as parameters; each call of one passes them on."""
    by_name = {d.name: d for d in defs}
    needs = {}

    def need(name):
        if name not in needs:
            d = by_name[name]
            found = list(free_values(d))
            for call in generated_calls(d, by_name):
                found += [v for v in need(call.func.id) if v not in found]
            needs[name] = found
        return needs[name]

    for d in defs:
        need(d.name)
        bound = {n.id for n in ast.walk(d) if isinstance(n, ast.Name)
                 and isinstance(n.ctx, ast.Store)} | {a.arg for a in d.args.args}
        clash = sorted(v for call in generated_calls(d, by_name)
                       for v in needs[call.func.id] if v in bound)
        if clash:  # its own value of the name would be passed for the global's
            raise where.error(f"the numba backend cannot pass the global `{clash[0]}` to a "
                              f"called function: `{d.name}` has a variable of that name",
                              'rename the global, or use backend="numpy"')
    for d in defs:
        for call in generated_calls(d, by_name):
            call.keywords += [ast.keyword(arg=v, value=ast.Name(id=v, ctx=ast.Load()))
                              for v in needs[call.func.id]]
        if d is not entry:
            d.args.args += [ast.arg(arg=v) for v in needs[d.name]]
            if d.args.defaults:  # (after parameters with defaults: defaults too)
                d.args.defaults += [ast.Constant(value=None) for _ in needs[d.name]]
    return needs
