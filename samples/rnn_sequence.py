"""A tanh RNN learns to continue a sine wave (Adam, gradient through a Python loop).

    python samples/rnn_sequence.py

The loss runs the recurrence in an ordinary ``for`` loop; srcdiff's gradient
replays it backwards, saving only the hidden states the backward pass needs.
"""

import numpy as np

import srcdiff as sd


def loss(params, xs, ys):
    """Mean squared error of one-step-ahead predictions along the sequence."""
    h = np.zeros(params["Wh"].shape[0])
    total = 0.0
    for t in range(len(xs)):
        h = np.tanh(params["Wx"] * xs[t] + params["Wh"] @ h + params["b"])
        prediction = params["Wo"] @ h + params["bo"]
        err = prediction - ys[t]
        total = total + err * err
    return total / len(xs)


def make_sequence(n=40):
    t = np.linspace(0.0, 4.0 * np.pi, n + 1)
    wave = np.sin(t)
    return wave[:-1], wave[1:]


def init_params(hidden=12, seed=0):
    rng = np.random.default_rng(seed)
    return {
        "Wx": rng.normal(scale=0.5, size=hidden),
        "Wh": rng.normal(scale=0.3 / np.sqrt(hidden), size=(hidden, hidden)),
        "b": np.zeros(hidden),
        "Wo": rng.normal(scale=0.3, size=hidden),
        "bo": np.zeros(()),
    }


SRCDIFF_TARGETS = {"loss": "params"}
SRCDIFF_EXAMPLES = {"loss": lambda: (init_params(hidden=3), *make_sequence(n=5))}


def train(steps=150, report=15):
    xs, ys = make_sequence()
    params = init_params()
    opt = sd.optimizers.Adam(learning_rate=0.02)
    curve = []
    for step in range(steps + 1):
        value = opt.minimize(loss, params, xs, ys)
        if step % report == 0:
            curve.append((step, float(value)))
    return curve


if __name__ == "__main__":
    curve = train()
    top = curve[0][1]
    for step, value in curve:
        print(f"  step {step:4d}  loss {value:.5f}  " + "#" * max(1, int(40 * value / top)))
