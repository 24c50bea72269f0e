"""Random functions that write into an argument, for calls whose arguments share memory
(helper for test_random_aliased_programs.py; independent of the other generators).

``f(a, b, s)`` changes ``a`` in place (``a[1:] += 0.5 * b[:-1]``, ``a *= np.tanh(b)``,
...) and reads ``b`` before and after (``t = np.sum(a * b)``), so that a write through
``a`` is seen through ``b`` when both are views of one array. ``fl(A, b, s)`` is the same
body with ``a = A[0]`` first: the written array reached through a list. Every statement
takes arrays of any length of at least 3, so each aliasing below (CALLS) fits; values pass
through ``tanh``/``sin`` or small factors, so central differences are an accurate oracle.
"""

import random

N = 8  # the length of x, the array every call is made from

# how f is called with x (its first two arguments), and which entries of x each one views
# (None: the whole list's one array, x itself); "apart" shares x's memory without overlap
CALLS = {
    "same": ("x, x", (slice(None), slice(None))),
    "shifted": ("x[1:], x[:-1]", (slice(1, None), slice(None, -1))),
    "reversed": ("x[::-1], x", (slice(None, None, -1), slice(None))),
    "apart": ("x[:4], x[4:]", (slice(None, 4), slice(4, None))),
    "list": ("[x], x", (slice(None), slice(None))),
}

WRITES = [
    "a[0] = a[0] * s + b[-1]",
    "a[1:] += 0.5 * b[:-1]",
    "a[:] *= np.tanh(b)",
    "a[-1] -= s * b[0]",
    "a[:2] = np.sin(b[1:3])",
    "a[::-1] += 0.3 * b",
    "a[:] -= 0.2 * np.sum(b)",
]
READS = ["t = t + np.sum(a * b)", "t = t + b[1] * s", "t = t * 0.5 + np.sum(np.sin(b))"]
RETURNS = ["np.sum(a * b) + t", "np.sum(np.sin(a)) * s + np.sum(b * b) + t",
           "np.sum(b) + t * s"]


# g's body around the call: x read as the call left it; the call's value alone; x first
# made a local array (in-place writes into a local are the caller's own, modelled)
CALLERS = ["    return {} + np.sum(x * x)", "    return np.tanh({})",
           "    x = x * 1.0\n    return {} + np.sum(x * x)"]


def program(seed):
    """``(source, kind)``: a module defining ``f(a, b, s)`` (or ``fl(A, b, s)`` for the list
    call) and ``g(x, s)`` calling it with arguments aliased as ``kind`` (CALLS) says
    (CALLERS: what g does around the call)."""
    r = random.Random(seed)
    kind = r.choice(sorted(CALLS))
    body = ["t = np.sum(b) * 0.1"]
    for _ in range(r.randint(1, 3)):
        body.append(r.choice(WRITES))
        if r.random() < 0.6:
            body.append(r.choice(READS))
    body.append("return " + r.choice(RETURNS))
    name, params = ("fl", "A, b, s") if kind == "list" else ("f", "a, b, s")
    head = ["    a = A[0]"] if kind == "list" else []
    lines = ["import numpy as np", "", "", f"def {name}({params}):", *head,
             *["    " + ln for ln in body], "", "",
             "def g(x, s):", *r.choice(CALLERS).format(f"{name}({CALLS[kind][0]}, s)")
             .splitlines(), ""]
    return "\n".join(lines), kind
