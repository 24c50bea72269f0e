"""Random stencil programs for backend="numba" (tests/numba/test_numba_fuzz.py): a state
copied each trip of a ``range`` loop and one slice of the copy set to an elementwise
expression of equal-length slices of the state, temporaries and numbers (the Burgers
workload's shape, random). Their gradients hold the shapes numba_fuse.py and
numba_fuse_rows.py rewrite: chains of elementwise statements forward and backward,
in-place adds of elementwise values into slices of one adjoint (index_add), sums taken
to a number (``nu``'s adjoint) and numbers computed from them, values saved in the loop written into
their tapes' rows, ``mul_into`` products."""

import numpy as np

UNARY = ["np.sin({})", "np.cos({})", "np.exp(0.3 * {})", "(-{})", "({} * {})"]
BINARY = ["({} + {})", "({} - {})", "({} * {})", "({} * 0.5 - {})"]


class _Gen:
    def __init__(self, rng, width):
        self.rng = rng
        n = 2 * width + 1  # the stencil's points: u[0:-2w], ..., u[2w:]
        self.slices = [f"u[{k}:{'' if k == n - 1 else k - n + 1}]" for k in range(n)]
        self.temps = []

    def leaf(self):
        r = self.rng.random()
        if r < 0.55 or not self.temps and r < 0.75:
            return str(self.rng.choice(self.slices))
        if r < 0.75:
            return str(self.rng.choice(self.temps))
        return str(self.rng.choice(["nu", "0.7", "1.5"]))

    def expr(self, depth):
        if depth == 0 or self.rng.random() < 0.25:
            return self.leaf()
        if self.rng.random() < 0.35:
            form = str(self.rng.choice(UNARY))
            inner = self.expr(depth - 1)
            return form.format(inner, inner) if form.count("{}") == 2 else form.format(inner)
        form = str(self.rng.choice(BINARY))
        return form.format(self.expr(depth - 1), self.expr(depth - 1))


def program(seed, index):
    """``(source, args, wrt)`` of random stencil program ``index`` of ``seed``."""
    rng = np.random.default_rng([seed, index])
    width = int(rng.choice([1, 1, 2]))
    gen = _Gen(rng, width)
    body = ["    u = u0", "    for t in range(steps):", "        un = u.copy()"]
    every = index == 0  # (the first program of a seed takes every option)
    for k in range(1 if every else int(rng.integers(0, 3))):
        body.append(f"        t{k} = {gen.expr(2)}")
        gen.temps.append(f"t{k}")
    update = gen.expr(3)
    mid = gen.slices[width]
    scale = "0.05 * nu" if every or rng.random() < 0.5 else "0.05"
    body.append(f"        un[{width}:-{width}] = {mid} + {scale} * ({update})")
    body += ["        u = un", "    return np.sum((u - target) ** 2)"]
    source = ("import numpy as np\n\n\ndef f(u0, nu, target, steps):\n"
              + "\n".join(body) + "\n")
    n = int(rng.integers(2 * width + 2, 2 * width + 7))
    xs = np.linspace(0.0, 1.0, n)
    u0 = 0.5 * np.sin(3 * xs) + 0.1 * rng.standard_normal(n)
    args = (u0, float(rng.uniform(0.2, 0.6)), np.cos(2 * xs), int(rng.integers(1, 5)))
    return source, args, (0, 1)
