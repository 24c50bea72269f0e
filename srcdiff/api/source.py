"""``sd.source``: the generated module's source, in either mode."""

from typing import Any, Optional, Sequence

from srcdiff.api.callables import per_shape
from srcdiff.api.explain import GeneratedSource, explain
from srcdiff.api.higher import JVP
from srcdiff.api.transforms import FirstOrder
from srcdiff.compiler import driver
from srcdiff.types import Function, Names, Wrt


def source(f: Function, wrt: Wrt = 0, mode: str = "reverse", *,
           args: Optional[Sequence[Any]] = None, stop_gradients: Names = (),
           unconnected_gradients: str = "none", optimize: bool = True,
           verify: bool = False, checkpoint=None) -> GeneratedSource:
    """The generated module's source. ``args`` (example arguments) specializes it.

    A ``str``, which renders in Jupyter as the side-by-side view of ``f`` and the
    generated code (:func:`srcdiff.api.explain.explain`)."""
    text = _source(f, wrt, mode, args, stop_gradients, unconnected_gradients, optimize, verify,
                   checkpoint)
    return GeneratedSource(text, lambda: explain(
        f, wrt, args, mode, stop_gradients=stop_gradients,
        unconnected_gradients=unconnected_gradients, optimize=optimize, verify=verify))


def _source(f, wrt, mode, args, stop_gradients, unconnected_gradients, optimize, verify,
            checkpoint=None):
    per = per_shape(f)
    if per is not None:  # *args, **kwargs, keyword-only parameters: lowered for args
        if args is None:
            raise TypeError(f"{per.__name__} takes *args, **kwargs or keyword-only "
                            "parameters, so its generated code depends on how it is called: "
                            "pass args=(...)")
        f, args = per.bind(tuple(args), {})
        wrt = per.wrt_of(f, wrt)
    if mode == "forward":
        return forward_source(f, wrt, args=args, stop_gradients=stop_gradients)
    if mode != "reverse":
        raise ValueError(f"mode must be 'reverse' or 'forward', got {mode!r}")
    t = FirstOrder(f, wrt, stop_gradients, unconnected_gradients, optimize=optimize,
                   verify=verify, checkpoint=checkpoint)
    t.verify = verify  # the source asked for, whatever SRCDIFF_VERIFY says for running code
    if args is None:
        node_src = driver.compile_reverse(t.fn, t.wrt, stop=t.stop, unconnected=t.unconnected,
                                          as_tuple=not t.single, optimize=t.optimize,
                                          verify=t.verify, checkpoint=t.checkpoint)
        return node_src.source
    return t.compiled(t.bind_arguments(tuple(args), {})).source


def forward_source(f: Function, wrt: Wrt = 0, *, args: Optional[Sequence[Any]] = None,
                   stop_gradients: Names = ()) -> str:
    """The source of ``jvp_<f>`` (and of the ``jvp_`` functions of the user functions it
    calls). ``args`` (example arguments) specializes it, as ``sd.jvp`` does when called."""
    transform = JVP(f, wrt, stop_gradients)
    if args is None:
        if transform.target.inner is not None:
            raise TypeError("the forward-mode source of a transform depends on the argument "
                            "values: pass args=(...)")
        return driver.compile_forward(transform.target.fn, transform.wrt,
                                      stop=transform.stop, as_tuple=not transform.single).source
    values = transform.target.bind(tuple(args), {})
    return transform.compiled(values).source
