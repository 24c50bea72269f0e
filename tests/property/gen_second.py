"""A random generator of programs for second-order tests, deterministic from ``(seed, index)``.

The programs are the shapes that make srcdiff's *generated* gradients hard to
differentiate again (issue 15): containers unpacked into floats and arrays
(``b, c = p``, ``u = p["a"]``), augmented assignments into those floats
(``c += np.linalg.norm(x)``) and into items of lists and rows of matrices
(``t[1] += np.dot(w, x)``, ``m[1] += ...``), dicts, ``wrt`` arguments the
output does not depend on (or depends on only through ``np.floor``), vector
and matrix norms (also ``ord=1``), traces, outer products, the
piecewise-constant ``np.floor``/``np.ceil``/``np.sign`` (and ``np.abs``, whose
gradient holds a sign), and short loops over ranges and lists.

``program(seed, index)`` returns a :class:`Program`: its source, the
arguments ``f(x, w, p, y)`` is evaluated at, and the ``wrt`` names. A draft is
*accepted* only when finite differences are a fair oracle at that point (see
:func:`measure`): values stay bounded, every argument of ``floor``/``ceil``
stays ``MARGIN`` away from an integer, every argument of ``sign``/``abs`` and
of an ``ord=1`` norm away from zero, and every 2-norm away from zero.

Nothing here imports srcdiff.
"""

import copy
import math
import random

import numpy as np

MARGIN = 2e-2        # distance of a piecewise-constant function's argument from a jump
MAX_MAGNITUDE = 50.0  # every value the program computes stays below this
MAX_ATTEMPTS = 100

FEATURES = ("unpack", "unpack_aug", "item_aug", "row_aug", "dict", "unused_wrt", "floor_only_wrt",
            "norm", "norm_ord1", "norm_axis", "trace", "outer", "piecewise", "abs", "loop",
            "loop_list", "tuple_output", "zero_d_entry", "tuple_wrt", "item_alias")

# scalar expressions: (template, features); {v}/{v2} vectors, {m}/{m2} matrices, {s}/{s2} scalars
SCALARS = [
    ("np.linalg.norm({v})", ("norm",)),
    ("np.linalg.norm({m})", ("norm",)),
    ("np.linalg.norm({v} - 0.5 * {v2})", ("norm",)),
    ("np.linalg.norm({m} @ {v})", ("norm",)),
    ("np.linalg.norm({v}, ord=1)", ("norm", "norm_ord1")),
    ("np.trace({m})", ("trace",)),
    ("np.trace({m} @ {m2})", ("trace",)),
    ("np.trace(np.outer({v}, {v2}))", ("trace", "outer")),
    ("np.sum(np.outer({v}, {v2}) * {m})", ("outer",)),
    ("np.dot({v}, {v2})", ()),
    ("{v} @ {m} @ {v2}", ()),
    ("np.sum(np.tanh({v}) * {v2})", ()),
    ("np.tanh({s}) * {s2}", ()),
    ("np.sin({s} * {s2})", ()),
    ("{s} * {s2} + 0.3", ()),
    ("np.sum(np.floor(2.0 * {v}) * {v} ** 2)", ("piecewise",)),
    ("np.sum(np.sign({v}) * {v2} ** 3)", ("piecewise",)),
    ("np.sum(np.ceil({v}) * np.sin({v2}))", ("piecewise",)),
    ("np.floor(3.0 * {s}) * {s2} ** 2", ("piecewise",)),
    ("np.sign({s}) * np.tanh({s2})", ("piecewise",)),
    ("np.sum(np.abs({v}) ** 3)", ("abs",)),
]
VECTORS = [
    ("np.tanh({m} @ {v})", ()),
    ("{v} * {s}", ()),
    ("np.outer({v}, {v2}) @ {v}", ("outer",)),
    ("np.sin({v}) + 0.5 * {v2}", ()),
    ("{v} * np.sign({v2})", ("piecewise",)),
    ("np.floor(2.0 * {v}) * {v2} + {v}", ("piecewise",)),
    ("{m} @ {v} / (1.0 + np.linalg.norm({v}))", ("norm",)),
    ("np.linalg.norm({m}, axis=0) * {v}", ("norm", "norm_axis")),
    ("np.ceil({v2}) * 0.1 + np.tanh({v})", ("piecewise",)),
    ("np.cos({v} * {s})", ()),
]
MATRICES = [
    ("np.outer({v}, {v2})", ("outer",)),
    ("{m} * {s}", ()),
    ("np.tanh({m}) + 0.5 * {m2}", ()),
    ("0.5 * {m} @ {m2}", ()),
    ("np.outer({v}, {v2}) + {m}", ("outer",)),
    ("np.trace({m}) * {m2} * 0.3", ("trace",)),
]


