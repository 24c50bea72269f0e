"""srcdiff: source-to-source automatic differentiation for Python and NumPy.

    import srcdiff as sd
    df = sd.grad(f, wrt=0)          # gradient function, as readable generated Python
    print(sd.source(f))             # ... whose source you can read, commit and ship

The package is laid out as the pipeline (docs/architecture.md): ``compiler/``
(front end, analyses, reverse and forward generators, optimizer, emitters),
``rules/`` (one derivative rule per primitive), ``runtime.py`` (helpers the
generated code calls), ``api/`` (the transforms below), ``train/`` (optimizers
and clipping), ``cli/`` (the command line).
"""

from srcdiff import optimizers  # noqa: F401
from srcdiff.api import (check_grads, custom_vjp, differentiate, explain, grad,  # noqa: F401
                         hessian, hvp, jacobian, jvp, register_jvp, register_vjp, rules, source,
                         stop_gradient, value_and_grad, vjp)
from srcdiff.errors import SrcdiffError  # noqa: F401
from srcdiff.train.clip import (clip_by_global_norm, clip_by_norm, clip_by_value,  # noqa: F401
                                global_norm)

from srcdiff.version import __version__  # noqa: E402,F401
