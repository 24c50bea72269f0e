"""The gradient of ``f`` in every pipeline (optimized, verification mode, the unoptimized
reference) against central finite differences: the check of the tests of rewrites."""

import srcdiff as sd
from fd import assert_close, numeric_grad

PIPELINES = ({}, {"verify": True}, {"optimize": False})


def check_pipelines(f, args, wrt):
    """Each pipeline's gradient of ``f`` at ``args`` w.r.t. ``wrt`` (an int or a tuple)
    against central differences (computed once)."""
    wrt = wrt if isinstance(wrt, tuple) else (wrt,)
    want = [numeric_grad(f, args, w) for w in wrt]
    for options in PIPELINES:
        for got, expected in zip(sd.grad(f, wrt=wrt, **options)(*args), want):
            assert_close(got, expected)
