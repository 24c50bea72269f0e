"""Random programs whose gradients hold numba_fuse.py's groups (tests/numba/
test_numba_fuse_random.py): straight runs of elementwise statements (unary ufuncs, binary
operations, ``np.where``/``np.maximum``/``np.clip``, numbers) over arrays of mixed ranks
that broadcast (0-d, ``(n,)``, ``(1, n)``, ``(m, 1)``, ``(m, n)``; a quarter of the programs
also ``(k, m, n)`` and ``(k, 1, n)``), some values summed (all axes, one axis, kept or
not), some read later, some statements in a ``range`` loop carrying a value of fixed
shape. The backward sweep of such a run is a run of elementwise statements over values of
the ranks the forward ones have, with ``unbroadcast`` sums to the smaller shapes: the
1-d/2-d mixes numba_fuse_bcast.py's loop takes and the ones it sends to the statements
as written.

Session 45: programs also draw values made by operations the fusion does not take, whose
adjoints are helper calls made before (or after) a fused run (``np.cumsum``, ``np.roll``,
``np.flip`` and ``x[::-1]``, ``np.diff``, ``np.concatenate``, ``x @ W``; numbers
``np.linalg.norm``, ``np.prod``, ``np.max``, ``np.mean``), full sums multiplied or added
back into elementwise expressions (``s * x + ...``: the backward adds a number's adjoint
into an array made by such a helper, ``b_x = add_into(b_x, b_sum1)``, the shape of
session 44's wrong gradient), and one input read by several such paths; 3-d arrays in
almost half of the programs; helpers inside the ``range`` loop too."""

import ast

import numpy as np

M, N, K = 3, 4, 2
SHAPES_2D = [(), (N,), (1, N), (M, 1), (M, N), (M, N)]
SHAPES_3D = SHAPES_2D + [(K, M, N), (K, 1, N), (K, M, 1)]

# (forms of one operand: bounded where the operand is not, so chains stay finite)
UNARY = ["np.sin({0})", "np.cos({0})", "np.tanh({0})", "np.exp(0.3 * {0})",
         "np.sqrt(1.0 + {0} * {0})", "np.log(2.0 + np.sin({0}))", "(-{0})", "({0} * {0})",
         "np.clip({0}, -0.8, 0.9)", "(0.5 * {0})"]
BINARY = ["({0} + {1})", "({0} - {1})", "({0} * {1})", "({0} / (1.5 + {1} * {1}))",
          "np.maximum({0}, {1} + 0.25)", "({0} * 0.5 - {1})", "mul3"]
# ``np.sum(x, axis=k, keepdims=True)`` as written (else spelled ``np.expand_dims(np.sum(x,
# axis=k), k)``, the same values): backend="numba" does not lower a sum's keepdims (numba's
# np.sum takes none; session 44: a numba typing error when the gradient is called)
KEEPDIMS = [False]
# ``np.where`` of an array test in a loop (else not drawn there): backend="numba" cannot
# save the test's boolean array on a tape (numba_helpers.tape_alloc takes float and int
# arrays; session 44: a numba typing error when the gradient is called)
WHERE_IN_LOOPS = [False]
NUMBERS = ["0.7", "1.5", "2.0", "0.25", "3"]
# ``np.linalg.norm`` and ``np.max`` of 3-d arrays (else of 1-d and 2-d ones only):
# backend="numba" compiles neither (numba's norm takes 1-d and 2-d arrays; numba_helpers'
# extreme_grad 1-d and 2-d: session 45, "numba cannot compile the gradient" at the call)
NUMBERS_3D = [False]
# ``np.diff(x, axis=k)`` (numba's np.diff takes no axis: "numba cannot compile the gradient"
# at the call, session 45) and helpers of 3-d values in a ``range`` loop (their values' tape
# is 4-d: numba_helpers.tape_rows takes fewer axes; session 45, same error)
DIFF = [False]
HELPERS_3D_IN_LOOPS = [False]
# the share of programs over 3-d arrays too (session 44's 0.25 did not find a reverted 3-d
# ban in 12 programs)
P_3D = 0.45
# (module constant read by ``x @ W``: N by N)
HEADER = (f"import numpy as np\n\nW = np.linspace(-0.6, 0.9, {N * N}).reshape({N}, {N})"
          f" + 0.1 * np.eye({N})\n\n\n")


