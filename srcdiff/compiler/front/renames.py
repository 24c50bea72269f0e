"""Part of stage 1: a user's local variables named like what generated code binds or calls.

Generated code calls srcdiff's run-time helpers by name (``seed``, ``finish``,
``unbroadcast``, ...), the helpers of the rules whose bodies it inlines (``cholesky_grad``,
``diff_grad``) and rules it calls (``vjp_<name>``, ``jvp_<name>``), and binds names of its
own (``grad_ys``, ``tangents``, ``_stack``).
A local variable of the user's function with one of those names would shadow it, so it is
renamed, consistently in the whole function and the functions, lambdas and
comprehensions nested in it (``seed`` -> ``seed1``): a local's name is the function's own
business. The same function always gets the same names (parse is deterministic), so
every stage that parses it again agrees. (The rules' helpers are those of the rule modules
loaded: a SciPy rule module loads when SciPy's module is imported, before a compilation
that may use it.) Before, such a local was refused, or, when the optimizer had copied
another name into it, its value was called in place of the helper: a forward rule's
``cholesky_tangent`` of a local ``cholesky_tangent = np.where if c else np.minimum`` gave
a tangent of 41.7 for 9.97.

Not renamed (emit/reserved.py refuses them with the line to rename): the function's own
parameters, whose names are its signature (argument facts, ``wrt`` and the keywords of a
written module's ``grad_f`` are keyed by them); names declared ``global``; ``np`` and the
builtins generated code calls (``slice``, ``len``); and srcdiff's own code compiled again,
which binds the names on purpose.
"""

import dis
import inspect
import sys

import gast

from srcdiff import runtime, runtime_checks, runtime_memory, runtime_snapshots
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.names import NameGen

_MODULES = (runtime, runtime_memory, runtime_snapshots, runtime_checks)
# the helpers generated code calls by name: every function the run-time modules define
HELPER_NAMES = frozenset(name for module in _MODULES for name, obj in vars(module).items()
                         if inspect.isfunction(obj) and obj.__module__ == module.__name__)
# the names generated functions bind themselves
GENERATED_LOCALS = frozenset({"grad_ys", "tangents", "_stack"})
RENAMED = HELPER_NAMES | GENERATED_LOCALS
_RULE_PREFIXES = ("vjp_", "jvp_")  # rules called, not inlined: ``vjp_<name>``
# the rule modules loaded when the two sets below were made, the functions they define, and
# (None until asked) those of them that their functions call by name
_rule_helpers = {"modules": None, "defined": frozenset(), "names": None}


def rule_helper_names():
    """The functions of the rule modules loaded that their functions call by name
    (``cholesky_grad``, ``diff_grad``): an inlined rule's body calls them so. (Read off the
    bytecode's global loads; recomputed when a rule module is loaded.)"""
    _rule_functions()
    if _rule_helpers["names"] is None:  # (every function's bytecode read: once)
        loaded = set()
        for k in _rule_helpers["modules"]:
            for obj in vars(sys.modules[k]).values():
                if inspect.isfunction(obj) and obj.__module__ == k:
                    loaded |= _global_loads(obj.__code__)
        _rule_helpers["names"] = _rule_helpers["defined"] & frozenset(loaded)
    return _rule_helpers["names"]


def _rule_functions():
    """The names of the functions the rule modules loaded define: a superset of
    :func:`rule_helper_names` known without reading their bytecode."""
    modules = tuple(sorted(k for k in sys.modules if k.startswith("srcdiff.rules.")))
    if modules != _rule_helpers["modules"]:
        defined = {name for k in modules for name, obj in vars(sys.modules[k]).items()
                   if inspect.isfunction(obj) and obj.__module__ == k}
        _rule_helpers.update(modules=modules, defined=frozenset(defined), names=None)
    return _rule_helpers["defined"]


def _global_loads(code):
    """The global names the code object ``code`` (and the code nested in it) loads."""
    out = {i.argval for i in dis.get_instructions(code) if i.opname == "LOAD_GLOBAL"}
    for c in code.co_consts:
        if inspect.iscode(c):
            out |= _global_loads(c)
    return out


def _is_generated(name, rules):
    return name in RENAMED or name in rules or name.startswith(_RULE_PREFIXES)


def rename_generated_names(node, locals_, namespace, own_code):
    """Rename ``node``'s (a FunctionDef's) locals named like what generated code binds or
    calls (``RENAMED``, the rules' helpers) that are not its parameters, in place; return
    ``{old: new}``."""
    if own_code:
        return {}
    params = {a.id for a in node.args.args}
    # (the rules' helpers are among the functions the rule modules define: their bytecode
    # is read only when a local has such a name, which the first compilation rarely meets)
    functions = _rule_functions()
    rules = rule_helper_names() if any(k in functions for k in set(locals_) - params) \
        else frozenset()
    clash = sorted(k for k in set(locals_) - params if _is_generated(k, rules))
    if not clash:
        return {}
    defined = {n.name for n in dataflow.nodes(node) if isinstance(n, (gast.FunctionDef,
                                                                      gast.ClassDef))}
    taken = NameGen(S.all_names(node) | defined | set(namespace) | RENAMED
                    | rule_helper_names())
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

