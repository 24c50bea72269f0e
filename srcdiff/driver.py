"""The compiler's driver: one function per transform, reading top to bottom.

    parse -> normalize -> analyze -> reverse -> optimize -> emit
"""

import numpy as np

from . import emit, optimize
from .activity import ARRAY, CONTAINER, INT, analyze
from .errors import SrcdiffError
from .normalize import normalize
from .ops import is_user_function
from .parse import parse_function
from .reverse import Reverse, ReverseOptions
from .rules import DEFAULT

RESERVED = set(emit.RUNTIME_HELPERS) | {"np", "grad_ys", "_stack", "tangents"}


class Compiled:
    """A generated module: its source, its namespace and its entry point."""

    def __init__(self, source, namespace, entry):
        self.source = source
        self.namespace = namespace
        self.entry = entry
        self.fn = namespace[entry]

    def __call__(self, *args, **kwargs):
        return self.fn(*args, **kwargs)


def arg_fact(value):
    """(kind, rank) of an argument value: what specialization may rely on."""
    if isinstance(value, (bool, int, np.integer, np.bool_)):
        return INT, 0
    if isinstance(value, (float, complex, np.floating, np.complexfloating)):
        return ARRAY, 0
    if isinstance(value, np.ndarray):
        if np.issubdtype(value.dtype, np.inexact):
            return ARRAY, value.ndim
        return INT, value.ndim
    if isinstance(value, (list, tuple, dict)):
        return CONTAINER, None
    return None, None


class Context:
    """What one compilation shares: the rule registry and the helpers generated so far."""

    def __init__(self, registry=None):
        self.registry = registry or DEFAULT
        self.helpers = {}  # name -> object, for the namespace
        self.functions = []  # extra generated functions (adjoints of called user functions)
        self.adjoints = {}  # (function, wrt) -> generated name


def reverse_function(fn, wrt, *, stop=(), unconnected="none", return_value=False,
                     arg_facts=None, name=None, as_tuple=False, context=None,
                     zero_gradients=False):
    """Compile the reverse-mode gradient of ``fn``; return (gast FunctionDef, parsed, context)."""
    ctx = context or Context()
    parsed = parse_function(fn)
    _check_reserved_names(parsed)
    anf, names = normalize(parsed, RESERVED)
    params = [a.id for a in anf.args.args]
    arg_facts = arg_facts or {}
    seeds = [w for w in wrt if arg_facts.get(w, (None,))[0] != INT]
    analysis = analyze(anf, parsed, ctx.registry, is_user_function, seeds, stop, arg_facts)
    options = ReverseOptions(wrt, stop=stop, unconnected=unconnected, return_value=return_value,
                             name=name, zero_gradients=zero_gradients)
    options.as_tuple = as_tuple
    from .calls import adjoint_of_call

    rev = Reverse(anf, analysis, parsed, names, options, adjoint_of_call)
    rev.context = ctx
    out = rev.run()
    ctx.helpers.update(rev.helpers)
    out = optimize.optimize(out)
    return out, parsed, ctx


def compile_reverse(fn, wrt, **options):
    """Compile and load; return a :class:`Compiled` whose entry is the gradient function."""
    node, parsed, ctx = reverse_function(fn, wrt, **options)
    source = emit.module_source(ctx.functions + [node])
    ns = emit.load(source, emit.base_namespace(parsed.namespace, ctx.helpers), node.name)
    return Compiled(source, ns, node.name)


def _check_reserved_names(parsed):
    import gast

    for n in gast.walk(parsed.node):
        if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Store) and n.id in RESERVED:
            raise parsed.error(n, f"the name {n.id!r} is reserved for srcdiff's generated code",
                               hint=f"rename the variable {n.id!r}")
    user_np = parsed.namespace.get("np", np)
    if user_np is not np:
        raise SrcdiffError(f"{parsed.name!r} lives in a module where `np` is not numpy; "
                           "srcdiff's generated code uses `np` for numpy",
                           hint="import numpy as np in that module")
