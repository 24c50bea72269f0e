"""A two-layer tanh network with softmax cross-entropy, trained on two spirals.

    python samples/mlp.py        # trains and prints the loss curve

The loss is ordinary NumPy; srcdiff writes its gradient as Python source.
"""

import numpy as np

import srcdiff as sd


def loss(params, x, y):
    """Mean softmax cross-entropy of a 2-layer tanh MLP; ``y`` is one-hot."""
    h = np.tanh(x @ params["W1"] + params["b1"])
    logits = h @ params["W2"] + params["b2"]
    z = logits - np.max(logits, axis=1, keepdims=True)
    log_probs = z - np.log(np.sum(np.exp(z), axis=1, keepdims=True))
    return -np.mean(np.sum(log_probs * y, axis=1))


def two_spirals(n=100, noise=0.1, seed=0):
    """``2n`` points on two interleaved spirals, with one-hot labels."""
    rng = np.random.default_rng(seed)
    t = np.sqrt(rng.uniform(0.0, 1.0, n)) * 3.0 * np.pi
    arm = np.stack([t * np.cos(t), t * np.sin(t)], axis=1) / (3.0 * np.pi)
    x = np.concatenate([arm, -arm]) + noise * rng.normal(size=(2 * n, 2)) / 3.0
    labels = np.concatenate([np.zeros(n, dtype=int), np.ones(n, dtype=int)])
    return x, np.eye(2)[labels]


def init_params(sizes=(2, 32, 2), seed=1):
    rng = np.random.default_rng(seed)
    return {
        "W1": rng.normal(scale=1.0 / np.sqrt(sizes[0]), size=sizes[:2]),
        "b1": np.zeros(sizes[1]),
        "W2": rng.normal(scale=1.0 / np.sqrt(sizes[1]), size=sizes[1:]),
        "b2": np.zeros(sizes[2]),
    }


# srcdiff command line: `srcdiff samples/mlp.py` writes the gradient module
SRCDIFF_TARGETS = {"loss": "params"}
SRCDIFF_EXAMPLES = {"loss": lambda: (init_params(sizes=(2, 4, 2)), *two_spirals(n=4))}


def train(steps=300, report=30, learning_rate=0.05):
    x, y = two_spirals()
    params = init_params()
    opt = sd.optimizers.Adam(learning_rate=learning_rate)
    curve = []
    for step in range(steps + 1):
        value = opt.minimize(loss, params, x, y)
        if step % report == 0:
            curve.append((step, value))
    accuracy = np.mean(np.argmax(predict(params, x), axis=1) == np.argmax(y, axis=1))
    return curve, accuracy


def predict(params, x):
    h = np.tanh(x @ params["W1"] + params["b1"])
    return h @ params["W2"] + params["b2"]


def show_curve(curve, width=40):
    top = max(v for _, v in curve)
    for step, value in curve:
        bar = "#" * max(1, int(width * value / top))
        print(f"  step {step:4d}  loss {value:8.4f}  {bar}")


if __name__ == "__main__":
    curve, accuracy = train()
    show_curve(curve)
    print(f"  training accuracy: {accuracy:.1%}")
