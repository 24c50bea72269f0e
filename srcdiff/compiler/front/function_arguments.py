"""Functions passed as arguments: ``call(np.sin, x)``, ``apply(h, x)`` with ``h`` a nested
``def``, ``call(lambda u: u * y, x)``, where ``call``/``apply`` call their parameter.

Compiled as a call, the callee's ``g(x)`` calls a parameter: which function runs is known
only when it runs, and that is refused ("cannot tell what `g` refers to"). Inlined where it
is called (a nested ``def``, normalize.py ``inline``; a module-level helper,
writing_helpers.py), the parameter is one value throughout the call, the argument the call
passes, and when that argument is a function known when compiling, each ``g(...)`` in the
inlined body is that function's call, written where the body is: exact under these
conditions, each checked here:

* the argument denotes a function known when compiling: a name or attribute chain of the
  module or builtins (``np.sin``, ``user_fn``: what the caller's own code would call by
  that name, as the inlined body is the caller's code; guarded at run time as any global
  callee is), a nested ``def`` of the caller (its name), or a ``lambda`` written in the
  call (made a nested ``def`` there: it reads the caller's variables when called, as
  Python's does);
* the name the argument starts with (``user_fn``, ``np``) is not one the callee binds and
  its inlined body keeps (a nested ``def``, a parameter of a nested function or lambda:
  written into its body, it would name that one; its variables and parameters are renamed);
* the parameter is never bound in the callee (no ``g = ...``, no nested parameter or target
  of that name), it is read, and every read of it is the function of a call or an
  argument of one (passed on: ``call(g, x)`` in the body is then the caller's own
  ``call(np.sin, x)``, handled as if written there); never stored or returned (the function
  would be a value, which srcdiff does not follow).

A module-level helper is inlined for this only when it calls such a parameter (else it is
compiled as a call, as before). Its ``*args`` is supported when every read of it is ``*args``
among a call's positional arguments: the extra arguments of the call become parameters of
their own, ``f(*args)`` their call (``def call(f, *args): return f(*args)``, JAX's).
"""

import gast

from srcdiff.compiler.front.parse import MISSING
from srcdiff.compiler.ir import syntax as S


def is_function_value(norm, node):
    """Does the argument ``node`` denote a function known when compiling (see the module
    docstring)? (Never evaluated: it has no effect.)"""
    if isinstance(node, gast.Lambda):
        return True
    if isinstance(node, gast.Name) and node.id in norm.local_functions:
        return True
    root = node
    while isinstance(root, gast.Attribute):
        root = root.value
    if not isinstance(root, gast.Name) or root.id in norm.local_functions:
        return False
    obj = norm.parsed.resolve(node)
    return obj is not MISSING and callable(obj)


def root_name(node):
    """The name an argument that is a name or an attribute chain starts with (None for a
    lambda: made a nested ``def`` of a fresh name)."""
    while isinstance(node, gast.Attribute):
        node = node.value
    return node.id if isinstance(node, gast.Name) else None


def names_in(fdef):
    """The names ``fdef`` binds that its inlined body keeps (normalize.py ``inline`` renames
    its parameters and every target): its nested functions' and classes' names, and their
    and its lambdas' parameters."""
    own = {id(a) for a in fdef.args.args + fdef.args.kwonlyargs}
    return {n.id for n in gast.walk(fdef) if isinstance(n, gast.Name) and isinstance(
        n.ctx, gast.Param) and id(n) not in own} | {
        n.name for n in gast.walk(fdef) if isinstance(n, (gast.FunctionDef, gast.ClassDef))
        and n is not fdef}


def only_called(fdef, p):
    """Is every use of the parameter ``p`` in ``fdef`` (nested functions included) a read
    as the function of a call or an argument of one (passed on), and is there one at least?"""
    declared = {id(a) for a in fdef.args.args + fdef.args.kwonlyargs}
    calls = [n for n in gast.walk(fdef) if isinstance(n, gast.Call)]
    funcs = {id(n.func) for n in calls}
    passed = {id(a) for n in calls for a in [*n.args, *(k.value for k in n.keywords)]}
    uses = [n for n in gast.walk(fdef) if isinstance(n, gast.Name) and n.id == p
            and id(n) not in declared]
    return bool(uses) and all(
        id(n) in funcs | passed and isinstance(n.ctx, gast.Load) for n in uses)


def bound_arguments(fdef, call):
    """``{parameter: argument node}`` for the arguments ``call`` passes by position and by
    keyword (defaults left out)."""
    positional = [p.id for p in fdef.args.args]
    bound = dict(zip(positional, call.args))
    bound.update((k.arg, k.value) for k in call.keywords if k.arg is not None)
    return bound


