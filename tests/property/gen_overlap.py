"""Random programs of stores into an array through indices that overlap what the value reads
(helper for test_random_overlap_programs.py; independent of the other generators).

NumPy evaluates the right-hand side of ``y[i] = v`` (and of ``y[i] += v``) before it writes,
copying where ``v`` overlaps ``y``: ``y[::-1] = y`` reverses ``y``, ``y[1:] += y[:-1]`` adds
each entry's old left neighbour, ``y[[0, 0, 3]] = v`` keeps the last write to position 0 and
``y[[0, 0, 3]] += v`` adds once there. The programs store through negative steps, repeated
integer indices, boolean masks computed from the differentiated values, Ellipsis, ``None``
and rows/columns of a matrix, with values read from the same array (often through another
overlapping index, or the whole array), in straight-line code and in loops with
``break``/``continue``.

Index lengths are fixed by the table below, so a value's length is known when it is chosen;
values pass through ``tanh``/``sin`` or small factors, so everything stays bounded and central
differences are an accurate oracle.
"""

import random

N = 6
# one-dimensional indices of an array of length N, with the length each selects
INDICES = [("::-1", 6), (":", 6), ("...", 6), ("[4, 3, 2, 1, 0, 5]", 6), ("1:", 5),
           (":-1", 5), ("-1:0:-1", 5), ("[0, 0, 3, 1, 1]", 5), ("2:5", 3), ("::2", 3),
           ("1::2", 3), ("::-2", 3), ("[0, 0, 3]", 3), ("[5, 5, 5]", 3), ("-4:", 4),
           (":4", 4), ("3::-1", 4), ("[5, 1, 1, 2]", 4), ("[1, 2, 3, 4]", 4)]
AUG = ["+=", "-=", "*="]


class OverlapGen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.lines = []

    def emit(self, text, indent):
        self.lines.append("    " * indent + text)

    def index(self, length=None):
        pool = [i for i in INDICES if length is None or i[1] == length]
        return self.r.choice(pool)

    def wrap(self, e):
        r = self.r.random()
        if r < 0.3:
            return f"np.tanh({e})"
        if r < 0.5:
            return f"np.sin({e}) * x[{self.r.randrange(N)}]"
        if r < 0.7:
            return f"{e} * {self.r.choice(['0.5', '-0.7', '1.3'])}"
        return e

    def value(self, length):
        """An expression of the vector ``y`` (and ``x``) of the given length."""
        r = self.r.random()
        if length == N and r < 0.2:
            return "y"
        if r < 0.35 or length == 1:  # a scalar, broadcast
            k = self.r.randrange(N)
            return self.r.choice([f"y[{k}]", "np.sum(y) * 0.2", f"np.max(y[{self.index()[0]}])",
                                  f"y[{k}] * y[{(k + 1) % N}]"])
        src, _ = self.index(length)
        e = self.wrap(f"y[{src}]")
        if self.r.random() < 0.3:
            other, _ = self.index(length)
            e = f"{e} + {self.wrap(f'y[{other}]')}"
        return e

    def store(self, indent):
        r = self.r.random()
        if r < 0.12:  # a mask of the differentiated values
            cut = self.r.choice(["0.0", "0.2", "-0.3"])
            op = self.r.choice(["=", "+=", "*="])
            val = self.r.choice([f"y[y > {cut}] * 0.5", f"np.tanh(y[y > {cut}])",
                                 f"y[{self.r.randrange(N)}]"])
            self.emit(f"y[y > {cut}] {op} {val}", indent)
            return
        if r < 0.2:  # one position
            k = self.r.randrange(-N, N)
            self.emit(f"y[{k}] {self.r.choice(['=', '+=', '*='])} {self.value(1)}", indent)
            return
        if r < 0.32:  # the matrix
            self.matrix(indent)
            return
        if r < 0.4:  # a rebinding through an index of full length
            src, _ = self.index(N)
            self.emit(f"y = {self.wrap(f'y[{src}]')}", indent)
            return
        target, length = self.index()
        op = self.r.choice(["="] * 3 + AUG)
        self.emit(f"y[{target}] {op} {self.value(length)}", indent)

    def matrix(self, indent):
        r = self.r.random()
        rows = self.r.choice(["::-1", "[0, 0, 2]", "[2, 1, 0]", ":", "1:"])
        cols = self.r.choice(["::-1", "[3, 3, 0, 1]", ":", "..."])
        op = self.r.choice(["=", "+=", "*="])
        if r < 0.3:
            self.emit(f"m[{rows}] {op} m[{self.r.choice(['::-1', '[2, 1, 0]', ':', '...'])}]"
                      if rows in ("::-1", "[0, 0, 2]", "[2, 1, 0]", ":") else
                      f"m[{rows}] {op} m[:-1]", indent)
        elif r < 0.55:
            src = self.r.choice(['::-1', ':', '[1, 2, 3, 0]'])
            self.emit(f"m[:, {cols}] {op} np.tanh(m[:, {src}])", indent)
        elif r < 0.75:
            i, j, k = self.r.randrange(3), self.r.randrange(3), self.r.randrange(N)
            self.emit(f"m[{i}] {op} m[{j}] * y[{k}]", indent)
        elif r < 0.9:
            self.emit(f"m[..., {self.r.randrange(4)}] {op} y[{self.index(3)[0]}]", indent)
        else:
            self.emit(f"m[:, None, 1] {op} y[:3, None] * 0.5", indent)

    def block(self, indent, depth):
        for _ in range(self.r.randint(1, 3)):
            r = self.r.random()
            if r < 0.2 and depth < 2:
                self.loop(indent, depth)
            else:
                self.store(indent)

    def loop(self, indent, depth):
        r = self.r.random()
        if r < 0.6:
            self.emit(f"for k{depth} in range({self.r.randint(2, 3)}):", indent)
        else:
            self.emit(f"i{depth} = 0", indent)
            self.emit(f"while i{depth} < {self.r.randint(2, 3)}:", indent)
            self.emit(f"i{depth} += 1", indent + 1)
        self.block(indent + 1, depth + 1)
        if self.r.random() < 0.4:
            self.emit(f"if y[{self.r.randrange(N)}] > {self.r.choice(['0.1', '0.4', '-0.2'])}:",
                      indent + 1)
            self.emit(self.r.choice(["break", "continue"]), indent + 2)
            self.store(indent + 1)
        if self.r.random() < 0.2:
            self.emit("else:", indent)
            self.store(indent + 1)

    def program(self):
        self.emit("def f(x):", 0)
        self.emit(self.r.choice(["y = x * 1.0", "y = np.sin(x)", "y = x.copy()",
                                 "y = np.tanh(x) + x[::-1] * 0.5"]), 1)
        self.emit(self.r.choice(["m = np.outer(x[:3], x[2:])", "m = x[:4] * x[:3, None]",
                                 "m = np.tanh(np.outer(x[3:], x[:4]))"]), 1)
        self.block(1, 0)
        self.emit("y = np.tanh(y)", 1)
        self.emit("m = np.tanh(m)", 1)
        self.emit("return np.sum(y * np.arange(1.0, 7.0)) + "
                  "np.sum(m * np.arange(12.0).reshape(3, 4))", 1)
        return "import numpy as np\n\n\n" + "\n".join(self.lines) + "\n"


def program(seed):
    """The source of program ``seed``: a function ``f(x)`` of a float vector of length 6."""
    return OverlapGen(seed).program()
