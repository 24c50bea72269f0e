"""Random programs that reach what session 46 changed (helper for
test_random_realistic_programs.py ``--family recent``; independent of the other generators,
imports nothing of srcdiff).

gen_realistic's assembly (kernels chained through ``v``, ``s``, ``k``; outer loops, helpers
with default arguments) with kernels none of the other families draws:

* composite calls with positional options past the axis, bound by NumPy's/SciPy's parameter
  order (front/composite_calls.py): ``np.linalg.norm(M, 2, 0)``, ``np.sum(M, 0, None, None,
  True)``, ``np.std(M, 0, None, None, 1)``, ``scipy.linalg.solve(A, b, False, False, "gen")``,
  ``np.maximum.reduce(M, 0)``, ``M.max(1, None, True, initial=s)``;
* ``np.subtract.at(a, i, w)`` with repeated positions, beside ``np.add.at`` (front/in_place.py);
* tables made by ``np.full(shape, np.inf)`` (``-np.inf``, ``np.nan``, ``np.pi``, ``math.inf``)
  then written with differentiated values: DP recurrences, Viterbi-style maxima
  (analysis/dtypes.py);
* ``y = np.zeros_like(x)`` (``ones_like``, ``empty_like``) then element and row stores, a
  biquad's ``y2, y1 = y1, y[n]`` (analysis/activity.py);
* for ``backend="numba"``: stores at a boolean mask of 2 or 3 axes (``m = M > c; M[m] =
  ...``, ``M[m] *= ...``: numba_masks.masked_put), a sum over the last axis of an elementwise
  value (``np.sum(d ** 2, axis=-1)``: numba_fuse_reduce), a list appended in a loop (its tape
  row) and ``min``/``max`` of lists.

The forward modes with float32 (sd.jvp's output tangent dtype, tangents of another precision)
are modes of the test, not shapes: ``--modes forward32``. Every value is bounded, so central
differences are an accurate oracle. ``program(seed)`` returns ``(source, params, kinds)``.
"""

import gen_realistic

SHAPES = {  # source text each session-46 item shows (reach counts: reach_recent.py)
    "positional": ("np.linalg.norm(M", ", None, None, True)", ".reduce(", "initial=",
                   "scipy.linalg.solve(", ", None, None, 1)", ", None, True)"),
    "subtract_at": ("np.subtract.at(",),
    "full_float": ("np.full(",),
    "zeros_like": ("_like(",),
    "mask_store": ("[mk",),
    "last_axis_sum": ("axis=-1)", ", -1)"),
    "list_append": (".append(",),
    "min_max_list": ("max(ys", "min(ys"),
}


