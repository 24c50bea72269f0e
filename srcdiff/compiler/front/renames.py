"""Part of stage 1: a user's local variables named like what generated code binds or calls.

Generated code calls srcdiff's run-time helpers by name (``seed``, ``finish``,
``unbroadcast``, ...) and binds names of its own (``grad_ys``, ``tangents``, ``_stack``).
A local variable of the user's function with one of those names would shadow it, so it is
renamed, consistently in the whole function and the functions, lambdas and
comprehensions nested in it (``seed`` -> ``seed1``): a local's name is the function's own
business. The same function always gets the same names (parse is deterministic), so
every stage that parses it again agrees.

Not renamed (emit/reserved.py refuses them with the line to rename): the function's own
parameters, whose names are its signature (argument facts, ``wrt`` and the keywords of a
written module's ``grad_f`` are keyed by them); names declared ``global``; ``np`` and the
builtins generated code calls (``slice``, ``len``); and srcdiff's own code compiled again,
which binds the names on purpose.
"""

import inspect

import gast

from srcdiff import runtime, runtime_checks, runtime_memory
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.names import NameGen

_MODULES = (runtime, runtime_memory, runtime_checks)
# the helpers generated code calls by name: every function the run-time modules define
HELPER_NAMES = frozenset(name for module in _MODULES for name, obj in vars(module).items()
                         if inspect.isfunction(obj) and obj.__module__ == module.__name__)
# the names generated functions bind themselves
GENERATED_LOCALS = frozenset({"grad_ys", "tangents", "_stack"})
RENAMED = HELPER_NAMES | GENERATED_LOCALS


def rename_generated_names(node, locals_, namespace, own_code):
    """Rename ``node``'s (a FunctionDef's) locals in ``RENAMED`` that are not its parameters,
    in place; return ``{old: new}``."""
    params = {a.id for a in node.args.args}
    clash = sorted((set(locals_) & RENAMED) - params) if not own_code else ()
    if not clash:
        return {}
    defined = {n.name for n in dataflow.nodes(node) if isinstance(n, (gast.FunctionDef,
                                                                      gast.ClassDef))}
    taken = NameGen(S.all_names(node) | defined | set(namespace) | RENAMED)
    renames = {old: taken.fresh(old) for old in clash}
    for n in dataflow.nodes(node):
        if isinstance(n, gast.Name) and n.id in renames:
            n.id = renames[n.id]
        elif isinstance(n, (gast.FunctionDef, gast.ClassDef)) and n is not node \
                and n.name in renames:
            n.name = renames[n.name]
        elif isinstance(n, gast.Nonlocal):
            n.names = [renames.get(k, k) for k in n.names]
    return renames

