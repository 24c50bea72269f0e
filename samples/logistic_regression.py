"""Logistic regression with TensorFlow's compute / clip / apply loop, on NumPy.

    python samples/logistic_regression.py

The gradients come from srcdiff; they are clipped by their global norm
(sd.clip_by_global_norm) before Momentum applies them, as one writes it with
tf.compat.v1.train optimizers.
"""

import numpy as np

import srcdiff as sd


def loss(params, x, y):
    """Mean log-loss of a linear classifier plus a small L2 penalty; ``y`` in {0, 1}."""
    z = x @ params["w"] + params["b"]
    # log(1 + exp(z)) - y z, computed without overflow
    log_loss = np.maximum(z, 0.0) + np.log1p(np.exp(-np.abs(z))) - y * z
    return np.mean(log_loss) + 1e-3 * np.sum(params["w"] * params["w"])


def make_data(n=500, d=10, seed=0):
    rng = np.random.default_rng(seed)
    true_w = rng.normal(size=d)
    x = rng.normal(size=(n, d))
    y = (x @ true_w + 0.5 * rng.normal(size=n) > 0).astype(float)
    return x, y


SRCDIFF_TARGETS = {"loss": "params"}
SRCDIFF_EXAMPLES = {"loss": lambda: ({"w": 0.1 * np.ones(3), "b": np.zeros(1)}, *make_data(n=6, d=3))}  # noqa: E501


def train(steps=200, report=20, clip=1.0):
    x, y = make_data()
    params = {"w": np.zeros(x.shape[1]), "b": np.zeros(1)}
    opt = sd.optimizers.Momentum(learning_rate=0.5, momentum=0.9)
    curve = []
    for step in range(steps + 1):
        grads_and_vars = opt.compute_gradients(loss, params, x, y)
        grads, variables = zip(*grads_and_vars)
        clipped, norm = sd.clip_by_global_norm(list(grads), clip)
        opt.apply_gradients(list(zip(clipped, variables)))
        if step % report == 0:
            curve.append((step, loss(params, x, y), norm))
    accuracy = np.mean(((x @ params["w"] + params["b"]) > 0) == (y > 0.5))
    return curve, accuracy


if __name__ == "__main__":
    curve, accuracy = train()
    top = curve[0][1]
    for step, value, norm in curve:
        print(f"  step {step:4d}  loss {value:.4f}  grad norm {norm:.3f}  "
              + "#" * max(1, int(40 * value / top)))
    print(f"  training accuracy: {accuracy:.1%}")
