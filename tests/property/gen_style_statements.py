"""The statements and whole programs of the style generator (gen_style.py has the
expressions): assignments, augmented and slice stores into copies and aliases, tuple and
dict parameters, loops over range(a, b, step)/enumerate/zip/reversed with break and continue,
while loops, nested loops, early returns, list accumulation, 0-d arrays, closures.
gen_style_programs.py has the rest and whole programs.
"""

from gen_style import Gen, broadcast, prod, r_choice


class StyleGen(Gen):
    """Gen with statements."""

    def stmt(self, indent, allow_control=True):
        r = self.r
        kinds = ["assign"] * 6 + [
            "aug",
            "copy_write",
            "copy_write",
            "unpack",
            "ifexp",
            "dict",
            "int",
            "alias_write",
            "display",
            "power",
            "tuple_params",
            "zero_d",
            "array_acc",
            "closure",
        ]
        if allow_control and self.loop_depth < 2:
            kinds += [
                "for",
                "for",
                "while",
                "if",
                "listacc",
                "early",
                "fill_loop",
                "indexed_loop",
                "loop_return",
                "zip_lists",
            ]
        k = r.choice(kinds)
        getattr(self, "s_" + k)(indent)

    def s_assign(self, indent):
        e = self.expr()
        if e is None:
            return
        name = self.new()
        self.emit(f"{name} = {e[0]}", indent)
        self.env[name] = e[1]

    def s_int(self, indent):
        name = self.new("k")
        v = self.pick_name(lambda s: len(s) >= 1)
        if v is None:
            return
        opts = [
            (f"len({v})", self.env[v][0]),
            (f"{v}.shape[-1]", self.env[v][-1]),
            (f"{v}.ndim + 1", len(self.env[v]) + 1),
            (f"{v}.size // 2", prod(self.env[v]) // 2),
        ]
        src, val = r_choice(self.r, opts)
        self.emit(f"{name} = {src}", indent)
        self.ints[name] = val

    def s_aug(self, indent):
        t = self.pick_name(lambda s: True)
        s = self.env[t]
        e = self.expr(want=s)
        if e is None:
            return
        op = self.r.choice(["+=", "-=", "*=", "+=", "/="])
        if op == "/=":
            self.emit(f"{t} /= 1.0 + {e[0]} ** 2", indent)
        elif op == "*=":
            self.emit(f"{t} *= np.tanh({e[0]})", indent)
        else:
            self.emit(f"{t} {op} {e[0]}", indent)

    def array_to_write(self):
        """A name of an array with at least three rows (None: there is none)."""
        return self.pick_name(lambda s: len(s) >= 1 and s[0] >= 3)

    def s_copy_write(self, indent):
        r = self.r
        src = self.array_to_write()
        if src is None:
            return self.s_assign(indent)
        s = self.env[src]
        z = self.new("z")
        self.emit(
            r.choice(
                [
                    f"{z} = np.copy({src})",
                    f"{z} = {src}.copy()",
                    f"{z} = np.array({src})",
                    f"{z} = {src} * 1.0",
                    f"{z} = np.zeros_like({src})",
                    f"{z} = {src}",
                ]
            ),
            indent,
        )
        self.env[z] = s
        rest = s[1:]
        for _ in range(r.randint(1, 3)):
            idx, ishape = r.choice(
                [
                    ("[1:]", (s[0] - 1,) + rest),
                    ("[:-1]", (s[0] - 1,) + rest),
                    ("[0]", rest),
                    ("[-1]", rest),
                    ("[::2]", ((s[0] + 1) // 2,) + rest),
                    ("[::-1]", s),
                    ("[1::-1]", (2,) + rest),
                    ("[[0, 2]]", (2,) + rest),
                    ("[...]", s),
                    ("[..., 0]", s[:-1]),
                    ("[2:0:-1]", (2,) + rest),
                ]
                + (
                    [("[:, 1]", (s[0],)), ("[1, ::-1]", (s[1],)), ("[:, None, 0]", (s[0], 1))]
                    if len(s) == 2
                    else []
                )
            )
            e = self.expr(want=ishape)
            if e is None:
                continue
            op = r.choice(["=", "+=", "*=", "-="])
            rhs = f"np.tanh({e[0]})" if op == "*=" else e[0]
            self.emit(f"{z}{idx} {op} {rhs}", indent)
        if r.random() < 0.3:
            self.emit(f"{z}[{z} > 0.8] = 0.8", indent)
        if r.random() < 0.3:
            self.emit(f"{z} -= np.mean({z}, axis=0)", indent)

    def s_unpack(self, indent):
        a, b = self.new(), self.new()
        v = self.pick_name(lambda s: len(s) >= 1 and s[0] == 2)
        if v is not None and self.r.random() < 0.5:
            self.emit(f"{a}, {b} = {v}", indent)
            self.env[a] = self.env[b] = self.env[v][1:]
            return
        e1, e2 = self.expr(), self.expr()
        if e1 is None or e2 is None:
            return
        if self.r.random() < 0.5:
            self.emit(f"{a}, {b} = {e1[0]}, {e2[0]}", indent)
        else:
            self.emit(f"{a}, {b} = ({e1[0]}, {e2[0]})[::-1]", indent)
            e1, e2 = e2, e1
        self.env[a], self.env[b] = e1[1], e2[1]

    def s_ifexp(self, indent):
        c = self.pick_name(lambda s: s == ())
        e = self.expr()
        if c is None or e is None:
            return
        alt = self.expr(want=e[1])
        if alt is None:
            return
        name = self.new()
        cond = self.r.choice(
            [
                f"{c} > 0.1",
                f"-0.5 < {c} < 0.5",
                f"{c} < 0 or {c} > 0.7",
                f"not {c} > 0.2",
                f"0.0 <= {c} and {c} < 1.0",
            ]
        )
        self.emit(f"{name} = {e[0]} if {cond} else {alt[0]}", indent)
        self.env[name] = e[1]

    def s_dict(self, indent):
        e1, e2 = self.expr(), self.expr()
        if e1 is None or e2 is None:
            return
        p = self.new("p")
        self.emit(f"{p} = {{'w': {e1[0]}, 'b': {e2[0]}}}", indent)
        name = self.new()
        sh = broadcast(e1[1], e2[1])
        if sh is None:
            self.emit(f"{name} = np.sum({p}['w']) * np.sum({p}['b'])", indent)
            self.env[name] = ()
            return
        form = self.r.choice(
            [
                f"affine({p}['b'], w={p}['w'])",
                f"affine(x=1.0, **{p})"
                if self.r.random() < 0.2
                else f"affine({p}['w'], b={p}['b'])",
                f"{p}['w'] * 2.0 + {p}['b']",
                f"sum({p}.values())" if sh == () else f"{p}['b'] - {p}['w']",
            ]
        )
        self.emit(f"{name} = {form}", indent)
        self.env[name] = sh

    def s_for(self, indent):
        r = self.r
        acc = self.pick_name()
        if acc is None:
            return
        vecs = self.names(lambda s: len(s) == 1)
        kind = r.choice(["range", "enum", "zip", "rev", "step", "nested", "rows"])
        self.loop_depth += 1
        saved_env = dict(self.env)
        saved_ints = dict(self.ints)
        i = f"i{self.count}"
        self.count += 1
        if kind in ("enum", "zip") and vecs:
            v = r.choice(vecs)
            e = f"e{self.count}"
            if kind == "enum":
                self.emit(f"for {i}, {e} in enumerate({v}):", indent)
            else:
                w = r.choice([x for x in vecs if self.env[x] == self.env[v]])
                e2 = f"f{self.count}"
                self.emit(f"for {i}, ({e}, {e2}) in enumerate(zip({v}, {w}[::-1])):", indent)
                self.env[e2] = ()
            self.env[e] = ()
            n = self.env[v][0]
        elif kind == "rows":
            m = self.pick_name(lambda s: len(s) == 2)
            if m is None:
                self.emit(f"for {i} in range(3):", indent)
                n = 3
            else:
                e = f"e{self.count}"
                self.emit(f"for {e} in {m}:", indent)
                self.env[e] = self.env[m][1:]
                n = None
        elif kind == "rev":
            self.emit(f"for {i} in reversed(range(1, 4)):", indent)
            n = 4
        elif kind == "step":
            self.emit(f"for {i} in range(4, 0, -2):", indent)
            n = 4
        else:
            self.emit(f"for {i} in range({r.choice([2, 3])}):", indent)
            n = 3
        if n is not None and kind != "rows":
            self.ints[i] = 1
        body = r.randint(1, 3)
        # body: update the accumulator plus a few statements
        for _ in range(body):
            self.stmt(indent + 1, allow_control=(kind == "nested"))
        if r.random() < 0.3 and n is not None and kind != "rows":
            self.emit(f"if {i} == {r.choice([1, 2])}:", indent + 1)
            self.emit(r.choice(["break", "continue"]), indent + 2)
        e = self.expr(want=self.env[acc] if acc in saved_env else None)
        if e is not None and acc in saved_env and e[1] == saved_env[acc]:
            self.emit(f"{acc} = {acc} * 0.5 + np.tanh({e[0]})", indent + 1)
        else:
            self.emit("pass", indent + 1)
        self.env = saved_env
        self.ints = saved_ints
        self.loop_depth -= 1

    def s_while(self, indent):
        acc = self.pick_name()
        c = self.pick_name(lambda s: s == ())
        if acc is None:
            return
        k = self.new("w")
        self.emit(f"{k} = 0", indent)
        self.emit(f"while {k} < 5:", indent)
        self.loop_depth += 1
        saved_env, saved_ints = dict(self.env), dict(self.ints)
        self.emit(f"{k} += 1", indent + 1)
        if self.r.random() < 0.5:
            self.emit(f"if {k} % 2 == 0:", indent + 1)
            self.emit("continue", indent + 2)
        self.stmt(indent + 1, allow_control=False)
        e = self.expr(want=saved_env[acc])
        if e is not None and e[1] == saved_env[acc]:
            self.emit(f"{acc} = {acc} - 0.3 * np.tanh({e[0]})", indent + 1)
        if c is not None:
            self.emit(f"if {c} * {k} > 1.5:", indent + 1)
            self.emit("break", indent + 2)
        self.env, self.ints = saved_env, saved_ints
        self.loop_depth -= 1

    def s_if(self, indent):
        c = self.pick_name(lambda s: s == ())
        if c is None:
            return
        cond = self.r.choice(
            [
                f"{c} > 0",
                f"-0.3 < {c} <= 0.6",
                f"{c} > 0.2 and {c} < 2.0",
                f"abs({c}) > 0.4",
                f"not ({c} < -0.2)",
            ]
        )
        t = self.pick_name()
        s = self.env[t]
        e1, e2 = self.expr(want=s), self.expr(want=s)
        if e1 is None or e2 is None:
            return
        self.emit(f"if {cond}:", indent)
        self.emit(f"{t} = {e1[0]}", indent + 1)
        if self.r.random() < 0.7:
            self.emit("else:", indent)
            self.emit(f"{t} = {e2[0]}", indent + 1)

    def s_listacc(self, indent):
        r = self.r
        v = self.pick_name(lambda s: len(s) >= 1)
        if v is None:
            return
        lst = self.new("parts")
        i = f"j{self.count}"
        self.emit(f"{lst} = []", indent)
        self.emit(f"for {i} in range({self.env[v][0]}):", indent)
        saved_env = dict(self.env)
        self.env[f"{v}[{i}]"] = self.env[v][1:]
        e = self.expr(want=self.env[v][1:])
        self.env = saved_env
        if e is None:
            e = (f"{v}[{i}]", self.env[v][1:])
        self.emit(f"{lst}.append({e[0]} * ({i} + 1))", indent + 1)
        name = self.new()
        if r.random() < 0.5:
            self.emit(f"{name} = np.array({lst})", indent)
            self.env[name] = self.env[v][:1] + self.env[v][1:]
        else:
            self.emit(f"{name} = sum({lst}) / len({lst})", indent)
            self.env[name] = self.env[v][1:]

    def s_early(self, indent):
        c = self.pick_name(lambda s: s == ())
        e = self.expr(want=())
        if c is None or e is None:
            return
        self.emit(f"if {c} > 0.95:", indent)
        self.emit(f"return float({e[0]})", indent + 1)