def _fits(shape, into):
    """Whether ``shape`` broadcasts into ``into`` without growing it."""
    try:
        return np.broadcast_shapes(shape, into) == tuple(into)
    except ValueError:
        return False


def _joint(*shapes):
    try:
        return np.broadcast_shapes(*shapes)
    except ValueError:
        return None


class _Gen:
    def __init__(self, rng, pool):
        self.rng, self.pool = rng, pool
        self.vars = {}  # name -> shape (of the values in scope)
        self.lines, self.fresh, self.in_loop = [], 0, False
        self.returned = []  # (terms added to the result as written: product)

    def name(self):
        self.fresh += 1
        return f"v{self.fresh}"

    def leaf(self, into):
        names = [v for v, s in self.vars.items() if into is None or _fits(s, into)]
        if names and self.rng.random() < 0.85:
            v = str(self.rng.choice(names))
            return v, self.vars[v]
        return str(self.rng.choice(NUMBERS)), ()

    def expr(self, depth, into):
        """``(source, shape)`` of an elementwise expression whose shape fits ``into``."""
        if depth == 0 or self.rng.random() < 0.2:
            return self.leaf(into)
        r = self.rng.random()
        if r < 0.35:
            text, shape = self.expr(depth - 1, into)
            return str(self.rng.choice(UNARY)).format(text), shape
        if r < 0.45 and (WHERE_IN_LOOPS[0] or not self.in_loop):
            # np.where of a test on one operand between two others
            (c, cs), (a, as_), (b, bs) = (self.expr(depth - 1, into) for _ in range(3))
            shape = _joint(cs, as_, bs)
            if shape is None:
                return a, as_
            return f"np.where({c} > 0.1, {a}, {b})", shape
        (a, as_), (b, bs) = self.expr(depth - 1, into), self.expr(depth - 1, into)
        shape = _joint(as_, bs)
        if shape is None:
            return a, as_
        form = str(self.rng.choice(BINARY))
        if form == "mul3":
            return f"({a} * {b} * 0.5)", shape
        return form.format(a, b), shape

    def assign(self, indent, into=None):
        text, shape = self.expr(int(self.rng.integers(1, 4)), into)
        v = self.name()
        self.lines.append(f"{indent}{v} = {text}")
        self.vars[v] = shape
        return v

    def reduce(self, indent):
        arrays = [v for v, s in self.vars.items() if len(s) >= 1]
        if not arrays:
            return self.assign(indent)
        v = str(self.rng.choice(arrays))
        shape = self.vars[v]
        inner = str(self.rng.choice(["{}", "np.sin({})", "({0} * {0})", "np.exp(0.3 * {})"]))
        inner = inner.format(v) if "{0}" not in inner else inner.format(v)
        r = self.rng.random()
        out = self.name()
        if r < 0.3:
            self.lines.append(f"{indent}{out} = np.sum({inner})")
            self.vars[out] = ()
        else:
            ax = int(self.rng.integers(-len(shape), len(shape)))
            keep = bool(self.rng.random() < 0.5)
            if not keep or KEEPDIMS[0]:
                text = f"np.sum({inner}, axis={ax}{', keepdims=True' if keep else ''})"
            elif len(shape) == 1:  # (the kept axis of a sum of every element)
                text = f"np.sum({inner}) * np.ones(1)"
            else:
                text = f"np.expand_dims(np.sum({inner}, axis={ax}), {ax})"
            self.lines.append(f"{indent}{out} = {text}")
            dims = list(shape)
            if keep:
                dims[ax] = 1
            else:
                del dims[ax]
            self.vars[out] = tuple(dims)
        return out

    def helper(self, indent, into=None, of=None):
        """A value made by an operation fusion does not take (module docstring), of an
        array in scope (an input most often: one input read by several paths; ``of``:
        that array)."""
        arrays = [v for v, s in self.vars.items() if len(s) >= 1 and (
            into is None or _fits(s, into))]
        if not arrays:
            return self.assign(indent, into)
        inputs = [v for v in arrays if v.startswith("a")]
        v = of or str(self.rng.choice(inputs if inputs and self.rng.random() < 0.6 else arrays))
        shape = self.vars[v]
        ax = int(self.rng.integers(-len(shape), len(shape)))
        forms = ["cumsum", "roll", "flip", "rev"]  # (shape kept: also in loops)
        if shape[-1] == N:
            forms.append("matmul")
        if into is None:
            forms += ["prod", "mean", "sum", "sum", "concat"]
            if len(shape) < 3 or NUMBERS_3D[0]:
                forms += ["norm", "max"]
            if shape[ax] > 1 and DIFF[0]:
                forms.append("diff")
        form = str(self.rng.choice(forms))
        out_shape = shape
        if form == "cumsum":
            text = f"np.cumsum({v}, axis={ax})"
        elif form == "roll":
            text = f"np.roll({v}, 1, axis={ax})" if len(shape) > 1 else f"np.roll({v}, 1)"
        elif form == "flip":
            text = f"np.flip({v}, axis={ax})"
        elif form == "rev":
            text = f"{v}[::-1]"
        elif form == "matmul":
            text = f"{v} @ W"
        elif form == "diff":
            text = f"np.diff({v}, axis={ax})"
            out_shape = tuple(d - 1 if k == ax % len(shape) else d
                              for k, d in enumerate(shape))
        elif form == "concat":
            text = f"np.concatenate(({v}, 0.5 * {v}), axis={ax})"
            out_shape = tuple(2 * d if k == ax % len(shape) else d
                              for k, d in enumerate(shape))
        else:  # (a number)
            out_shape = ()
            text = {"norm": f"np.linalg.norm({v})",
                    "prod": f"np.prod(1.0 + 0.1 * np.tanh({v}))",
                    "max": f"np.max({v})", "mean": f"np.mean({v})",
                    "sum": f"np.sum({v})"}[form]
        out = self.name()
        self.lines.append(f"{indent}{out} = {text}")
        self.vars[out] = out_shape
        return out

    def scaled(self, indent):
        """A full sum (or another number) of an array multiplied and added back into an
        elementwise expression of that array: ``s * x + e``."""
        arrays = [v for v, s in self.vars.items() if len(s) >= 1]
        if not arrays:
            return self.assign(indent)
        inputs = [v for v in arrays if v.startswith("a")]
        x = str(self.rng.choice(inputs if inputs and self.rng.random() < 0.5 else arrays))
        if self.rng.random() < 0.4:  # (two numbers of x multiplied: norm(x) * sum(x))
            return self.product(indent, x)
        s = self.name()
        numbers = ["np.sum({0})", "np.sum({0} * {0})", "np.mean(np.sin({0}))"]
        if len(self.vars[x]) < 3 or NUMBERS_3D[0]:
            numbers.append("np.linalg.norm({0})")
        number = str(self.rng.choice(numbers))
        self.lines.append(f"{indent}{s} = {number.format(x)}")
        self.vars[s] = ()
        e, es = self.expr(2, self.vars[x])
        out = self.name()
        form = str(self.rng.choice(["{s} * {x} + {e}", "{x} * {s} - {e}", "({x} + {s}) * {e}",
                                    "{s} * {e} + {x}"]))
        self.lines.append(f"{indent}{out} = {form.format(s=s, x=x, e=e)}")
        self.vars[out] = _joint(self.vars[x], es) or self.vars[x]
        return out

    def product(self, indent, x):
        """Two numbers of ``x`` multiplied (``np.linalg.norm(x) * np.sum(x)``): the adjoint
        of each is a number computed from numbers alone (``unbroadcast(norm * b, sum1)``)
        added into ``x``'s adjoint, an array another path made before."""
        firsts = ["np.sum({0})", "np.mean({0})", "np.sum({0} * {0})"]
        if len(self.vars[x]) < 3 or NUMBERS_3D[0]:
            firsts += ["np.linalg.norm({0})", "np.max({0})"]
        out = self.name()
        a, b = (str(self.rng.choice(firsts)).format(x) for _ in range(2))
        self.lines.append(f"{indent}{out} = {a} * {b}")
        self.vars[out] = ()
        if not self.in_loop and self.rng.random() < 0.5:  # (a term of the result as it is:
            # the sum's adjoint then an unbroadcast of numbers, ``unbroadcast(norm * b_add,
            # sum1)``, in the group with the add into x's adjoint)
            h = self.helper(indent, of=x)  # (after it in the result: its adjoint first)
            self.returned.append(f"{a} * np.sum({x}) + 0.5 * np.sum(np.tanh({h}))")
            return out
        if self.rng.random() < 0.6:  # (x read after by a helper: its adjoint comes first)
            self.helper(indent, of=x)
        return out

    def loop(self):
        """``acc`` carried through a ``range`` loop: the statements in it fit its shape."""
        big = [v for v, s in self.vars.items() if len(s) >= 1]
        if not big:
            return
        start = str(self.rng.choice(big))
        shape = self.vars[start]
        acc = self.name()
        self.lines.append(f"    {acc} = {start} * 1.0")
        trips = int(self.rng.integers(2, 4))
        self.lines.append(f"    for t in range({trips}):")
        self.vars[acc] = shape
        self.in_loop = True
        for _ in range(int(self.rng.integers(2, 6))):
            if self.rng.random() < 0.3 and (len(shape) < 3 or HELPERS_3D_IN_LOOPS[0]):
                self.helper("        ", into=shape)
            else:
                self.assign("        ", into=shape)
        last = self.name()
        body, _ = self.expr(2, shape)
        self.lines.append(f"        {last} = 0.5 * {acc} + {body}")
        self.lines.append(f"        {acc} = {last} * 0.9")
        self.vars[last] = shape
        self.in_loop = False


