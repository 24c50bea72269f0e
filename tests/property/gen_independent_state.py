"""gen_independent.py's third part: gen_independent_grammar's grammar with containers of
arrays and names that share them (an outside checker's programs change arrays in place
through every name that holds them; the grammar alone rarely makes two names hold one).

On top of the grammar's state (floats ``s``, ``a``, ``b``; arrays ``v``, ``w``; ``p``, ``L``,
``M``) a program has ``u``, another name for ``v`` or a view of ``w`` (or, the near miss, a
copy), ``X`` a list of arrays (holding ``v`` itself, or one array twice) and ``D`` a dict
of arrays (holding ``v``); statements drawn among the grammar's:

* changes through one name read through another: ``u[1:] += ...`` while ``v`` is read,
  ``X[0] += ...`` (the array ``v``), ``for z in X: z *= c``, ``D["g"][1:] *= ...``,
  ``D["u"][0] *= ...`` (through the entry: the dict's own array, or ``u``),
  ``for key, z in D.items(): z += ...``; new aliases in loops (``u = v``, ``v = X[-1]``,
  ``u = w if a > c else v``, ``X.append(v)``, ``D["g"] = u``), rebinds (the near misses:
  ``X[i] = X[i] * c``, ``D["g"] = np.tanh(D["g"])``);
* helpers that change an argument in place (``hm(X[0], c=s)``, ``hl(L, a)``), called in loops;
* ``while`` loops with a counter that ``break`` on a value test (``while True`` too);
* chained comparisons, ``/=``, ``**=``, ``min``/``max`` of several floats and of arrays
  and lists (the builtins, ``key=abs``, ``default=`` of a list that may be empty);
* fancy-index ``+=`` with repeated indices (NumPy adds once per distinct index),
  ``np.add.at``, boolean-mask and negative-step writes, ``t[:] = np.where(...)``.

    python tests/property/gen_independent_state.py 17     # print program 17
"""

import random

from gen_independent_grammar import HELPERS, Grammar

STATE_HELPERS = [
    "def hm(z, c=0.5):",
    "    z[1:] += c * np.tanh(z[:-1])",
    "    z[0] *= 0.9",
    "    return float(np.sum(z)) * 0.1",
    "",
    "",
    "def hr(z, c=0.5):",
    "    return z[::-1] * c + np.tanh(z)",
    "",
    "",
    "def hl(xs, t):",
    "    xs.append(t * 0.5)",
    "    xs[0] = xs[0] * 0.9 + t",
    "",
    "",
    "def hc(g, z, *rest):",
    "    return g(z, *rest) * 0.5",
    "",
    "",
]


