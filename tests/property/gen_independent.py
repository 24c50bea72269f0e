"""Small programs written the way an outside tester writes them (helper for
test_random_realistic_programs.py ``--family independent``; imports nothing of srcdiff nor
of the other generators, so it shares none of their habits).

Each program ``f(x, s, k)`` (``x`` a float vector, ``s`` a float, ``k`` an int 2 or 3) is a
few snippets drawn at random, each 1-6 lines, chained through ``v`` (a copy of ``x``, which
some snippets change in place), ``s`` (which some rebind) and the snippets' results:

* ``while`` loops whose trip count depends on the data; ``break``/``continue`` in ``for``;
* ``and``/``or``/ternaries on floats in loops; ``min``/``max``/``abs`` of floats;
* augmented chains (``acc *= 1 + 0.1 * e``, ``w -= lr * g``), ``(-c) ** k`` with int and
  float ``k``; ``math`` functions on entries;
* ``enumerate``/``zip`` over arrays and lists, ``append`` then ``np.array``/``np.stack``,
  tuple unpacking and swaps (``a, b = b, a * e``), a dict of parameters updated in a loop;
* helpers (module-level and nested) with defaults and keyword arguments, called in loops;
* negative-step slices, integer-array and boolean-mask indexing (read and written),
  ``np.where``/``np.maximum``/``np.clip``/``np.abs``, reductions with ``axis``/``keepdims``,
  ``.T``/``.reshape``/``.ravel``, ``np.cumsum``/``np.diff``/``np.roll``/``np.concatenate``,
  in-place slice updates (``w[1:] += ...``).

Half the rest come from gen_independent_grammar.py (statement by statement), and a third of
all from gen_independent_state.py (that grammar with lists and dicts of arrays and names
sharing them, changed in place).

    python tests/property/gen_independent.py 17     # print program 17
"""

import random

import gen_independent_grammar
import gen_independent_state


def length(seed):
    """The length of ``x``: mostly 5, sometimes 1, 2, 3 or 7 (programs written for longer
    vectors then raise, and are skipped)."""
    r = random.Random(seed * 11 + 5)
    return 5 if r.random() < 0.75 else r.choice([1, 2, 3, 7])


