"""Second-order products and derivative matrices: ``sd.hvp`` (forward over reverse),
``sd.hessian`` and ``sd.jacobian`` (in either mode), built on higher.py's transforms."""

import functools

import numpy as np

from srcdiff.api import callables
from srcdiff.api import transforms as api
from srcdiff.api.higher import JVP, Target, grad, is_transform, wrt_of
from srcdiff.compiler.emit.execute import copy_arguments
from srcdiff.compiler.front import derivatives
from srcdiff.errors import NotComposable, SrcdiffError
from srcdiff.types import Function, Names, Wrt


class HVP:
    """``hvp(f, wrt)(*args, vector=v) -> H @ v``: the JVP of ``f``'s generated gradient."""

    __srcdiff_derivative__ = True  # (analysis/ops.py)

    def __init__(self, f, wrt=0, stop_gradients=()):
        if is_transform(f):
            raise NotComposable(
                "sd.hvp and sd.hessian take a function, not a transform: they differentiate "
                "the function twice already",
                hint="pass the function itself (sd.hessian(f)); the Jacobian of a gradient "
                     "is sd.jacobian(sd.grad(f))")
        # ``stop_gradients``: the names are constants for both derivatives (the Hessian of
        # ``f`` with their values frozen), so the JVP stops them in the generated gradient
        # too. That gradient is the reference pipeline's, which reads each of them by its
        # name wherever its value is used (no folding, no recomputation under another name:
        # a use that bypassed the name would carry a tangent through the definition)
        stop = stop_gradients
        self.grad = api.grad(f, wrt, stop_gradients=stop, unconnected_gradients="zero",
                             **({"optimize": False} if stop else {}))
        self.jvp = JVP(self.grad, wrt, stop)
        self.single = self.jvp.single
        functools.update_wrapper(self, self.jvp.target.fn, updated=())
        del self.__wrapped__
        derivatives.mark(self, self.jvp.target.sig, {"vector": "_tangents"})  # (api/nested.py)

    def __call__(self, *args, vector=None, **kwargs):
        if vector is None:
            raise TypeError("hvp needs vector=: one vector per wrt argument, shaped like it")
        return self.jvp(*args, tangents=vector, **kwargs)[1]

    def at(self, values, vector):
        """The product for arguments already bound (``self.jvp.target.bind``)."""
        return self.jvp.at(values, vector)[1]


def hvp(f: Function, wrt: Wrt = 0, *, stop_gradients: Names = ()) -> "HVP":
    """Hessian-vector product by forward over reverse; see SPEC §2. ``stop_gradients``:
    variables of ``f`` held constant, as sd.grad's (SPEC §1), in both derivatives."""
    make = functools.partial(_with_stop, HVP, stop_gradients)
    per = callables.transform(f, make, wrt)
    return per if per is not None else HVP(f, wrt, stop_gradients)


def _with_stop(kind, stop_gradients, f, wrt):
    return kind(f, wrt, stop_gradients)


class Hessian:
    """``hessian(f, wrt)(*args)``: ``input.shape + input.shape`` (nested tuples for a tuple wrt)."""

    __srcdiff_derivative__ = True  # (analysis/ops.py)

    def __init__(self, f, wrt=0, stop_gradients=()):
        self.hvp = HVP(f, wrt, stop_gradients)
        self.target = self.hvp.jvp.target
        self.wrt, self.single = self.hvp.jvp.wrt, self.hvp.single
        functools.update_wrapper(self, self.target.fn, updated=())
        del self.__wrapped__

    def __call__(self, *args, **kwargs):
        values = self.target.bind(args, kwargs)
        inputs = _inputs(self.target, values, self.wrt, "hessian")
        # (made before any product: an empty input has no column to fill)
        blocks = [[np.zeros(np.shape(xi) + np.shape(xj), _float(xi, xj)) for xj in inputs]
                  for xi in inputs]
        for j, xj in enumerate(inputs):
            for idx, basis in _basis(xj):
                vector = [np.zeros_like(x, dtype=_float(x)) if np.ndim(x) else 0.0
                          for x in inputs]
                vector[j] = basis
                column = self.hvp.at(values, vector[0] if self.single else tuple(vector))
                column = [column] if self.single else list(column)
                for i in range(len(inputs)):
                    blocks[i][j][(Ellipsis,) + idx] = column[i]
        blocks = [[_scalar(b) for b in row] for row in blocks]
        if self.single:
            return blocks[0][0]
        return tuple(tuple(row) for row in blocks)


def hessian(f: Function, wrt: Wrt = 0, *, stop_gradients: Names = ()) -> "Hessian":
    """The full Hessian, one Hessian-vector product per input element; see SPEC §2.
    ``stop_gradients`` as :func:`hvp`'s."""
    per = callables.transform(f, functools.partial(_with_stop, Hessian, stop_gradients), wrt)
    return per if per is not None else Hessian(f, wrt, stop_gradients)


# ------------------------------------------------------------------ jacobian


