# ruff: noqa: E501, E402, BLE001, W293, E741, F401
"""red30: the code style of real modules: docstrings, annotations, asserts, raises,
print/logging, errstate, keyword-only arguments, nested helpers, constants."""
from __future__ import annotations

import functools
import logging
import math
import warnings

import numpy as np
from harness import Case

log = logging.getLogger("red30")
EPS: float = 1e-8
LAYERS = (3, 4, 2)


def annotated(x: np.ndarray, w: np.ndarray, *, alpha: float = 0.1) -> float:
    """Ridge loss.

    Parameters
    ----------
    x : array, shape (n, d)
        
    w : array, shape (d,)
    """
    assert x.shape[1] == w.shape[0], f"shape mismatch {x.shape} {w.shape}"
    r = x @ w - 1.0
    return float(r @ r + alpha * w @ w)


def with_raise(x, scale=2.0):
    if x.ndim != 1:
        raise ValueError("x must be 1-d")
    if scale <= 0:
        raise ValueError(f"bad scale {scale}")
    return np.sum(np.log1p(np.exp(scale * x)))


def with_print_log(x):
    y = np.tanh(x)
    log.debug("mean %s", y.mean())
    if False:
        print("y", y)
    warnings.warn("deprecated", DeprecationWarning) if x.size > 100 else None
    return np.sum(y ** 2)


def with_errstate(x):
    with np.errstate(divide='ignore', invalid='ignore'):
        r = np.where(x > 0, np.log(np.abs(x) + EPS), 0.0)
    return np.sum(r * x)


def nested_helpers(x, w):
    """Two layers."""
    def act(z):
        """Activation.

        Smooth.
        """
        return z * (1.0 / (1.0 + np.exp(-z)))

    sq = lambda v: v * v  # noqa: E731
    h = act(x @ w)
    return np.sum(sq(h))


@functools.lru_cache(maxsize=None)
def _coeffs(n):
    return tuple(1.0 / (k + 1) for k in range(n))


def cached_constants(x):
    c = np.array(_coeffs(4))
    return np.sum(c * x ** 2)


class Net:
    """A tiny network.

    Holds weights.
    """

    def __init__(self, W1, W2):
        self.W1 = W1
        self.W2 = W2

    @staticmethod
    def act(z):
        """ReLU-ish.

        Softplus.
        """
        return np.logaddexp(0.0, z)

    def forward(self, x: np.ndarray) -> np.ndarray:
        """Forward pass.

        Two layers.
        """
        h = self.act(x @ self.W1)
        return h @ self.W2

    def loss(self, x, y):
        """Mean squared error.
        
        (the blank line above has spaces)
        """
        return np.mean((self.forward(x) - y) ** 2)


NET = Net(np.random.default_rng(0).standard_normal((3, 4)), np.random.default_rng(1).standard_normal((4, 2)))


def method_call(x, y):
    return NET.loss(x, y)


def kwonly_defaults(x, *, p=2, axis=-1, eps=EPS, keep=False):
    n = np.sum(np.abs(x) ** p, axis=axis, keepdims=keep) ** (1.0 / p)
    return np.sum(x / (n[..., None] + eps) if not keep else x / (n + eps))


def layer_sizes_loop(x, ws):
    h = x
    for i, (a, b) in enumerate(zip(LAYERS[:-1], LAYERS[1:])):
        assert ws[i].shape == (a, b)
        h = np.tanh(h @ ws[i])
    return np.sum(h)


def math_consts(x):
    return np.sum(np.exp(-x ** 2 / 2) / math.sqrt(2 * math.pi) + np.pi * x + math.tau * np.cos(x) + np.e ** x)


def varargs(*xs, scale=1.0):
    return scale * sum(np.sum(x ** 2) for x in xs)


CASES = [
    Case(annotated, lambda r: (r.standard_normal((4, 3)), r.standard_normal(3))),
    Case(with_raise, lambda r: (r.standard_normal(4),)),
    Case(with_print_log, lambda r: (r.standard_normal(4),)),
    Case(with_errstate, lambda r: (np.array([0.5, -0.3, 1.2, -2.0]) + r.uniform(-.05, .05, 4),)),
    Case(nested_helpers, lambda r: (r.standard_normal((3, 2)), r.standard_normal((2, 3)))),
    Case(cached_constants, lambda r: (r.standard_normal(4),)),
    Case(method_call, lambda r: (r.standard_normal((5, 3)), r.standard_normal((5, 2)))),
    Case(kwonly_defaults, lambda r: (r.standard_normal((3, 4)),)),
    Case(layer_sizes_loop, lambda r: (r.standard_normal((2, 3)), [r.standard_normal((3, 4)), r.standard_normal((4, 2))]), loops=True),
    Case(math_consts, lambda r: (r.standard_normal(4),)),
    Case(varargs, lambda r: (r.standard_normal(3), r.standard_normal(2))),
]
