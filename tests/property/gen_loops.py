"""A random generator of small loop programs, deterministic from ``(seed, index)``.

The Hypothesis generators in tests/property/test_random_*.py keep expressions one
operator deep, bodies two statements long and never feed the loop element or
the loop index through temporaries into a loop-carried value. This one aims at
exactly those shapes:

* ``for v in xs``, ``for i in range(n)`` with the index used (``xs[i]``,
  ``i * 0.1``, ``(-0.5) ** i``, ``w[i - 1]``), ``enumerate``, ``zip``,
  ``reversed``, ranges with a start and a negative step, triangular nested
  loops (``for j in range(i)``) and ``while`` loops with counters (also
  ``while True`` with a counted ``break``);
* chains of 2-4 temporaries feeding a loop-carried product or sum, and
  several carried variables updated from each other (coupled recurrences,
  tuple assignment, the ``K = P * q; P = (1 - K) * P`` filter);
* branches inside loops on data and on the index, with ``and``/``or``/``not``,
  chained comparisons and conditional expressions; ``break``, ``continue`` and
  ``return`` inside loops;
* zero-trip loops (empty ``xs``, ``range(0)``, ``range(k)`` with ``k == 0``,
  ``range(i)`` at ``i == 0``);
* Python floats, 0-d arrays, 1-d arrays and a list of floats (``zs[i]``) as arguments;
  literals such as ``-0.5``, ``(-0.5) ** 2``, ``x * -0.3``, ``-x ** 2``; smooth functions of
  bounded arguments; subscript reads and writes on local copies;
* loops whose body rebinds the name they iterate (``for v in xs: ...; xs = xs * 0.5``,
  also through ``zip``, ``enumerate`` and ``reversed``, and over a carried array the body
  stores into); a variable ``g`` whose shape changes across trips (a float before the
  loop, an array inside, or the other way); prefixes that grow and suffixes that shrink
  with the loop index (``xs[:i + 1]``, ``xs[i:]``, ``np.sum(xs[:i + 1]) * xs[:i + 1]``) and
  slice bounds computed twice (``xs[i:2 * i + 1]``, ``xs[2 * i:3 * i + 1]``); ``np.array``
  of a display of floats used as a 1-d array (``t = y; t += z @ z``);
* ``np.add.at(w, [i, j, i], v)`` into a carried vector and ``out=`` it
  (``np.add(w, v, out=w)``, ``z = np.tanh(v, out=w)``); chained stores into a local 2-d
  array (``m[i][j] += v``, ``m[i][1:] *= v``); ``sum(items, start)`` with a differentiated
  start; ``t = y; y *= np.clip(abs(y), -1.0, 1.0)`` (or ``np.where``);
* an array held by two names (``hb = ha``) changed in place and rebound through one in a loop
  marked ``# srcdiff: checkpoint`` (``checkpoint_alias``), and its near misses;
* a list of floats made by ``[0.0] * n5`` with ``n5 = len(xs)`` (and other spellings),
  filled in a loop and back-substituted (``repeated_list``), and its near misses.

``program(seed, index)`` returns a :class:`Program`: its source, the
arguments to evaluate it at, and which arguments are differentiated. A
generated program is only *accepted* when it is a fair test of a derivative
at that point (see :func:`accept`): its values stay bounded, and no comparison
it evaluates is within ``MARGIN`` of flipping -- the same comparisons take the
same outcomes when any one input moves by ``PROBE_STEP`` -- so central
differences are a valid oracle. Rejected drafts are redrawn (``attempt``).

Nothing here imports srcdiff.
"""

import ast
import copy
import math
import random
import warnings

import numpy as np

MARGIN = 1e-3       # a compared pair of floats must differ by at least this much
PROBE_STEP = 1e-4   # ... and every comparison must come out the same with any input moved by this
MAX_MAGNITUDE = 1e3  # every assigned and returned value stays below this (finite differences)
MAX_ATTEMPTS = 200
MAX_LINES = 26       # longer drafts are redrawn: compile time grows fast with size

SMALL = ["0.1", "0.2", "0.3", "-0.3", "0.5", "-0.1", "0.25"]
LITERALS = ["0.3", "0.7", "1.3", "0.25", "2.0", "1.5", "0.45", "0.9", "3",
            "-0.5", "-1.2", "-0.3", "(-0.5) ** 2", "(-1.5) ** 3", "(-0.7) ** 2", "-(0.4)",
            "2.0 ** -1", "-2"]
CARRIED_NAMES = ["acc", "s", "p", "P", "m", "r", "z"]
VECTOR_NAMES = ["w", "a", "u"]


class Program:
    """One generated function: ``source`` defines ``name``; call it with ``args``."""

    def __init__(self, source, name, params, args, wrt, seed, index, attempt, features):
        self.source = source
        self.name = name
        self.params = params
        self.args = args
        self.wrt = wrt
        self.seed = seed
        self.index = index
        self.attempt = attempt
        self.features = features
        self.magnitude = None  # the largest value it computes (set once accepted)

    @property
    def label(self):
        return f"seed={self.seed} index={self.index} attempt={self.attempt}"

    def describe(self):
        args = ", ".join(f"{p}={_show(a)}" for p, a in zip(self.params, self.args))
        return (f"# program {self.label}\n# wrt={self.wrt}\n# args: {args}\n"
                f"{self.source}")

    def fresh_args(self):
        return copy_args(self.args)


def copy_args(args):
    return tuple(np.array(a, copy=True) if isinstance(a, np.ndarray) else a for a in args)


def _show(a):
    if isinstance(a, np.ndarray):
        if a.ndim == 0:
            return f"np.array({float(a)!r})"
        return f"np.array({a.tolist()!r})"
    return repr(a)


# ------------------------------------------------------------------ scopes


class Scope:
    """What a statement may read, and what it may do, at one point of the program."""

    def __init__(self, gen):
        self.gen = gen
        self.scalars = []     # float-valued names defined on every path to here
        self.vectors = []     # float arrays of length gen.n
        self.ints = []        # int loop counters
        self.index_ok = []    # ints known to lie in range(gen.n)
        self.elems = []       # loop elements (floats)
        self.loop_depth = 0
        self.in_loop = False
        self.continue_ok = False

    def child(self):
        c = copy.copy(self)
        for k in ("scalars", "vectors", "ints", "index_ok", "elems"):
            setattr(c, k, list(getattr(self, k)))
        return c


# ------------------------------------------------------------------ the generator


