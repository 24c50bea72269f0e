"""``sd.grad``'s gradient specialized on the default seed.

A call without ``grad_ys`` (the common one) differentiates the sum of the outputs: every
seed is exactly ones. For real arguments, ``sd.grad`` compiles the gradient with that
seed known (``driver.reverse_function(seed_one=True)``: a float scalar output's seed is the
literal ``1.0``, optimize/seed.py folds the multiplications by +-1.0 it leads to), and
compiles the general gradient (``grad_ys`` a run-time argument, SPEC §1) only on the first
call that passes ``grad_ys``, so the first compile costs what it did.

Every attribute other than ``call`` is the general gradient's: ``sd.source``, the CLI
module, a gradient differentiated again (which passes ``grad_ys``) and ``sd.vjp`` (which
passes a cotangent) see the function of the public contract, ``grad_f(..., grad_ys=None)``;
only the run-time path of ``sd.grad`` without ``grad_ys`` takes the specialized one.

Invariant: for ``grad_ys=None`` both give the same result bit for bit (multiplying a real
float by +-1 is exact in IEEE arithmetic): tests/api/test_seeded.py.
"""

import numpy as np

_REAL_KINDS = frozenset("fiub")


def real_arguments(values):
    """Are ``values`` real numbers, real NumPy arrays, or lists, tuples and dicts of them?
    (Complex values, other libraries' arrays and objects keep the general gradient.)"""
    for v in values:
        t = type(v)
        if t is np.ndarray:
            if v.dtype.kind not in _REAL_KINDS:
                return False
        elif t in (float, int, bool) or isinstance(v, (np.floating, np.integer, np.bool_)):
            continue
        elif t in (list, tuple):
            if not real_arguments(v):
                return False
        elif t is dict:
            if not real_arguments(list(v.values())):
                return False
        else:
            return False
    return True


class Seeded:
    """The gradient for ``grad_ys=None`` (``make_one()``) and the general one
    (``make_general()``), each compiled on first use; ``n``: the parameters before
    ``grad_ys``. (``sd.source`` and the other readers of ``source``, ``fn``... compile the
    general one only; a call without ``grad_ys`` the specialized one only.)"""

    def __init__(self, make_one, make_general, n):
        self._make_one, self._make_general = make_one, make_general
        self._one = self._general = None

        one = [None]  # (its call, once compiled: the common path reads one cell)

        def call(*args, **kwargs):
            if kwargs or len(args) > n and args[n] is not None:
                if kwargs.get("grad_ys", args[n] if len(args) > n else None) is not None:
                    return self.general.call(*args, **kwargs)
            c = one[0]
            if c is None:
                c = one[0] = self.one.call
            return c(*args, **kwargs)

        self.call = call

    @property
    def one(self):
        if self._one is None:
            self._one = self._make_one()
        return self._one

    @property
    def general(self):
        if self._general is None:
            self._general = self._make_general()
        return self._general

    def __getattr__(self, name):  # (source, fn, namespace, writes...: the general gradient)
        if name.startswith("_") or name in ("one", "general", "call"):
            raise AttributeError(name)
        return getattr(self.general, name)

    def __call__(self, *args, **kwargs):
        return self.call(*args, **kwargs)
