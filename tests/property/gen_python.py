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
    def __init__(self, seed, more=False, unseen=False):
        self.r = random.Random(seed)
        self.lines = []
        self.helpers = 0
        self.more = more  # the loops of :meth:`more_loops` too (programs without: unchanged)
        self.unseen = unseen  # the loops and unpackings of :meth:`unseen_containers` too

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
        if self.unseen and r < 0.45 and depth < 2:
            self.unseen_containers(indent, depth)
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

    def unseen_container(self):
        """An expression of a container the front end cannot tell is a sequence (or a dict):
        a module-level helper's result, an entry of one, an alias of one."""
        s = self.r.choice(NAMES)
        return self.r.choice([
            f"mk_list(x, {s})", f"mk_tuple(x, {s})", f"mk_nested(x, {s})['w']",
            f"mk_nested(x, {s})['z']", "P['w']", "Q", "Q[1:]", "list(P['z'])",
            f"mk_list(x, {s})[::-1]"])

    def unseen_containers(self, indent, depth):
        """Loops over (and unpackings of) containers whose kind the front end does not see
        (so a loop checks it at run time, ``loop_len``): lists, tuples and dicts returned by
        helpers, entries of a dict, aliases, ``.values()``/``.items()``/``.keys()`` of a
        returned dict, ``zip``/``enumerate`` over such, and a dict parameter's entry
        iterated in a helper. The dicts of :func:`mk_idict` have keys 0 and 1: iterating
        or unpacking one gives the keys (reading its values by index would be wrong)."""
        r = self.r.random()
        name, s, t = self.r.choice(NAMES), self.r.choice(NAMES), f"t{depth}"
        if r < 0.08:
            self.emit(f"P = mk_nested(x, {s})", indent)
            self.emit("Q = P['w']", indent)
            return
        if r < 0.16:
            self.emit(f"{name} = walk({{'w': [{self.atom()}, {s}], 'z': ({self.atom()},)}}, "
                      f"[{self.atom()}, {s}], {self.atom()})", indent)
            return
        if r < 0.3:
            u, v = self.r.sample(NAMES, 2)
            source = self.r.choice([f"mk_tuple(x, {s})", f"mk_list(x, {s})[:2]",
                                    f"mk_idict(x, {s})", f"mk_nested(x, {s})['w']",
                                    f"mk_dict(x, {s}).values()", f"mk_idict(x, {s}).keys()"])
            self.emit(f"{u}, {v} = {source}", indent)
            self.emit(f"{u} = math.tanh({u} * 0.7 + {v} * {self.atom()})", indent)
            return
        if r < 0.45:
            self.emit(f"{name} = math.tanh({name} + sum(t * {self.atom()} for t in "
                      f"{self.unseen_container()} if t > -0.5))", indent)
            return
        first, second, atom = self.unseen_container(), self.unseen_container(), self.atom()
        head, update = self.r.choice([  # (a loop's header, then its target's use)
            (f"k in mk_idict(x, {s})", f"{name} + k * {atom}"),
            (f"k, {t} in {self.r.choice(['mk_dict', 'mk_idict'])}(x, {s}).items()",
             f"{name} * 0.5 + {t} * {atom}"),
            (f"{t} in mk_dict(x, {s}).values()", f"{name} + {t} * {atom}"),
            (f"k, {t} in enumerate({first})", f"{name} * 0.5 + (k + 1) * {t}"),
            (f"p, {t} in zip({first}, {second})", f"{name} + p * {t}"),
            (f"{t} in {first}", f"{name} + 0.5 * {t} * {atom}")])
        self.emit(f"for {head}:", indent)
        self.emit(f"{name} = math.tanh({update})", indent + 1)
        self.loop_rest(indent, depth, 0.2)

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
        if self.unseen:
            self.emit("P = mk_nested(x, a)", 1)
            self.emit("Q = P['w']", 1)
        for _ in range(self.r.randint(3, 6)):
            self.statement(1, 0)
        self.emit("return a + 2.0 * b - 0.5 * c + L[0] * L[1] + L[2] + D['k'] * 1.5", 1)
        return "import math\n\n\n" + (HELPERS if self.unseen else "") \
            + "\n".join(self.lines) + "\n"


# the module-level helpers of ``unseen`` programs (what they return: a list, a tuple, dicts;
# ``walk`` iterates an entry of its dict parameter and its list parameter)
HELPERS = """def mk_list(x, s):
    return [x[0] * s, math.sin(x[1]), x[2] + s]


def mk_tuple(x, s):
    return (x[3] * s, x[4] - s)


def mk_dict(x, s):
    return {"u": x[0] * s, "v": x[1] + s}


def mk_idict(x, s):
    return {0: x[2] * s, 1: x[3] + s}


def mk_nested(x, s):
    return {"w": [x[0], x[1] * s], "z": (x[2], s)}


def walk(p, q, s):
    t = s
    for a in p["w"]:
        t = math.tanh(t + a * 0.5)
    for a, b in zip(q, p["z"]):
        t = t * 0.8 + a * b
    return t


"""


def program(seed, more=False, unseen=False):
    """The source of program ``seed``: a function ``f(x)`` of a float vector of length 5
    (``more``: with :meth:`PythonGen.more_loops`; ``unseen``: with
    :meth:`PythonGen.unseen_containers` and the module-level helpers they call)."""
    return PythonGen(seed, more, unseen).program()