class _Generator:
    def __init__(self, rng):
        self.r = rng
        self.temp_count = 0
        self.allowance = 0  # lines of repeated_list (not counted against MAX_LINES)
        self.features = set()
        self.n = 0
        self.zero_d = set()         # parameters passed as 0-d arrays
        self.morph = None           # a variable whose shape changes in a loop (stmt_morph)
        self.buffer = None          # (vector, its ping-pong partner) for stmt_swap
        self.morph_to_array = False
        self.rebinder = False       # stmt_rebind_view may be drawn
        self.zero_d_maker = None    # the generator stmt_zero_d_made is drawn from, if any
        self.lazy_maker = None      # the generator stmt_lazy_generator is drawn from, if any

    # -------------------------------------------------------- helpers

    def chance(self, p):
        return self.r.random() < p

    def pick(self, seq):
        return self.r.choice(seq)

    def temp(self):
        self.temp_count += 1
        return f"t{self.temp_count}"

    def small(self):
        return self.pick(SMALL)

    def literal(self):
        lit = self.pick(LITERALS)
        if "**" in lit:
            self.features.add("neg_power_literal" if lit.startswith("(-") else "power_literal")
        elif lit.startswith("-"):
            self.features.add("negative_literal")
        return lit

    def threshold(self, lo=-0.8, hi=0.8):
        return f"{self.r.uniform(lo, hi):.3f}"

    # -------------------------------------------------------- scalar expressions

    def leaf(self, sc, literal=True):
        """A scalar operand: always an atom (a name, call, subscript or literal)."""
        options = []
        if sc.scalars:
            options += ["scalar"] * 5
        if sc.elems:
            options += ["elem"] * 4
        if sc.ints:
            options += ["index"] * 3
        if sc.vectors and self.n > 0:
            options += ["subscript"] * 3
        if literal or not options:
            options += ["literal"] * 2
        kind = self.pick(options)
        if kind == "scalar":
            return self.pick(sc.scalars)
        if kind == "elem":
            self.features.add("element_used")
            return self.pick(sc.elems)
        if kind == "index":
            i = self.pick(sc.ints)
            self.features.add("index_used")
            return self.pick([f"({i} * 0.1)", f"(0.2 * {i})", f"(({i} + 1) * 0.3)",
                              f"(-0.5) ** {i}", f"(1.0 / ({i} + 1))", f"(0.1 * -{i})"])
        if kind == "subscript":
            return self.subscript(sc)
        return self.literal()

    def subscript(self, sc):
        vec = self.pick(sc.vectors)
        self.features.add("subscript_read")
        if self.float_list and sc.index_ok and self.chance(0.3):
            self.features.add("float_list_read")
            return f"zs[{self.pick(sc.index_ok)}]"
        if sc.index_ok and self.chance(0.7):
            i = self.pick(sc.index_ok)
            if self.chance(0.25):
                self.features.add("index_minus_one")
                return f"{vec}[{i} - 1]"
            return f"{vec}[{i}]"
        return f"{vec}[{self.r.randrange(-self.n, self.n)}]"

    def sexpr(self, sc, depth=0, must=None):
        """A scalar expression (an atom). ``must``, if given, is used as one operand."""
        if must is None and (depth >= 3 or self.chance(0.25 + 0.2 * depth)):
            return self.leaf(sc)
        a = must if must is not None else self.sexpr(sc, depth + 1)
        k = self.r.random()
        if k < 0.3:
            return self.unary(a)
        if k < 0.8:
            b = self.sexpr(sc, depth + 1)
            if self.chance(0.5):
                a, b = b, a
            return self.binary(a, b)
        if k < 0.9 and sc.vectors:
            return self.reduction(sc, a)
        if k < 0.95:
            self.features.add("ifexp")
            b = self.sexpr(sc, depth + 1)
            return f"({a} if {self.condition(sc)} else {b})"
        return self.unary(a)

    def unary(self, a):
        t = self.pick(["np.sin({a})", "np.cos({a})", "np.tanh({a})", "np.exp(np.tanh({a}))",
                       "np.exp(0.5 * np.sin({a}))", "np.log(1.0 + {a} * {a})",
                       "np.log(2.0 + np.cos({a}))", "np.sqrt(1.0 + {a} ** 2)", "({a} ** 2)",
                       "(-{a} ** 2)", "(-{a})", "({a} ** 3)", "np.square({a})",
                       "(1.0 / (1.5 + np.sin({a})))", "(-(-{a}))"])
        if "(-" in t:
            self.features.add("unary_minus")
        if "np.log" in t:
            self.features.add("log")
        if "np.sqrt" in t:
            self.features.add("sqrt")
        return t.format(a=a)

    def binary(self, a, b):
        c = self.small()
        t = self.pick(["({a} + {b})", "({a} - {b})", "({a} * {b})", "({a} * {b})",
                       "({a} * {c})", "({c} * {a} + {b})", "({a} * -{k})", "({a} - -{k})",
                       "({a} / (2.0 + np.cos({b})))", "({a} * (-{k}) ** 2)",
                       "({a} + {b} * {c})", "(-{a} * {b})", "({a} ** 2 * {c})"])
        k = self.pick(["0.5", "0.3", "1.2", "0.25"])
        if "-{k}" in t:
            self.features.add("negative_literal")
        if "(-{k}) ** 2" in t:
            self.features.add("neg_power_literal")
        return t.format(a=a, b=b, c=c, k=k)

    def reduction(self, sc, a):
        v = self.pick(sc.vectors)
        self.features.add("reduction")
        t = self.pick(["np.sum({v})", "np.sum({v} * {v})", "np.sum(np.sin({v}) * {a})",
                       "np.dot({v}, {v2})", "np.prod(1.0 + 0.1 * {v})",
                       "np.sum(np.tanh({v} * {a}))", "np.sum({v}[::-1] * {v2})",
                       "np.sum(np.full({n}, {a}) * {v})",
                       "np.sum(({v} * 2.0).astype(int) * {v2})"])
        if "np.full" in t:
            self.features.add("full_of_scalar")  # the adjoint sums the fill's gradient
        if "astype(int)" in t:
            self.features.add("integer_conversion")  # a constant: derivative 0
        return "(" + t.format(v=v, v2=self.pick(sc.vectors), a=a, n=self.n) + ")"

    def vexpr(self, sc, depth=0):
        """A vector expression of length ``self.n``."""
        if depth >= 2 or self.chance(0.35):
            return self.pick(sc.vectors)
        v = self.vexpr(sc, depth + 1)
        t = self.pick(["np.sin({v})", "np.tanh({v})", "({v} * {s})", "({v} + {s})",
                       "({v} * {v2})", "({v} - {v2})", "(0.5 * np.cos({v}))",
                       "{v}[::-1]", "(np.cumsum({v}) * 0.5)", "(-{v})",
                       "np.concatenate(({v}[1:], {v}[:1]))",
                       "np.concatenate(({w}[:1], {w}[2:] - 2.0 * {w}[1:-1] * {s} + {w}[:-2], "
                       "{w}[-1:]))"])
        if "concatenate(({v}" in t:
            self.features.add("slice_rotation")   # slice views read in a loop (recomputed)
        if "{w}" in t:  # slices of one array in arithmetic: one shape (sameshape.py)
            self.features.add("stencil")
        return t.format(v=v, v2=self.vexpr(sc, depth + 1), s=self.sexpr(sc, 2),
                        w=self.pick(sc.vectors))

    # -------------------------------------------------------- conditions

    def data_atom(self, sc):
        a = self.leaf(sc) if self.chance(0.6) else self.sexpr(sc, 2)
        k = self.r.random()
        self.features.add("data_branch")
        if k < 0.35:
            return f"{a} > {self.threshold()}"
        if k < 0.6:
            return f"{a} < {self.threshold()}"
        if k < 0.75:
            self.features.add("chained_comparison")
            lo = self.r.uniform(-0.9, 0.3)
            hi = lo + self.r.uniform(0.2, 1.2)
            op = self.pick(["<", "<="])
            return f"{lo:.3f} < {a} {op} {hi:.3f}"
        if k < 0.9:
            return f"{a} >= {self.leaf(sc)}"
        return f"{a} != {self.threshold()}" if self.chance(0.3) else f"{a} <= {self.leaf(sc)}"

    def index_atom(self, sc):
        i = self.pick(sc.ints)
        self.features.add("index_branch")
        t = self.pick(["{i} % 2 == 0", "{i} > 0", "{i} == 1", "{i} < 2", "0 < {i} < 3",
                       "{i} != 2", "{i} >= 1"])
        if t.startswith("0 <"):
            self.features.add("chained_comparison")
        return t.format(i=i)

    def atom(self, sc):
        if sc.ints and self.chance(0.4):
            return self.index_atom(sc)
        return self.data_atom(sc)

    def condition(self, sc):
        k = self.r.random()
        if k < 0.45:
            return self.atom(sc)
        if k < 0.65:
            self.features.add("and")
            return f"{self.atom(sc)} and {self.atom(sc)}"
        if k < 0.8:
            self.features.add("or")
            return f"{self.atom(sc)} or {self.atom(sc)}"
        if k < 0.9:
            self.features.add("not")
            return f"not {self.atom(sc)}"
        self.features.update(("and", "or", "not"))
        return f"({self.atom(sc)} or not {self.atom(sc)}) and {self.atom(sc)}"

    # -------------------------------------------------------- statements

    def size(self, most=2):
        """How many statements a body gets: mostly one, sometimes more (compile time grows
        quickly with program size, and small failing programs are easier to read)."""
        k = self.r.random()
        return 1 if k < 0.55 else (2 if k < 0.9 or most < 3 else 3)

    def block(self, sc, count):
        lines = []
        for _ in range(count):
            lines += self.statement(sc)
        return lines

    def statement(self, sc):
        """Statements for a loop body (or a branch inside one)."""
        if self.zero_d_maker and self.zero_d_maker.random() < 0.15:
            # drawn from its own generator: the rest of the program is drawn as before
            r, self.r = self.r, self.zero_d_maker
            try:
                return self.stmt_zero_d_made(sc)
            finally:
                self.r = r
        if self.lazy_maker and self.lazy_maker.random() < 0.15:
            r, self.r = self.r, self.lazy_maker  # (the same)
            try:
                return self.stmt_lazy_generator(sc)
            finally:
                self.r = r
        kinds = ["chain"] * 4 + ["update"] * 3 + ["coupled"] * 2 + ["if"] * 3
        if self.vectors_carried and self.n > 0 and (sc.index_ok or self.chance(0.5)):
            kinds += ["store"] * 3  # (3 since scatter, grid, ... dilute it)
        if self.vectors_carried:
            kinds += ["vector_update"]
        if sc.in_loop:
            kinds += ["exit"] * 2
        if sc.loop_depth < 2:
            kinds += ["loop"] * (2 if sc.loop_depth == 0 else 1)
        if self.morph:
            kinds += ["morph"] * 3
        if sc.index_ok and sc.vectors and self.n > 0:
            kinds += ["window"] * 3
        kinds += ["display"]
        if self.vectors_carried:
            kinds += ["scatter"]
        if sc.index_ok and sc.vectors and self.n > 0:
            kinds += ["grid"] * 2
        kinds += ["sum_start", "rebind_clip"]
        if self.buffer:  # (only then: the other programs of a seed stay as they were)
            kinds += ["swap"] * 3
        if self.rebinder and sc.vectors and self.n > 0:  # (the same)
            kinds += ["rebind_view"] * 3
        kind = self.pick(kinds)
        return getattr(self, "stmt_" + kind)(sc)

    def update(self, target, e):
        c = self.small()
        t = self.pick(["{x} = {x} * (1.0 + {c} * {e})", "{x} = {x} + {e}", "{x} += {c} * {e}",
                       "{x} *= 1.0 + {c} * {e}", "{x} = {x} * np.tanh({e})",
                       "{x} = np.tanh({x} + {e})", "{x} = 0.8 * {x} + {c} * {e}",
                       "{x} = {e} * {x}", "{x} = {x} - {c} * {x} * {e}", "{x} -= {e}",
                       "{x} = {x} * {e} + {c}"])
        if "*=" in t or "+=" in t or "-=" in t:
            self.features.add("augmented")
        if "{x} *" in t or "* {x}" in t or "*=" in t:
            self.features.add("carried_product")
        else:
            self.features.add("carried_sum")
        return t.format(x=target, e=e, c=c)

    def stmt_chain(self, sc):
        """2-4 temporaries, each reading the previous one, feeding a carried update."""
        self.features.add("temp_chain")
        lines = []
        prev = None
        inner = sc.child()
        for _ in range(self.r.randint(2, 4)):
            t = self.temp()
            if prev is None:
                e = self.sexpr(inner, 1, must=self.leaf(inner, literal=False))
            else:
                e = self.sexpr(inner, 1, must=prev)
            lines.append(f"{t} = {e}")
            inner.scalars.append(t)
            prev = t
        target = self.pick(self.carried)
        lines.append(self.update(target, prev))
        # the temporaries stay readable for the rest of this block
        sc.scalars += [n for n in inner.scalars if n not in sc.scalars]
        return lines

    def stmt_update(self, sc):
        return [self.update(self.pick(self.carried), self.sexpr(sc, 1))]

    def stmt_coupled(self, sc):
        self.features.add("coupled")
        if len(self.carried) < 2 or self.chance(0.3):
            # the filter recurrence: K = P * q; P = (1 - K) * P
            p = self.pick(self.carried)
            k = self.temp()
            q = self.sexpr(sc, 2)
            sc.scalars.append(k)
            self.features.add("filter")
            return [f"{k} = {p} * np.tanh({q}) * 0.5", f"{p} = (1.0 - {k}) * {p}"]
        a, b = self.r.sample(self.carried, 2)
        inner = sc.child()
        k = self.r.random()
        if k < 0.35:
            self.features.add("tuple_assign")
            c, s = self.temp(), self.temp()
            angle = self.sexpr(inner, 2)
            return [f"{c} = np.cos({angle})", f"{s} = np.sin({angle})",
                    f"{a}, {b} = {a} * {c} - {b} * {s}, {a} * {s} + {b} * {c}"]
        if k < 0.7:
            e = self.sexpr(inner, 1)
            return [f"{a} = 0.9 * {a} + 0.1 * {e}", f"{b} = 0.9 * {b} + 0.1 * {e} * {a}"]
        t = self.temp()
        return [f"{t} = {self.sexpr(inner, 1, must=a)}", f"{a} = {a} + {self.small()} * {b}",
                f"{b} = {b} * (1.0 + 0.1 * np.tanh({t}))"]

    def stmt_store(self, sc):
        w = self.pick(self.vectors_carried)
        self.features.add("subscript_write")
        t = self.pick(["{w}[{i}] = {e}", "{w}[{i}] += {c} * {e}", "{w}[{i}] *= 1.0 + {c} * {e}",
                       "{w}[{i}] = {w}[{i}] * {c} + {e}", "{w}[{i}] = {w}[{i} - 1] * {c} + {e}",
                       "{w}[1:-1] = {w}[1:-1] * {c} + ({w}[2:] - {w}[:-2]) * {e}"]
                      + ["{w}[1:-1] = {w}[1:-1] * {c} + ({w}[2:] - {w}[:-2]) * {e}"])
        if "[1:-1]" in t:  # a store of slices of the array stored into (sameshape.py)
            self.features.add("stencil_store")
        if self.chance(0.35):
            # linear in w (bench/realistic/heat2d.py): no adjoint reads w, so where nothing
            # else reads it either the store's undo is dropped (reverse/undos.py)
            self.features.add("linear_store")
            c = self.small()
            return [self.pick([f"{w}[1:-1] += {c} * ({w}[2:] - 2.0 * {w}[1:-1] + {w}[:-2])",
                               f"{w}[1:] = {w}[1:] * {c} + {w}[:-1]",
                               f"{w}[::2] *= {c}"])]
        if sc.index_ok and self.chance(0.8):
            i = self.pick(sc.index_ok)
        elif "- 1" in t:
            i = str(self.r.randrange(0, self.n))
        else:
            i = str(self.r.randrange(-self.n, self.n))
        e = self.sexpr(sc, 1)
        if "[1:-1]" in t and self.chance(0.5):
            # the stencil into a new copy (bench/realistic/burgers.py): the store's undo
            # is read by nothing (recording.py, _unread_undos), so it is not saved
            self.features.add("copy_then_store")
            new = self.temp()
            lines = [f"{new} = {w}.copy()",
                     f"{new}[1:-1] = {w}[1:-1] * {self.small()} + ({w}[2:] - {w}[:-2]) * {e}",
                     f"{w} = {new}"]
            if self.chance(0.5):
                # reads of w between the copy and the store: the copy's gradient is handed
                # to w's before their adjoints run (reverse/handover.py); a read of the
                # copy itself there (``new[0]``) ends the stretch the handover may cross
                self.features.add("copy_handover")
                t = self.temp()
                mid = self.pick([f"{w}[:-2] * {w}[2:]", f"np.sin({w}[1:-1])",
                                 f"{w}[1:-1] * {new}[0]"])
                lines[1:2] = [f"{t} = {mid}",
                              f"{new}[1:-1] = {t} * {self.small()} + ({w}[2:] - {w}[:-2]) * {e}"]
            return lines
        if self.chance(0.15):  # an index array repeating a position: the last write lasts
            self.features.add("repeated_index_write")
            j = str(self.r.randrange(0, self.n))
            t = self.pick(["{w}[[{i}, {j}, {i}]] = {e}", "{w}[[{j}, {i}, {i}]] += {c} * {e}"])
            return [t.format(w=w, i=i, j=j, e=e, c=self.small())]
        return [t.format(w=w, i=i, e=e, c=self.small())]

    def stmt_vector_update(self, sc):
        w = self.pick(self.vectors_carried)
        t = self.pick(["{w} = {w} * {c} + {v}", "{w} = np.tanh({w} + {v})",
                       "{w} = {w} * (1.0 + {c} * {s})"])
        return [t.format(w=w, c=self.small(), v=self.vexpr(sc), s=self.sexpr(sc, 1))]

    def stmt_if(self, sc):
        cond = self.condition(sc)
        if self.chance(0.12):
            # an assignment expression in the test (front/expressions.py named_expr): its
            # name is bound whichever branch runs, so the rest of the block may read it
            self.features.add("walrus")
            w = self.temp()
            cond = f"({w} := {self.sexpr(sc, 1)}) > {self.small()} or {cond}"
            sc.scalars.append(w)
        body = self.block(sc.child(), self.size())
        lines = [f"if {cond}:"] + _indent(body)
        if self.chance(0.25):
            self.features.add("elif")
            lines += [f"elif {self.condition(sc)}:"] + _indent(self.block(sc.child(), 1))
        if self.chance(0.6):
            lines += ["else:"] + _indent(self.block(sc.child(), self.size()))
        return lines

    def stmt_exit(self, sc):
        cond = self.condition(sc)
        options = ["break", "return"] + (["continue"] if sc.continue_ok else [])
        what = self.pick(options)
        self.features.add(what + "_in_loop")
        if what == "return":
            stmt = "return " + self.returned(sc)
        else:
            stmt = what
        pre = []
        if self.chance(0.4):
            pre = self.stmt_update(sc)
        return [f"if {cond}:"] + _indent(pre + [stmt])

    def stmt_loop(self, sc):
        return self.loop(sc)

    def stmt_morph(self, sc):
        """A read of the variable whose shape changes across iterations (``g``: a float
        before the loop, an array inside, or the other way), and its rebinding
        (reverse/backward.py _materialize_if_carried: its gradient restarts from a zero
        shaped like the value before the statement)."""
        g, c = self.morph, self.small()
        self.features.add("shape_changing_carry")
        read = self.update(self.pick(self.carried),
                           self.pick([f"np.sum({g} * {g})", f"np.sum(np.sin({g}))",
                                      f"np.sum({g}) * {self.leaf(sc)}"]))
        e = self.sexpr(sc, 2)
        if self.morph_to_array:
            m = self.n if self.vector_params else 3
            options = [f"{g} = np.ones({m}) * {e}", f"{g} = np.ones({m}) * {e} + {c} * {g}"]
            options += [f"{g} = np.ones({m}) * np.tanh({c} * np.sum({g})) + {e}"] * 2
            if self.vector_params:
                options += [f"{g} = {self.pick(self.vector_params)} * {e} + {g}",
                            f"{g} = np.tanh({g} * {self.pick(sc.vectors)}) + {e}"]
        else:
            options = [f"{g} = np.sum({g} * {e}) * {c}", f"{g} = np.tanh(np.sum({g})) + {e}"]
        rebind = self.pick(options)
        if "np.sum" in rebind and self.morph_to_array and self.chance(0.8):
            # the gradient of the array g at a trip's end is the spread of a sum (a broadcast
            # view in fuzz.py read_only_spreads), and the read after the rebind adds to it at
            # the head of the backward loop: not owned there (reverse/control.py)
            self.features.add("spread_carried_array")
            return [rebind, read]
        return [read, rebind] if self.chance(0.7) else [rebind, read]

    def stmt_window(self, sc):
        """A slice of a vector bounded by the loop index: a prefix that grows, a suffix that
        shrinks, a prefix read for the spread of its sum (the index read's target is
        recomputed: reverse/adjoint.py _reads_of), or bounds ``2 * i`` computed for two
        slices (common subexpressions shared across index_add: ir/dataflow.py
        CHANGED_ARGUMENTS)."""
        v, i, c = self.pick(sc.vectors), self.pick(sc.index_ok), self.small()
        e = self.sexpr(sc, 2)
        target = self.morph if self.morph and self.chance(0.4) else self.temp()
        k = self.r.random()
        if k < 0.22:
            self.features.add("prefix_in_loop")
            value = self.pick([f"{v}[:{i} + 1] * {e}", f"np.tanh({v}[:{i} + 1] * {e})",
                               f"np.cumsum({v}[:{i} + 1]) * {c}"])
        elif k < 0.46:
            self.features.add("suffix_in_loop")
            value = self.pick([f"{v}[{i}:] * {e}", f"np.cumsum({v}[{i}:]) * {e}",
                               f"{v}[{i}:] * {v}[0]"])
        elif k < 0.76:
            self.features.add("prefix_spread")
            value = self.pick([f"np.sum({v}[:{i} + 1]) * {v}[:{i} + 1]",
                               f"np.mean({v}[{i}:]) * {v}[{i}:]",
                               f"np.sum({v}[:{i} + 1] * {e}) * {v}[:{i} + 1]"])
        else:
            self.features.add("computed_slice_bounds")
            value = (f"np.sum({v}[{i}:2 * {i} + 1] * {e}) "
                     f"+ np.sum({v}[2 * {i}:3 * {i} + 1]) * {c}")
            return [f"{target} = {value}", self.update(self.pick(self.carried), target)]
        read = self.pick([f"np.sum({target} * {target})", f"{target}[0]", f"{target}[-1]",
                          f"np.sum(np.sin({target}))", f"np.dot({target}, {target})"])
        return [f"{target} = {value}", self.update(self.pick(self.carried), read)]

    def stmt_display(self, sc):
        """``np.array`` of a display of floats (names and literals), used as a 1-d array
        (analysis/activity.py appended_lists); sometimes ``t = y; t += z @ z``, a float
        rebound by ``+=`` with a product of the array."""
        self.features.add("float_display")
        z = self.temp()
        items = [self.pick(sc.scalars + sc.elems), self.leaf(sc)]
        if self.chance(0.4):
            items.append(self.literal())
        self.r.shuffle(items)
        lines = [f"{z} = np.array([{', '.join(items)}])"]
        c = self.small()
        names = [s for s in sc.scalars if s not in self.zero_d]
        if names and self.chance(0.5):
            self.features.add("display_accumulate")
            t = self.temp()
            lines += [f"{t} = {self.pick(names)}", f"{t} += {c} * ({z} @ {z})",
                      self.update(self.pick(self.carried), t)]
            return lines
        e = self.pick([f"np.sum(np.tanh({z}) * {z})", f"np.dot({z}, {z}[::-1])",
                       f"({z} @ {z})", f"np.sum({z}) * {z}[0]"])
        return lines + [self.update(self.pick(self.carried), e)]

    def stmt_scatter(self, sc):
        """``np.add.at`` into a carried vector (a list index with repeats: each repeat adds
        once; an int array), or ``out=`` that vector: a ufunc into its own argument, into
        it from another array (its result also named: ``z is w``)."""
        w, c, e = self.pick(self.vectors_carried), self.small(), self.sexpr(sc, 1)
        v = self.pick(sc.vectors)
        if self.n and self.chance(0.5):
            self.features.add("add_at")
            i = self.pick(sc.index_ok) if sc.index_ok and self.chance(0.6) \
                else str(self.r.randrange(0, self.n))
            j = str(self.r.randrange(-self.n, self.n))
            index = self.pick([f"[{i}, {j}, {i}]", f"[{j}, {i}]", f"np.array([{i}, {i}])"])
            value = self.pick([f"{c} * {e}", f"np.tanh({e}) * {c}"])
            return [f"np.add.at({w}, {index}, {value})"]
        self.features.add("out_argument")
        k = self.r.random()
        if k < 0.3:
            return [f"np.add({w}, {c} * {v} * {e}, out={w})"]
        if k < 0.5:
            return [f"np.multiply({w}, 1.0 + {c} * np.tanh({e}), out={w})"]
        if k < 0.85:
            self.features.add("out_result_named")
            z = self.temp()
            return [f"{z} = np.tanh({v} * {e}, out={w})",
                    self.update(self.pick(self.carried), f"np.sum({z} * {w})")]
        return [f"np.multiply({v}, {c}, out={w})"]

    def stmt_grid(self, sc):
        """Chained stores into a local 2-d array (``m[i][j] = v``, ``m[i][j] += v``,
        ``m[i][1:] *= v``): every index but the last an int (the loop index or a literal)."""
        self.features.add("chained_store")
        v, i, c, e = self.pick(sc.vectors), self.pick(sc.index_ok), self.small(), self.sexpr(sc, 1)
        m = self.temp()
        j = str(self.r.randrange(-self.n, self.n))
        store = self.pick([f"{m}[{i}][{j}] = {e}", f"{m}[{i}][{j}] += {c} * {e}",
                           f"{m}[{i}][1:] *= 1.0 + {c} * {e}", f"{m}[{j}][{i}] -= {c} * {e}"])
        return [f"{m} = np.outer({v}, {v}) * {c}", store,
                self.update(self.pick(self.carried),
                            self.pick([f"np.sum({m} * {m})", f"np.sum(np.sin({m}))",
                                       f"{m}[{i}][{i}]", f"np.sum({m}[{j}])"]))]

    def stmt_sum_start(self, sc):
        """Python's ``sum(items, start)`` with a differentiated start (a float, or an
        array from a vector)."""
        self.features.add("sum_start")
        a, b = self.sexpr(sc, 1), self.sexpr(sc, 1)
        target = self.pick(self.carried)
        if sc.vectors and self.chance(0.4):
            self.features.add("sum_start_array")
            v = self.pick(sc.vectors)
            t = self.temp()
            return [f"{t} = sum([{v} * {a}, np.sin({v})], {v} * {self.small()})",
                    self.update(target, f"np.sum({t} * {t})")]
        return [f"{target} = sum([{a}, {self.small()} * {b}], {target})"]

    def stmt_rebind_clip(self, sc):
        """A float rebound by ``*=`` with np.clip / np.where of itself while another name
        holds its old value (the kinks at 0 and +-1: measure's two steps must agree)."""
        names = [n for n in self.carried if n not in self.zero_d]  # (`*=` changes a 0-d array)
        if not names:
            return self.stmt_update(sc)
        self.features.add("rebind_clip")
        y, t = self.pick(names), self.temp()
        factor = self.pick([f"np.clip(abs({y}), -1.0, 1.0)",
                            f"np.where({y} > 0.0, 1.0 + {self.small()} * {y}, 0.5)"])
        return [f"{t} = {y}", f"{y} *= {factor}",
                self.update(self.pick(self.carried), f"{t} * {self.small()}")]

    def stmt_swap(self, sc):
        """A step into the other of two new arrays, then the names swapped (a ping-pong
        buffer, analysis/buffers.py): ``b[1:-1] = ... w ...; w, b = b, w``."""
        w, b = self.buffer
        c, e = self.small(), self.sexpr(sc, 1)
        self.features.add("buffer_swap")
        step = self.pick([f"{b}[:] = {w} * {c} + {e}",
                          f"{b}[1:-1] = {w}[1:-1] * {c} + ({w}[2:] - {w}[:-2]) * {e}",
                          f"{b}[1:] = {w}[:-1] * {c} + np.sin({w}[1:]) * {e}"])
        if self.chance(0.3):
            self.features.add("buffer_swap_temporary")
            t = self.temp()
            return [step, f"{t} = {w}", f"{w} = {b}", f"{b} = {t}"]
        return [step, f"{w}, {b} = {b}, {w}"]

    def stmt_rebind_view(self, sc):
        """A name bound to a view of one array, then to a view of a new 2-d array changed
        in place (analysis/sharing.py follows bindings: the change is not one of the first
        array), sometimes an alias of the first view read afterwards, the change made
        through the second binding, or the name rebound as a loop variable over rows."""
        self.features.add("rebind_view")
        v, c, e = self.pick(sc.vectors), self.small(), self.sexpr(sc, 1)
        m, p = self.temp(), self.temp()
        j, k = (str(self.r.randrange(-self.n, self.n)) for _ in range(2))
        lines = [f"{m} = np.outer({v}, {v}) * {c}",
                 f"{p} = " + self.pick([f"{v}[1:]", f"{v}[::-1]", v, f"{v}[:]"])]
        alias = self.temp() if self.chance(0.4) else None
        if alias:
            self.features.add("rebind_view_alias")
            lines.append(f"{alias} = {p}")
        lines += [self.update(self.pick(self.carried), f"np.sum({p} * {e})"),
                  self.pick([f"{m}[{k}] -= {c} * {e}", f"{m}[{k}] *= 1.0 + {c} * {e}",
                             f"{m}[{k}, {j}] += {e}"])]
        read = self.update(self.pick(self.carried), f"np.sum({p} * {p})")
        if self.chance(0.25):
            self.features.add("rebind_view_loop")
            lines += [f"for {p} in {m}[:2]:", "    " + read]
        else:
            lines.append(f"{p} = " + self.pick([f"{m}[{j}]", f"{m}[:, {j}]", f"{m}[{j}][1:]"]))
            if self.chance(0.4):
                self.features.add("rebind_view_change")
                lines.append(self.pick([f"{p} += {c} * {e}", f"{p} *= 1.0 + {c} * {e}"]))
            lines.append(read)
        if alias:
            lines.append(self.update(self.pick(self.carried), f"np.sum({alias}) * {c}"))
        return lines

    def stmt_zero_d_made(self, sc):
        """A 0-d array made from numbers (NumPy's non-ufunc functions: ``np.where`` of
        floats, ``np.copy`` of a float, ``np.full((), v)``) changed by ``+=``/``*=``: alone
        (accepted: its value is what a number's would be), or while another name holds it
        (``u = t``, ``[t, 1.0]``: the change is seen through it; refused, analysis/objects.py
        may_make_zero_d; a silent wrong gradient before session 30)."""
        self.features.add("zero_d_made")
        a, c, e = self.pick(sc.scalars), self.small(), self.sexpr(sc, 1)
        t = self.temp()
        made = self.pick([f"np.where({a} > 0.0, {a} * {c}, {c})", f"np.copy({a} * {c})",
                          f"np.full((), {c}) * 1.0 + np.full((), {a})",
                          f"np.where({a} > {self.threshold()}, {a}, 0.5 * {a})"])
        lines = [f"{t} = {made}"]
        held = None
        if self.chance(0.5):
            self.features.add("zero_d_made_shared")
            held = self.temp()
            lines.append(self.pick([f"{held} = {t}", f"{held} = [{t}, 1.0][0]"]))
        lines.append(self.pick([f"{t} += {c} * {e}", f"{t} *= 1.0 + {c} * {e}"]))
        lines.append(self.update(self.pick(self.carried), f"{t} * {c}"))
        if held:
            lines.append(self.update(self.pick(self.carried), f"{held} * {c}"))
        return lines

    def dead_number(self, r, p):
        """Values nothing reads (the user's dead code) of the float parameter ``p``: a
        quotient, a power or a math function that raise on the Python number 0.0 (fuzz.py's
        zero property: the gradient must raise where the function does, optimize/dead.py
        keeps them), or the near misses, which cannot raise (the pass drops them)."""
        self.features.add("dead_number")
        forms = ["1.0 / {p}", "{c} / ({p} * {p})", "{p} ** -1", "math.log(abs({p}))",
                 "1.0 % {p}", "({p} + 1.0) // {p}",
                 "1.0 / (1.5 + {p} * {p})", "np.log(np.abs({p}) + 1.0)", "{p} * {c}"]
        t = self.temp()
        lines = [f"{t} = " + r.choice(forms).format(p=p, c=r.choice(SMALL))]  # (not self.r)
        if r.random() < 0.3:  # (a dead value read by dead code only)
            lines.append(f"{self.temp()} = {t} * {p} + 1.0")
        return lines

    def stmt_lazy_generator(self, sc):
        """A generator expression reading a scalar ``k``: consumed at once (``sum(...)``,
        unpacked, a name bound to it read once later) or a loop over it, whose body may
        rebind ``k`` (the loop its iterator runs: each value computed when the loop
        reaches it, with the new ``k``); or, the near misses, ``k`` rebound before the
        name is consumed, or the name consumed twice (front/lazy.py refuses them). Each
        was a silent wrong gradient before session 31 where ``k`` changed."""
        self.features.add("lazy_generator")
        a, c, e = self.pick(sc.scalars), self.small(), self.sexpr(sc, 1)
        k, g, v = self.temp(), self.temp(), self.temp()
        n = self.r.randint(2, 3)
        gen = f"({a} * {k} + {c} * t for t in range({n}))"
        lines = [f"{k} = {e}"]
        carried = self.pick(self.carried)
        form = self.pick(["sum", "unpack", "loop", "named", "named", "loop"])
        changed = self.chance(0.6) and form in ("loop", "named")
        if changed:
            self.features.add("lazy_generator_changed")
        if form == "sum":
            lines.append(self.update(carried, f"sum({gen})"))
        elif form == "unpack":
            names = [self.temp() for _ in range(n)]
            lines += [f"{', '.join(names)} = {gen}",
                      self.update(carried, " * ".join(names[:2]))]
        elif form == "loop":
            lines += [f"for {v} in {gen}:", "    " + self.update(carried, f"{v} * {c}")]
            if changed:
                lines.append(f"    {k} = {k} * {1.0 + float(c)}")
        else:
            lines.append(f"{g} = {gen}")
            if changed:
                lines.append(self.pick([f"{k} = {k} + {c}", f"{k} = {carried} * {c}"]))
            twice = self.chance(0.3)
            lines.append(self.update(carried, f"sum({g})"))
            if twice:
                self.features.add("lazy_generator_twice")
                lines.append(self.update(carried, f"max({g}, default={c})"))
        return lines

    def checkpoint_alias(self, sc):
        """An array held by two names (``hb = ha``), changed in place through one then rebound
        in a loop marked ``# srcdiff: checkpoint`` (``hb[1:] += c * hb[:-1]``, then ``hb =
        np.tanh(hb[::-1])``), while the backward sweep reads the other (``ha = np.tanh(...)``:
        its adjoint reads ``ha``): a snapshot is restored into the object the name held when
        it was taken (reverse/checkpoint.py ``_state_tuple``; a wrong gradient before session
        32). Near misses: rebinds instead of the change in place; the alias made inside the
        loop; a copy instead of an alias; a list shared by two names changed by item stores
        (read through the other name before the loop).
        (``ha`` is not read after the change: srcdiff refuses a change another name sees.)"""
        self.features.add("checkpoint_alias")
        xs, acc, c = self.pick(self.vector_params), self.pick(self.carried), self.small()
        e = self.sexpr(sc, 2)
        init = self.pick([f"np.tanh({xs} * {self.pick(sc.scalars)})", f"np.sin({xs}) * 0.5",
                          f"np.exp(0.5 * {xs})"])
        head = self.pick(["for i9 in range(3):", "for i9 in range(4):", f"for v9 in {xs}:"])
        head += "  # srcdiff: checkpoint" + self.pick(["", " 2", " 1", " sqrt", " binomial"])
        lines = [f"ha = {init}"]
        k = self.r.random()
        if k >= 0.9:
            self.features.add("checkpoint_alias_list")
            return lines + [f"qa = [ha, {xs} * {c}]", "qb = qa",
                            f"{acc} = {acc} + np.sum(qb[0] * qb[1]) * {c}", head,
                            f"    qa[0] = qa[0] * {c} + qa[1] * {e}",
                            f"    {acc} = {acc} + np.sum(qa[0] * qa[1]) * {c}",
                            "    qa = [qa[1], np.tanh(qa[0])]", f"{acc} = {acc} + np.sum(qa[0])"]
        # (``hb *= v`` is no change in place to srcdiff: it rebinds where no other name sees it)
        change = self.pick([f"hb[1:] += {c} * hb[:-1]", f"hb[::2] *= 1.0 + {c} * np.tanh({e})",
                            f"hb[0] = hb[-1] * {c} + {e}", f"np.add(hb, {c} * {e}, out=hb)"])
        rebind = self.pick(["hb = np.tanh(hb[::-1]) + " + e, f"hb = hb * {c}",
                            f"hb = np.concatenate((hb[1:], hb[:1])) * {e}"])
        if 0.55 <= k < 0.7:
            self.features.add("checkpoint_alias_rebind")  # no change in place
            change = self.pick([f"hb = hb * {c} + {e}", f"hb = hb[::-1] * (1.0 + {c} * {e})"])
        body = [change, f"{acc} = {acc} + np.sum(hb * hb) * {c}"]
        if 0.7 <= k < 0.8:
            self.features.add("checkpoint_alias_inside")  # ha rebound: the next trip's alias
            lines.append("hb = ha * 0.5")
            body = ["hb = ha"] + body + [f"ha = np.tanh(hb[::-1]) * {c}"]
        else:
            if 0.8 <= k:
                self.features.add("checkpoint_alias_copy")
            lines.append("hb = ha.copy()" if 0.8 <= k else "hb = ha")
            if self.chance(0.9):  # (rebound after the change, sometimes before it)
                body = body + [rebind] if self.chance(0.8) else [rebind] + body
        lines += [head] + _indent(body)
        lines.append(f"{acc} = {acc} + np.sum(hb) * {c}")
        return lines

    def repeated_list(self, sc):
        """A list of floats made by repetition with an integer name (``n5 = len(xs)``, ``[0.0]
        * n5``, ``n5 * [0.0]``, ``[0.0 for _ in range(n5)]``, ``[x0] * n5``
        of a differentiated ``x0``), filled in a loop, then back-substituted over a reversed
        range (a Thomas algorithm's shape: analysis/list_arguments.py ``repetitions``, refused
        before session 34). Near misses: the items of ``[row] * n5`` are one array, changed in
        place through ``row`` (``repeated_list_alias``) or through an item
        (``repeated_list_item``), then read through another: refused. Its value ``q5`` is
        added to the returned one only (program): the rest of the draft computes what it did
        without it, so the other shapes' drafts are accepted as before."""
        self.features.add("repeated_list")
        xs, acc, c = self.pick(self.vector_params), self.pick(self.carried), self.small()
        e = self.sexpr(sc, 2)
        count = self.pick([f"len({xs})", f"{xs}.size", f"{xs}.shape[0]"])
        lines = [f"n5 = {count}"]
        k = self.r.random()
        if k >= 0.85:
            self.features.add("repeated_list_alias" if k < 0.93 else "repeated_list_item")
            change = "row5[0] = " + e if k < 0.93 else "rows5[0][0] = " + e
            return lines + [f"row5 = {xs} * {c}", "rows5 = [row5] * n5", change,
                            f"q5 = sum(np.sum(r5) for r5 in rows5) * {c}"]
        # (no `[None] * n5`: the acceptance probe takes a None for a value that is not finite;
        # tests/soundness/test_repeated_lists.py has it)
        made = self.pick(["[0.0] * n5", "n5 * [0.0]", "[0.0 for _ in range(n5)]",
                          f"[{acc} * {c}] * n5"])
        self.features.add("repeated_list_floats")
        total = self.pick([f"sum(ls5) * {c}", "np.sum(np.array(ls5) ** 2)"])
        if not self.chance(0.7):
            return lines + [f"ls5 = {made}", "for i5 in range(n5):",
                            f"    ls5[i5] = {xs}[i5] * {c} + {e}", f"q5 = {total}"]
        # entries copied into a second list, then back-substituted there while the first is
        # read afterwards (refused before: an entry of `ls5` might have been a view)
        self.features.add("repeated_list_back")
        return lines + [f"ls5 = {made}", "ls6 = " + self.pick(["[0.0] * n5", "n5 * [0.0]"]),
                        "for i5 in range(n5):", f"    ls5[i5] = {xs}[i5] * {c} + {e}",
                        "    ls6[i5] = ls5[i5]", "for i5 in range(n5 - 2, -1, -1):",
                        f"    ls6[i5] = ls5[i5] - {c} * ls6[i5 + 1]",
                        f"q5 = {total} + sum(ls6) * {c}"]

    def drawn_by(self, rng, make, sc):
        """``make(sc)``'s lines drawn from ``rng`` (the program's other draws unchanged)."""
        main, self.r = self.r, rng
        try:
            return make(sc)
        finally:
            self.r = main

    def index_read(self, sc):
        """An inactive sum of the list ``zs``'s items by the index of a loop over a vector's
        length: the gradient needs none of it, so optimize/dead.py drops the sum but keeps
        the reads, ``zs[i9]``: where ``zs`` is shorter (fuzz.py's bad-shapes property) the
        function raises IndexError, and so must the gradient. Near miss: the loop over
        ``zs``'s own length (never out of range: nothing to keep)."""
        self.features.add("index_read")
        over = self.pick(self.vector_params + self.vector_params + ["zs"])
        return ["q9 = 0.0", f"for i9 in range(len({over})):",
                f"    q9 = q9 + zs[i9] * {self.pick(SMALL)}"]

    def shared_recompute(self, sc):
        """A loop temporary the backward sweep recomputes instead of saving, read by the
        adjoints of two statements (a filter's innovation ``d8 = xs[i8] - m8``, a GARCH
        return's square ``xs[i8] ** 2``): each adjoint recomputes it, with its operands, and
        optimize/passes.py's rounds of common subexpressions share one. Near miss: the same
        text read after ``m8`` changes (a value of its own, never shared)."""
        self.features.add("shared_recompute")
        xs, c = self.pick(self.vector_params), self.pick(SMALL)
        start = self.pick(["x", "0.5 * x", "0.0", "np.sin(x)"])
        k = self.r.random()
        if k < 0.4:
            body = [f"    d8 = {xs}[i8] - m8", f"    q8 = q8 + d8 * d8 * {c}",
                    "    m8 = m8 + 0.3 * np.cos(m8) * d8"]
        elif k < 0.8:
            self.features.add("shared_recompute_square")
            body = [f"    q8 = q8 + 0.5 * (np.log(m8) + {xs}[i8] ** 2 / m8)",
                    f"    m8 = 0.2 + 0.1 * {xs}[i8] ** 2 + 0.7 * m8"]
            start = self.pick(["1.0 + 0.1 * x * x", "np.exp(0.2 * x)"])
        else:
            self.features.add("shared_recompute_near_miss")
            body = [f"    q8 = q8 + ({xs}[i8] - m8) ** 2 * {c}",
                    f"    m8 = m8 + 0.3 * np.tanh({xs}[i8] - m8)",
                    f"    q8 = q8 + np.sin({xs}[i8] - m8)"]
        return [f"m8 = {start}", "q8 = 0.0", f"for i8 in range(len({xs})):"] + body

    def partial_inside(self, sc):
        """A ``functools.partial`` of a nested def made inside the function (front/partials.py:
        bound positionally or by keyword, called in a loop, a bound keyword overridden at
        the call by a differentiated value); near misses: a partial of the partial and a
        partial rebound to another (refused). Its value ``q7`` is added to the returned one
        only, as repeated_list's."""
        self.features.add("partial_inside")
        xs, acc, c = self.pick(self.vector_params), self.pick(self.carried), self.small()
        lines = ["def h7(a7, b7, c7=0.5):", f"    return a7 * b7 + c7 * {c}"]
        k = self.r.random()
        if k < 0.3:
            self.features.add("partial_inside_keyword")
            return lines + [f"p7 = functools.partial(h7, c7={c})",
                            f"q7 = np.sum(p7({xs}, {acc})) * {c}"]
        if k < 0.6:
            self.features.add("partial_inside_loop")
            return lines + [f"p7 = functools.partial(h7, {xs})", "q7 = 0.0",
                            "for i7 in range(2):",
                            f"    q7 = q7 + np.sum(p7({acc} * (i7 + 1), c7={acc}))"]
        if k < 0.9:
            self.features.add("partial_inside_override")
            return lines + [f"p7 = functools.partial(h7, c7={c})",
                            f"q7 = np.sum(p7({xs}, {acc}, c7={acc} * {xs}))"]
        self.features.add("partial_inside_near_miss")
        if self.chance(0.5):
            return lines + [f"p7 = functools.partial(h7, c7={c})",
                            f"p8 = functools.partial(p7, b7={acc})",
                            f"q7 = np.sum(p8({xs})) * {c}"]
        return lines + [f"p7 = functools.partial(h7, c7={c})",
                        f"p8 = p7 if {acc} > 0 else functools.partial(h7, c7=1.0)",
                        f"q7 = np.sum(p8({xs}, {acc})) * {c}"]

    # -------------------------------------------------------- loops

    def loop(self, sc):
        inner = sc.child()
        inner.in_loop = True
        inner.continue_ok = True
        inner.loop_depth = sc.loop_depth + 1
        d = sc.loop_depth
        i, j, v = f"i{d}", f"j{d}", f"v{d}"
        has_vec = bool(self.vector_params)
        kinds = ["range_const", "range_param"] if self.int_param else ["range_const"]
        if has_vec:
            kinds += ["elements"] * 3 + ["range_len"] * 3 + ["enumerate", "zip", "reversed",
                                                             "range_back", "range_start",
                                                             "reversed_range"]
        if sc.ints:
            kinds += ["triangular"]
        kinds += ["while"] * 2 + ["while_true"]
        kind = self.pick(kinds)
        self.features.add("loop_" + kind)
        xs = self.pick(self.vector_params) if has_vec else None
        pre, post = [], []
        rebound = None
        if kind in ("elements", "enumerate", "zip", "reversed") \
                and self.chance(0.25 if kind == "elements" else 0.45):
            self.features.update(("rebound_iterable", "rebound_iterable_" + kind))
            if self.vectors_carried and self.chance(0.3):
                # a carried vector, which the body may also store into (seen by the loop)
                xs = self.pick(self.vectors_carried)
                self.features.add("rebound_carried_iterable")
            rebound = xs
        if kind == "range_const":
            n = self.pick([0, 1, 2, 3, 3, 4])
            if n == 0:
                self.features.add("zero_trip")
            head = f"for {i} in range({n}):"
            inner.ints.append(i)
        elif kind == "range_param":
            head = f"for {i} in range({self.int_param}):"
            inner.ints.append(i)
        elif kind == "elements":
            head = f"for {v} in {xs}:"
            inner.elems.append(v)
        elif kind == "range_len":
            head = f"for {i} in range(len({xs})):"
            inner.ints.append(i)
            inner.index_ok.append(i)
        elif kind == "range_back":
            head = f"for {i} in range(len({xs}) - 1, -1, -1):"
            inner.ints.append(i)
            inner.index_ok.append(i)
        elif kind == "reversed_range":  # (its entries are ints: analysis/activity.py)
            head = f"for {i} in reversed(range(len({xs}))):"
            inner.ints.append(i)
            inner.index_ok.append(i)
        elif kind == "range_start":
            head = f"for {i} in range(1, len({xs})):"
            inner.ints.append(i)
            inner.index_ok.append(i)
        elif kind == "enumerate":
            head = f"for {i}, {v} in enumerate({xs}):"
            inner.ints.append(i)
            inner.index_ok.append(i)
            inner.elems.append(v)
        elif kind == "zip":
            other = self.pick(self.vector_params)
            head = f"for {v}, {j} in zip({xs}, {other}):"
            if rebound and self.chance(0.4):
                rebound = other
            inner.elems += [v, j]
        elif kind == "reversed":
            head = f"for {v} in reversed({xs}):"
            inner.elems.append(v)
        elif kind == "triangular":
            outer = self.pick(sc.ints)
            head = f"for {j} in range({outer}):"
            inner.ints.append(j)
            if outer in sc.index_ok:
                inner.index_ok.append(j)
        else:
            k = f"k{d}"
            limit = self.pick(["0", "1", "2", "3", "3"]
                              + ([self.int_param] if self.int_param else []))
            if limit == "0":
                self.features.add("zero_trip")
            pre = [f"{k} = 0"]
            inner.ints.append(k)
            if kind == "while_true":
                head = "while True:"
                inc_first = True
            else:
                cond = f"{k} < {limit}"
                if self.chance(0.3) and self.carried:
                    self.features.add("data_while")
                    cond += f" and {self.pick(self.carried)} < {self.r.uniform(1.0, 3.0):.3f}"
                head = f"while {cond}:"
                inc_first = self.chance(0.5)
            inner.continue_ok = inc_first
            body = self.block(inner, self.size(3))
            if kind == "while_true":
                body = [f"{k} += 1", f"if {k} > {limit}:", "    break"] + body
            elif inc_first:
                body = [f"{k} += 1"] + body
            else:
                body = body + [f"{k} += 1"]
            return pre + [head] + _indent(body) + self.loop_else(sc) + post
        if kind == "range_const" and self.n == 0 and self.chance(0.1):
            self.features.add("zero_trip")
        if kind in ("elements", "range_len", "enumerate", "zip", "reversed", "range_back",
                    "range_start", "reversed_range") \
                and self.n <= (1 if kind == "range_start" else 0):
            self.features.add("zero_trip")
        body = self.block(inner, self.size(3))
        if rebound:
            # the body rebinds the name it iterates: the loop reads the object it began
            # with (front/normalize.py pin_iterable); same length, so reads still fit
            e = self.sexpr(inner, 2)
            again = self.pick([f"{rebound} = {rebound} * {self.small()}",
                               f"{rebound} = np.tanh({rebound}) + {e}",
                               f"{rebound} = {rebound}[::-1] * 0.5",
                               f"{rebound} = {rebound} - {self.small()} * {rebound} * {e}"])
            body = [again] + body if self.chance(0.3) else body + [again]
        return pre + [head] + _indent(body) + self.loop_else(sc) + post

    def loop_else(self, sc):
        """Sometimes an ``else`` block, run when the loop ends without ``break``
        (front/jumps.py)."""
        if not self.chance(0.12):
            return []
        self.features.add("loop_else")
        return ["else:"] + _indent(self.block(sc.child(), 1))

    # -------------------------------------------------------- whole programs

    def returned(self, sc):
        terms = []
        chosen = list(self.carried)
        if self.chance(0.3):
            chosen = self.r.sample(self.carried, self.r.randint(1, len(self.carried)))
        for name in chosen:
            terms.append(name if self.chance(0.5) else f"{self.small()} * {name}")
        # (less often after a trip ending with a spread of it: b_g then starts undefined at
        # the backward loop, whose head owns the zero made for it on the first trip only)
        if self.morph and self.chance(0.3 if "spread_carried_array" in self.features else 0.7):
            terms.append(f"{self.small()} * np.sum({self.morph})")
        if self.vectors_carried and self.chance(0.5):
            w = self.pick(self.vectors_carried)
            terms.append(self.pick([f"np.sum({w} * {w})", f"np.sum(np.sin({w}))",
                                    f"0.5 * np.sum({w})"]))
        if self.buffer and "buffer_swap" in self.features and self.chance(0.5):
            terms.append(f"np.sum({self.buffer[1]} * {self.buffer[1]})")
        if self.chance(0.2) and len(terms) > 1:
            self.features.add("tuple_output")
            return ", ".join(terms)
        return " + ".join(terms)

    def dict_block(self, sc):
        """A dict of the parameters built by a comprehension, then a loop over its entries
        (``.items()``, ``.values()`` or the keys) updating a carried value."""
        self.features.add("dict_items_loop")
        target, c = self.carried[0], self.small()
        srcs = self.vector_params + [s for s in sc.scalars if s in ("x", "y")]
        literal = "{" + ", ".join(f"'{s}': {s}" for s in srcs) + "}"
        lines = [self.pick([f"d = {{k: v * {c} for k, v in {literal}.items()}}",
                            f"d = {{k: {literal}[k] for k in sorted({literal})}}",
                            f"d = dict(zip({srcs!r}, [np.sin(v) for v in {literal}.values()]))"])]
        loop = self.pick([("for name, value in d.items():", "value"),
                          ("for value in d.values():", "value"),
                          ("for name in d.keys():", "d.get(name, 0.0)")])
        lines += [loop[0], f"    {target} = {target} + {c} * np.sum({loop[1]} * {loop[1]})"]
        return lines

    def program(self):
        r = self.r
        params, args = [], []
        # scalars: a Python float, sometimes a 0-d array
        for name in ["x", "y"][:r.randint(1, 2)]:
            value = round(r.uniform(-1.0, 1.0), 6)
            if r.random() < 0.2:
                self.features.add("zero_d_array")
                self.zero_d.add(name)
                args.append(np.array(value))
            else:
                args.append(value)
            params.append(name)
        self.n = r.choice([0, 1, 2, 3, 3, 4, 4])
        self.vector_params = []
        if r.random() < 0.85:
            for name in ["xs", "ys"][:r.randint(1, 2)]:
                params.append(name)
                args.append(np.array([round(r.uniform(-1.0, 1.0), 6) for _ in range(self.n)]))
                self.vector_params.append(name)
            if self.n == 0:
                self.features.add("empty_array")
        # a Python list of floats, read only by subscripts (issue 17: the facts of a
        # list's entries, EVERY_ENTRY, make `zs[i]` a float in the generated code)
        self.float_list = bool(self.vector_params) and r.random() < 0.25
        if self.float_list:
            params.append("zs")
            args.append([round(r.uniform(-1.0, 1.0), 6) for _ in range(self.n)])
        self.int_param = None
        if r.random() < 0.2:
            params.append("k")
            args.append(r.choice([0, 1, 2, 3]))
            self.int_param = "k"
        wrt = tuple(i for i, a in enumerate(args) if not isinstance(a, (int, list)))

        sc = Scope(self)
        sc.scalars = [p for p in params if p in ("x", "y")]
        sc.vectors = list(self.vector_params)
        lines = []
        self.carried = r.sample(CARRIED_NAMES, r.randint(1, 3))
        for name in self.carried:
            init = self.pick(["1.0", "0.0", "x", "0.5 * x", "np.sin(x)", "1.0 + 0.1 * x",
                              "y" if "y" in params else "x", "-0.5"])
            lines.append(f"{name} = {init}")
            if init in self.zero_d:  # (an alias of a 0-d argument: `+=` would change it)
                self.zero_d.add(name)
        sc.scalars += self.carried
        self.vectors_carried = []
        if self.vector_params and r.random() < 0.6:
            for name in r.sample(VECTOR_NAMES, r.randint(1, 2)):
                src = self.pick(self.vector_params)
                init = self.pick([f"{src}.copy()", f"np.zeros_like({src})", f"{src} * 0.5",
                                  f"np.array({src})", f"np.sin({src})"])
                lines.append(f"{name} = {init}")
                self.vectors_carried.append(name)
                sc.vectors.append(name)
            # a ping-pong partner of a carried vector (stmt_swap), drawn from a generator of
            # its own: the programs without one stay as they were for every seed
            side = random.Random(repr(r.getstate()[1][:8]))
            if side.random() < 0.3:
                w = side.choice(self.vectors_carried)
                self.buffer = (w, w + "b")
                lines.append(f"{w}b = " + side.choice([f"np.zeros_like({w})", f"{w} * 0.5",
                                                       f"{w}.copy()", f"np.ones_like({w})"]))
        # names rebound from a view of one array to a view of another (stmt_rebind_view),
        # drawn from a generator of its own, as the buffer above
        self.rebinder = random.Random("rebind:" + repr(r.getstate()[1][:8])).random() < 0.3
        zero_d = random.Random("zero-d:" + repr(r.getstate()[1][:8]))
        self.zero_d_maker = zero_d if zero_d.random() < 0.2 else None
        lazy = random.Random("lazy:" + repr(r.getstate()[1][:8]))
        self.lazy_maker = lazy if lazy.random() < 0.2 else None
        shared = random.Random("checkpoint-alias:" + repr(r.getstate()[1][:8]))
        alias_maker = shared if shared.random() < 0.25 else None
        if r.random() < 0.3:
            t = self.temp()
            lines.append(f"{t} = {self.sexpr(sc)}")
            sc.scalars.append(t)
        if r.random() < 0.15:
            # a variable whose shape the loop changes (stmt_morph, stmt_window)
            self.morph, self.morph_to_array = "g", r.random() < 0.65
            if self.morph_to_array:
                init = self.pick(["x * 1.0", "np.sin(x)", "0.5"])
            else:
                init = self.pick([f"{v} * 0.5" for v in self.vector_params]
                                 or ["np.ones(3) * x"])
            lines.append(f"g = {init}")
        if alias_maker and self.vector_params and self.n > 0:
            main, self.r = self.r, alias_maker  # (the rest drawn as before)
            try:
                lines += self.checkpoint_alias(sc)
            finally:
                self.r = main
        dead = random.Random("dead-number:" + repr(r.getstate()[1][:8]))  # (the same)
        floats = [p for p, a in zip(params, args) if type(a) is float]
        if floats and dead.random() < 0.2:
            lines += self.dead_number(dead, floats[0])
        # drawn from a generator of its own, as the checkpoint alias above
        repeated = random.Random("repeated-list:" + repr(r.getstate()[1][:8]))
        if self.vector_params and repeated.random() < 0.3:
            added = self.drawn_by(repeated, self.repeated_list, sc)
            lines += added
            self.allowance = len(added)  # (not counted against MAX_LINES: see program)
        for _ in range(1 if r.random() < 0.75 else 2):
            lines += self.loop(sc)
            if r.random() < 0.3:
                lines += self.stmt_update(sc)
        partial = random.Random("partial-inside:" + repr(r.getstate()[1][:8]))
        if self.vector_params and not self.allowance and partial.random() < 0.15 \
                and "lazy_generator" not in self.features:  # (rare: not displaced)
            added = self.drawn_by(partial, self.partial_inside, sc)
            lines += added
            self.allowance, self.partial_value = len(added), True
        read = random.Random("index-read:" + repr(r.getstate()[1][:8]))
        if self.float_list and not self.allowance and read.random() < 0.6:
            added = self.drawn_by(read, self.index_read, sc)
            lines += added
            self.allowance, self.read_value = len(added), True
        shared = random.Random("shared-recompute:" + repr(r.getstate()[1][:8]))
        if self.vector_params and "x" in params and not self.allowance \
                and shared.random() < 0.2:
            added = self.drawn_by(shared, self.shared_recompute, sc)
            lines += added
            self.allowance, self.shared_value = len(added), True
        ret = self.returned(sc)
        if self.allowance:  # (repeated_list's, partial_inside's, index_read's or
            # shared_recompute's value: the last returned)
            ret += " + q7" if getattr(self, "partial_value", False) else \
                " + q9" if getattr(self, "read_value", False) else \
                " + q8" if getattr(self, "shared_value", False) else " + q5"
        if r.random() < 0.2:  # drawn last: the programs of earlier seeds stay as they were
            lines += self.dict_block(sc)
        lines.append("return " + ret)
        source = ("import math\n" if "math." in "\n".join(lines) else "") + (
            "import functools\n" if "functools." in "\n".join(lines) else "") + (
            "import numpy as np\n\n\n"
                  f"def f({', '.join(params)}):\n" + "\n".join(_indent(lines)) + "\n")
        return source, params, tuple(args), wrt


