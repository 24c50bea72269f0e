"""``sd.source(f, wrt, mode="forward")``: the generated forward-mode module's source."""

from srcdiff.compiler.forward.tangent import compile_forward


def source(f, wrt=0, *, args=None, stop_gradients=()):
    """The source of ``jvp_<f>`` (and of the ``jvp_`` functions of the user functions it
    calls). ``args`` (example arguments) specializes it, as ``sd.jvp`` does when called."""
    from srcdiff.api.higher import JVP

    transform = JVP(f, wrt, stop_gradients)
    if args is None:
        if transform.target.inner is not None:
            raise TypeError("the forward-mode source of a transform depends on the argument "
                            "values: pass args=(...)")
        return compile_forward(transform.target.fn, transform.wrt,
                               stop=transform.stop, as_tuple=not transform.single).source
    values = transform.target.bind(tuple(args), {})
    return transform.compiled(values).source
