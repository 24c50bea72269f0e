"""The parameter annotations the command line honours: ``float`` and ``int``.

``sd.grad`` compiles for the arguments it is called with (their facts,
analysis/facts.py ``arg_fact``); a written module is compiled before any call, so
every parameter may hold anything, an array above all, and code that is right only
for a number is refused (``p["w"] -= d`` where ``p["w"]`` is the parameter ``s``,
which may be an array changed in place). A parameter annotated ``float`` or ``int``
compiles with the facts of a Python float or int, and the written gradient checks
its argument first::

    def f(x, s: float):            def grad_f(x, s, grad_ys=None):
        ...                            s = float_argument(s, 's', 'grad_f')
                                       ...

``float_argument`` and ``int_argument`` (srcdiff/runtime_checks.py, copied into the
module) raise TypeError for anything else, so a module compiled for a number never
runs on an array: ``float`` takes Python's and NumPy's floats as they are and their
ints (not bools) as floats; ``int`` takes Python's and NumPy's ints, not bools (as an
index a bool adds an axis where an int takes one away) nor floats. An array, even
0-d, is refused by both.

Only these spellings count, read from the source and never evaluated: ``float``,
``int``, ``builtins.float``, ``builtins.int``, and only while the function's module
does not rebind the name (``float = np.float32`` makes ``s: float`` mean something
else). Any other annotation is ignored, as all were before.
"""

import builtins

import gast

from srcdiff.cli.targets import entry_name
from srcdiff.compiler import driver
from srcdiff.compiler.analysis.facts import arg_fact
from srcdiff.compiler.front.parse import parse_function

# annotation -> (a value whose facts the parameter gets, the check written at entry)
KINDS = {"float": (1.0, "float_argument"), "int": (1, "int_argument")}


def annotated(fn):
    """``{parameter: "float" or "int"}`` for ``fn``'s ordinary parameters so annotated."""
    parsed = parse_function(fn)
    args = parsed.node.args
    out = {}
    for arg in args.args:  # (the parameters a generated function takes first)
        kind = _kind(arg.annotation, getattr(fn, "__globals__", {}))
        if kind is not None and isinstance(arg, gast.Name):
            out[arg.id] = kind
    return out


def _kind(node, module_globals):
    if isinstance(node, gast.Name) and node.id in KINDS:
        name = node.id
        if name in module_globals and module_globals[name] is not getattr(builtins, name):
            return None  # the module rebinds `float`: not the builtin
        return name
    if isinstance(node, gast.Attribute) and node.attr in KINDS \
            and isinstance(node.value, gast.Name) and node.value.id == "builtins" \
            and module_globals.get("builtins") is builtins:
        return node.attr
    return None


def facts_of(kinds):
    """The argument facts (driver.reverse_function's ``arg_facts``) of the annotations."""
    return {p: arg_fact(KINDS[k][0]) for p, k in kinds.items()}


def guard_lines(kinds, params, entry):
    """The statements (source lines) a written ``entry`` starts with: one check per
    annotated parameter, in the order of ``params`` (the generated function's)."""
    if not set(kinds) <= set(params):  # (a parameter compiled as a number, unchecked)
        raise AssertionError(f"{entry}: no check for {sorted(set(kinds) - set(params))}")
    return [f"{p} = {KINDS[kinds[p]][1]}({p}, {p!r}, {entry!r})" for p in params if p in kinds]


def add_guard(node, kinds, params):
    """Put the checks of ``kinds`` (``{parameter: kind}`` of the user's ``params``) first in
    the generated function ``node`` (gast), whose parameters start with the user's."""
    lines = guard_lines(kinds, params, node.name)
    if not lines:
        return node
    generated = [a.id for a in node.args.args[:len(params)]]
    if generated != list(params):  # (a generated function renames no parameter)
        raise AssertionError(f"{node.name} takes {generated}, not {params}")
    node.body[:0] = gast.parse("\n".join(lines)).body
    return node


def derive(job, fn, wrt, single, kinds, ctx=None, entry=True):
    """``(FunctionDef, parsed, context)`` of one target's derivative, compiled with the
    facts of its parameters annotated ``float``/``int`` (``kinds``), numbers that no
    in-place write changes; the caller writes their checks (add_guard; numba: its entry).
    ``entry``: forward_function's (a written module's jvp_FUNC; not for the html view)."""
    facts, numbers = facts_of(kinds), sorted(kinds)
    if job.mode == "reverse":
        return driver.reverse_function(
            fn, wrt, stop=job.stop, unconnected=job.unconnected, name=entry_name(job, fn),
            as_tuple=not single, context=ctx, checkpoint=job.checkpoint, arg_facts=facts,
            numbers=numbers)
    return driver.forward_function(fn, wrt, stop=job.stop, name=entry_name(job, fn),
                                   as_tuple=not single, context=ctx, entry=entry,
                                   arg_facts=facts, numbers=numbers)