def _indent(lines):
    return ["    " + line for line in lines]


# ------------------------------------------------------------------ acceptance


class _Probe(ast.NodeTransformer):
    """Rewrite a program so that it reports every comparison and every assigned value."""

    def __init__(self):
        self.count = 0

    def visit_Compare(self, node):
        self.generic_visit(node)
        self.count += 1
        ops = [type(op).__name__ for op in node.ops]
        return ast.Call(func=ast.Name("_probe_compare", ast.Load()),
                        args=[ast.Constant(self.count), ast.Constant(tuple(ops)), node.left,
                              *node.comparators], keywords=[])

    def _wrap(self, value):
        return ast.Call(func=ast.Name("_probe_value", ast.Load()), args=[value], keywords=[])

    def visit_Assign(self, node):
        self.generic_visit(node)
        node.value = self._wrap(node.value)
        return node

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        node.value = self._wrap(node.value)
        return node

    def visit_Return(self, node):
        self.generic_visit(node)
        if node.value is not None:
            node.value = self._wrap(node.value)
        return node

    def _tick(self, node):
        self.generic_visit(node)
        tick = ast.Expr(ast.Call(func=ast.Name("_probe_tick", ast.Load()), args=[], keywords=[]))
        node.body = [tick] + node.body
        return node

    visit_For = visit_While = _tick


