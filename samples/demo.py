"""The headline demo (`make demo`): read a gradient, check it, train with it.

1. srcdiff differentiates ``samples/mlp.py``'s loss and prints the generated
   gradient: plain Python + NumPy you can read, step through and commit;
2. the gradient is checked against central finite differences;
3. a few hundred Adam steps on two spirals show the loss falling.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import mlp  # noqa: E402

import srcdiff as sd  # noqa: E402


def finite_difference_check(params, x, y, samples=6, eps=1e-6, seed=0):
    """Compare a few gradient entries with central differences; return the worst error."""
    grads = sd.grad(mlp.loss)(params, x, y)
    rng = np.random.default_rng(seed)
    worst = 0.0
    for name in sorted(params):
        for _ in range(samples // 2 or 1):
            idx = tuple(int(rng.integers(0, n)) for n in params[name].shape)
            plus = {k: v.copy() for k, v in params.items()}
            minus = {k: v.copy() for k, v in params.items()}
            plus[name][idx] += eps
            minus[name][idx] -= eps
            numeric = (mlp.loss(plus, x, y) - mlp.loss(minus, x, y)) / (2 * eps)
            err = abs(numeric - grads[name][idx]) / max(1.0, abs(numeric))
            worst = max(worst, err)
            print(f"  d loss / d {name}{list(idx)}: srcdiff {grads[name][idx]: .8f}   "
                  f"finite differences {numeric: .8f}")
    return worst


def main():
    x, y = mlp.two_spirals()
    params = mlp.init_params()
    print("=" * 72)
    print("1. The gradient srcdiff generated for samples/mlp.py:loss")
    print("=" * 72)
    print(sd.source(mlp.loss, args=(params, x, y)))
    print("=" * 72)
    print("2. Checked against central finite differences (float64)")
    print("=" * 72)
    worst = finite_difference_check(params, x, y)
    print(f"  worst relative error: {worst:.2e}")
    if worst > 1e-5:
        print("  MISMATCH")
        return 1
    print("=" * 72)
    print("3. Training on two spirals with sd.optimizers.Adam")
    print("=" * 72)
    curve, accuracy = mlp.train()
    mlp.show_curve(curve)
    print(f"  training accuracy: {accuracy:.1%}")
    first, last = curve[0][1], curve[-1][1]
    print(f"  loss fell from {first:.4f} to {last:.4f}")
    return 0 if last < first else 1


if __name__ == "__main__":
    sys.exit(main())
