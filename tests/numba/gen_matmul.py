"""Random programs with ``@`` / ``np.matmul`` of stacks of matrices (3-d arrays) for
backend="numba" (tests/numba/test_numba_fuzz.py): the conv1d_taps workload's shape (a loop
over kernel taps adding a matrix times a shifted slice of a stack) and the other ways
NumPy's matmul broadcasts a stack: stack @ stack, stack @ matrix, matrix @ stack,
a stack of one against a stack, stack @ vector, vector @ stack, slices of stacks (strided
operands). Their gradients reach numba_broadcast.py's ``matmul_of`` of stacks and its
``matmul_lhs``/``matmul_rhs`` (``_stacked`` with either operand transposed,
``_product``), and index_add of 3-d slices (numba_helpers.add_into)."""

import re

import numpy as np

P, N, K, M, T, L = 3, 2, 3, 4, 3, 5  # stack, rows, inner, columns, taps, conv length

# name -> shape of the differentiated arguments
SHAPES = {"w": (N, K, T), "x": (P, K, L + T - 1), "a": (P, N, K), "b": (P, K, M),
          "b1": (1, K, M), "c": (K, M), "e": (K,), "r": (N, K)}

# each kind: statement lines, ``{f}`` an operand's elementwise wrapper, ``{h}`` the result's
# name; ``conv`` is the workload's loop over taps
KINDS = {
    "conv": ["{h} = np.zeros((%d, %d, %d))" % (P, N, L), "for t in range(%d):" % T,
             "    {h} = {h} + {f}(w[:, :, t]) @ x[:, :, t:t + %d]" % L],
    "stack_stack": ["{h} = {f}(a) @ b"],
    "stack_matrix": ["{h} = np.matmul(a, {f}(c))"],
    "matrix_stack": ["{h} = {f}(r) @ b"],
    "one_stack": ["{h} = {f}(a) @ b1"],
    "one_left": ["{h} = ({f}(r) * np.ones((1, %d, %d))) @ b" % (N, K)],
    "stack_vector": ["{h} = a @ {f}(e)"],
    "vector_stack": ["{h} = {f}(e) @ b"],
    "sliced": ["{h} = {f}(a[:, :, 1:]) @ b[:, 1:, ::2]"],
}
WRAPPERS = ["", "np.sin", "np.tanh", "np.cos"]  # (a function call: no precedence to mind)
# (losses whose adjoint is elementwise: a sum of a product of two terms of h would call
# ``spread``, which fuzz.read_only_spreads replaces while checking: numba refuses it)
LOSSES = ["np.sum(np.tanh({h}))", "np.sum({h} ** 2)", "np.sum(np.cos({h}))"]


def program(seed, index):
    """``(source, args, wrt)`` of random matmul program ``index`` of ``seed``: every kind
    once in the first two programs of a seed (half each), two to four in the others."""
    rng = np.random.default_rng([seed, index, 40])
    names = _kinds(rng, index)
    body, used = ["    s = 0.0"], set()
    for j, kind in enumerate(names):
        f = str(rng.choice(WRAPPERS))
        for line in KINDS[kind]:
            body.append("    " + line.replace("{f}", f).replace("{h}", f"h{j}"))
        loss = str(rng.choice(LOSSES)).format(h=f"h{j}")
        body.append(f"    s = s + {float(rng.uniform(0.5, 1.5))!r} * {loss}")
        used.update(n for n in SHAPES if _reads(KINDS[kind], n))
    body.append("    return s")
    params = [n for n in SHAPES if n in used]
    source = ("import numpy as np\n\n\ndef f(" + ", ".join(params) + "):\n"
              + "\n".join(body) + "\n")
    args = tuple(0.6 * rng.standard_normal(SHAPES[n]) for n in params)
    return source, args, tuple(range(len(params)))


def _kinds(rng, index):
    names = list(KINDS)
    if index < 2:  # (halves: a program of every kind took numba minutes to compile, loaded)
        return names[index::2]
    return [str(n) for n in rng.choice(names, int(rng.integers(2, 5)), replace=False)]


def _reads(lines, name):
    return any(re.search(rf"\b{name}\b", line) for line in lines)


def kinds(seed, index):
    """The kinds program ``index`` of ``seed`` holds (the reach the test counts)."""
    return _kinds(np.random.default_rng([seed, index, 40]), index)
