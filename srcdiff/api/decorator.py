"""``@sd.differentiate``: a function that carries its own derivatives."""

import functools
import types
from typing import Optional

from srcdiff.api.higher import grad, value_and_grad
from srcdiff.api.source import source
from srcdiff.api.transforms import vjp
from srcdiff.types import Function, Names, Wrt


class Differentiable:
    """What ``@sd.differentiate`` returns: the function, plus its derivatives."""

    def __init__(self, fn, wrt=0, stop_gradients=(), unconnected_gradients="none",
                 checkpoint=None, backend="numpy"):
        functools.update_wrapper(self, fn)
        self.fn = fn
        self._backend = backend
        self.__srcdiff_function__ = fn  # a call of this object is a call of fn (analysis/ops.py)
        self._opts = dict(wrt=wrt, stop_gradients=stop_gradients,
                          unconnected_gradients=unconnected_gradients,
                          checkpoint=checkpoint)
        self.grad = grad(fn, **self._opts, backend=backend)
        self.value_and_grad = value_and_grad(fn, **self._opts, backend=backend)

    def __call__(self, *args, **kwargs):
        return self.fn(*args, **kwargs)

    def __get__(self, obj, objtype=None):
        """A decorated method, read from an instance: the derivatives of the bound method
        (``wrt`` counts the parameters after ``self``, as ``sd.grad(obj.method)`` does)."""
        if obj is None:
            return self
        bound = Differentiable(types.MethodType(self.fn, obj), backend=self._backend,
                               **self._opts)
        name = getattr(self, "_attribute", None)
        if name is not None and isinstance(getattr(obj, "__dict__", None), dict):
            obj.__dict__[name] = bound  # made once per instance (as functools.cached_property)
        return bound

    def __set_name__(self, owner, name):
        self._attribute = name

    @property
    def source(self):
        return source(self.fn, self._opts["wrt"], stop_gradients=self._opts["stop_gradients"],
                      unconnected_gradients=self._opts["unconnected_gradients"],
                      checkpoint=self._opts["checkpoint"])

    def vjp(self, *args, **kwargs):
        return vjp(self.fn, **self._opts)(*args, **kwargs)


def differentiate(fn: Optional[Function] = None, *, wrt: Wrt = 0, stop_gradients: Names = (),
                  unconnected_gradients: str = "none", checkpoint=None, backend: str = "numpy"):
    """Decorator: ``@sd.differentiate`` or ``@sd.differentiate(wrt=("w", "b"))``;
    ``checkpoint=`` and ``backend=`` as in :func:`srcdiff.grad` (``backend`` applies to
    ``.grad`` and ``.value_and_grad``)."""
    if fn is None:
        return lambda f: Differentiable(f, wrt, stop_gradients, unconnected_gradients,
                                        checkpoint, backend)
    return Differentiable(fn, wrt, stop_gradients, unconnected_gradients, checkpoint, backend)