class Jacobian:
    """``jacobian(f, wrt, mode)(*args)``: ``output.shape + input.shape`` (JAX's convention).

    A tuple output gives a tuple over outputs; a tuple ``wrt`` a tuple over
    inputs inside that.
    """

    __srcdiff_derivative__ = True  # (analysis/ops.py)

    def __init__(self, f, wrt=0, mode="reverse"):
        if mode not in ("reverse", "forward"):
            raise ValueError(f"mode must be 'reverse' or 'forward', got {mode!r}")
        self.mode = mode
        self.target = Target(f)
        self.wrt, self.single = wrt_of(self.target, wrt)
        if mode == "reverse":
            self.grad = grad(f, wrt, unconnected_gradients="zero")
            # a plain function: one primal sweep, then one backward sweep per output element
            self.vjp = None if self.target.inner is not None \
                else api.vjp(f, wrt, unconnected_gradients="zero")
        else:
            self.jvp = JVP(f, wrt)
        functools.update_wrapper(self, self.target.fn, updated=())
        del self.__wrapped__

    def __call__(self, *args, **kwargs):
        values = self.target.bind(args, kwargs)
        inputs = _inputs(self.target, values, self.wrt, "jacobian")
        if self.mode == "forward":
            blocks = self._forward(values, inputs)
        else:
            blocks = self._reverse(values, inputs)
        out = [_scalar(b[0]) if self.single else tuple(_scalar(x) for x in b) for b in blocks[1]]
        return tuple(out) if blocks[0] else out[0]

    def _forward(self, values, inputs):
        blocks, tuple_out = None, False
        columns_of = [(j, idx, basis) for j, xj in enumerate(inputs) for idx, basis in _basis(xj)]
        # every input empty: one product with zero tangents still gives the outputs' shapes
        for j, idx, basis in columns_of or [(None, None, None)]:
            tangents = [np.zeros_like(x, dtype=_float(x)) if np.ndim(x) else 0.0
                        for x in inputs]
            if j is not None:
                tangents[j] = basis
            value, column = self.jvp.at(values, tangents[0] if self.single
                                        else tuple(tangents))
            outs, tuple_out = _outputs(value)
            columns = list(column) if tuple_out else [column]
            if blocks is None:
                blocks = [[np.zeros(np.shape(o) + np.shape(x), _float(o, x)) for x in inputs]
                          for o in outs]
            if j is not None:
                for m, c in enumerate(columns):
                    blocks[m][j][(Ellipsis,) + idx] = c
        return tuple_out, blocks

    def _reverse(self, values, inputs):
        t = api.transform_of(self.grad)
        if self.vjp is not None and not (getattr(t, "bound_args", ())
                                         or getattr(t, "bound_kwargs", None)):
            value, pullback = self.vjp(*values)
        else:  # (a partial's values are bound already: its vjp would bind them again)
            # the outputs' structure, from a run on copies: f may change its arguments in place
            value = self.target.function(values)(*copy_arguments(values))

            def pullback(cotangent):
                return t.at(values, cotangent)
        outs, tuple_out = _outputs(value)
        blocks = [[np.zeros(np.shape(o) + np.shape(x), _float(o, x)) for x in inputs]
                  for o in outs]
        for m, o in enumerate(outs):
            for idx, basis in _basis(o):
                if tuple_out:
                    grad_ys = tuple(basis if k == m else np.zeros_like(p, dtype=_float(p))
                                    if np.ndim(p) else 0.0 for k, p in enumerate(outs))
                else:
                    grad_ys = basis
                row = pullback(grad_ys)
                row = [row] if self.single else list(row)
                for j, r in enumerate(row):
                    blocks[m][j][idx] = r
        return tuple_out, blocks


def jacobian(f: Function, wrt: Wrt = 0, mode: str = "reverse") -> "Jacobian":
    """The full Jacobian, by reverse (one pass per output element) or forward mode."""
    per = callables.transform(f, lambda g, w: Jacobian(g, w, mode), wrt)
    return per if per is not None else Jacobian(f, wrt, mode)


def _inputs(target, values, wrt, what):
    params = target.params
    api.refuse_array_api(target.fn, values, what)
    out = []
    for w in wrt:
        if w not in params:
            raise SrcdiffError(f"{what} differentiates with respect to arguments; {w!r} is "
                               f"not one of {target.fn.__name__}'s parameters")
        x = values[params.index(w)]
        if isinstance(x, (dict, list, tuple)):
            raise TypeError(f"{what}: the argument {w!r} is a container; pass an array "
                            "(or use sd.jvp/sd.hvp, which accept containers)")
        out.append(x)
    return out


def _scalar(block):
    """A 0-d block (scalar input and output) as a float."""
    return float(block) if np.ndim(block) == 0 else block


def _outputs(value):
    """``(outputs, whether a tuple or list)``; a dict, or a container inside one, is refused
    (its blocks were made with np.shape of a list: a NumPy ValueError, or a TypeError)."""
    if isinstance(value, dict) or isinstance(value, (tuple, list)) and any(
            isinstance(v, (tuple, list, dict)) for v in value):
        raise TypeError("jacobian: the function returns a dict, or a list or tuple with a "
                        "container inside; return an array or a flat tuple of arrays (or use "
                        "sd.vjp / sd.jvp, which take any structure)")
    if isinstance(value, (tuple, list)):
        return list(value), True
    return [value], False


def _float(*values):
    """The float dtype of a block of derivatives of (or with respect to) ``values``: theirs
    (float32 inputs give a float32 Hessian, as their gradients are float32), float64 for
    integers and Python numbers."""
    return np.result_type(*(v.dtype if isinstance(v, np.ndarray | np.generic) and np.issubdtype(
        v.dtype, np.floating) else np.float64 for v in values))


def _basis(x):
    """``(index, e_index)`` for every element of ``x`` (a float basis shaped like ``x``)."""
    shape = np.shape(x)
    for idx in np.ndindex(*shape):
        e = np.zeros(shape, _float(x))
        e[idx] = 1.0
        yield idx, (e if shape else 1.0)
