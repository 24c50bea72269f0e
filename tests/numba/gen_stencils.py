"""Random stencil programs for backend="numba" (tests/numba/test_numba_fuzz.py): a state
copied each trip of a ``range`` loop and one slice of the copy set to an elementwise
expression of equal-length slices of the state, temporaries and numbers (the Burgers
workload's shape, random; a third of them 2-d, heat 2d's; some temporaries named as the
backend's own names, OWN_NAMES). Their gradients hold the shapes numba_fuse.py and
numba_fuse_rows.py rewrite: chains of elementwise statements forward and backward,
in-place adds of elementwise values into slices of one adjoint (index_add), sums taken
to a number (``nu``'s adjoint) and numbers computed from them, values saved in the loop written into
their tapes' rows, ``mul_into`` products."""

import numpy as np

UNARY = ["np.sin({})", "np.cos({})", "np.exp(0.3 * {})", "(-{})", "({} * {})"]
BINARY = ["({} + {})", "({} - {})", "({} * {})", "({} * 0.5 - {})"]


# temporaries' names: mostly plain, sometimes one the numba backend writes into gradients
# itself (numba_names.py: trip counters, tapes, a fused loop's index and totals, a helper):
# the backend must keep the user's apart from its own
OWN_NAMES = ["_k0", "_k1", "_t0", "_a0", "_w0", "_n", "_i", "_j", "_m", "_row", "_tape0", "_s_u",
             "_fused0", "tape_put"]


def _axis(width):
    """The slices of one axis of a stencil of ``width``: ``0:-2w``, ..., ``2w:``."""
    n = 2 * width + 1
    return [f"{k}:{'' if k == n - 1 else k - n + 1}" for k in range(n)]