_OPS = {"Lt": lambda a, b: a < b, "LtE": lambda a, b: a <= b, "Gt": lambda a, b: a > b,
        "GtE": lambda a, b: a >= b, "Eq": lambda a, b: a == b, "NotEq": lambda a, b: a != b}


class _TooLong(Exception):
    pass


# comparisons, assignments and loop iterations: a draft running longer is redrawn
MAX_EVENTS = 20000


class _Recorder:
    def __init__(self):
        self.events = 0
        self.trace = []
        self.margin = math.inf
        self.magnitude = 0.0
        self.finite = True

    def tick(self):
        self.events += 1
        if self.events > MAX_EVENTS:
            raise _TooLong(f"more than {MAX_EVENTS} steps")

    def compare(self, key, ops, *values):
        self.tick()
        result = True
        for op, a, b in zip(ops, values, values[1:]):
            if not (isinstance(a, (int, np.integer)) and isinstance(b, (int, np.integer))):
                self.margin = min(self.margin, abs(float(a) - float(b)))
            if not _OPS[op](a, b):
                result = False
                break
        self.trace.append((key, result))
        return result

    def value(self, v):
        self.tick()
        for leaf in _flat(v):
            if callable(leaf):  # (partial_inside's functools.partial: no value to measure)
                continue
            arr = np.asarray(leaf, dtype=float)
            if arr.size:
                if not np.all(np.isfinite(arr)):
                    self.finite = False
                else:
                    self.magnitude = max(self.magnitude, float(np.max(np.abs(arr))))
        return v