def program(rng):
    """``(source, args)``: a module defining ``f`` and the arguments to call it with."""
    pool = SHAPES_3D if rng.random() < P_3D else SHAPES_2D
    nargs = int(rng.integers(2, 5))
    shapes = [pool[int(rng.integers(len(pool)))] for _ in range(nargs)]
    if all(len(s) < 2 for s in shapes):  # (at least one 2-d array)
        shapes[0] = (M, N)
    gen = _Gen(rng, pool)
    params = [f"a{k}" for k in range(nargs)]
    for p, s in zip(params, shapes):
        gen.vars[p] = s
    for _ in range(int(rng.integers(4, 10))):
        r = rng.random()
        if r < 0.12:
            gen.reduce("    ")
        elif r < 0.22 and "for t" not in "\n".join(gen.lines):
            gen.loop()
        elif r < 0.42:
            gen.helper("    ")
        elif r < 0.54:
            gen.scaled("    ")
        else:
            gen.assign("    ")
    made = [v for v in gen.vars if v.startswith("v")]
    reads = {n.id for n in ast.walk(ast.parse(
        "def f():\n" + "\n".join(gen.lines) or "    pass")) if isinstance(n, ast.Name)
        and isinstance(n.ctx, ast.Load)}
    unread = [v for v in made if v not in reads]
    picked = list(dict.fromkeys(unread[-3:] + [str(rng.choice(made))] + [
        p for p in params if p not in reads]))
    terms = [f"{0.5 + 0.25 * k} * np.sum(np.tanh({v}))" if rng.random() < 0.5
             else f"np.sum({v} * {v}) * {0.1 * (k + 1):.1f}" for k, v in enumerate(picked)]
    terms += gen.returned
    source = (HEADER + "def f(" + ", ".join(params) + "):\n"
              + "\n".join(gen.lines) + "\n    return " + " + ".join(terms) + "\n")
    args = []
    for s in shapes:
        if s == () and rng.random() < 0.5:
            args.append(float(rng.standard_normal()))
        else:
            args.append(np.asarray(rng.standard_normal(s)))
    return source, tuple(args)