class Gen(gen_realistic.Gen):
    def matrix(self):
        m = self.new("M")
        self.emit(self.choice(
            f"{m} = np.outer(v, np.cos(v)) * 0.5 + np.eye(len(v)) * (1.0 + 0.1 * s)",
            f"{m} = np.tanh(np.stack([v, v * s, np.sin(v)]))",
            f"{m} = np.tanh(v[:, None] - 0.5 * v[None, :]) + s",
        ))
        return m

    def k_positional(self):
        """Positional options past the axis: through srcdiff's definitions (composites:
        ``ufunc.reduce``, ``ndarray.max``/``min`` with ``initial=``, ``scipy.linalg.solve``),
        checked against the real parameter order, and through reductions' own rules."""
        m, out = self.matrix(), self.new("pa")
        form = self.r.randrange(8)
        if form == 0:
            self.emit(f"{out} = 0.3 * np.sum(np.linalg.norm({m}, 2, 0))"
                      f" + 0.2 * np.linalg.norm(v, {self.choice('2', '1', 'np.inf')})")
        elif form == 1:
            self.emit(f"{out} = np.sum(np.sum({m}, 0, None, None, True) ** 2) * 0.1"
                      f" + np.sum(np.mean({m}, 1, None, None, True) * {m})")
        elif form == 2:
            self.emit(f"{out} = np.sum(np.std({m}, 0, None, None, 1)) * 0.5"
                      f" + np.sum(np.prod(1.0 + 0.1 * {m}, 0)) + np.sum({m}.min(1, None, True))")
        elif form in (3, 4):
            a, b = self.new("A"), self.new("b")
            options = self.choice(  # (overwrite_a by position is refused: SciPy may destroy a)
                "False", "False, assume_a='gen'", "True, assume_a='sym'",
                "False, check_finite=False", "False, False, False")
            self.emit(
                f"{a} = np.eye(len(v)) * (2.0 + s * s) + 0.3 * np.outer(np.sin(v), np.sin(v))",
                f"{b} = np.tanh(v) + s",
                f"{out} = np.sum(scipy.linalg.solve({a}, {b}, {options}) ** 2)",
            )
        elif form == 5:
            reduce = self.choice("np.maximum.reduce", "np.minimum.reduce", "np.add.reduce")
            self.emit(f"{out} = np.sum({reduce}({m}, {self.choice('0', '1', '-1', 'None')}))"
                      f" + 0.5 * np.sum(np.add.reduce({m}, 1)) + np.minimum.reduce(v)")
        elif form == 6:
            axis = self.choice("1, None, True", "0, None, False", "None, None, False")
            self.emit(f"{out} = np.sum({m}.{self.choice('max', 'min')}({axis}, "
                      f"initial={self.choice('s', '-2.0', '2.0')}) * {m})")
        else:
            self.emit(f"{out} = np.sum(np.max({m}, 1, None, True) - {m})"
                      f" + 0.2 * np.sum({m}.sum(1, None, None, True))"
                      f" + np.sum(np.cumsum({m}, 1)) * 0.1 + np.sum(np.var({m}, 0, None, None, 1))")
        return out

    def k_subtract_at(self):
        acc, ii, out = self.new("acc"), self.new("ii"), self.new("sa")
        self.emit(self.choice(
            f"{acc} = v * 0.5",
            f"{acc} = np.zeros_like(v)",
            f"{acc} = np.zeros(len(v))",
        ), f"{ii} = np.arange(len(v)) // 2")
        form = self.r.randrange(4)
        if form == 0:
            self.emit(f"np.subtract.at({acc}, {ii}, v * s)")
        elif form == 1:  # pairwise forces: add at one end, subtract at the other
            w = self.new("w")
            self.emit(
                f"{w} = np.tanh(v[1:] - v[:-1]) * (1 + s)",
                f"np.add.at({acc}, {ii}[1:], {w})",
                f"np.subtract.at({acc}, {ii}[:-1], {w})",
            )
        elif form == 2:
            self.emit(f"np.subtract.at({acc}, [0, 0, len(v) - 1], s * v[0])")
        else:
            i = self.new("i")
            self.emit(
                f"for {i} in range(2):",
                f"    np.subtract.at({acc}, {ii}, np.sin(v) * 0.3 * ({i} + s))",
            )
        self.emit(f"{out} = np.sum({acc} * {self.choice('v', 'np.cos(v)', '1.0')})")
        return out

    def k_full(self):
        t, i, out = self.new("T"), self.new("i"), self.new("fu")
        form = self.r.randrange(5)
        if form == 0:  # a DP table of minima from +inf (soft-DTW's shape)
            self.emit(
                f"{t} = np.full(len(v) + 1, {self.choice('np.inf', 'math.inf')})",
                f"{t}[0] = 0.0",
                f"for {i} in range(len(v)):",
                f"    {t}[{i} + 1] = min({t}[{i}] + (v[{i}] - s) ** 2, {t}[{i}] + 0.5)",
                f"{out} = {t}[-1] * 0.2",
            )
        elif form == 1:  # Viterbi's running maximum from -inf
            self.emit(
                f"{t} = np.full(len(v), -np.inf)",
                f"{t}[0] = v[0]",
                f"for {i} in range(1, len(v)):",
                f"    {t}[{i}] = max({t}[{i} - 1] - 0.3, v[{i}] * s)",
                f"{out} = np.sum(np.tanh({t}))",
            )
        elif form == 2:  # a NaN table every entry of which is then written
            self.emit(
                f"{t} = np.full((len(v), 2), np.nan)",
                f"{t}[:, 0] = v",
                f"{t}[:, 1] = np.sin(v) * s",
                f"{out} = np.sum({t} ** 2)",
            )
        elif form == 3:
            self.emit(
                f"{t} = np.full(len(v), np.pi)",
                f"{t}[1:] = v[1:] * s",
                f"{out} = np.sum(np.cos({t}) * v)",
            )
        else:  # 2-d DP table (edit distance's recurrence)
            j = self.new("j")
            self.emit(
                f"{t} = np.full((len(v) + 1, 3), np.inf)",
                f"{t}[0, 0] = 0.0",
                f"for {i} in range(1, len(v) + 1):",
                f"    for {j} in range(3):",
                f"        {t}[{i}, {j}] = min({t}[{i} - 1, {j}], {t}[{i} - 1, {j} - 1]"
                f" if {j} else {t}[{i} - 1, {j}]) + (v[{i} - 1] - 0.2 * {j} * s) ** 2",
                f"{out} = np.min({t}[-1]) * 0.3",
            )
        return out

    def k_zeros_like(self):
        out, n = self.new("zl"), self.new("n")
        maker = self.choice("np.zeros_like", "np.ones_like", "np.empty_like")
        form = self.r.randrange(4)
        if form == 0:  # a biquad: the output's previous entries read back
            y, y1, y2 = self.new("y"), self.new("y1_"), self.new("y2_")
            self.emit(
                f"{y} = {maker}(v)",
                f"{y1}, {y2} = 0.0, 0.0",
                f"for {n} in range(len(v)):",
                f"    {y}[{n}] = 0.4 * v[{n}] + 0.3 * {y1} - 0.1 * {y2} * s",
                f"    {y2}, {y1} = {y1}, {y}[{n}]",
                f"{out} = np.sum({y} * v)",
            )
        elif form == 1:  # rows of a 2-d like
            m, y = self.matrix(), self.new("Y")
            self.emit(
                f"{y} = {maker}({m})",
                f"{y}[0] = {m}[0]",
                f"for {n} in range(1, len({m})):",
                f"    {y}[{n}] = {m}[{n}] * s + 0.5 * {y}[{n} - 1]",
                f"{out} = np.sum({y} ** 2) * 0.1",
            )
        elif form == 2:  # elements of a 2-d like
            m, y, j = self.matrix(), self.new("Y"), self.new("j")
            self.emit(
                f"{y} = {maker}({m})",
                f"for {n} in range({m}.shape[0]):",
                f"    for {j} in range({m}.shape[1]):",
                f"        {y}[{n}, {j}] = np.tanh({m}[{n}, {j}] * s)",
                f"{out} = np.sum({y} * {m})",
            )
        else:  # entries of a 1-d like, then a slice read back
            y = self.new("y")
            self.emit(
                f"{y} = {maker}(v)",
                f"for {n} in range(len(v)):",
                f"    {y}[{n}] = v[{n}] ** 2 * s",
                f"{out} = np.sum({y}[1:] - {y}[:-1] * 0.5) + {y}[0]",
            )
        return out

    def k_mask_store(self):
        """A store at a mask of 2 or 3 axes bound to a comparison: of a number into a
        differentiated array, of anything into a constant one (numba lowers these:
        numba_masks.masked_put), or of a differentiated value (refused under numba)."""
        out, a, mk = self.new("ms"), self.new("B"), self.new("mk")
        m = self.matrix()
        constant = self.r.random() < 0.3
        if constant:
            base = "np.cos(np.arange(len(v) * len(v)).reshape(len(v), len(v)) * 0.7 + 0.2)"
            cube = self.r.random() < 0.5
            self.emit(f"{a} = {base}[:, :, None] * np.linspace(0.5, 1.5, 2)" if cube
                      else f"{a} = {base}")
        elif self.r.random() < 0.5:
            self.emit(f"{a} = {m} * {self.choice('1.0', '2.0')}")
        else:  # three axes
            self.emit(f"{a} = {m}[:, :, None] * np.cos(v)[None, None, :]")
        self.emit(f"{mk} = {a} {self.choice('>', '<')} {self.choice('0.1', '-0.2', '0.0')}")
        stores = [f"{a}[{mk}] = {self.choice('0.0', '-1.0', '0.5')}", f"{a}[{mk}] += 0.3",
                  f"{a}[{mk}] *= {self.choice('3.0', '0.5')}"]
        if self.r.random() < 0.25:  # a differentiated value stored (numba refuses it)
            stores += [f"{a}[{mk}] = 0.5 * s", f"{a}[{mk}] *= s", f"{a}[{mk}] = {a}[{mk}] * 0.5"]
        self.emit(self.choice(*stores))
        if constant:
            self.emit(f"{out} = np.sum({a} * {m}{'[:, :, None]' if cube else ''}) * 0.3")
        else:
            self.emit(f"{out} = np.sum({a} * {a}) * 0.2")
        return out

    def k_last_axis_sum(self):
        out, d, r2 = self.new("ls"), self.new("d"), self.new("r2_")
        form = self.r.randrange(3)
        if form == 0:  # nbody's pairwise squared distances
            p = self.new("P")
            self.emit(
                f"{p} = v[:, None] * np.array([1.0, -0.5]) + np.cos(v)[:, None] * s",
                f"{d} = {p}[:, None, :] - {p}[None, :, :]",
                f"{r2} = np.sum({d} ** 2, axis=-1)",
                f"{out} = np.sum(1.0 / (1.0 + {r2}))",
            )
        else:
            m = self.matrix()
            axis = self.choice("axis=-1", "-1", "axis=1")
            self.emit(f"{r2} = np.sum(np.tanh({m}) * {m} + s, {axis})",
                      f"{out} = np.sum({r2} * {r2}) * 0.1")
        return out

    def k_list_append(self):
        out, ys, e = self.new("la"), "ys", self.new("e")
        if any(line.strip() == "ys = []" for line in self.lines):
            ys = self.new("ys")
        self.emit(f"{ys} = []", f"for {e} in v:",
                  f"    {ys}.append({self.choice(f'{e} * s + 0.1', f'np.sin({e}) * s')})")
        form = self.r.randrange(4)
        if form == 0:
            self.emit(f"{out} = max({ys}) - min({ys}) + sum({ys}) * 0.5")
        elif form == 1:
            self.emit(f"{out} = max({ys}[0], {ys}[-1], s) + min({ys}[0], 0.7)")
        elif form == 2:
            self.emit(f"{out} = np.sum(np.array({ys}) ** 2) + max({ys})")
        else:
            self.emit(f"{out} = min({ys}) * s + float(np.mean({ys}))")
        return out

    KINDS = [
        "positional", "positional", "subtract_at", "full", "zeros_like", "mask_store",
        "last_axis_sum", "list_append",
        # and some of gen_realistic's, so they meet in one program
        "product", "kalman2", "mutate_v", "indexing",
    ]

    def build(self):
        source, params, kinds = super().build()
        if "scipy.linalg." in source:
            source = source.replace("import numpy as np\n",
                                    "import numpy as np\nimport scipy.linalg\n", 1)
        return source, params, kinds


class NumbaGen(Gen):
    """``--family recent_numba``: the kernels numba's mechanisms of session 46 change, few to
    a program and none in a helper (one construct the numba backend refuses refuses the whole
    program: mixed with every kernel, most programs were refused before reaching them)."""

    def matrix(self):
        m = self.new("M")
        self.emit(self.choice(
            f"{m} = np.outer(v, np.cos(v)) * 0.5 + np.eye(len(v)) * (1.0 + 0.1 * s)",
            f"{m} = np.tanh(v[:, None] - 0.5 * v[None, :]) + s",
        ))
        return m

    def kernel(self, kind):
        return getattr(self, "k_" + kind)()

    KINDS = ["mask_store", "mask_store", "last_axis_sum", "last_axis_sum", "list_append",
             "list_append", "zeros_like", "full", "positional", "product"]


def program(seed):
    return Gen(seed).build()


def numba_program(seed):
    return NumbaGen(seed).build()


length = gen_realistic.length


if __name__ == "__main__":
    import sys

    print(program(int(sys.argv[1]) if len(sys.argv) > 1 else 0)[0])
