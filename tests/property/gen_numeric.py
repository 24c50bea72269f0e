"""More kernels for gen_realistic.py's programs: numeric code as people write it by hand
(helper for test_random_realistic_programs.py ``--family numeric``; independent of the other
generators, imports nothing of srcdiff).

gen_realistic draws textbook accumulators, filters and index tricks; this family draws the
longer hand-written algorithms that numeric users write when no library call fits, each
in a few variants, chained through the same ``v`` (a float vector), ``s`` (a float) and
``k`` (an int) by gen_realistic's assembly (outer loops, helpers with default arguments,
results fed back into ``v``):

* piecewise-linear interpolation by hand (``np.searchsorted``, a clipped index, weights);
* IIR filters (a biquad with ``if n - j >= 0`` inside the tap loop), exponential smoothing
  stored entry by entry, a residual masked in place (``r[r < 0] *= 2``);
* binning with ``int(...)`` indices into a histogram updated with ``+=``; a running maximum
  that keeps its index and reads neighbours through it; top-k by ``np.argsort``;
* tridiagonal (Thomas) and Gaussian elimination with row slices updated in place, Cholesky
  by hand (``sum(L[i][q] * L[j][q] for q in range(j))`` in two loops),
  Gram-Schmidt on columns, power iteration with a tolerance ``break``;
* layer norm / attention rows with ``keepdims``, an Adam loop, pairwise distances through
  ``None`` axes and ``np.triu_indices``;
* ``%``, ``//``, ``np.fmod`` with a differentiated divisor, vector and matrix norms with
  ``ord=``, ``np.maximum.accumulate``, ``np.cumsum(axis=)``, ``np.select``, one-argument
  ``np.where``; a step helper returning a tuple, called with keyword-only arguments.
"""

import gen_realistic