class Program:
    """One generated function ``f(x, w, p, y)``: call it with ``args``; ``wrt`` names."""

    def __init__(self, source, args, wrt, seed, index, attempt, features):
        self.source = source
        self.args = args
        self.wrt = wrt
        self.seed, self.index, self.attempt = seed, index, attempt
        self.features = features

    @property
    def label(self):
        return f"seed={self.seed} index={self.index} attempt={self.attempt}"

    def describe(self):
        return (f"# program {self.label}\n# wrt={self.wrt}\n# args={_show(self.args)}\n"
                f"{self.source}")

    def fresh_args(self):
        return copy.deepcopy(self.args)


def _show(value):
    if isinstance(value, np.ndarray):
        return f"np.array({value.tolist()!r})"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k!r}: {_show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        inner = ", ".join(_show(v) for v in value)
        if isinstance(value, list):
            return f"[{inner}]"
        return f"({inner}{',' if len(value) == 1 else ''})"
    return repr(value)


class _Generator:
    def __init__(self, rng):
        self.r = rng
        self.features = set()
        self.count = 0
        self.lines = []
        self.scalars, self.vectors, self.matrices = [], ["x"], ["w"]
        self.fresh_vectors, self.fresh_scalars = [], []  # new arrays/floats: safe to augment
        self.lists = []  # lists of two vectors
        self.uses = {}

    def chance(self, p):
        return self.r.random() < p

    def pick(self, seq):
        return self.r.choice(seq)

    def name(self, base):
        self.count += 1
        return f"{base}{self.count}"

    def fill(self, template, features):
        self.features.update(features)
        v = self.pick(self.vectors)
        v2 = self.pick([u for u in self.vectors if u != v] or [v])
        m = self.pick(self.matrices)
        scalars = self.scalars or ["0.7"]
        s = self.pick(scalars)
        s2 = self.pick([t for t in scalars if t != s] or ["0.4"])
        text = template.format(v=v, v2=v2, m=m, m2=self.pick(self.matrices), s=s, s2=s2)
        for n in (v, v2, m, s, s2):
            self.uses[n] = self.uses.get(n, 0) + 1
        return text

    def scalar(self):
        return self.fill(*self.pick(SCALARS))

    def vector(self):
        return self.fill(*self.pick(VECTORS))

    def matrix(self):
        return self.fill(*self.pick(MATRICES))

    # -------------------------------------------------------- the arguments

    def arguments(self):
        r = self.r
        x = np.array([r.uniform(-1.2, 1.2) for _ in range(3)])
        w = np.array([[r.uniform(-0.9, 0.9) for _ in range(3)] for _ in range(3)])
        kind = self.pick(["tuple", "tuple", "list", "dict", "none"])
        floats = [round(r.uniform(-1.0, 1.0), 3) for _ in range(2)]
        if kind == "tuple":
            zero_d = self.chance(0.15)
            if zero_d:
                self.features.add("zero_d_entry")
            p = tuple(np.array(f) if zero_d else f for f in floats)
            self.lines.append("b, c = p")
            self.features.add("unpack")
            self.scalars += ["b", "c"]
            self.fresh_scalars.append("c")
        elif kind == "list":
            p = [np.array([r.uniform(-1, 1) for _ in range(3)]), floats[0]]
            self.lines.append("u, c = p")
            self.features.add("unpack")
            self.vectors.append("u")
            self.scalars.append("c")
            self.fresh_scalars.append("c")
        elif kind == "dict":
            p = {"a": np.array([r.uniform(-1, 1) for _ in range(3)]), "b": floats[0]}
            self.lines += ['u = p["a"]', 'c = p["b"]']
            self.features.add("dict")
            self.vectors.append("u")
            self.scalars.append("c")
            self.fresh_scalars.append("c")
        else:
            p = (floats[0], floats[1])
        self.p_kind = kind
        y_vector = self.chance(0.4)
        y = np.array([r.uniform(-1, 1) for _ in range(3)]) if y_vector else r.uniform(-1, 1)
        use = self.pick(["unused", "unused", "floor", "smooth", "smooth"])
        self.y_use = use
        if use == "floor":
            k = self.name("k")
            self.lines.append(f"{k} = np.floor(2.0 * y + 0.5)")
            self.features.add("floor_only_wrt")
            if y_vector:
                k2 = self.name("s")
                self.lines.append(f"{k2} = np.sum({k} * x)")
                self.scalars.append(k2)
            else:
                self.scalars.append(k)
        elif use == "smooth":
            if y_vector:
                self.vectors.append("y")
            else:
                self.scalars.append("y")
        return (x, w, p, y)

    # -------------------------------------------------------- statements

    def statement(self):
        kinds = ["scalar"] * 4 + ["vector"] * 3 + ["matrix"] * 2 + ["list"] * 2 + ["row"] \
            + ["dict"] + ["loop"] * 2
        if self.fresh_scalars:
            kinds += ["aug_scalar"] * 3
        if self.fresh_vectors:
            kinds += ["aug_vector"]
        getattr(self, "stmt_" + self.pick(kinds))()

    def stmt_scalar(self):
        n = self.name("s")
        self.lines.append(f"{n} = {self.scalar()}")
        self.scalars.append(n)
        self.fresh_scalars.append(n)

    def stmt_vector(self):
        n = self.name("v")
        self.lines.append(f"{n} = {self.vector()}")
        self.vectors.append(n)
        self.fresh_vectors.append(n)

    def stmt_matrix(self):
        n = self.name("m")
        self.lines.append(f"{n} = {self.matrix()}")
        self.matrices.append(n)

    def stmt_aug_scalar(self):
        target = self.pick(self.fresh_scalars)
        if target == "c":
            self.features.add("unpack_aug")
        op = self.pick(["+=", "+=", "-=", "*="])
        e = self.scalar()
        if op == "*=":
            e = f"(1.0 + 0.2 * np.tanh({e}))"
        self.lines.append(f"{target} {op} {e}")
        self.uses[target] = self.uses.get(target, 0) + 1

    def stmt_aug_vector(self):
        target = self.pick(self.fresh_vectors)
        self.lines.append(f"{target} += 0.5 * {self.vector()}")

    def stmt_list(self):
        t = self.name("t")
        a, b = self.vector(), self.vector()
        if self.fresh_vectors and self.chance(0.3):
            # the list holds an array another name refers to: `t[k] += e` changes it in place
            a = self.pick(self.fresh_vectors)
            self.features.add("item_alias")
        self.lines.append(f"{t} = [{a}, {b}]")
        k = self.pick([0, 1])
        e = self.pick([f"np.dot({self.pick(self.matrices)}, {self.pick(self.vectors)})",
                       f"{self.scalar()} * {self.pick(self.vectors)}",
                       f"np.dot({self.pick(self.vectors)}, {self.pick(self.vectors)})"])
        self.lines.append(f"{t}[{k}] += {e}")
        self.features.add("item_aug")
        self.lists.append(t)
        n = self.name("v")
        self.lines.append(f"{n} = {t}[0] * {t}[1]")
        self.vectors.append(n)

    def stmt_row(self):
        m = self.name("m")
        start = self.pick(["np.zeros((3, 3))", f"{self.pick(self.matrices)} * 0.5",
                           f"np.outer({self.pick(self.vectors)}, {self.pick(self.vectors)})"])
        self.lines.append(f"{m} = {start}")
        k = self.pick([0, 1, 2])
        e = self.pick([f"np.dot({self.pick(self.vectors)}, {self.pick(self.vectors)}) * "
                       f"{self.pick(self.vectors)}",
                       f"np.tanh({self.pick(self.vectors)})",
                       f"{self.scalar()} * {self.pick(self.vectors)}"])
        self.lines.append(f"{m}[{k}] += {e}")
        self.features.add("row_aug")
        self.matrices.append(m)

    def stmt_dict(self):
        d = self.name("d")
        self.lines.append(f'{d} = {{"a": {self.vector()}, "b": {self.scalar()}}}')
        n = self.name("s")
        self.lines.append(f'{n} = np.sum(np.sin({d}["a"])) * {d}["b"]')
        self.features.add("dict")
        self.scalars.append(n)
        self.fresh_scalars.append(n)

    def stmt_loop(self):
        self.features.add("loop")
        k = self.pick(["sum", "recurrence", "list"] if self.lists else ["sum", "recurrence"])
        if k == "sum":
            acc = self.name("s")
            v, v2 = self.pick(self.vectors), self.pick(self.vectors)
            self.lines += [f"{acc} = 0.0", "for i in range(3):",
                           f"    {acc} = {acc} + {v}[i] * np.tanh({v2}[i])"]
            self.scalars.append(acc)
        elif k == "recurrence":
            h = self.name("v")
            m, v = self.pick(self.matrices), self.pick(self.vectors)
            self.lines += [f"{h} = {v} * 1.0", "for i in range(2):",
                           f"    {h} = np.tanh({m} @ {h}) * 0.5 + 0.5 * {h}"]
            self.vectors.append(h)
        else:
            self.features.add("loop_list")
            acc = self.name("s")
            t = self.pick(self.lists)
            self.lines += [f"{acc} = 0.0", f"for e in {t}:",
                           f"    {acc} = {acc} + np.sum(e * e) * 0.1"]
            self.scalars.append(acc)

    def returned(self):
        recent = self.scalars[-3:] + self.vectors[-2:]
        terms = []
        for n in self.r.sample(recent, min(len(recent), self.r.randint(1, 3))):
            terms.append(n if n in self.scalars else f"np.sum({n} * {n})")
        if self.matrices[-1] != "w" and self.chance(0.4):
            terms.append(f"0.1 * np.linalg.norm({self.matrices[-1]})")
            self.features.add("norm")
        if self.chance(0.1) and len(terms) > 1:
            self.features.add("tuple_output")
            return f"{terms[0]}, {' + '.join(terms[1:])}"
        return " + ".join(terms)

    def program(self):
        args = self.arguments()
        for _ in range(self.r.randint(2, 6)):
            self.statement()
        ret = self.returned()
        wrt_options = ["x", "x", "w", "p", "y", "y", ("x", "y"), ("x", "w"), ("w", "p")]
        if self.p_kind == "none":
            wrt_options.append("p")
        wrt = self.pick(wrt_options)
        names = wrt if isinstance(wrt, tuple) else (wrt,)
        if len(names) > 1:
            self.features.add("tuple_wrt")
        if "y" in names and self.y_use == "unused" or "p" in names and self.p_kind == "none":
            self.features.add("unused_wrt")
        body = "\n".join("    " + line for line in self.lines + [f"return {ret}"])
        source = f"import numpy as np\n\n\ndef f(x, w, p, y):\n{body}\n"
        return source, args, wrt


# ------------------------------------------------------------------ is it a fair test?


class _Probe:
    """``np`` for a probe run: records how close each piecewise-constant function's argument
    comes to a jump, and the largest value computed."""

    def __init__(self):
        self.margin = math.inf
        self.magnitude = 0.0
        self.finite = True
        self.linalg = _ProbeLinalg(self)

    def __getattr__(self, attr):
        return getattr(np, attr)

    def _see(self, value):
        arr = np.asarray(value, dtype=float)
        if arr.size:
            if not np.all(np.isfinite(arr)):
                self.finite = False
            else:
                self.magnitude = max(self.magnitude, float(np.max(np.abs(arr))))
        return value

    def _jump(self, distance):
        d = np.asarray(distance, dtype=float)
        if d.size:
            self.margin = min(self.margin, float(np.min(d)))

    def floor(self, a):
        self._jump(np.abs(a - np.round(a)))
        return self._see(np.floor(a))

    def ceil(self, a):
        self._jump(np.abs(a - np.round(a)))
        return self._see(np.ceil(a))

    def sign(self, a):
        self._jump(np.abs(a))
        return np.sign(a)

    def abs(self, a):
        self._jump(np.abs(a))
        return np.abs(a)

    def tanh(self, a):
        return self._see(np.tanh(a))

    def outer(self, a, b):
        return self._see(np.outer(a, b))

    def dot(self, a, b):
        return self._see(np.dot(a, b))


class _ProbeLinalg:
    def __init__(self, probe):
        self.probe = probe

    def __getattr__(self, attr):
        return getattr(np.linalg, attr)

    def norm(self, a, ord=None, axis=None):
        if ord == 1:
            self.probe._jump(np.abs(a))
        value = np.linalg.norm(a, ord=ord, axis=axis)
        self.probe._jump(value)
        return self.probe._see(value)


def measure(source, args):
    """None when the program is a fair finite-difference test at ``args``, else why not."""
    probe = _Probe()
    namespace = {}
    exec(compile(source.replace("import numpy as np\n", ""), "<probe>", "exec"),
         {"np": probe}, namespace)
    f = namespace["f"]
    try:
        with np.errstate(all="raise"):
            result = f(*copy.deepcopy(args))
    except Exception as e:  # a draft that does not run is redrawn
        return f"raises {type(e).__name__}: {e}"
    probe._see(result if not isinstance(result, tuple) else np.concatenate(
        [np.ravel(r) for r in result]))
    if not probe.finite:
        return "not finite"
    if probe.magnitude > MAX_MAGNITUDE:
        return f"magnitude {probe.magnitude:.3g}"
    if probe.margin < MARGIN:
        return f"an argument is {probe.margin:.2g} from a jump or a kink"
    return None


def draft(seed, index, attempt):
    rng = random.Random(f"srcdiff-gen-second:{seed}:{index}:{attempt}")
    gen = _Generator(rng)
    source, args, wrt = gen.program()
    return Program(source, args, wrt, seed, index, attempt, frozenset(gen.features))


def program(seed, index):
    """The first accepted draft for ``(seed, index)``."""
    last = None
    for attempt in range(MAX_ATTEMPTS):
        p = draft(seed, index, attempt)
        last = measure(p.source, p.args)
        if last is None:
            return p
    raise RuntimeError(f"no acceptable program for seed={seed} index={index} (last: {last})")