HELPERS = {
    "soft": ["def soft(z, t=0.5):", "    return z / (1.0 + abs(z) * t)"],
    "step": [
        "def step(w, g, lr=0.1, *, decay=0.0):",
        "    w = w * (1.0 - decay)",
        "    w -= lr * g",
        "    return w",
    ],
    "pair": ["def pair(a, b, scale=1.0):", "    return a * b * scale, a + b"],
    "norm2": ["def norm2(u, axis=None):", "    return np.sqrt(np.sum(u * u, axis=axis))"],
}


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.lines = []
        self.helpers = set()
        self.count = 0
        self.indent = 1

    def new(self, base):
        self.count += 1
        return f"{base}{self.count}"

    def emit(self, *lines):
        for line in lines:
            self.lines.append("    " * self.indent + line)

    def pick(self, *options):
        return self.r.choice(options)

    def coef(self):
        return self.pick("0.1", "0.2", "0.3", "0.5", "0.7", "1.5")

    # ------------------------------------------------------------ snippets: return a float
    def s_while(self):
        t, n = self.new("t"), self.new("n")
        cond = self.pick(
            f"abs({t}) < 1.5 and {n} < 8",
            f"{n} < k + 2 and {t} > -2.0",
            f"{t} * {t} < 2.0 and {n} < 6",
        )
        body = self.pick(
            f"{t} = {t} * 1.3 + {self.coef()} * v[{n} % len(v)]",
            f"{t} += 0.4 + 0.2 * math.sin(v[{n} % len(v)] * s)",
            f"{t} -= 0.3 * ({t} - v[-1 - {n} % len(v)]) - 0.25",
        )
        self.emit(f"{t} = s", f"{n} = 0", f"while {cond}:", f"    {body}", f"    {n} += 1")
        return t

    def s_break(self):
        acc, i, e = self.new("acc"), self.new("i"), self.new("e")
        self.emit(f"{acc} = 0.0", f"for {i}, {e} in enumerate(v):")
        tests = [f"{e} > {self.pick('0.6', '0.4', 's + 0.5')}", f"{e} < -0.5", f"{i} == k"]
        for test in self.r.sample(tests, self.r.randint(1, 2)):
            self.emit(f"    if {test}:", "        " + self.pick("break", "continue"))
        self.emit(f"    {acc} " + self.pick("+=", "-=") + f" {e} * s + {self.coef()} * {i}")
        return acc

    def s_boolop(self):
        acc, e = self.new("acc"), self.new("e")
        expr = self.pick(
            f"({e} > 0 and {e} * s) or 0.1 * {e}",
            f"{e} if {e} > s else s * {e}",
            f"max({e}, s) - min({e}, 0.5 * s)",
            f"({e} < -0.3 or {e} > 0.3) and {e} ** 2 or {e} * 0.5",
            f"abs({e}) * (1.0 if {e} * s > 0 else -0.5)",
        )
        it = self.pick("v", "v[::-1]", "list(v)", "v[1:]")
        self.emit(f"{acc} = 0.0", f"for {e} in {it}:", f"    {acc} += {expr}")
        return acc

    def s_augchain(self):
        acc, e = self.new("acc"), self.new("e")
        form = self.r.randrange(3)
        if form == 0:
            self.emit(
                f"{acc} = 1.0",
                f"for {e} in v:",
                f"    {acc} *= 1 + {self.coef()} * {e}",
                f"    {acc} -= 0.05 * s",
            )
            if self.r.random() < 0.5:
                self.emit(f"    {acc} /= 1.1")
        elif form == 1:
            w, g = self.new("w"), self.new("g")
            self.emit(f"{w} = s", "for _ in range(k):",
                      f"    {g} = 2.0 * ({w} - np.mean(v)) + {w} ** 3",
                      f"    {w} -= 0.1 * {g}")
            acc = w
        else:
            self.emit(f"{acc} = s", f"{acc} += v[0]", f"{acc} *= {acc}",
                      f"{acc} -= v[-1] * s", f"{acc} **= 2")
        return acc

    def s_negpow(self):
        c, out = self.new("c"), self.new("np")
        self.emit(f"{c} = {self.pick('0.5', '0.8', '1.2')} + 0.1 * s")
        expr = self.pick(
            f"(-{c}) ** k", f"(-{c}) ** 2.0", f"(-{c}) ** 3", f"(-{c}) ** float(k)",
            "np.sum((-v) ** k)", f"np.sum(np.power(-{c} * v, 3))", f"(-{c}) ** (k - 1)",
            f"np.sum(v ** 2.0) * (-{c}) ** k",
        )
        self.emit(f"{out} = {expr}")
        return out

    def s_append(self):
        ys, e, out = self.new("ys"), self.new("e"), self.new("ap")
        if self.r.random() < 0.5:
            self.emit(f"{ys} = []", f"for {e} in v:",
                      f"    {ys}.append({e} * s + {self.coef()})")
            self.emit(f"{out} = np.sum(np.array({ys}) ** 2)")
        else:
            w = self.new("w")
            self.emit(f"{ys} = []", f"for {w} in (1.0, s, 0.5):", f"    {ys}.append(v * {w})",
                      f"{ys} = np.stack({ys})")
            self.emit(f"{out} = " + self.pick(
                f"np.sum({ys}.T @ {ys})", f"np.sum({ys}.max(axis=0))",
                f"np.sum({ys}.sum(axis=1, keepdims=True) * {ys})",
                f"np.sum({ys}.ravel()[::2])",
            ))
        return out

    def s_swap(self):
        a, b, e = self.new("a"), self.new("b"), self.new("e")
        self.emit(f"{a}, {b} = s, 1.0", f"for {e} in v:")
        self.emit("    " + self.pick(
            f"{a}, {b} = {b}, {a} * {e}",
            f"{a}, {b} = {b} * 0.5 + {e}, {a}",
            f"{a}, {b} = {a} + {b} * {e}, {b} - 0.1 * {a}",
        ))
        return self.pick(a, b, f"({a} + {b})")

    def s_dict(self):
        p, e, out = self.new("p"), self.new("e"), self.new("dp")
        self.emit(f'{p} = {{"w": s, "b": 0.1}}', f"for {e} in v:",
                  f'    {p}["w"] = {p}["w"] - 0.1 * ({p}["w"] * {e} + {p}["b"] - 0.3)',
                  f'    {p}["b"] += 0.05 * {e}')
        self.emit(f'{out} = {p}["w"] * {p}["b"] + {p}["w"]')
        return out

    def s_helper(self):
        acc, e = self.new("acc"), self.new("e")
        name = self.pick("soft", "step", "pair", "nested")
        if name == "nested":
            hn = self.new("h")
            self.emit(f"def {hn}(z, w=s, *, p=2):", "    return w * z ** p + z")
            self.emit(f"{acc} = 0.0", f"for {e} in v:",
                      f"    {acc} += {hn}({e}, p={self.pick('1', '2', 'k')})")
            return acc
        self.helpers.add(name)
        if name == "soft":
            self.emit(f"{acc} = 0.0", f"for {e} in v:",
                      f"    {acc} += soft({e} * s, t={self.pick('0.5', 'abs(s)', '1.0')})")
        elif name == "step":
            self.emit(f"{acc} = s", f"for {e} in v:",
                      f"    {acc} = step({acc}, {acc} * {e} - 0.2, decay=0.01)")
        else:
            q = self.new("q")
            self.emit(f"{acc} = 0.0", f"for {e} in v:",
                      f"    {q}, {e} = pair({e}, s, scale=0.5)",
                      f"    {acc} += {q} + 0.1 * {e}")
        return acc

    def s_slices(self):
        out = self.new("sl")
        self.emit(f"{out} = " + self.pick(
            "np.sum(v[::-1][:-1] * v[1:])", "np.sum(v[::-2] ** 2) * s",
            "np.sum(v[-2::-1] * s)", "float(v[::-1] @ v)", "np.sum(v[len(v) - 1:0:-1])",
        ))
        return out

    def s_fancy(self):
        out, idx = self.new("fi"), self.new("idx")
        form = self.r.randrange(4)
        if form == 0:
            self.emit(f"{idx} = np.array([0, 2, 1, 0, 3]) % len(v)",
                      f"{out} = np.sum(v[{idx}] * s) + np.sum(v[{idx}] ** 2)")
        elif form == 1:
            self.emit(f"{out} = np.sum(v[v > 0] ** 2) + s * np.sum(v[v < 0.2])")
        elif form == 2:
            w = self.new("w")
            self.emit(f"{w} = v.copy()", f"{w}[{w} < 0] *= s", f"{w}[np.array([0, -1])] += 1.0",
                      f"{out} = np.sum({w} ** 2)")
        else:
            w = self.new("w")
            self.emit(f"{w} = v * 1.0", f"{w}[[0, len({w}) - 1]] = s * {w}[[-1, 0]]",
                      f"{out} = np.sum({w} * v)")
        return out

    def s_npfuns(self):
        out = self.new("nf")
        self.emit(f"{out} = np.sum(" + self.pick(
            "np.where(v > 0, v * s, 0.1 * v)", "np.maximum(v, s * 0.5) ** 2",
            "np.clip(v * 2.0, -0.8, 0.8) * s", "np.abs(v - s) * v",
            "np.where(v * s > 0.1, np.abs(v), v ** 2)", "np.minimum(v, 0.0) + np.maximum(v, s)",
        ) + ")")
        return out

    def s_reduce(self):
        m, out = self.new("m"), self.new("rd")
        self.emit(self.pick(
            f"{m} = np.outer(v, np.array([1.0, s, 2.0]))",
            f"{m} = v.reshape(-1, 1) * np.arange(1.0, 4.0)",
            f"{m} = np.stack([v, v * s, v ** 2], axis=1)",
        ))
        self.emit(f"{out} = " + self.pick(
            f"np.sum({m}.max(axis=0))", f"np.sum({m}.mean(axis=1, keepdims=True) * {m})",
            f"np.sum({m}.T[1] * {m}[:, 0])", f"np.sum(np.prod({m}, axis=1))",
            f"np.sum({m}.sum(axis=0, keepdims=True) ** 2)", f"float({m}.ravel() @ {m}.ravel())",
            f"np.sum({m}.min(axis=1)) + np.sum({m}.T.reshape(-1)[::2])",
        ))
        return out

    def s_arrayops(self):
        out = self.new("ao")
        self.emit(f"{out} = np.sum(" + self.pick(
            "np.cumsum(v) * v", "np.diff(v) ** 2", "np.roll(v, 1) * v * s",
            "np.concatenate([v, v[:2] * s]) ** 2", "np.cumsum(v[::-1]) ** 2",
            "np.diff(np.concatenate([[s], v]))  * v", "np.roll(v, -2)[:3] * s",
        ) + ")")
        return out

    def s_inplace(self):
        w, out = self.new("w"), self.new("ip")
        self.emit(self.pick(f"{w} = v.copy()", f"{w} = np.array(v)", f"{w} = v"))
        self.emit(*self.r.sample([
            f"{w}[1:] += 0.5 * {w}[:-1]", f"{w}[:-1] -= s * {w}[1:]", f"{w}[::2] *= 1.0 + s",
            f"{w}[-1] = {w}[0] * s", f"{w}[1:3] = {w}[2:0:-1] * 0.5",
        ], self.r.randint(1, 3)))
        self.emit(f"{out} = np.sum({w} ** 2)")
        return out

    def s_math(self):
        acc, e = self.new("acc"), self.new("e")
        self.emit(f"{acc} = 0.0", f"for {e} in v:", f"    {acc} += " + self.pick(
            f"math.exp(0.5 * {e}) * s", f"math.sqrt(1.0 + {e} * {e})", f"math.log1p({e} ** 2)",
            f"math.sin({e} * s) + math.cos({e})", f"math.tanh({e} + s)",
            f"math.atan2({e}, 1.0 + s * s)", f"math.hypot({e}, s)", f"math.pow(abs({e}) + 0.5, s)",
            f"math.fabs({e}) * s",
        ))
        return acc

    def s_zip(self):
        acc, a, b = self.new("acc"), self.new("a"), self.new("b")
        other = self.pick("v[1:]", "[0.5, s, 1.5, -0.5, 2.0]", "v[::-1]", "np.cumsum(v)")
        self.emit(f"{acc} = 0.0", f"for {a}, {b} in zip(v, {other}):",
                  f"    {acc} += {a} * {b}" + self.pick("", f" - 0.1 * {a}", " * s"))
        return acc

    def s_late(self):
        hn, acc, e = self.new("h"), self.new("acc"), self.new("e")
        if self.r.random() < 0.5:  # the default is s at the definition, the body reads it late
            self.emit(f"def {hn}(z, w=s):", "    return w * z + s * z * z")
        else:
            self.emit(f"def {hn}(z, w=0.5):", "    return w * z * s")
        self.emit(self.pick("s = s * 1.5 + 0.1", "s = -s", "s += v[0]"))
        self.emit(f"{acc} = 0.0", f"for {e} in v:",
                  f"    {acc} += {hn}({e}" + self.pick(")", ", w=0.3)", ", 2.0)"))
        return acc

    def s_lastvar(self):
        e, out = self.new("e"), self.new("lv")
        self.emit(f"for {e} in " + self.pick("v", "v[:3]", "reversed(v)", "v[::-1]") + ":",
                  "    " + self.pick("pass", f"if {e} > 0.7:\n" + "    " * self.indent
                                        + "        break"))
        self.emit(f"{out} = {e} * s")
        return out

    def s_multi(self):
        a, b, c = self.new("a"), self.new("b"), self.new("c")
        self.emit(f"{a} = {b} = s * 2.0", f"{a} += v[0]", f"{b} *= v[-1]",
                  f"({a}, {b}), {c} = ({b}, {a} * s), v[1 % len(v)]")
        return f"({a} + {b} * {c})"

    def s_rows(self):
        m, acc, row = self.new("m"), self.new("acc"), self.new("row")
        self.emit(f"{m} = np.stack([v, v[::-1] * s])", f"{acc} = 0.0")
        self.emit(self.pick(f"for {row} in {m}:", f"for {row} in {m}.T:"),
                  f"    {acc} += np.sum({row} ** 2) * {row}[0]")
        return acc

    def s_listaug(self):
        ys, i, out = self.new("ys"), self.new("i"), self.new("la")
        self.emit(f"{ys} = list(v)", f"for {i} in range(len({ys}) - 1, 0, -1):",
                  f"    {ys}[{i}] " + self.pick("+=", "*=", "-=") + f" {ys}[{i} - 1] * s")
        self.emit(f"{ys}[-1] *= 2.0", f"{out} = sum({ys}) + {ys}[0] ** 2")
        return out

    def s_dictbuild(self):
        d, i, e, out = self.new("d"), self.new("i"), self.new("e"), self.new("db")
        self.emit(f"{d} = {{}}", f"for {i}, {e} in enumerate(v, start=1):",
                  f"    {d}[{i}] = {e} * s / {i}",
                  f"{out} = sum({d}.values()) + " + self.pick(f"{d}[1]", f"max({d}.values())"))
        return out

    def s_whiletrue(self):
        t, n = self.new("t"), self.new("n")
        self.emit(f"{t} = 0.1 + 0.1 * s * s", f"{n} = 0", "while True:",
                  f"    {t} = {t} * 1.5 + 0.1 * v[{n} % len(v)] ** 2", f"    {n} += 1",
                  f"    if {t} > 1.0 or {n} >= 10:", "        break")
        return t

    def s_chaincmp(self):
        acc, e = self.new("acc"), self.new("e")
        self.emit(f"{acc} = s", f"for {e} in v:",
                  f"    if -0.4 < {e} < 0.4:", f"        {acc} = {acc} * {e} + 0.5",
                  "    else:", f"        {acc} = {acc} + {e} if {e} > 0 else {acc} - {e}")
        return acc

    def s_sorted(self):
        out = self.new("so")
        self.emit(f"{out} = " + self.pick(
            "sum(sorted(v)[-2:]) * s", "max(v) - min(v) + s * max(v, key=abs)",
            "sum(e * e for e in v if e > -0.1)", "np.sort(v)[0] * s + np.sort(v)[-1] ** 2",
            "sum(sorted(v, reverse=True)[i] * (i + 1) for i in range(len(v)))",
        ))
        return out

    SNIPPETS = [
        "while", "break", "boolop", "augchain", "negpow", "append", "swap", "dict", "helper",
        "slices", "fancy", "npfuns", "reduce", "arrayops", "inplace", "math", "zip",
        "late", "lastvar", "multi", "rows", "listaug", "dictbuild", "whiletrue", "chaincmp",
        "sorted",
    ]

    def feed_back(self, out):
        self.emit(self.pick(
            f"s = s + 0.1 * {out}", f"v = v * (1.0 + 0.05 * {out})", f"v[0] += 0.1 * {out}",
            f"v = np.tanh(v + 0.1 * {out})",
        ))

    def build(self):
        r = self.r
        self.emit(self.pick("v = x.copy()", "v = np.array(x, dtype=float)", "v = x + 0.0"))
        outs = []
        loop = r.random() < 0.25
        if loop:
            self.emit("total = 0.0", self.pick("for it in range(2):", "for it in range(k):"))
            self.indent += 1
        for _ in range(r.randint(1, 3)):
            out = getattr(self, "s_" + r.choice(self.SNIPPETS))()
            outs.append(out)
            if r.random() < 0.3:
                self.feed_back(out)
        combo = " + ".join(f"{self.pick('1.0', '0.5', '-0.3')} * {o}" for o in outs)
        if loop:
            self.emit(f"total += {combo}", "v = v * 0.9")
            self.indent -= 1
            combo = "total"
        self.emit(f"return {combo}")
        src = ["import math", "", "import numpy as np", ""]
        for name in sorted(self.helpers):
            src += ["", *HELPERS[name], ""]
        src += ["", "def f(x, s, k):"] + self.lines
        return "\n".join(src) + "\n", None, None


def program(seed):
    """A third of the programs from gen_independent_state's grammar (containers of arrays,
    names sharing them); of the rest, half from the snippets above, half statement by
    statement from gen_independent_grammar's grammar (as before that third was drawn)."""
    if random.Random(seed * 17 + 3).random() < 1 / 3:
        return gen_independent_state.program(seed)
    if random.Random(seed * 13 + 1).random() < 0.5:
        return gen_independent_grammar.program(seed)
    return Gen(seed).build()


if __name__ == "__main__":
    import sys

    print(program(int(sys.argv[1]) if len(sys.argv) > 1 else 0)[0])
