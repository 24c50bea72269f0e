"""(a) 784-256-10 tanh MLP, softmax cross-entropy, batch 64."""

import numpy as np

from . import _peers

WRT = (0, 1, 2, 3)          # W1, b1, W2, b2
B, D, H, C = 64, 784, 256, 10


def make_inputs(rng):
    W1 = rng.standard_normal((D, H)) / np.sqrt(D)
    b1 = 0.1 * rng.standard_normal(H)
    W2 = rng.standard_normal((H, C)) / np.sqrt(H)
    b2 = 0.1 * rng.standard_normal(C)
    X = rng.standard_normal((B, D))
    Y = np.zeros((B, C))
    Y[np.arange(B), rng.integers(0, C, size=B)] = 1.0
    return W1, b1, W2, b2, X, Y


def primal(W1, b1, W2, b2, X, Y):
    h = np.tanh(X @ W1 + b1)
    logits = h @ W2 + b2
    m = np.max(logits, axis=1, keepdims=True)
    z = logits - m
    lse = np.log(np.sum(np.exp(z), axis=1, keepdims=True))
    logp = z - lse
    return -np.mean(np.sum(Y * logp, axis=1))


def hand_grad(W1, b1, W2, b2, X, Y):
    h = np.tanh(X @ W1 + b1)
    logits = h @ W2 + b2
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=1, keepdims=True)
    # d loss / d logits = (softmax - Y) / B   (rows of Y sum to one)
    dlogits = (p - Y) / X.shape[0]
    gW2 = h.T @ dlogits
    gb2 = dlogits.sum(axis=0)
    dpre = (dlogits @ W2.T) * (1.0 - h * h)
    gW1 = X.T @ dpre
    gb1 = dpre.sum(axis=0)
    return gW1, gb1, gW2, gb2


# ----------------------------------------------------------------- peers
def _generic_loss(xp, W1, b1, W2, b2, X, Y):
    h = xp.tanh(X @ W1 + b1)
    logits = h @ W2 + b2
    m = xp.max(logits, axis=1, keepdims=True)
    z = logits - m
    lse = xp.log(xp.sum(xp.exp(z), axis=1, keepdims=True))
    return -xp.mean(xp.sum(Y * (z - lse), axis=1))


autograd_grad, jax_eager_grad, jax_jit_grad = _peers.array_peers(_generic_loss, WRT)


def torch_grad(W1, b1, W2, b2, X, Y):
    torch = _peers.torch_module()
    params = [_peers.torch_leaf(torch, p) for p in (W1, b1, W2, b2)]
    X = torch.as_tensor(X)
    Y = torch.as_tensor(Y)
    W1, b1, W2, b2 = params
    h = torch.tanh(X @ W1 + b1)
    logits = h @ W2 + b2
    z = logits - logits.max(dim=1, keepdim=True).values
    lse = torch.log(torch.exp(z).sum(dim=1, keepdim=True))
    loss = -(Y * (z - lse)).sum(dim=1).mean()
    loss.backward()
    return _peers.to_numpy_tuple(p.grad for p in params)
