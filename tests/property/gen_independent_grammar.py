"""gen_independent.py's second half: programs drawn statement by statement from a small
grammar, as a random-program checker written outside the project draws them (no templates:
any statement may follow any other, nested to depth 2).

The state is a few floats (``s``, ``a``, ``b``) and arrays of ``len(x)`` entries (``v``,
``w``); each statement reads and writes them:

* assignments and augmented assignments (``+=``, ``-=``, ``*=``) of random expressions:
  arithmetic, ``abs``/``min``/``max``, ``math`` and NumPy functions, ``(-c) ** k``, ternaries,
  ``and``/``or`` on floats, sums, means, entries at constant and computed indices;
* stores into arrays: an entry, a slice (negative steps too), a boolean mask, an integer
  array; in-place slice updates ``w[1:] += ...``;
* swaps ``a, b = b, a * c``; a list appended to in a loop and read as ``np.array``;
* ``if``/``else``; ``for`` over an array, ``range``, ``enumerate`` or ``zip`` with ``break``
  and ``continue``; ``while`` loops whose trip count depends on the values.

Values are kept in range by ``np.tanh``/``math.tanh`` here and there; a program whose value
is not finite is skipped by the runner.
"""

import random

HELPERS = [
    "",
    "def hf(z, c=0.5, *, p=2):",
    "    return c * z ** p + math.sin(z)",
    "",
    "",
    "def ha(u, scale=1.0):",
    "    return np.tanh(u) * scale",
    "",
]