class _Gen:
    def __init__(self, rng, width, ndim):
        self.rng = rng
        axis = _axis(width)
        if ndim == 1:
            self.slices = [f"u[{a}]" for a in axis]
        else:  # (the 2-d stencil's points: every pair of offsets)
            self.slices = [f"u[{a}, {b}]" for a in axis for b in axis]
        self.mid = self.slices[len(self.slices) // 2]
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
    ndim = 2 if index % 3 == 1 else 1  # (a third are 2-d: heat 2d's shape)
    gen = _Gen(rng, width, ndim)
    body = ["    u = u0", "    for t in range(steps):", "        un = u.copy()"]
    every = index == 0  # (the first program of a seed takes every option)
    for k in range(1 if every else int(rng.integers(0, 3))):
        name = str(rng.choice(OWN_NAMES)) if every or rng.random() < 0.4 else f"t{k}"
        if name in gen.temps:
            name = f"t{k}"
        body.append(f"        {name} = {gen.expr(2)}")
        gen.temps.append(name)
    update = gen.expr(3)
    scale = "0.05 * nu" if every or rng.random() < 0.5 else "0.05"
    inner = ", ".join([f"{width}:-{width}"] * ndim)
    body.append(f"        un[{inner}] = {gen.mid} + {scale} * ({update})")
    body += ["        u = un", "    return np.sum((u - target) ** 2)"]
    source = ("import numpy as np\n\n\ndef f(u0, nu, target, steps):\n"
              + "\n".join(body) + "\n")
    shape = tuple(int(rng.integers(2 * width + 2, 2 * width + 7)) for _ in range(ndim))
    grid = np.meshgrid(*[np.linspace(0.0, 1.0, n) for n in shape], indexing="ij")
    xs = sum(grid)
    u0 = 0.5 * np.sin(3 * xs) + 0.1 * rng.standard_normal(shape)
    args = (u0, float(rng.uniform(0.2, 0.6)), np.cos(2 * xs), int(rng.integers(1, 5)))
    return source, args, (0, 1)


RHS_LEAVES = ["x", "y", "a", "b", "0.5", "1.5"]


def _rhs_expr(rng, depth):
    if depth == 0 or rng.random() < 0.3:
        return str(rng.choice(RHS_LEAVES))
    if rng.random() < 0.3:
        form = str(rng.choice(["np.sin({})", "np.cos({})", "(-{})", "np.tanh({})"]))
        return form.format(_rhs_expr(rng, depth - 1))
    form = str(rng.choice(["({} + {})", "({} - {})", "({} * {})"]))
    return form.format(_rhs_expr(rng, depth - 1), _rhs_expr(rng, depth - 1))


def rk_program(seed, index):
    """``(source, args, wrt)`` of a random Runge-Kutta-like program (lotka_rk4's shape): a
    helper ``rhs`` returning a tuple of two elementwise values, called for 2-4 stages a step
    of a ``range`` loop. Its backward sweep adds into the adjoints its caller passes, first
    contributions ``b_x = e1 if b_x is None else b_x + e2`` (numba_fuse_ssa.py)."""
    rng = np.random.default_rng([seed, index, 7])
    stages = int(rng.integers(2, 5))
    rhs = (f"def rhs(x, y, a, b):\n    return (0.3 * (x * a + {_rhs_expr(rng, 3)}),\n"
           f"            0.3 * (y * b - {_rhs_expr(rng, 3)}))\n")
    body = ["    x, y = x0, y0", "    for t in range(steps):",
            "        k0x, k0y = rhs(x, y, a, b)"]
    for k in range(1, stages):
        w = float(rng.choice([0.5, 1.0]))
        body.append(f"        k{k}x, k{k}y = rhs(x + {0.1 * w} * k{k - 1}x, "
                    f"y + {0.1 * w} * k{k - 1}y, a, b)")
    body.append("        x = x + 0.05 * (" + " + ".join(f"k{k}x" for k in range(stages)) + ")")
    body.append("        y = y + 0.05 * (" + " + ".join(f"k{k}y" for k in range(stages)) + ")")
    body.append("    return np.sum(x * x + np.sin(y))")
    source = ("import numpy as np\n\n\n" + rhs + "\n\ndef f(x0, y0, a, b, steps):\n"
              + "\n".join(body) + "\n")
    n = int(rng.integers(2, 9))
    args = tuple(0.5 * rng.standard_normal(n) for _ in range(4)) + (int(rng.integers(1, 4)),)
    return source, args, (2, 3)


def broadcast_program(seed, index):
    """``(source, args, wrt)`` of a random broadcasting program (nbody's shape, random):
    elementwise statements over a ``(n, 1, k)`` view, a ``(1, m, k)`` view and a ``(1, m,
    1)`` view (2-d, a third of them: ``(n, 1)``, ``(1, m)`` and ``(n, m)``), summed with a
    weight of the full shape. The gradients hold the groups numba_fuse_bcast.py writes as
    broadcasting loops: elementwise values of operands of differing shapes and their sums
    ``unbroadcast(e, a)``, ``-unbroadcast(e, b)`` to the views' shapes; the lengths (some
    1) make every shape check of the loop decide both ways across the programs (a sum to
    the loop's own shape, a ``(1, m, 1)`` sum over the last axis and the first)."""
    rng = np.random.default_rng([seed, index, 11])
    ndim = 2 if index % 3 == 2 else 3
    if ndim == 3:
        views = ["    a = x[:, None, :]", "    b = y[None, :, :]", "    c = z[None, :, None]",
                 "    e = y[None, :, :]"]
    else:
        views = ["    a = x[:, None]", "    b = y[None, :]", "    c = z", "    e = y[None, :]"]
    leaves = ["a", "b", "c", "d", "a", "b", "0.5", "1.5"]
    body = views + ["    d = a - e"]  # (e's adjoint: a negated sum, -unbroadcast)
    for k in range(int(rng.integers(1, 3))):
        body.append(f"    t{k} = {_bcast_expr(rng, leaves, 2)}")
        leaves.append(f"t{k}")
    body.append(f"    return np.sum(w * ({_bcast_expr(rng, leaves, 3)} - a * b * c * d))")
    source = "import numpy as np\n\n\ndef f(x, y, z, w):\n" + "\n".join(body) + "\n"
    n, m, k = (int(rng.choice([1, 2, 3, 4])) for _ in range(3))
    if ndim == 3:
        shapes = [(n, k), (m, k), (m,), (n, m, k)]
    else:
        shapes = [(n,), (m,), (n, m), (n, m)]
    args = tuple(0.5 * rng.standard_normal(s) for s in shapes)
    return source, args, (0, 1, 2)


def _bcast_expr(rng, leaves, depth):
    if depth == 0 or rng.random() < 0.25:
        return str(rng.choice(leaves))
    if rng.random() < 0.3:
        form = str(rng.choice(["np.sin({})", "np.exp(0.3 * {})", "(-{})", "({} ** 2)"]))
        return form.format(_bcast_expr(rng, leaves, depth - 1))
    form = str(rng.choice(["({} + {})", "({} - {})", "({} * {})"]))
    return form.format(_bcast_expr(rng, leaves, depth - 1), _bcast_expr(rng, leaves, depth - 1))