class StateGrammar(Grammar):
    ARRAYS = ("v", "w", "u")

    def __init__(self, seed):
        super().__init__(seed)
        # the later statements' stream (``LATER``): a generator of its own, so a program that
        # draws none of them is the one drawn before they were added
        self.later = random.Random(seed * 31 + 19)
        self.calls = random.Random(seed * 37 + 23)  # (``CALLS``: a stream of their own too)

    # ---------------------------------------------------------------- expressions
    def fleaf(self):
        if self.r.random() < 0.15:
            return self.pick("X[0][0]", "X[-1][-1]", "float(np.sum(X[-1]))", 'D["g"][0]',
                             'float(np.mean(D["u"]))', "u[len(u) // 2]", "max(v)",
                             "min(L)", "max(L, key=abs)", "float(np.sum(u * v))")
        return super().fleaf()

    def aexpr(self, depth=0):
        if self.r.random() < 0.12:
            return self.pick("X[0]", "X[-1]", 'D["g"]', 'D["u"]',
                             f"({self.pick(*self.ARRAYS)} if {self.cond()} else "
                             f"{self.pick(*self.ARRAYS)})")
        return super().aexpr(depth)

    def cond(self):
        if self.r.random() < 0.3:  # chained comparisons
            return self.pick(f"-0.4 < {self.fleaf()} < {self.const()}",
                             f"{self.fleaf()} < {self.fleaf()} <= 0.9",
                             f"{self.const()} > {self.fleaf()} >= -0.5")
        return super().cond()

    def fexpr(self, depth=0):
        if depth < 2 and self.r.random() < 0.08:
            return self.pick(f"max({self.fleaf()}, {self.fleaf()}, {self.const()})",
                             f"min({self.fleaf()}, {self.fleaf()}, {self.fleaf()})",
                             f"abs({self.fleaf()} - {self.fleaf()})",
                             f"float(max({self.pick(*self.ARRAYS)}))")
        return super().fexpr(depth)

    # ---------------------------------------------------------------- statements
    def statement(self, depth):
        if self.later.random() < 0.07:  # drawn from self.later, then this statement as before
            main, self.r = self.r, self.later
            try:
                self.draw(depth, self.LATER)
            finally:
                self.r = main
        if self.calls.random() < 0.05:
            main, self.r = self.r, self.calls
            try:
                self.draw(depth, self.CALLS)
            finally:
                self.r = main
        r = self.r
        if r.random() < 0.5:
            kinds = ["alias", "listarr", "listarr", "listarr", "dictarr", "dictarr", "dictarr",
                     "fancy", "fancy", "faug", "faug", "minmax", "helper"]
            if depth < 2:
                kinds += ["whilebreak", "whilebreak", "loopalias", "loopalias"]
            kind = r.choice(kinds)
            if kind in ("whilebreak", "loopalias"):
                getattr(self, "st_" + kind)(depth)
            else:
                self.draw(depth, getattr(self, kind.upper()))
        else:
            super().statement(depth)

    # each statement kind: templates, one drawn with its fields (``draw``); "; " splits lines
    ALIAS = ("u = v", "u = w[::-1]", "v = u", "u = X[0]", 'u = D["g"]', "w = X[-1]", "u = v[:]",
             "u = np.asarray(w)", "u = w.reshape(-1)", "u = u.copy()",
             "u = w if {cond} else v", "v, w = w, v * 0.5")
    # (srcdiff follows `X[1] += ...`; it refuses a change through `X[-1]`, `X[i]` or
    # `X[0][j]`: which array of the list it changes is not known)
    LISTARR = ("X[{xi}] += 0.3 * np.tanh({e})", "X[{xi}] *= 1.0 + 0.2 * {f}",
               "X[0] = X[{xi}] * {f}", "X[-1] = X[1] * {f}", "X.append(np.tanh({t}))",
               "X.append({t})", "X.append({t} * 0.5)", "X[0][{xj}] = {f}",
               "X[-1][1:] *= 1.0 + 0.2 * {f}", "X = X[1:] + [np.tanh(X[0])]",
               "X[1] = np.where(X[1] > 0.2, X[1] - 0.1 * {f}, X[0])")
    DICTARR = ('D["u"] -= 0.1 * D["g"]', 'D["g"] += 0.2 * np.tanh({e})',
               'D["g"] = np.tanh(D["g"] + {f})', 'D["u"] *= 1.0 + 0.2 * {f}',
               'D["g"][1:] *= 1.0 + 0.2 * {f}', 'D["g"] = {t}', 'D["u"] = D["u"] * {f} + D["g"]',
               'D["h"] = D["u"] * {f}', 'D["u"][{xj}] = {f}', 'D["u"][0] *= 1.0 + 0.2 * {f}',
               'D["u"][1:] += 0.2 * np.tanh(D["u"][:-1] * {f})')
    # (NumPy adds once per distinct index of a fancy-index `+=`; np.add.at once per index)
    FANCY = ("{t}[[0, 1, 0]] += {f}", "{t}[np.array([j, 0, j]) % len({t})] -= 0.3 * {f}",
             "np.add.at({t}, [0, 0, len({t}) - 1], 0.2 * {f})", "{t}[[1, 1]] *= 1.0 + 0.2 * {f}",
             "{t}[::-2] += 0.2 * np.tanh({e})[::2]", "{t}[-1:0:-1] = {t}[:-1] * {f}",
             "{t}[:] = np.where({t} > {c}, {t}, 0.5 * np.tanh({e}))",
             "{t}[np.abs({t}) < 0.3] += {f}")
    FAUG = ("{x} /= 1.5 + {f}", "{x} = math.tanh({x}); {x} **= {pw}", "{x} *= 1 + 0.2 * {l}",
            "{x} = (-math.tanh({x})) ** {pw}", "{x} = (-math.tanh({x})) ** 2.0")
    MINMAX = ("{x} = max({l}, {m}, 0.1 * {n})", "{x} = min({t}) + abs({l})",
              "{x} = max(L, key=abs) * {c}", "{x} = math.tanh(max(a, b) - min(s, a))",
              "{x} = max([z for z in L if z > {c}], default={l})",
              "{x} = min([z * a for z in L if z < -0.5], key=abs, default=0.5 * {l})")
    # (srcdiff refuses the helpers that change an argument: hm, hl)
    HELPER = ("{x} += hm({held})", "{x} += hm({held}, c=s)", "hl(L, {x})",
              "{x} += float(np.sum(hr({held}, {p})))", "{x} -= 0.1 * float(np.sum(hr({held})))",
              "{held} = hr({held}, c={p})", "{held} = hr({held})")

    # entries inserted into the local list, entries deleted from the local dict, a lambda
    # called where it is written (drawn from their own stream: see ``__init__``)
    LATER = ("L.insert(0, {f})", "L.insert(-1, {f} * {l})", "L.insert(7, {f})",
             "L.insert(j, 0.5 * {l})", 'D["t"] = D["u"] * {f}; del D["t"]',
             '{x} += float(np.sum(D["g"])); del D["g"]; D["g"] = v * 0.5',
             "{x} += (lambda z: z * {c} + math.tanh(z))({l})",
             "{x} = (lambda z, y=a: math.tanh(z * y))({f})")

    # a function passed to a helper that calls it (front/function_arguments.py): a math
    # function, a lambda reading the function's variables, a user function, a ufunc on an
    # array, a helper that changes nothing (session 43)
    CALLS = ("{x} += hc(math.sin, {f})", "{x} += hc(lambda z: z * {c} + math.tanh(z), {l})",
             "{x} += hc(hf, {f}, {c})", "{x} += float(np.sum(hc(np.tanh, v * {f})))",
             "{x} -= 0.1 * float(np.sum(hc(hr, {held}, {p})))")

    def draw(self, depth, templates):
        """Emit one of ``templates``, its fields drawn (each once, in this order)."""
        template = self.r.choice(templates)
        fields = {
            "t": lambda: self.pick(*self.ARRAYS), "x": lambda: self.pick(*self.FLOATS),
            "f": lambda: f"math.tanh({self.fexpr(1)})", "e": lambda: self.aexpr(1),
            "l": self.fleaf, "m": self.fleaf, "n": self.fleaf, "c": self.const,
            "cond": self.cond, "xi": lambda: self.pick("0", "1", "1", "-1", "j % len(X)"),
            "xj": lambda: self.pick("0", "-1", "j % len(v)"),
            "held": lambda: self.pick("X[0]", "X[-1]", 'D["g"]', "u", "w"),
            "p": lambda: self.pick("s", "a", "0.5"), "pw": lambda: self.pick("2", "k", "3"),
        }
        drawn = {k: make() for k, make in fields.items() if "{" + k + "}" in template}
        self.emit(depth, *template.format(**drawn).split("; "))

    def st_whilebreak(self, depth):
        n = self.new("n")
        if self.r.random() < 0.5:
            # (the guard before the body: a `continue` drawn in it skips the test after it,
            # and the loop never ended; seed 23 index 0)
            self.emit(depth, f"{n} = 0", "while True:", f"    {n} += 1", f"    if {n} > 50:",
                      "        break")
            self.loop_depth += 1
            self.block(depth + 1)
            self.loop_depth -= 1
            self.emit(depth + 1, f"if {self.cond()} or {n} >= {self.pick('3', 'k', '5')}:",
                      "    break")
        else:
            self.emit(depth, f"{n} = 0", f"while {n} < {self.pick('4', 'k + 1')}:",
                      f"    {n} += 1")
            self.loop_depth += 1
            self.block(depth + 1)
            self.loop_depth -= 1
            self.emit(depth + 1, f"if {self.cond()}:", "    break")

    def st_loopalias(self, depth):
        """A loop whose body writes through one name of an array another name holds."""
        e = self.new("z")
        form = self.r.randrange(4)
        if form == 0:  # (a change through the loop variable is refused: X holds it too)
            self.emit(depth, f"for {e} in X:", "    " + self.pick(
                f"{e} *= 0.9", f"{e}[0] += 0.1 * a", f"a += 0.1 * float(np.sum({e}))",
                f"a += 0.1 * float(np.sum({e}))", f"b = b * 0.9 + 0.1 * {e}[0]"))
        elif form == 1:
            self.emit(depth, f"for key, {e} in D.items():", "    " + self.pick(
                f"{e} += 0.1 * s", f"b += 0.1 * {e}[-1]", f"D[key] = {e} * 0.9 + 0.1 * s",
                f"s = s * 0.9 + 0.1 * {e}[0]"))
        else:
            self.emit(depth, f"for {e} in range({self.pick('2', 'k', 'len(v) - 1')}):")
            self.loop_depth += 1
            self.emit(depth + 1, self.pick(
                f"u[1:] += 0.3 * u[:-1] * {self.pick('s', 'a', '0.5')}",
                f"u[{e} % len(u)] = math.tanh(u[{e} % len(u)] + v[0])",
                f"X[0][{e} % len(v)] *= 1.0 + 0.1 * w[0]",
                f"v[{e} % len(v)] += 0.2 * math.tanh(u[-1])"))
            self.block(depth + 1, self.r.randint(1, 2))
            self.loop_depth -= 1

    def build(self):
        # (mostly arrays of their own: srcdiff refuses a change another live name sees)
        init_u = self.pick("u = v", "u = w[::-1]", "u = v[:]", "u = np.asarray(w)",
                           "u = v.copy()", "u = np.tanh(w)", "u = v * 1.0", "u = w.copy()")
        init_x = self.pick("X = [v, w * 0.5]", "X = [v.copy(), w * 0.5]", "X = [u, u]",
                           "X = [w.copy(), v.copy(), u * 0.5]", "X = [np.tanh(v), np.tanh(w)]")
        init_d = self.pick('D = {"u": w * 1.0, "g": v}', 'D = {"u": u, "g": u}',
                           'D = {"u": w.copy(), "g": np.tanh(v)}',
                           'D = dict(u=w * 0.5, g=v.copy())', 'D = {"u": w + 0.0, "g": v * s}')
        self.emit(0, "v = x.copy()", "w = np.tanh(x * s)", "a = s * 0.5", "b = 1.0",
                  'p = {"w": s, "b": 0.5}', "L = [s, 0.5, 1.0]", "j = 0",
                  "M = np.outer(v, np.array([1.0, s, -0.5]))", init_u, init_x, init_d)
        for _ in range(self.r.randint(2, 6)):
            self.statement(0)
        self.emit(0, "return a + 0.5 * b + np.sum(v * w) + " + self.pick(
            "s", "np.sum(u)", 'p["w"] * p["b"] + sum(L)', "np.sum(M ** 2)",
            "np.sum(X[0] * X[-1])", 'np.sum(D["u"] * D["g"])',
            "sum(float(np.sum(z * z)) for z in X)"))
        src = ["import math", "", "import numpy as np", ""] + HELPERS + STATE_HELPERS
        src += ["", "def f(x, s, k):"]
        nested = ["def hn(z, w=0.3):", "    return z * w + s * 0.1 + z * z * a"]
        if any("hn(" in line for line in self.lines):
            self.lines[4:4] = ["    " + line for line in nested]
        return "\n".join(src + self.lines) + "\n", None, None


def program(seed):
    return StateGrammar(seed * 7 + 3).build()


if __name__ == "__main__":
    import sys

    print(program(int(sys.argv[1]) if len(sys.argv) > 1 else 0)[0])
