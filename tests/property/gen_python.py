"""Random programs of Python scalars and containers (helper for
test_random_overlap_programs.py; independent of the other generators).

The values are Python floats read out of a float vector ``x`` and combined with what people
write around NumPy: ``min``/``max``/``abs``/``sum`` builtins over lists and generator
expressions with conditions, ``math`` functions, ternaries, ``int()``/``round()`` (which cut
the gradient), augmented assignment on dict entries and list entries, starred unpacking,
nested functions reading the enclosing function's variables (late binding: the value at the
call) and default arguments (the value at the ``def``), ``while`` loops with
``break``/``continue``/``else``. Values pass through bounded functions, so central differences
are an accurate oracle.
"""

import random

N = 5
NAMES = ["a", "b", "c"]


class PythonGen:
    def __init__(self, seed, more=False):
        self.r = random.Random(seed)
        self.lines = []
        self.helpers = 0
        self.more = more  # the loops of :meth:`more_loops` too (programs without: unchanged)

    def emit(self, text, indent):
        self.lines.append("    " * indent + text)

    def atom(self):
        r = self.r.random()
        if r < 0.5:
            return self.r.choice(NAMES)
        if r < 0.7:
            return f"x[{self.r.randrange(N)}]"
        if r < 0.85:
            return f"L[{self.r.randrange(-3, 3)}]"
        return "D['k']"

    def expr(self, depth=0):
        r = self.r.random()
        a, b = self.atom(), self.atom()
        if depth < 1 and r < 0.15:
            return f"({self.expr(depth + 1)}) * {self.r.choice(['0.5', '-0.8', '1.2'])}"
        forms = [
            f"{a} * {b}", f"{a} - {b} * 0.5", f"math.sin({a}) + {b}", f"math.tanh({a} * {b})",
            f"abs({a} - {b})", f"max({a}, {b}, {self.atom()})", f"min([{a}, {b}])",
            "max(L)", f"min(L) * {a}", f"{a} if {a} > {b} else {b} * 0.7",
            f"sum(t * t for t in L if t > {self.r.choice(['-0.2', '0.0', '0.3'])})",
            f"sum([t * {a} for t in L])", f"float({a}) * {b}", f"int({a} * 3) * {b}",
            f"round({a}, 1) * {b}", f"math.hypot({a}, {b})", f"math.exp(-{a} * {a})",
            f"{a} ** 2", f"math.atan2({a}, 1.0 + {b} * {b})", f"math.fsum(L) * {a}",
            f"abs({a}) ** 1.5", f"math.copysign({a}, {b})", f"math.fmod({a}, 0.7)",
            f"{a} % 0.6 + {b}", f"-{a}", "max(abs(t) for t in L)",
            f"sorted(L)[{self.r.randrange(3)}] * {a}",
        ]
        return self.r.choice(forms)

    def statement(self, indent, depth):
        r = self.r.random()
        if self.more and r < 0.25 and depth < 2:
            self.more_loops(indent, depth)
            return
        name = self.r.choice(NAMES)
        if r < 0.3:
            self.emit(f"{name} = math.tanh({self.expr()})", indent)
        elif r < 0.4:
            op = self.r.choice(["+=", "-=", "*="])
            self.emit(f"{name} {op} 0.5 * math.tanh({self.expr()})", indent)
        elif r < 0.48:
            self.emit(f"L[{self.r.randrange(-3, 3)}] = math.sin({self.expr()})", indent)
        elif r < 0.54:
            self.emit(f"L[{self.r.randrange(-3, 3)}] {self.r.choice(['+=', '*='])} "
                      f"math.tanh({self.expr()})", indent)
        elif r < 0.6:
            self.emit(f"D['k'] {self.r.choice(['+=', '*=', '-='])} math.tanh({self.expr()})",
                      indent)
        elif r < 0.65:
            first, rest = self.r.sample(NAMES, 2)
            self.emit(f"{first}, *rest = L", indent)
            self.emit(f"{rest} = math.tanh(rest[{self.r.randrange(2)}] * {first})", indent)
        elif r < 0.7:
            self.emit(f"{name}, {self.r.choice([n for n in NAMES if n != name])} = "
                      f"{self.atom()} * 0.9, math.sin({self.atom()})", indent)
        elif r < 0.8:
            self.helper(indent)
        elif r < 0.9 and depth < 2:
            self.while_loop(indent, depth)
        elif depth < 2:
            self.for_loop(indent, depth)
        else:
            self.emit(f"{name} = math.tanh({self.expr()})", indent)

    def helper(self, indent):
        """A nested function reading enclosing names (their values at the call), with a
        default argument (its value at the def); called after an enclosing name changed."""
        fn = f"h{self.helpers}"
        self.helpers += 1
        read, default = self.r.choice(NAMES), self.r.choice(NAMES)
        self.emit(f"def {fn}(t, s={default}):", indent)
        self.emit(f"return math.tanh(t * {read} + s * 0.5)", indent + 1)
        changed = self.r.choice(NAMES)
        self.emit(f"{changed} = math.sin({self.expr()})", indent)
        target = self.r.choice(NAMES)
        if self.r.random() < 0.5:
            self.emit(f"{target} = {fn}({self.atom()})", indent)
        else:
            self.emit(f"{target} = {fn}({self.atom()}, s={self.atom()})", indent)

    def while_loop(self, indent, depth):
        i = f"i{depth}"
        self.emit(f"{i} = 0", indent)
        self.emit(f"while {i} < {self.r.randint(2, 4)}:", indent)
        self.emit(f"{i} += 1", indent + 1)
        self.loop_rest(indent, depth, 0.4)

    def for_loop(self, indent, depth):
        t = f"t{depth}"
        it = self.r.choice(["L", "list(x[:3])", "[a, b, c]", "range(3)"])
        self.emit(f"for {t} in {it}:", indent)
        name = self.r.choice(NAMES)
        self.emit(f"{name} = math.tanh({name} + 0.5 * {t} * {self.atom()})", indent + 1)
        self.loop_rest(indent, depth, 0.3)

    def loop_rest(self, indent, depth, p_else):
        """A loop's body after its first line, and an ``else`` with probability ``p_else``."""
        self.body(indent + 1, depth + 1)
        if self.r.random() < p_else:
            self.emit("else:", indent)
            self.statement(indent + 1, depth + 1)

    def more_loops(self, indent, depth):
        """Loops over ``zip``/``enumerate`` with tuple targets, a list filled by ``append``
        and read back, and names reused as the targets of loops over other iterables."""
        r = self.r.random()
        t = self.r.choice(["t0", "t1", "a", "k"])  # (a reused name: a value, or a count)
        name = self.r.choice(NAMES)
        if r < 0.3:
            self.emit(f"for k, {t if t != 'k' else 't0'} in enumerate(L, start=1):", indent)
            self.emit(f"{name} = math.tanh({name} * 0.5 + k * {t if t != 'k' else 't0'})",
                      indent + 1)
        elif r < 0.55:
            self.emit(f"for p, {t} in zip(L, x[1:]):", indent)
            self.emit(f"{name} = math.tanh({name} + p * {t})", indent + 1)
        elif r < 0.8:
            self.emit(f"for {t} in range({self.r.randint(0, 3)}):", indent)
            self.emit(f"{name} = math.tanh({name} * 0.9 + {t} * 0.1)", indent + 1)
        else:
            self.emit("M = []", indent)
            self.emit(f"for {t} in L:", indent)
            self.emit(f"M.append({t} * {self.atom()})", indent + 1)
            self.emit(f"{name} = math.tanh(M[-1] + M[0] * {name})", indent)
            return
        self.loop_rest(indent, depth, 0.2)
        if self.r.random() < 0.5:
            self.emit(f"{name} = math.tanh({name} + {t} * 0.3)", indent)

    def body(self, indent, depth):
        for _ in range(self.r.randint(1, 2)):
            self.statement(indent, depth)
        if self.r.random() < 0.5:
            self.emit(f"if {self.atom()} > {self.r.choice(['0.2', '-0.1', '0.5'])}:", indent)
            self.emit(self.r.choice(["break", "continue"]), indent + 1)
            self.statement(indent, depth)

    def program(self):
        self.emit("def f(x):", 0)
        self.emit("a, b, c = x[0], x[1] * 1.0, float(x[2])", 1)
        self.emit("L = [x[3], x[4] * 0.5, math.sin(x[0])]", 1)
        self.emit("D = {'k': x[1] * x[2]}", 1)
        for _ in range(self.r.randint(3, 6)):
            self.statement(1, 0)
        self.emit("return a + 2.0 * b - 0.5 * c + L[0] * L[1] + L[2] + D['k'] * 1.5", 1)
        return "import math\n\n\n" + "\n".join(self.lines) + "\n"


def program(seed, more=False):
    """The source of program ``seed``: a function ``f(x)`` of a float vector of length 5
    (``more``: with :meth:`PythonGen.more_loops`)."""
    return PythonGen(seed, more).program()
