"""The public transforms: what ``import srcdiff as sd`` offers.

transforms.py   grad, value_and_grad, vjp, source, the decorator, argument checks
higher.py       jvp, hvp, hessian, jacobian; transforms of transforms
forward_source.py  the forward-mode source for ``sd.source(..., mode="forward")``
check.py        check_grads (finite differences)
custom.py       custom_vjp, register_vjp, register_jvp, rules
"""

from srcdiff.api.check import check_grads  # noqa: F401
from srcdiff.api.custom import custom_vjp, register_jvp, register_vjp, rules  # noqa: F401
from srcdiff.api.higher import hessian, hvp, jacobian, jvp  # noqa: F401
from srcdiff.api.transforms import (differentiate, grad, invalidate, source,  # noqa: F401
                                    stop_gradient, value_and_grad, vjp)
