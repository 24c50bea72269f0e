"""The public transforms: what ``import srcdiff as sd`` offers.

transforms.py  first-order reverse mode on plain functions: grad, value_and_grad, vjp;
               argument checks; the compile cache
higher.py      sd.grad / sd.value_and_grad / sd.vjp (also of transforms), jvp
matrices.py    hvp, hessian, jacobian
nested.py      calls of sd.grad(g) inside a differentiated function (nested derivatives)
source.py      sd.source, in either mode
decorator.py   @sd.differentiate
explain.py     sd.explain: the side-by-side view of a function and its derivative
               (explain_html.py renders it)
check.py       check_grads (finite differences)
custom.py      custom_vjp, register_vjp, register_jvp, rules
backends.py    backend="numba" (compiled gradients), and sd.vjp of a plain function
"""

from srcdiff.api.check import check_grads  # noqa: F401
from srcdiff.api.custom import custom_vjp, register_jvp, register_vjp, rules  # noqa: F401
from srcdiff.api.decorator import differentiate  # noqa: F401
from srcdiff.api.explain import explain  # noqa: F401
from srcdiff.api.higher import grad, invalidate, jvp, value_and_grad, vjp  # noqa: F401
from srcdiff.api.matrices import hessian, hvp, jacobian  # noqa: F401
from srcdiff.api.nested import generated_function as _nested  # noqa: F401 (registers it)
from srcdiff.api.source import source  # noqa: F401
from srcdiff.api.transforms import stop_gradient  # noqa: F401
