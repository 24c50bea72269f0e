"""Array functions written with NumPy's names that run on array-API arrays too
(tests/distributed/test_array_api.py): each construct the allowlist namespace maps,
and functions that use what it refuses. Module-level ``def``s so srcdiff reads them."""

import numpy as np

RNG = np.random.default_rng(19)


def elementwise(x):
    y = np.exp(x) * np.sin(x) + np.log1p(x * x) - np.tanh(x) / (1.0 + np.sqrt(x * x + 1.0))
    return np.sum(y + np.cos(x) ** 2 + np.abs(x) * np.arctan(x) + np.square(np.cosh(x)))


def reductions(m):
    centred = m - np.mean(m, axis=0, keepdims=True)
    return np.sum(centred * m) + np.sum(np.max(m, axis=1)) + np.sum(np.sum(m * m, axis=1) ** 3) \
        + np.min(m) + np.sum(np.mean(m * m, axis=1))


def layer(W, x, b):
    h = np.tanh(W @ x + b)
    return np.sum(h * h) + np.sum(np.transpose(W) @ h)


def branches(x):
    return np.sum(np.where(x > 0.0, x * x, np.where(x > -0.5, x, -0.5))) \
        + np.sum(np.where(x < 0.2, np.sin(x), 0.2))


def broadcasting(m, b, x):
    return np.sum((m + b) ** 2 * x[:, None]) + np.sum(np.broadcast_to(b, m.shape) * m)


def slicing(x, m):
    return np.sum(x[1:] * x[:-1]) + np.sum(m[0, 1:] * m[1, :-1]) + x[2] * m[1, 2] \
        + np.sum(m[:, ::2] ** 2)


def loop(x, a):
    s = a
    for i in range(len(x)):
        s = s * 0.9 + x[i] * np.cos(s)
    return s


def store(x):
    out = np.zeros_like(x)
    out[1:] = x[:-1] * x[1:]
    out[0] = x[0] * 3.0
    return np.sum(out * out)


def shapes(x, m):
    r = np.reshape(m, (6,))
    e = np.expand_dims(x, 0) * np.squeeze(np.expand_dims(m[0, :], (0, 2)))
    c = r[1:4] + x
    s = np.stack([x, x * x])
    o = np.outer(x, x)
    return np.sum(e) + np.sum(c * c) + np.sum(s ** 3) + np.sum(o * m[0, :]) \
        + np.sum(np.swapaxes(np.expand_dims(m, 0), 0, 2) ** 2)


def scalar_and_array(a, x):
    return a * np.sum(x * x) + np.exp(a) * x[0] + np.sum(np.power(x * x + 1.0, a))


def comprehension(xs):
    return np.sum(np.array([np.sin(v) * v for v in xs]))


# ------------------------------------------------------------ refused on array-API arrays


def uses_einsum(x):
    return np.einsum("i,i->", x, x)


def uses_method(x):
    return x.mean() + np.sum(x)


def uses_clip(x):
    return np.sum(np.clip(x, -0.5, 0.5) * x)


def uses_concatenate_gradient(x, y):
    # (axis=None: a display joined along an axis has an adjoint of slices, split_rest,
    # which runs on array-API arrays; flattened, it is split_like's np.cumsum)
    return np.sum(np.concatenate([x, y], axis=None) ** 2)


def uses_maximum(x):
    return np.sum(np.maximum(x, 0.0))


def uses_prod(x):
    return np.prod(x)


def uses_boolean_arithmetic(x):
    return np.sum(x * (x > 0.0))


def uses_index_array(x, k):
    return np.sum(x[k] ** 2)


def uses_dot_3d(t, m):
    return np.sum(np.dot(t, m))


def arrays(*shape):
    return RNG.uniform(-1.0, 1.0, size=shape)


# (function, arguments (NumPy), positions differentiated)
CASES = [
    (elementwise, (arrays(5),), (0,)),
    (reductions, (arrays(3, 4),), (0,)),
    (layer, (arrays(2, 3), arrays(3), arrays(2)), (0, 1, 2)),
    (branches, (arrays(6),), (0,)),
    (broadcasting, (arrays(3, 4), arrays(4), arrays(3)), (0, 1, 2)),
    (slicing, (arrays(5), arrays(2, 3)), (0, 1)),
    (loop, (arrays(4), 0.3), (0, 1)),
    (store, (arrays(5),), (0,)),
    (shapes, (arrays(3), arrays(2, 3)), (0, 1)),
    (scalar_and_array, (0.7, arrays(3)), (0, 1)),
    (comprehension, ([arrays(3), arrays(3)],), (0,)),
]


def vector_output(x, m):
    return np.tanh(m @ x) * 2.0
