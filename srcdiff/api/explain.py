"""See the derivative: the user's function and its generated gradient side by side.

``sd.explain(f, wrt, args)`` returns a :class:`View`; ``view.html()`` is one
self-contained page (inline CSS and JavaScript, no network), ``view.save(path)``
writes it atomically, and in Jupyter the view (and the string ``sd.source``
returns, a :class:`GeneratedSource`) renders as that page.

The links between the two panes come from the compiler, not from the
comments in the generated text:

* every statement the generators make carries an origin tag (origin.py):
  the number (``sid``) of the normalized statement it belongs to, in program
  order, and its role (primal copy, save, adjoint, control; ``forward`` in
  forward mode). A statement a pass made without a tag inside a tagged
  ``if``/``for``/``while`` belongs to that statement;
* the generated function keeps the generator that made it
  (``_srcdiff_generator``): its normalized function (``sid`` -> statement ->
  the user's line, which normalization keeps), its analysis (which lines are
  active, and why the others are not), what it saved;
* the printed text is parsed back and walked in parallel with the tree it was
  printed from, which gives each generated statement its printed lines
  (comment statements, which do not parse back, take the next line).

Untagged top-level statements are the function's header (``_stack = []``,
names that start unbound), the seed (what reads ``grad_ys``, between the
primal and the backward sweep) and the result (the ``return``).
"""


from typing import Any, Optional, Sequence

from srcdiff.api import higher
from srcdiff.api import transforms as api
from srcdiff.api.explain_html import View
from srcdiff.api.explain_map import build_view
from srcdiff.api.view_model import GeneratedSource, GenLine, PrimalLine, write_atomic
from srcdiff.compiler import driver
from srcdiff.compiler.analysis.facts import arg_fact
from srcdiff.types import Function, Names, Wrt

__all__ = ["explain", "build_view", "View", "GeneratedSource", "GenLine", "PrimalLine",
           "write_atomic"]


# ---------------------------------------------------------------- compiling


def explain(f: Function, wrt: Wrt = 0, args: Optional[Sequence[Any]] = None,
            mode: str = "reverse", *, stop_gradients: Names = (),
            unconnected_gradients: str = "none", optimize: bool = True,
            verify: bool = False) -> View:
    """The side-by-side view of ``f`` and the code ``sd.source`` gives for the same arguments.

    ``args`` (example arguments) specializes the code as ``sd.source(..., args=...)`` does.
    """
    if mode == "forward":
        functions = _forward_functions(f, wrt, args, stop_gradients)
    elif mode == "reverse":
        functions = _reverse_functions(f, wrt, args, stop_gradients, unconnected_gradients,
                                       optimize, verify)
    else:
        raise ValueError(f"mode must be 'reverse' or 'forward', got {mode!r}")
    with driver.deep_recursion():
        return build_view(functions, mode)


def _reverse_functions(f, wrt, args, stop_gradients, unconnected_gradients, optimize, verify):
    """The generated functions ``sd.source(f, ...)`` prints (callees' adjoints first)."""
    t = api.FirstOrder(f, wrt, stop_gradients, unconnected_gradients, optimize=optimize,
                       verify=verify)
    facts = None
    if args is not None:
        values = t.bind_arguments(tuple(args), {})
        api.check_arguments(t.fn, t.params, values)
        facts = dict(zip(t.params, (arg_fact(v) for v in values)))
    with driver.deep_recursion():
        node, _, ctx = driver.reverse_function(
            t.fn, t.wrt, stop=t.stop, unconnected=t.unconnected, arg_facts=facts,
            as_tuple=not t.single, optimize=t.optimize, verify=verify)
    return ctx.functions + [node]


def _forward_functions(f, wrt, args, stop_gradients):
    transform = higher.JVP(f, wrt, stop_gradients)
    if args is None:
        if transform.target.inner is not None:
            raise TypeError("the forward-mode source of a transform depends on the argument "
                            "values: pass args=(...)")
        fn, facts = transform.target.fn, None
    else:
        values = transform.target.bind(tuple(args), {})
        fn = transform.target.function(values)
        import inspect
        facts = dict(zip(inspect.signature(fn).parameters, higher.argument_facts(values)))
    with driver.deep_recursion():
        node, _, ctx = driver.forward_function(fn, transform.wrt, stop=transform.stop,
                                        arg_facts=facts, as_tuple=not transform.single)
    return ctx.functions + [node]


# ---------------------------------------------------------------- command line
