"""Reverse rules for NumPy and Python's operators.

Notation (autograd's): ``g`` is the gradient of the output, ``ans`` the output,
``x, y`` the inputs. Every rule returns one gradient per required positional
argument, already summed back to that argument's shape (``unbroadcast``).

Ties and kinks, chosen so gradients are finite wherever the function is:
``abs`` at 0 gives 0 (``sign``); ``maximum``/``minimum`` at ties split the
gradient equally; ``max``/``min`` reductions share it equally among tied
elements; ``clip`` passes the gradient at the bounds (inclusive); ``sqrt`` at 0
gives ``inf`` as the derivative does.
"""

import operator

import numpy as np

from ..runtime import is_constant, reduce_mask, unbroadcast, unreduce
from . import DEFAULT as R

# ------------------------------------------------------------------ arithmetic


@R.vjp(operator.add, np.add)
def add(g, ans, x, y):
    return unbroadcast(g, x), unbroadcast(g, y)


@R.vjp(operator.sub, np.subtract)
def subtract(g, ans, x, y):
    return unbroadcast(g, x), unbroadcast(-g, y)


@R.vjp(operator.mul, np.multiply)
def multiply(g, ans, x, y):
    return unbroadcast(g * y, x), unbroadcast(x * g, y)


@R.vjp(operator.truediv, np.divide, np.true_divide)
def divide(g, ans, x, y):
    return unbroadcast(g / y, x), unbroadcast(-g * ans / y, y)


@R.vjp(operator.neg, np.negative)
def negative(g, ans, x):
    return -g


@R.vjp(operator.pos, np.positive)
def positive(g, ans, x):
    return g


@R.vjp(operator.pow, np.power)
def power(g, ans, x, y):
    if is_constant(y) and y == 2:
        return g * 2.0 * x, None
    if is_constant(y) and y != 0:
        return g * y * x ** (y - 1), None
    return (unbroadcast(g * y * x ** np.where(y, y - 1, 1.0), x),
            unbroadcast(g * ans * np.log(np.where(x > 0, x, 1.0)), y))


@R.vjp(np.square)
def square(g, ans, x):
    return g * 2.0 * x


@R.vjp(np.sqrt)
def sqrt(g, ans, x):
    return g * 0.5 / ans


@R.vjp(operator.matmul, np.matmul)
def matmul(g, ans, x, y):
    if np.ndim(x) == 2 and np.ndim(y) == 2:
        return g @ y.T, x.T @ g
    if np.ndim(x) == 2 and np.ndim(y) == 1:
        return np.outer(g, y), x.T @ g
    if np.ndim(x) == 1 and np.ndim(y) == 2:
        return y @ g, np.outer(x, g)
    if np.ndim(x) == 1 and np.ndim(y) == 1:
        return g * y, g * x
    return matmul_lhs(g, x, y), matmul_rhs(g, x, y)


def matmul_lhs(g, x, y):
    """The gradient of ``x @ y`` for ``x``, for every rank matmul accepts."""
    if np.ndim(x) == 1 and np.ndim(y) == 1:
        return g * y
    if np.ndim(y) == 1:
        return unbroadcast(np.expand_dims(g, -1) * y, x)
    if np.ndim(x) == 1:
        return unbroadcast(np.sum(y * np.expand_dims(g, -2), -1), x)
    return unbroadcast(g @ np.swapaxes(y, -1, -2), x)


def matmul_rhs(g, x, y):
    """The gradient of ``x @ y`` for ``y``, for every rank matmul accepts."""
    if np.ndim(x) == 1 and np.ndim(y) == 1:
        return g * x
    if np.ndim(x) == 1:
        return unbroadcast(np.expand_dims(x, -1) * np.expand_dims(g, -2), y)
    if np.ndim(y) == 1:
        return unbroadcast(np.sum(x * np.expand_dims(g, -1), -2), y)
    return unbroadcast(np.swapaxes(x, -1, -2) @ g, y)


@R.vjp(np.dot)
def dot(g, ans, a, b):
    if np.ndim(a) == 2 and np.ndim(b) == 2:
        return g @ b.T, a.T @ g
    if np.ndim(a) == 1 and np.ndim(b) == 1:
        return g * b, g * a
    return dot_lhs(g, a, b), dot_rhs(g, a, b)


def dot_lhs(g, a, b):
    """The gradient of ``np.dot(a, b)`` for ``a``."""
    if np.ndim(b) == 0:
        return unbroadcast(g * b, a)
    if np.ndim(a) == 0:
        return np.sum(g * b)
    if np.ndim(b) == 1:
        return np.multiply.outer(g, b)
    # g has axes a.shape[:-1] + b.shape[:-2] + b.shape[-1:]
    nb = np.ndim(b)
    g_axes = list(range(np.ndim(a) - 1, np.ndim(g)))
    b_axes = [i for i in range(nb) if i != nb - 2]
    return np.tensordot(g, b, axes=(g_axes, b_axes))