class Grammar:
    FLOATS = ("s", "a", "b")
    ARRAYS = ("v", "w")

    def __init__(self, seed):
        self.r = random.Random(seed)
        self.lines = []
        self.count = 0
        self.loop_depth = 0

    def pick(self, *options):
        return self.r.choice(options)

    def new(self, base):
        self.count += 1
        return f"{base}{self.count}"

    def const(self):
        return self.pick("0.5", "0.3", "1.2", "2.0", "0.1", "-0.7")

    # ---------------------------------------------------------------- expressions
    def fexpr(self, depth=0):
        r = self.r
        if depth >= 2 or r.random() < 0.3:
            return self.fleaf()
        a, b = self.fexpr(depth + 1), self.fexpr(depth + 1)
        form = r.randrange(16)
        if form < 5:
            return f"({a} {self.pick('+', '-', '*', '*', '+')} {b})"
        return [
            f"({a} / (1.0 + {b} * {b}))",
            f"abs({a})",
            f"{self.pick('max', 'min')}({a}, {b})",
            f"math.{self.pick('tanh', 'sin', 'cos', 'atan')}({a})",
            f"math.exp(math.tanh({a}))",
            f"{a} ** {self.pick('2', '3', 'k', '2.0')}",
            f"(-{a}) ** {self.pick('k', '2', '3', '2.0', 'float(k)')}",
            f"({a} if {self.cond()} else {b})",
            f"({a} {self.pick('and', 'or')} {b})",
            f"np.sum({self.aexpr(depth + 1)})",
            f"float(np.{self.pick('mean', 'max', 'min', 'prod')}({self.aexpr(depth + 1)}))",
        ][form - 5]

    def fleaf(self):
        r = self.r.randrange(8)
        if r < 3:
            return self.pick(*self.FLOATS)
        if r == 3:
            return self.const()
        if r == 4:
            return self.pick('p["w"]', 'p["b"]', "L[-1]", "L[0]", "L[j % len(L)]", "v[j]",
                             "M[0, 1]", "M[-1, -1]")
        if r == 5:
            return self.pick(
                f"hf({self.pick(*self.FLOATS)}, p={self.pick('1', '2', 'k')})",
                f"hf({self.pick(*self.FLOATS)}, c={self.pick(*self.FLOATS)})",
                f"hn({self.pick(*self.FLOATS)})", f"hn(w=0.5, z={self.pick(*self.FLOATS)})",
                "np.sum(M.max(axis=0))", "float(np.sum(M.mean(axis=1, keepdims=True) * M))",
                "float(np.sum(M.T @ v))", "np.sum(M[:, ::-1].cumsum(axis=1))",
            )
        arr = self.pick(*self.ARRAYS)
        return self.pick(f"{arr}[0]", f"{arr}[-1]", f"{arr}[k % len({arr})]",
                         f"{arr}[len({arr}) // 2]")

    def cond(self):
        return self.pick(f"{self.fleaf()} > {self.const()}", f"{self.fleaf()} < {self.fleaf()}",
                         f"{self.fleaf()} * {self.fleaf()} > 0.1")

    def aexpr(self, depth=0):
        r = self.r
        if depth >= 2 or r.random() < 0.3:
            return self.pick(*self.ARRAYS)
        a = self.aexpr(depth + 1)
        form = r.randrange(14)
        return [
            f"({a} {self.pick('+', '-', '*')} {self.aexpr(depth + 1)})",
            f"({a} * {self.fexpr(depth + 1)})",
            f"({self.fexpr(depth + 1)} - {a})",
            f"np.where({a} > {self.const()}, {a}, {self.aexpr(depth + 1)} * 0.5)",
            f"np.{self.pick('maximum', 'minimum')}({a}, {self.fexpr(depth + 1)})",
            f"np.clip({a}, -0.6, 0.6)",
            f"np.{self.pick('abs', 'tanh', 'sin')}({a})",
            f"{a}[::-1]",
            f"np.roll({a}, {self.pick('1', '-1', 'k')})",
            f"(np.cumsum({a}) * 0.3)",
            f"np.concatenate([{a}[1:], {a}[:1]])",
            f"{a}.reshape(-1, 1).ravel()",
            f"{a}[np.arange(len({a}))[::-1]]",
            self.pick("M.sum(axis=1)", "M[:, 1]", "M @ np.ones(3)", "M.max(axis=1)",
                      "M.T[0]", f"ha({a}, scale=0.5)", f"ha({a})", f"np.diff({a}, prepend=0.0)"),
        ][form]

    # ---------------------------------------------------------------- statements
    def emit(self, depth, *lines):
        self.lines.extend("    " * (depth + 1) + line for line in lines)

    def statement(self, depth):
        r = self.r
        kinds = ["fassign", "fassign", "faug", "aassign", "astore", "swap", "state", "state"]
        if depth < 2:
            kinds += ["if", "for", "for", "while", "append"]
        if self.loop_depth and r.random() < 0.3:
            kinds.append("jump")
        getattr(self, "st_" + r.choice(kinds))(depth)

    def block(self, depth, n=None):
        for _ in range(n or self.r.randint(1, 3)):
            self.statement(depth)

    def st_fassign(self, depth):
        target = self.pick(*self.FLOATS)
        expr = self.fexpr()
        if self.r.random() < 0.4:
            expr = f"math.tanh({expr})"
        self.emit(depth, f"{target} = {expr}")

    def st_faug(self, depth):
        target = self.pick(*self.FLOATS)
        op = self.pick("+=", "-=", "*=")
        expr = self.fexpr(1)
        if op == "*=":
            expr = f"(1.0 + 0.3 * math.tanh({expr}))"
        self.emit(depth, f"{target} {op} {expr}")

    def st_aassign(self, depth):
        target = self.pick(*self.ARRAYS)
        expr = self.aexpr()
        if self.r.random() < 0.4:
            expr = f"np.tanh({expr})"
        self.emit(depth, f"{target} = {expr}" if self.r.random() < 0.7
                  else f"{target} {self.pick('+=', '-=', '*=')} 0.5 * np.tanh({expr})")

    def st_astore(self, depth):
        t = self.pick(*self.ARRAYS)
        f = f"math.tanh({self.fexpr(1)})"
        self.emit(depth, self.pick(
            f"{t}[{self.pick('0', '-1', 'k % len(' + t + ')')}] = {f}",
            f"{t}[{self.pick('0', '-1', '1 % len(' + t + ')')}] += {f}",
            f"{t}[1:] += 0.5 * {t}[:-1]",
            f"{t}[:-1] -= 0.3 * np.tanh({self.aexpr(1)})[1:]",
            f"{t}[::-1] *= 0.9",
            f"{t}[::2] = {f}",
            f"{t}[{t} > 0.2] *= {f}",
            f"{t}[{t} < 0] = 0.5 * {t}[{t} < 0]",
            f"{t}[np.array([0, len({t}) - 1])] = np.tanh({self.aexpr(1)})[:2]",
            f"{t}[1:len({t}) - 1] = {t}[len({t}) - 2:0:-1] * {f}",
        ))

    def st_state(self, depth):
        f = f"math.tanh({self.fexpr(1)})"
        self.emit(depth, self.pick(
            f'p["w"] -= 0.1 * {f}', f'p["b"] = p["w"] * {self.fleaf()}', f"L.append({f})",
            f"L[0] += {f}", f"L = L[1:] + [{f}]", f"L[-1] *= {self.fleaf()}",
            "j = int(np.argmax(v))", "j = (j + 1) % len(v)",
            f"M[:, 0] += {f}", f"M = M * {f}", "M[1:] -= 0.2 * M[:-1]",
            f"M = np.tanh(M + {self.aexpr(1)}.reshape(-1, 1))", f"M[M < 0] *= {f}",
        ))

    def st_swap(self, depth):
        a, b = self.r.sample(self.FLOATS, 2)
        self.emit(depth, self.pick(f"{a}, {b} = {b}, {a} * {self.const()}",
                                   f"{a}, {b} = {b} + {a} * 0.1, {a}",
                                   "v, w = w, v" + self.pick("", " * 0.5", "[::-1]")))

    def st_if(self, depth):
        self.emit(depth, f"if {self.cond()}:")
        self.block(depth + 1)
        if self.r.random() < 0.6:
            self.emit(depth, "else:")
            self.block(depth + 1)

    def st_for(self, depth):
        arr = self.pick(*self.ARRAYS)
        e, i = self.new("e"), self.new("i")
        header = self.pick(
            f"for {e} in {arr}:", f"for {e} in {arr}[::-1]:", f"for {e} in list({arr}):",
            f"for {i}, {e} in enumerate({arr}):",
            f"for {e}, {i} in zip({arr}, {self.pick(*self.ARRAYS)}):",
            f"for {i} in range(len({arr})):",
        )
        self.emit(depth, header)
        self.loop_depth += 1
        use = e if e in header else f"{arr}[{i}]"
        self.emit(depth + 1, f"{self.pick(*self.FLOATS)} += {self.pick('0.3', '0.1', 's')} * {use}")
        self.block(depth + 1)
        self.loop_depth -= 1

    def st_while(self, depth):
        n = self.new("n")
        self.emit(depth, f"{n} = 0", f"while {n} < {self.pick('3', 'k', '6')} and {self.cond()}:")
        self.loop_depth += 1
        self.emit(depth + 1, f"{n} += 1")  # first: a `continue` below must not loop forever
        self.block(depth + 1)
        self.loop_depth -= 1

    def st_jump(self, depth):
        self.emit(depth, f"if {self.cond()}:", "    " + self.pick("break", "continue"))

    def st_append(self, depth):
        ys, e = self.new("ys"), self.new("e")
        arr = self.pick(*self.ARRAYS)
        self.emit(depth, f"{ys} = []", f"for {e} in {arr}:",
                  f"    {ys}.append({e} * {self.fleaf()})",
                  f"{self.pick(*self.ARRAYS)} = np.tanh(np.array({ys}))")

    def build(self):
        self.emit(0, "v = x.copy()", "w = np.tanh(x * s)", "a = s * 0.5", "b = 1.0",
                  'p = {"w": s, "b": 0.5}', "L = [s, 0.5, 1.0]", "j = 0",
                  "M = np.outer(v, np.array([1.0, s, -0.5]))")
        for _ in range(self.r.randint(2, 6)):
            self.statement(0)
        self.emit(0, "return a + 0.5 * b + np.sum(v * w) + " + self.pick(
            "s", "np.sum(v)", 'p["w"] * p["b"] + sum(L)', "np.sum(M ** 2)"))
        src = ["import math", "", "import numpy as np", ""] + HELPERS + ["", "def f(x, s, k):"]
        nested = ["def hn(z, w=0.3):", "    return z * w + s * 0.1 + z * z * a"]
        if any("hn(" in line for line in self.lines):
            self.lines[4:4] = ["    " + line for line in nested]
        return "\n".join(src + self.lines) + "\n", None, None


def program(seed):
    return Grammar(seed).build()