def _flat(v):
    if isinstance(v, dict):
        v = list(v.values())
    if isinstance(v, (tuple, list)):
        for x in v:
            yield from _flat(x)
    else:
        yield v


def probe_function(source, name="f"):
    """``source``'s function rewritten to record comparisons and values: call it with
    ``(recorder, *args)``."""
    tree = ast.parse(source)
    tree = ast.fix_missing_locations(_Probe().visit(tree))
    code = compile(tree, "<srcdiff probe>", "exec")

    def run(recorder, *args):
        ns = {"_probe_compare": recorder.compare, "_probe_value": recorder.value,
              "_probe_tick": recorder.tick}
        exec(code, ns)
        return ns[name](*copy_args(args))

    return run


def _perturbed(args, wrt):
    """Every argument list with one differentiated input moved by +-PROBE_STEP."""
    for k in wrt:
        a = args[k]
        if isinstance(a, np.ndarray):
            for idx in np.ndindex(*a.shape):
                for sign in (1.0, -1.0):
                    moved = np.array(a, copy=True)
                    moved[idx] += sign * PROBE_STEP
                    yield args[:k] + (moved,) + args[k + 1:]
        else:
            for sign in (1.0, -1.0):
                yield args[:k] + (a + sign * PROBE_STEP,) + args[k + 1:]