class Gen(gen_realistic.Gen):
    def k_interp(self):
        out, idx, w = self.new("it"), self.new("idx"), self.new("w")
        xp, fp = self.new("xp"), self.new("fp")
        self.emit(
            f"{xp} = np.array([-1.0, -0.3, 0.2, 1.0])",
            f"{fp} = np.array([0.0, s, 0.5 * s * s, 1.0])",
        )
        if self.r.random() < 0.5:
            self.emit(
                f"{idx} = np.clip(np.searchsorted({xp}, v), 1, len({xp}) - 1)",
                f"{w} = (v - {xp}[{idx} - 1]) / ({xp}[{idx}] - {xp}[{idx} - 1])",
                f"{out} = np.sum((1 - {w}) * {fp}[{idx} - 1] + {w} * {fp}[{idx}])",
            )
        else:
            j, e = self.new("j"), self.new("e")
            self.emit(
                f"{out} = 0.0",
                f"for {e} in v:",
                f"    {j} = 1",
                f"    while {j} < len({xp}) - 1 and {xp}[{j}] < {e}:",
                f"        {j} += 1",
                f"    {w} = ({e} - {xp}[{j} - 1]) / ({xp}[{j}] - {xp}[{j} - 1])",
                f"    {out} += {fp}[{j} - 1] + {w} * ({fp}[{j}] - {fp}[{j} - 1])",
            )
        return out

    def k_iir(self):
        out, y, n, j, acc = (self.new(b) for b in ("ii", "y", "n", "j", "acc"))
        form = self.r.randrange(3)
        if form == 0:
            b, a = self.new("b"), self.new("a")
            self.emit(
                f"{b} = np.array([0.2, 0.3 * s, 0.2])",
                f"{a} = np.array([1.0, -0.5, 0.1 + 0.1 * s])",
                f"{y} = np.zeros_like(v)",
                f"for {n} in range(len(v)):",
                f"    {acc} = 0.0",
                f"    for {j} in range(3):",
                f"        if {n} - {j} >= 0:",
                f"            {acc} += {b}[{j}] * v[{n} - {j}]",
                f"        if {j} > 0 and {n} - {j} >= 0:",
                f"            {acc} -= {a}[{j}] * {y}[{n} - {j}]",
                f"    {y}[{n}] = {acc} / {a}[0]",
                f"{out} = np.sum({y} * np.arange(1, len(v) + 1))",
            )
        elif form == 1:
            r = self.new("res")
            self.emit(
                f"{y} = np.empty_like(v)",
                f"{y}[0] = v[0]",
                f"for {n} in range(1, len(v)):",
                f"    {y}[{n}] = (0.3 + 0.1 * s) * v[{n}] + (0.7 - 0.1 * s) * {y}[{n} - 1]",
                f"{r} = v - {y}",
                f"{r}[{r} < 0] *= 2.0",
                f"{out} = np.sum({r} ** 2)",
            )
        else:
            self.emit(
                f"{y} = [0.0, 0.0]",
                f"for {n}, {acc} in enumerate(v):",
                f"    {y}.append(0.5 * {acc} + 0.4 * {y}[-1] - (0.1 * s) * {y}[-2])",
                f"{out} = sum({y}[2:]) + {y}[-1] * s",
            )
        return out

    def k_bins(self):
        out, h, e, b, i = (self.new(n) for n in ("bn", "h", "e", "b", "i"))
        form = self.r.randrange(3)
        if form == 0:
            self.emit(
                f"{h} = np.zeros(3)",
                f"for {e} in v:",
                f"    {b} = min(max(int(({e} + 1) * 1.5), 0), 2)",
                f"    {h}[{b}] += {e} * s",
                f"{out} = {h} @ np.array([1.0, 2.0, 3.0]) + np.sum({h} ** 2)",
            )
        elif form == 1:
            best = self.new("best")
            self.emit(
                f"{best} = -np.inf",
                f"{b} = 0",
                f"for {i}, {e} in enumerate(v):",
                f"    if {e} * s > {best}:",
                f"        {best} = {e} * s",
                f"        {b} = {i}",
                f"{out} = {best} + v[{b}] ** 2 + (v[{b} - 1] if {b} > 0 else 0.0)",
            )
        else:
            o = self.new("o")
            self.emit(
                f"{o} = np.argsort(-v)[:2]",
                f"{h} = np.exp(v[{o}] * s)",
                f"{out} = np.sum({h} / {h}.sum() * v[{o}]) + v[np.argmax(v)] * s",
            )
        return out

    def k_solve(self):
        out, n, i, j = self.new("sv"), self.new("n"), self.new("i"), self.new("j")
        form = self.r.randrange(3)
        if form == 2:  # Cholesky by hand: a generator's sum inside two loops
            a, low, t = self.new("A"), self.new("L"), self.new("t")
            self.emit(
                f"{n} = len(v)",
                f"{a} = np.outer(v, v) + np.eye({n}) * (1.0 + s * s)",
                f"{low} = np.zeros(({n}, {n}))",
                f"for {i} in range({n}):",
                f"    for {j} in range({i} + 1):",
                f"        {t} = sum({low}[{i}][q] * {low}[{j}][q] for q in range({j}))",
                f"        if {i} == {j}:",
                f"            {low}[{i}][{j}] = math.sqrt({a}[{i}][{i}] - {t})",
                "        else:",
                f"            {low}[{i}][{j}] = ({a}[{i}][{j}] - {t}) / {low}[{j}][{j}]",
                f"{out} = np.sum({low} * np.arange({n} * {n}).reshape({n}, {n})) * 0.1",
            )
        elif form == 0:  # Thomas
            cp, dp, z, m = self.new("cp"), self.new("dp"), self.new("z"), self.new("m")
            self.emit(
                f"{n} = len(v)",
                f"{cp} = np.zeros({n})",
                f"{dp} = np.zeros({n})",
                f"{cp}[0] = -1.0 / (4.0 + s)",
                f"{dp}[0] = v[0] / (4.0 + s)",
                f"for {i} in range(1, {n}):",
                f"    {m} = 4.0 + s + {cp}[{i} - 1]",
                f"    {cp}[{i}] = -1.0 / {m}",
                f"    {dp}[{i}] = (v[{i}] + {dp}[{i} - 1]) / {m}",
                f"{z} = np.zeros({n})",
                f"{z}[-1] = {dp}[-1]",
                f"for {i} in range({n} - 2, -1, -1):",
                f"    {z}[{i}] = {dp}[{i}] - {cp}[{i}] * {z}[{i} + 1]",
                f"{out} = {z} @ np.arange(1.0, {n} + 1)",
            )
        else:  # elimination with row slices in place
            a, b, y, fac = self.new("A"), self.new("b"), self.new("y"), self.new("fac")
            self.emit(
                f"{n} = len(v)",
                f"{a} = np.eye({n}) * (3.0 + s) + 0.3 * np.outer(v, v[::-1])",
                f"{b} = v.copy()",
                f"for {i} in range({n}):",
                f"    for {j} in range({i} + 1, {n}):",
                f"        {fac} = {a}[{j}, {i}] / {a}[{i}, {i}]",
                f"        {a}[{j}, {i}:] -= {fac} * {a}[{i}, {i}:]",
                f"        {b}[{j}] -= {fac} * {b}[{i}]",
                f"{y} = np.zeros({n})",
                f"for {i} in range({n} - 1, -1, -1):",
                f"    {y}[{i}] = ({b}[{i}] - {a}[{i}, {i} + 1:] @ {y}[{i} + 1:]) / {a}[{i}, {i}]",
                f"{out} = np.sum({y} * np.arange(1.0, {n} + 1))",
            )
        return out

    def k_columns(self):
        out, q, i, j, it, w, lam, new = (
            self.new(b) for b in ("cl", "Q", "i", "j", "it", "w", "lam", "nw"))
        if self.r.random() < 0.5:  # Gram-Schmidt on columns, in place
            self.emit(
                f"{q} = np.eye(3) + 0.3 * np.outer(v[:3], np.ones(3)) * s",
                f"for {i} in range(3):",
                f"    for {j} in range({i}):",
                f"        {q}[:, {i}] -= ({q}[:, {j}] @ {q}[:, {i}]) * {q}[:, {j}]",
                f"    {q}[:, {i}] /= np.linalg.norm({q}[:, {i}])",
                f"{out} = np.sum({q} * np.arange(9.0).reshape(3, 3))",
            )
        else:  # power iteration with a tolerance
            self.emit(
                f"{q} = np.diag([3.0, 1.0, 0.5]) + 0.2 * s * np.ones((3, 3))",
                f"{w} = np.ones(3)",
                f"{lam} = 0.0",
                f"for {it} in range(100):",
                f"    {new} = {q} @ {w}",
                f"    {w} = {new} / np.linalg.norm({new})",
                f"    {new} = {w} @ {q} @ {w}",
                f"    if abs({new} - {lam}) < 1e-12:",
                "        break",
                f"    {lam} = {new}",
                f"{out} = {lam} + v.sum() * 0.1",
            )
        return out

    def k_rows(self):
        out, m, mu, var, z = (self.new(b) for b in ("rw", "M", "mu", "var", "z"))
        self.emit(f"{m} = np.outer(v, np.array([1.0, -0.5, s]))")
        form = self.r.randrange(3)
        if form == 0:
            self.emit(
                f"{mu} = {m}.mean(axis=-1, keepdims=True)",
                f"{var} = (({m} - {mu}) ** 2).mean(axis=-1, keepdims=True)",
                f"{z} = ({m} - {mu}) / np.sqrt({var} + 0.1)",
                f"{out} = np.sum({z} ** 3) * 0.1",
            )
        elif form == 1:
            a = self.new("att")
            self.emit(
                f"{a} = {m} @ {m}.T / np.sqrt(3.0)",
                f"{a} = {a} - {a}.max(axis=-1, keepdims=True)",
                f"{a} = np.exp({a})",
                f"{a} /= {a}.sum(axis=-1, keepdims=True)",
                f"{out} = np.sum(({a} @ {m}) ** 2) * 0.1",
            )
        else:
            d = self.new("D")
            self.emit(
                f"{d} = np.sum(({m}[:, None, :] - {m}[None, :, :]) ** 2, axis=-1)",
                f"{out} = np.sum(np.exp(-{d})) * 0.1 + np.sum("
                f"np.sqrt({d}[np.triu_indices(len(v), k=1)] + 0.1))",
            )
        return out

    def k_adam(self):
        out, w, m, u, g, t = (self.new(b) for b in ("ad", "w", "m", "u", "g", "t"))
        self.emit(
            f"{w} = v * 0.5",
            f"{m} = np.zeros_like({w})",
            f"{u} = np.zeros_like({w})",
            f"for {t} in range(1, 4):",
            f"    {g} = 2 * ({w} - s) + 0.1 * np.sin({w})",
            f"    {m} = 0.9 * {m} + 0.1 * {g}",
            f"    {u} = 0.99 * {u} + 0.01 * {g} * {g}",
            f"    {w} = {w} - 0.05 * ({m} / (1 - 0.9 ** {t})) / "
            f"(np.sqrt({u} / (1 - 0.99 ** {t})) + 0.1)",
            f"{out} = np.sum(({w} - s) ** 2)",
        )
        return out

    def k_numpy_misc(self):
        out, c = self.new("nm"), self.new("c")
        form = self.r.randrange(4)
        if form == 0:
            self.emit(
                f"{c} = s + 1.55",
                f"{out} = np.sum(v % {c}) + np.sum(np.fmod(v, {c})) + np.sum(v // {c}) * s"
                f" + (v[0] + 3.0) % {c}",
            )
        elif form == 1:
            m = self.new("M")
            self.emit(
                f"{m} = np.outer(v, v[::-1]) + np.eye(len(v)) * (1 + s)",
                f"{out} = 0.1 * (np.linalg.norm({m}, ord='fro') + np.linalg.norm(v, ord=1)"
                f" + np.linalg.norm(v, ord=np.inf) + np.linalg.norm({m}, axis=1).sum()"
                f" + np.linalg.norm(v, 3))",
            )
        elif form == 2:
            m = self.new("M")
            self.emit(
                f"{m} = np.stack([v, v * s, np.cos(v)])",
                f"{out} = 0.1 * (np.sum(np.maximum.accumulate(v)) + np.sum(np.cumsum({m}, "
                f"axis=1)[:, -1]) + np.sum(np.cumsum({m}, axis=0) ** 2))",
            )
        else:
            i = self.new("nz")
            self.emit(
                f"{i} = np.where(v > -0.2)[0]",
                f"{out} = np.sum(np.select([v < -0.3, v < 0.3], [v * s, v ** 2], 0.5))"
                f" + np.sum(v[{i}] ** 2) * s",
            )
        return out

    def k_stepper(self):
        out, st, e, h = self.new("sp"), self.new("st"), self.new("e"), self.new("hist")
        name = self.new("step")
        self.helpers.append("\n".join([
            f"def {name}(state, z, *, q=0.1, r=0.5):",
            "    m, p = state",
            "    p = p + q",
            "    gain = p / (p + r)",
            "    return m + gain * (z - m), (1 - gain) * p",
        ]))
        self.emit(
            f"{st} = (0.0, 1.0)",
            f"{h} = []",
            f"for {e} in v:",
            f"    {st} = {name}({st}, {e}, r=0.5 + 0.1 * s)",
            f"    {h}.append({st}[0])",
            f"{out} = sum({h}) + {st}[1] + {name}({st}, s, q=0.2)[0]",
        )
        return out

    KINDS = [
        "interp", "iir", "iir", "bins", "bins", "solve", "columns", "rows", "rows", "adam",
        "numpy_misc", "numpy_misc", "stepper",
        # and some of gen_realistic's, so kernels of both meet in one program
        "product", "kalman2", "mutate_v", "indexing", "early",
    ]


def program(seed):
    return Gen(seed).build()


length = gen_realistic.length


if __name__ == "__main__":
    import sys

    print(program(int(sys.argv[1]) if len(sys.argv) > 1 else 0)[0])
