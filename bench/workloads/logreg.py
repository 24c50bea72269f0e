"""(b) logistic regression, 1000 samples x 100 features, mean log-loss."""

import numpy as np

from . import _peers

WRT = (0, 1)                # w, b
N, D = 1000, 100


def make_inputs(rng):
    X = rng.standard_normal((N, D))
    w_true = rng.standard_normal(D) / np.sqrt(D)
    y = (rng.random(N) < 1.0 / (1.0 + np.exp(-(X @ w_true)))).astype(np.float64)
    w = 0.1 * rng.standard_normal(D)
    b = 0.05
    return w, b, X, y


def primal(w, b, X, y):
    # log(1 + exp(z)) - y z  ==  -[y log s + (1-y) log(1-s)],  s = sigmoid(z)
    z = X @ w + b
    return np.mean(np.log1p(np.exp(z)) - y * z)


def hand_grad(w, b, X, y):
    z = X @ w + b
    gz = (1.0 / (1.0 + np.exp(-z)) - y) / X.shape[0]
    return X.T @ gz, np.sum(gz)


# ----------------------------------------------------------------- peers
def _generic_loss(xp, w, b, X, y):
    z = X @ w + b
    return xp.mean(xp.log1p(xp.exp(z)) - y * z)


autograd_grad, jax_eager_grad, jax_jit_grad = _peers.array_peers(_generic_loss, WRT)


def torch_grad(w, b, X, y):
    torch = _peers.torch_module()
    w = _peers.torch_leaf(torch, w)
    b = _peers.torch_leaf(torch, b)
    X = torch.as_tensor(X)
    y = torch.as_tensor(y)
    z = X @ w + b
    loss = (torch.log1p(torch.exp(z)) - y * z).mean()
    loss.backward()
    return _peers.to_numpy_tuple((w.grad, b.grad))