def accept(source, args, wrt, name="f"):
    """None if the program is a fair finite-difference test at ``args``, else why not."""
    why, _ = measure(source, args, wrt, name)
    return why


def measure(source, args, wrt, name="f"):
    """``(why not, largest magnitude)``: ``why not`` is None for a fair test (see
    :func:`accept`); the magnitude of the values it computes scales rounding error."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SyntaxWarning)
            run = probe_function(source, name)
    except SyntaxError as e:
        return f"raises SyntaxError: {e}", None
    base = _Recorder()
    try:
        with np.errstate(all="ignore"):
            result = run(base, *args)
    except Exception as e:  # a draft that does not run is redrawn
        return f"raises {type(e).__name__}: {e}", None
    if not all(isinstance(leaf, (float, int, np.floating, np.integer, np.ndarray))
               and np.asarray(leaf).dtype.kind in "fiu" for leaf in _flat(result)):
        return "no numeric output", None
    if not base.finite:
        return "not finite", None
    if base.magnitude > MAX_MAGNITUDE:
        return f"magnitude {base.magnitude:.3g}", None
    if base.margin < MARGIN:
        return f"a comparison is within {base.margin:.2g} of its threshold", None
    for moved in _perturbed(args, wrt):
        rec = _Recorder()
        try:
            with np.errstate(all="ignore"):
                run(rec, *moved)
        except Exception as e:
            return f"raises {type(e).__name__} near the point: {e}", None
        if rec.trace != base.trace:
            return "a comparison flips near the point", None
        if not rec.finite:
            return "not finite near the point", None
    if _differences_disagree(run, args, wrt, base.magnitude):
        return "ill-conditioned: central differences with steps 1e-6 and 1e-5 disagree", None
    return None, base.magnitude


def _differences_disagree(run, args, wrt, magnitude):
    """Is the point too ill-conditioned for finite differences to be an oracle (a chaotic
    loop: the estimates with the fuzzer's two steps disagree with each other)?"""
    def total_at(moved):
        with np.errstate(all="ignore"):
            return float(sum(np.sum(np.asarray(leaf, float))
                             for leaf in _flat(run(_Recorder(), *moved))))

    for k in wrt:
        a = args[k]
        for idx in (np.ndindex(*a.shape) if isinstance(a, np.ndarray) else [None]):
            estimates = []
            for h in (1e-6, 1e-5):
                ends = []
                for sign in (1.0, -1.0):
                    if idx is None:
                        moved = a + sign * h
                    else:
                        moved = np.array(a, copy=True)
                        moved[idx] += sign * h
                    ends.append(total_at(args[:k] + (moved,) + args[k + 1:]))
                estimates.append((ends[0] - ends[1]) / (2 * h))
            d6, d5 = estimates
            if abs(d6 - d5) > 1e-3 * max(abs(d6), abs(d5)) + 1e-5 * max(1.0, magnitude):
                return True
    return False


# ------------------------------------------------------------------ entry point


def draft(seed, index, attempt):
    """The draft program number ``attempt`` for ``(seed, index)`` (not checked)."""
    rng = random.Random(f"srcdiff-gen-loops:{seed}:{index}:{attempt}")
    gen = _Generator(rng)
    source, params, args, wrt = gen.program()
    p = Program(source, "f", params, args, wrt, seed, index, attempt, frozenset(gen.features))
    p.allowance = gen.allowance
    return p


def program(seed, index, stats=None):
    """The first accepted draft for ``(seed, index)``; ``stats`` counts the rejections."""
    last = None
    for attempt in range(MAX_ATTEMPTS):
        p = draft(seed, index, attempt)
        # (a template drawn from a generator of its own does not count: the drafts of
        # other shapes are accepted as they were without it)
        if p.source.count("\n") > MAX_LINES + p.allowance:
            why, magnitude = "too long", None
        else:
            why, magnitude = measure(p.source, p.args, p.wrt)
        if why is None:
            p.magnitude = magnitude
            return p
        last = why
        if stats is not None:
            key = _reason(why)
            stats[key] = stats.get(key, 0) + 1
    raise RuntimeError(f"no acceptable program for seed={seed} index={index} "
                       f"after {MAX_ATTEMPTS} drafts (last: {last})")


def _reason(why):
    for key in ("raises", "magnitude", "not finite", "within", "flips", "too long",
                "no numeric output"):
        if key in why:
            return {"within": "near a threshold", "flips": "branch flips nearby"}.get(key, key)
    return why