def dot_rhs(g, a, b):
    """The gradient of ``np.dot(a, b)`` for ``b``."""
    if np.ndim(a) == 0:
        return unbroadcast(g * a, b)
    if np.ndim(b) == 0:
        return np.sum(g * a)
    na = np.ndim(a)
    lead = list(range(na - 1))
    gb = np.tensordot(a, g, axes=(lead, lead))  # a.shape[-1:] + b.shape[:-2] + b.shape[-1:]
    if np.ndim(b) == 1:
        return gb
    return np.moveaxis(gb, 0, -2)


# ----------------------------------------------------------- unary elementwise


@R.vjp(np.exp)
def exp(g, ans, x):
    return g * ans


@R.vjp(np.expm1)
def expm1(g, ans, x):
    return g * (ans + 1.0)


@R.vjp(np.log)
def log(g, ans, x):
    return g / x


@R.vjp(np.log1p)
def log1p(g, ans, x):
    return g / (1.0 + x)


@R.vjp(np.sin)
def sin(g, ans, x):
    return g * np.cos(x)


@R.vjp(np.cos)
def cos(g, ans, x):
    return -g * np.sin(x)


@R.vjp(np.tan)
def tan(g, ans, x):
    return g * (1.0 + ans * ans)


@R.vjp(np.tanh)
def tanh(g, ans, x):
    return g * (1.0 - ans * ans)


@R.vjp(np.sinh)
def sinh(g, ans, x):
    return g * np.cosh(x)


@R.vjp(np.cosh)
def cosh(g, ans, x):
    return g * np.sinh(x)


@R.vjp(np.arcsin)
def arcsin(g, ans, x):
    return g / np.sqrt(1.0 - x * x)


@R.vjp(np.arccos)
def arccos(g, ans, x):
    return -g / np.sqrt(1.0 - x * x)


@R.vjp(np.arctan)
def arctan(g, ans, x):
    return g / (1.0 + x * x)


@R.vjp(np.abs, np.absolute, abs, operator.abs)
def absolute(g, ans, x):
    return g * np.sign(x)


# --------------------------------------------------------- binary selections


@R.vjp(np.maximum)
def maximum(g, ans, x, y):
    return (unbroadcast(g * ((x > y) + 0.5 * (x == y)), x),
            unbroadcast(g * ((y > x) + 0.5 * (x == y)), y))


@R.vjp(np.minimum)
def minimum(g, ans, x, y):
    return (unbroadcast(g * ((x < y) + 0.5 * (x == y)), x),
            unbroadcast(g * ((y < x) + 0.5 * (x == y)), y))


@R.vjp(np.where)
def where(g, ans, condition, x, y):
    return None, unbroadcast(np.where(condition, g, 0.0), x), unbroadcast(np.where(condition, 0.0, g), y)


@R.vjp(np.clip)
def clip(g, ans, a, a_min=None, a_max=None):
    if a_min is None:
        return g * (a <= a_max)
    if a_max is None:
        return g * (a >= a_min)
    return g * ((a >= a_min) & (a <= a_max))


# ---------------------------------------------------------------- reductions


@R.vjp(np.sum, sum)
def sum_(g, ans, a, axis=None, dtype=None, out=None, keepdims=False):
    if axis is None:
        return np.broadcast_to(g, np.shape(a))
    return unreduce(g, a, axis, keepdims)


@R.vjp(np.mean)
def mean(g, ans, a, axis=None, dtype=None, out=None, keepdims=False):
    if axis is None:
        return np.broadcast_to(g / np.size(a), np.shape(a))
    return unreduce(g, a, axis, keepdims) * (np.size(ans) / np.size(a))


@R.vjp(np.max, np.amax)
def max_(g, ans, a, axis=None, out=None, keepdims=False):
    return unreduce(g, a, axis, keepdims) * reduce_mask(a, ans, axis, keepdims)


@R.vjp(np.min, np.amin)
def min_(g, ans, a, axis=None, out=None, keepdims=False):
    return unreduce(g, a, axis, keepdims) * reduce_mask(a, ans, axis, keepdims)


@R.vjp(np.prod)
def prod(g, ans, a, axis=None, dtype=None, out=None, keepdims=False):
    return prod_grad(g, ans, a, axis, keepdims)


