"""srcdiff: source-to-source automatic differentiation for Python and NumPy.

    import srcdiff as sd
    df = sd.grad(f, wrt=0)          # gradient function, as readable generated Python
    print(sd.source(f))             # ... whose source you can read, commit and ship
"""

from . import optimizers  # noqa: F401
from .api import differentiate, grad, source, stop_gradient, value_and_grad, vjp  # noqa: F401
from .clip import clip_by_global_norm, clip_by_norm, clip_by_value, global_norm  # noqa: F401
from .check import check_grads  # noqa: F401
from .custom import custom_vjp, register_jvp, register_vjp, rules  # noqa: F401
from .errors import SrcdiffError  # noqa: F401
from .explain import explain  # noqa: F401
from .higher import hessian, hvp, jacobian, jvp  # noqa: F401

__version__ = "0.1.0"
