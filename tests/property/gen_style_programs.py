"""More statements of the style generator (aliases written through, array displays, integer
powers, tuples of parameters, loops filling arrays by index, returns inside loops, zipped
lists, 0-d arrays, array accumulators, closures) and ``program(seed)``: ``(source,
parameter names, their shapes)``, a module defining ``f``, a function of one to three float
arrays or floats returning a number.
"""


from gen_style import HELPERS, SIGNATURES, prod
from gen_style_statements import StyleGen


class ProgramGen(StyleGen):
    """StyleGen with every statement (the functions below are its methods)."""


def _alias_write(self, indent):
    src = self.array_to_write()
    if src is None:
        return self.s_assign(indent)
    r, s = self.r, self.env[src]
    # first a read of src that the backward sweep needs
    e = self.expr()
    if e is not None:
        n0 = self.new()
        self.emit(f"{n0} = {e[0]}", indent)
        self.env[n0] = e[1]
    v = self.new("v")
    form, shape = r.choice(
        [
            (f"{src}", s),
            (f"{src}[1:]", (s[0] - 1,) + s[1:]),
            (f"{src}[::-1]", s),
            (f"{src}[..., None]", s + (1,)),
            (f"{src}.reshape(-1)", (prod(s),)),
            (f"{src}[::2]", ((s[0] + 1) // 2,) + s[1:]),
        ]
        + ([(f"{src}.T", s[::-1]), (f"{src}[:, 0]", (s[0],))] if len(s) == 2 else [])
    )
    self.emit(f"{v} = {form}", indent)
    op = r.choice(["=", "+=", "*=", "-="])
    val = r.choice(["2.0", "0.5", f"{v}[-1] * 0.5"])
    self.emit(f"{v}[0] {op} {val}", indent)
    if r.random() < 0.5:
        self.env[v] = shape


def _display(self, indent):
    sc = self.names(lambda s: s == ())
    vs = self.names(lambda s: len(s) == 1 and s[0] >= 2)
    parts = []
    for _ in range(self.r.randint(2, 4)):
        if vs and self.r.random() < 0.6:
            v = self.r.choice(vs)
            parts.append(self.r.choice([f"{v}[0]", f"{v}[-1] * 2", f"np.sum({v})", f"{v}[1] ** 2"]))
        elif sc:
            parts.append(self.r.choice(sc) + self.r.choice(["", " * 1.5", " - 1"]))
        else:
            parts.append("0.5")
    name = self.new()
    self.emit(f"{name} = np.array([{', '.join(parts)}])", indent)
    self.env[name] = (len(parts),)


def _power(self, indent):
    a = self.pick_name()
    if a is None:
        return
    s = self.env[a]
    k = self.r.choice(list(self.ints) + ["2", "3"])
    name = self.new()
    self.emit(
        f"{name} = "
        + self.r.choice(
            [
                f"(-1.5) ** {k} * {a}",
                f"(-{a}) ** 3",
                f"({a} - 1.0) ** {k}",
                f"2.0 ** {a}",
                f"np.exp({a}) ** 0.5",
                f"(0.5 + {a} * {a}) ** (1 / 3)",
                f"{a} ** 2 / (1 + {k})",
                f"np.float_power(1.5 + np.tanh({a}), 2.5)",
                f"({k} - 1) * {a} / {k}",
            ]
        ),
        indent,
    )
    self.env[name] = s


def _tuple_params(self, indent):
    a, b = self.pick_name(), self.pick_name()
    if a is None:
        return
    p = self.new("q")
    n1, n2 = self.new(), self.new()
    self.emit(f"{p} = ({a}, {b}, 2)", indent)
    self.emit(f"{n1}, {n2}, _ = {p}", indent)
    self.env[n1], self.env[n2] = self.env[a], self.env[b]


def _fill_loop(self, indent):
    v = self.pick_name(lambda s: len(s) == 1)
    if v is None:
        return
    n = self.env[v][0]
    out = self.new("o")
    i = f"i{self.count}"
    self.emit(
        self.r.choice(
            [
                f"{out} = np.empty({n})",
                f"{out} = np.zeros_like({v})",
                f"{out} = np.zeros({n})",
                f"{out} = np.ones_like({v}) * 0.5",
            ]
        ),
        indent,
    )
    self.emit(f"for {i} in range({n}):", indent)
    body = self.r.choice(
        [
            f"{out}[{i}] = np.tanh({v}[{i}] * ({i} + 1))",
            f"{out}[{i}] = {v}[{i}] * {v}[{i} - 1] if {i} > 0 else {v}[0]",
            f"{out}[{i}] = {v}[{n - 1} - {i}] ** 2",
        ]
    )
    self.emit(body, indent + 1)
    if self.r.random() < 0.4:
        self.emit(f"{out}[{i}] += 0.5 * {out}[{i} - 1] if {i} else 0.0", indent + 1)
    self.env[out] = (n,)


def _indexed_loop(self, indent):
    t = self.pick_name(lambda s: len(s) >= 1 and s[0] >= 2)
    if t is None:
        return
    s = self.env[t]
    i = f"i{self.count}"
    self.count += 1
    rng = self.r.choice(
        [
            f"range(1, {s[0]})",
            f"range({s[0]} - 1, 0, -1)",
            f"range(0, {s[0]}, 2)",
            f"reversed(range({s[0]} - 1))",
        ]
    )
    self.emit(f"for {i} in {rng}:", indent)
    body = self.r.choice(
        [
            f"{t}[{i}] += 0.5 * {t}[{i} - 1]",
            f"{t}[{i}] *= 0.9",
            f"{t}[{i}] = np.tanh({t}[{i}] + {t}[{i} - 1])",
            f"{t}[{i} - 1] -= 0.3 * {t}[{i}]",
        ]
    )
    self.emit(body, indent + 1)


def _loop_return(self, indent):
    v = self.pick_name(lambda s: len(s) == 1)
    if v is None:
        return
    acc, e = self.new("a"), f"e{self.count}"
    self.emit(f"{acc} = 0.0", indent)
    self.emit(f"for {e} in {v}:", indent)
    self.emit(f"{acc} += {e} * {e}", indent + 1)
    self.emit(f"if {acc} > 10.0:", indent + 1)
    self.emit(f"return {acc}", indent + 2)
    self.env[acc] = ()


def _zip_lists(self, indent):
    vs = self.names(lambda s: len(s) == 1)
    if not vs:
        return
    v = self.r.choice(vs)
    w = self.r.choice([x for x in vs if self.env[x] == self.env[v]])
    l1, l2 = self.new("l"), self.new("l")
    a, b = f"a{self.count}", f"b{self.count}"
    self.emit(f"{l1} = [{v}[0], {v}[1] * 2] if {self.env[v][0]} > 1 else [{v}[0]]", indent)
    self.emit(f"{l2} = list({w})", indent)
    acc = self.new()
    self.emit(f"{acc} = 0.0", indent)
    self.emit(f"for {a}, {b} in zip(reversed({l1}), {l2}):", indent)
    self.emit(
        self.r.choice(
            [
                f"{acc} = {acc} + {a} * {b}",
                f"{acc} += max({a}, {b}) - min({a}, 0.0)",
                f"{acc} = {acc} * 0.5 + math.tanh({a} - {b})",
            ]
        ),
        indent + 1,
    )
    self.env[acc] = ()
    if self.r.random() < 0.5:
        s2 = self.new()
        self.emit(f"{s2} = sum({l2}) + max({l1}) * len({l1})", indent)
        self.env[s2] = ()


def _zero_d(self, indent):
    c = self.pick_name(lambda s: s == ())
    if c is None:
        return
    z = self.new("z")
    self.emit(
        self.r.choice(
            [f"{z} = np.array({c})", f"{z} = np.asarray({c} * 1.0)", f"{z} = np.zeros(()) + {c}"]
        ),
        indent,
    )
    self.emit(
        self.r.choice(
            [
                f"{z} += {c} * 0.5",
                f"{z} *= np.tanh({c})",
                f"{z}[...] = {z} * 2 - {c}",
                f"{z} = {z} ** 2",
                f"{z} -= math.sin({z})",
            ]
        ),
        indent,
    )
    self.env[z] = ()


def _array_acc(self, indent):
    v = self.pick_name(lambda s: len(s) >= 1)
    if v is None:
        return
    s = self.env[v]
    acc = self.new("acc")
    self.emit(
        self.r.choice(
            [f"{acc} = np.zeros({s})", f"{acc} = np.zeros_like({v})", f"{acc} = {v} * 0.0"]
        ),
        indent,
    )
    i = f"i{self.count}"
    self.emit(f"for {i} in range(3):", indent)
    self.emit(
        self.r.choice(
            [
                f"{acc} += np.tanh({v} * ({i} + 1))",
                f"{acc} = {acc} + {v} ** 2 / ({i} + 1)",
                f"{acc} *= 0.5",
                f"{acc}[{i} % {s[0]}] += np.sum({v})",
                f"{acc} -= 0.1 * {acc} + {v}",
            ]
        ),
        indent + 1,
    )
    if self.r.random() < 0.5:
        self.emit(
            self.r.choice(
                [f"{acc} += {v}", f"{acc}[0] *= 1.5", f"{acc} = np.maximum({acc}, -0.5)"]
            ),
            indent + 1,
        )
    self.env[acc] = s


def _closure(self, indent):
    a = self.pick_name()
    c = self.pick_name(lambda s: s == ())
    if a is None or c is None:
        return
    fn = self.new("g")
    self.emit(f"def {fn}(u, scale=2.0):", indent)
    self.emit(f"    return np.tanh(u * scale) + {c}", indent)
    n = self.new()
    self.emit(f"{n} = {fn}({a}) + {fn}({a}, scale=0.5)", indent)
    self.env[n] = self.env[a]


ProgramGen.s_zero_d = _zero_d
ProgramGen.s_array_acc = _array_acc
ProgramGen.s_closure = _closure
ProgramGen.s_alias_write = _alias_write
ProgramGen.s_display = _display
ProgramGen.s_power = _power
ProgramGen.s_tuple_params = _tuple_params
ProgramGen.s_fill_loop = _fill_loop
ProgramGen.s_indexed_loop = _indexed_loop
ProgramGen.s_loop_return = _loop_return
ProgramGen.s_zip_lists = _zip_lists


def program(seed, n_stmts=None):
    g = ProgramGen(seed)
    params, shapes = g.r.choice(SIGNATURES)
    g.env.update(shapes)
    n_stmts = n_stmts or g.r.randint(3, 9)
    # head: some scalar from arrays to feed conditions
    for p in params:
        if shapes[p]:
            c = g.new("c")
            heads = [f"np.tanh(np.sum({p}))", f"float(np.mean({p}))", f"{p}.max() - 0.5",
                     f"np.sin({p}.sum())"]
            g.emit(f"{c} = {g.r.choice(heads)}", 1)
            g.env[c] = ()
            break
    for _ in range(n_stmts):
        g.stmt(1)
    outs = g.r.sample(list(g.env), min(len(g.env), g.r.randint(1, 3)))
    ret = " + ".join(f"np.sum(np.tanh({o}))" if g.env[o] else f"np.tanh({o})" for o in outs)
    if g.r.random() < 0.3:
        ret = f"float({ret})"
    body = "\n".join(g.lines)
    src = (f"import math\n\nimport numpy as np\n\n{HELPERS}\n\ndef f({', '.join(params)}):\n"
           f"{body}\n    return {ret}\n")
    return src, params, shapes
