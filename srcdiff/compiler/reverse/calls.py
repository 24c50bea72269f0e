"""Adjoints of calls to user functions, differentiated from their own source.

A call ``y = g(a, b)`` stays a plain call in the primal sweep. Its adjoint
calls ``grad_g(a, b, grad_ys=b_y)``, a gradient function generated from
``g``'s source for exactly the arguments that are active at this call site
and specialized on what the caller knows about them (ranks, integers). It
recomputes ``g``'s primal internally, so nothing of ``g`` is saved across
the call. Each generated adjoint is compiled once per (function, active
arguments, argument facts) and shared by every call site, recursion
included: the name is registered before ``g``'s own body is compiled.
"""

import inspect

import gast

from srcdiff.compiler.analysis.facts import arg_fact, bind_call, fact_of
from srcdiff.compiler.front import derivatives
from srcdiff.compiler.front.parse import function_name
from srcdiff.compiler.ir import syntax as S


def adjoint_of_call(view, op, g, atom, s):
    """(statements, [(operand name, gradient expression, owned)]) for a user call."""
    fn = op.func
    ctx = view.context
    sig, bound = bind_call(op, view.error)
    params = [p for p in sig.parameters.values()]
    for p in params:
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            raise view.error(op.stmt.value, f"{op.label} takes *args or **kwargs, which "
                            "srcdiff cannot differentiate through",
                            hint="give the helper explicit parameters")
    active = [name for name, node in bound.arguments.items()
              if isinstance(node, gast.Name) and node.id in view.a.active]
    if not active:
        return [], []
    facts = {}
    for p in params:
        if p.name in bound.arguments:
            facts[p.name] = fact_of(view.a, bound.arguments[p.name])
        elif p.default is not inspect.Parameter.empty:
            facts[p.name] = arg_fact(p.default)
    facts = tuple(sorted(facts.items(), key=str))
    if derivatives.is_derivative(fn):  # a derivative made by srcdiff: its generated code
        fn = derivatives.generated_function(fn, facts, "reverse", view.error, op.stmt.value)
    name = ctx.adjoint_name(fn, tuple(active), facts)
    args = [atom(x) for x in op.args]
    kwargs = [(k, atom(v)) for k, v in op.kwargs.items()]
    tmp = view.names.fresh("b_" + function_name(fn) + "_args")
    call = S.call(S.name(name), args, kwargs + [("grad_ys", S.copy(g))])
    stmts = [S.assign(tmp, call, s)]
    pairs = []
    for k, pname in enumerate(active):
        node = bound.arguments[pname]
        pairs.append((view.renamed.get(node.id, node.id),
                      gast.Subscript(value=S.name(tmp), slice=S.const(k), ctx=gast.Load()),
                      False))
    return stmts, pairs