def calls_function_argument(norm, fdef, call):
    """Is the call of the helper ``fdef`` to be inlined for a function it is passed: some
    parameter it only calls gets a function known when compiling, and every parameter that
    gets one only calls it (else the call stays a call, and is refused there as before)?"""
    bound = bound_arguments(fdef, call)
    functions = [p for p, a in bound.items() if is_function_value(norm, a)]
    return bool(functions) and all(only_called(fdef, p) for p in functions) \
        and not {root_name(bound[p]) for p in functions} & names_in(fdef)


def spread_varargs(fdef, call):
    """``fdef`` (changed in place: a tree of its own) with its ``*args`` made the parameters
    ``args_0, ...`` the extra positional arguments of ``call`` bind, each ``*args`` among a
    call's positional arguments spread into them; ``fdef`` itself without ``*args``; None
    when ``*args`` is used otherwise, or ``call`` spreads arguments itself."""
    a = fdef.args
    if a.vararg is None:
        return fdef
    if any(isinstance(x, gast.Starred) for x in call.args):
        return None
    star = a.vararg.id
    spread = {id(x.value) for n in gast.walk(fdef) if isinstance(n, gast.Call) for x in n.args
              if isinstance(x, gast.Starred) and isinstance(x.value, gast.Name)
              and x.value.id == star}
    if any(isinstance(n, gast.Name) and n.id == star and id(n) not in spread
           and n is not a.vararg for n in gast.walk(fdef)):
        return None
    taken = {n.id for n in gast.walk(fdef) if isinstance(n, gast.Name)}
    extra = []
    for k in range(max(0, len(call.args) - len(a.args))):
        name, j = f"{star}_{k}", k
        while name in taken:
            j += 1
            name = f"{star}_{k}_{j}"
        taken.add(name)
        extra.append(name)
    for n in gast.walk(fdef):
        if isinstance(n, gast.Call):
            n.args = [y for x in n.args for y in (
                [S.name(e) for e in extra] if isinstance(x, gast.Starred)
                and id(x.value) in spread else [x])]
    if extra:
        a.defaults = []  # (every positional parameter is given when there are extra ones)
    a.args = a.args + [gast.Name(id=e, ctx=gast.Param(), annotation=None, type_comment=None)
                       for e in extra]
    a.vararg = None
    return fdef


class FunctionArguments:
    """The normalizer's binding of parameters to functions (mixed into normalize._Normalizer)."""

    def function_arguments(self, fdef, params, values, at):
        """``{parameter: node}``: the node each parameter of ``fdef`` bound to a function
        known when compiling stands for in the inlined body (a lambda made a nested ``def``
        here, at ``at``); a parameter ``fdef`` uses otherwise is refused."""
        out = {}
        for p in params:
            v = values[p]
            if not is_function_value(self, v):
                continue
            if not only_called(fdef, p):
                raise self.error(v, f"a function is passed for `{p}`, which {fdef.name!r} "
                                 "binds, stores or returns: srcdiff follows a function "
                                 "argument only through calls of the parameter (or passed on "
                                 "to a call)", hint=f"call `{p}(...)` only, or call the "
                                 "function directly")
            if root_name(v) in names_in(fdef) | self.nonlocals.get(fdef.name, frozenset()):
                raise self.error(v, f"`{root_name(v)}` is passed for `{p}`, and "
                                 f"{fdef.name!r} has a name `{root_name(v)}` of its own: "
                                 f"its calls of `{p}` would read that one",
                                 hint=f"rename `{root_name(v)}` in {fdef.name!r}")
            if isinstance(v, gast.Name) and self.assigned_by(v.id):
                raise self.error(v, f"the nested function {v.id!r} assigns variables of the "
                                 "function (`nonlocal`) and is passed as an argument: srcdiff "
                                 "does not follow when the call it is passed to runs it",
                                 hint=f"call {v.id!r} directly")
            if isinstance(v, gast.Lambda):
                name = self.names.fresh("lambda")
                self.stmt_FunctionDef(lambda_as_def(name, S.copy(v), at))
                v = S.name(name)
            out[p] = S.locate(S.copy(v), at)
        return out


def lambda_as_def(name, lam, at):
    """``lambda v: body`` as ``def name(v): return body``, located at ``at``."""
    fdef = gast.FunctionDef(name=name, args=lam.args,
                            body=[S.locate(gast.Return(value=lam.body), lam)],
                            decorator_list=[], returns=None, type_comment=None, type_params=[])
    return S.locate(fdef, at)