def prod_grad(g, ans, a, axis=None, keepdims=False):
    """Gradient of a product, exact where ``a`` has zeros (no division by zero)."""
    a = np.asarray(a)
    ax = tuple(range(a.ndim)) if axis is None else (axis if isinstance(axis, tuple) else (axis,))
    ax = tuple(i % a.ndim for i in ax)
    keep = [i for i in range(a.ndim) if i not in ax]
    moved = np.transpose(a, keep + list(ax)).reshape([a.shape[i] for i in keep] + [-1])
    left = np.cumprod(np.concatenate([np.ones(moved.shape[:-1] + (1,)), moved[..., :-1]], -1), -1)
    right = np.cumprod(np.concatenate([np.ones(moved.shape[:-1] + (1,)), moved[..., :0:-1]], -1),
                       -1)[..., ::-1]
    others = (left * right).reshape([a.shape[i] for i in keep] + [a.shape[i] for i in ax])
    others = np.transpose(others, np.argsort(keep + list(ax)))
    return unreduce(g, a, axis, keepdims) * others


# ------------------------------------------------------------- shape changes


@R.vjp(np.transpose)
def transpose(g, ans, a, axes=None):
    return np.transpose(g, None if axes is None else np.argsort(axes))


@R.vjp(np.reshape)
def reshape(g, ans, a, *shape, **kwargs):
    return np.reshape(g, np.shape(a))


@R.vjp(np.ravel)
def ravel(g, ans, a, order="C"):
    return np.reshape(g, np.shape(a))


@R.vjp(np.expand_dims)
def expand_dims(g, ans, a, axis):
    return np.reshape(g, np.shape(a))


@R.vjp(np.squeeze)
def squeeze(g, ans, a, axis=None):
    return np.reshape(g, np.shape(a))


@R.vjp(np.broadcast_to)
def broadcast_to(g, ans, array, shape):
    return unbroadcast(g, array)


@R.vjp(np.atleast_1d, np.atleast_2d, np.atleast_3d)
def atleast_nd(g, ans, ary):
    return np.reshape(g, np.shape(ary))


@R.vjp(np.concatenate)
def concatenate(g, ans, arrays, axis=0):
    return split_like(g, arrays, axis)


def split_like(g, arrays, axis=0):
    """Cut ``g`` into pieces shaped like ``arrays`` along ``axis`` (concatenate's adjoint)."""
    if axis is None:
        sizes = np.cumsum([np.size(a) for a in arrays])[:-1]
        return [np.reshape(p, np.shape(a)) for p, a in zip(np.split(g, sizes), arrays)]
    sizes = np.cumsum([np.shape(a)[axis] for a in arrays])[:-1]
    return list(np.split(g, sizes, axis=axis))


@R.vjp(np.stack)
def stack(g, ans, arrays, axis=0):
    return [np.take(g, i, axis=axis) for i in range(len(arrays))]


@R.vjp(np.array, np.asarray)
def array(g, ans, object, dtype=None):
    return unstack_like(g, object)


def unstack_like(g, obj):
    """The gradient of ``np.array(obj)`` for a (nested) list or an array ``obj``."""
    if isinstance(obj, (list, tuple)):
        return [unstack_like(g[i], o) for i, o in enumerate(obj)]
    return g


@R.vjp(np.copy)
def copy(g, ans, a):
    return g


@R.vjp(float)
def float_(g, ans, x=0.0):
    return g


# ------------------------------------------------------------ methods, views

for _method, _prim in [("sum", np.sum), ("mean", np.mean), ("max", np.max), ("min", np.min),
                       ("prod", np.prod), ("dot", np.dot), ("reshape", np.reshape),
                       ("transpose", np.transpose), ("ravel", np.ravel), ("squeeze", np.squeeze),
                       ("copy", np.copy), ("clip", np.clip), ("flatten", np.ravel),
                       ("argmax", np.argmax), ("argmin", np.argmin), ("any", np.any),
                       ("all", np.all), ("astype", "astype")]:
    R.method(_method, _prim)

R.view(np.reshape, np.transpose, np.ravel, np.squeeze, np.expand_dims, np.broadcast_to,
       np.atleast_1d, np.atleast_2d, np.atleast_3d, np.asarray)

# ------------------------------------------------------------------ constants
R.nondiff(
    np.zeros_like, np.ones_like, np.empty_like, np.full_like, np.zeros, np.ones, np.empty,
    np.full, np.eye, np.identity, np.arange, np.linspace, np.shape, np.ndim, np.size,
    np.argmax, np.argmin, np.argsort, np.sign, np.floor, np.ceil, np.round, np.rint, np.trunc,
    np.isfinite, np.isnan, np.isinf, np.equal, np.not_equal, np.greater, np.greater_equal,
    np.less, np.less_equal, np.logical_and, np.logical_or, np.logical_not, np.logical_xor,
    np.any, np.all, np.nonzero, np.count_nonzero, np.result_type, np.iscomplexobj,
    np.random.default_rng, len, range, int, bool, isinstance, round, operator.eq,
    operator.ne, operator.lt, operator.le, operator.gt, operator.ge, operator.not_,
    operator.floordiv, operator.and_, operator.or_, operator.xor,
    operator.invert, operator.lshift, operator.rshift, operator.is_, operator.is_not,
    operator.contains, np.floor_divide,
)
