# ruff: noqa: E501, E402, BLE001, W293, E741, F401
"""red30: classes as ML code writes them, documented (docstrings), with keyword-only
options and None defaults, called through module-level instances."""
from dataclasses import dataclass, field

import numpy as np
from harness import Case


class Layer:
    """A dense layer.

    Attributes
    ----------
    W, b : arrays
    """

    scale = 1.0

    def __init__(self, W, b, act="tanh"):
        self.W = W
        self.b = b
        self.act = act

    @property
    def n_out(self):
        """Output width."""
        return self.W.shape[1]

    def pre(self, x):
        """Pre-activation.

        x @ W + b
        """
        return x @ self.W + self.b

    def __call__(self, x, *, mask=None):
        """Apply the layer.

        Parameters
        ----------
        mask : array or None
        """
        h = self.pre(x) * self.scale
        h = np.tanh(h) if self.act == "tanh" else np.maximum(h, 0.0)
        if mask is not None:
            h = h * mask
        return h


class Residual(Layer):
    """A residual layer (calls the parent's method through self)."""

    def __call__(self, x, *, mask=None):
        """x + layer(x)."""
        return x + np.tanh(self.pre(x))


@dataclass
class Config:
    """Training options."""
    l2: float = 0.01
    widths: tuple = (3, 3)
    extra: dict = field(default_factory=dict)


CFG = Config()
L1 = Layer(np.random.default_rng(0).standard_normal((3, 3)) * 0.5, np.zeros(3))
L2 = Residual(np.random.default_rng(1).standard_normal((3, 3)) * 0.5, np.zeros(3))


def net_loss(x, y, mask=None, *, l2=None):
    """Two layers, squared error, optional L2.

    The blank line above has no spaces; this one below has four.
    
    """
    h = L2(L1(x, mask=mask))
    lam = CFG.l2 if l2 is None else l2
    return np.mean((h - y) ** 2) + lam * (np.sum(L1.W ** 2) + np.sum(x ** 2)) + 0.0 * L1.n_out


def net_loss_mask(x, y):
    return net_loss(x, y, mask=np.array([1.0, 0.0, 1.0]), l2=0.1)


class Model:
    """Holds layers in a list."""

    def __init__(self, layers):
        self.layers = layers

    def forward(self, x):
        """Run every layer.

        In order.
        """
        for layer in self.layers:
            x = layer(x)
        return x

    @staticmethod
    def loss_fn(out, y):
        """MSE."""
        return np.mean((out - y) ** 2)

    @classmethod
    def describe(cls):
        return cls.__name__


MODEL = Model([L1, L2])


def model_loss(x, y):
    return Model.loss_fn(MODEL.forward(x), y)


CASES = [
    Case(net_loss, lambda r: (r.standard_normal((4, 3)), r.standard_normal((4, 3))), wrt=(0, 1)),
    Case(net_loss_mask, lambda r: (r.standard_normal((4, 3)), r.standard_normal((4, 3)))),
    Case(model_loss, lambda r: (r.standard_normal((4, 3)), r.standard_normal((4, 3))), loops=True),
    Case(MODEL.forward, lambda r: (r.standard_normal((2, 3)),), loops=True),
    Case(L1.__call__, lambda r: (r.standard_normal((2, 3)),)),
]
