"""A random generator of NumPy array programs, deterministic from ``(seed, index)``.

gen_loops.py aims at loops over floats and 1-d arrays. This one aims at what array code
does between loops, drawn from a table of NumPy calls rather than from a grammar:

* 1-d and 2-d arrays and a float as arguments; every statement is *run* while the
  program is drawn, so each operand's shape is whatever NumPy gave it (a reduction's
  0-d result fed to ``np.cumsum(v, axis=-1)``, a 2-d value to ``@``, a 1-d one to
  ``np.outer``): a draw NumPy refuses, or one that is not finite, is redrawn;
* unary calls with axes and keywords (reductions with ``axis=-1``/``0``/``keepdims``,
  ``cumsum``/``cumprod``/``diff``/``sort``/``repeat``/``tile``/``pad``, ``linalg.norm``,
  ``det``/``inv``), views and index tricks (``[..., ::-1]``, ``[None]``, ``[[0, -1]]``,
  integer-array and boolean-mask reads, ``take``), max-shift log-sum-exp and softmax;
* binary calls with broadcasting (``@``, ``dot``, ``einsum``, ``outer``, ``kron``,
  ``tensordot``, ``solve``, ``where``, ``maximum``, ``hypot``, ``arctan2``);
* statements: in-place slice and index stores into copies, fancy stores, augmented
  assignments, loops that accumulate, append rows or update an array in place, a ``while``
  loop, ``break``, a list comprehension, a dict of arrays, a branch on data, a helper
  call and a recursive helper (through np.cos: a negated cotangent at each level), a
  helper call in a loop whose gradient the loop then adds to; a
  stencil stepped on a copy (each slice read several times); lists and dicts made fresh
  in a loop and put into another before or after they change; ``a.fill(v)``,
  ``d.update(...)`` and stores into 0-d arrays;
* ``np.clip`` with array and variable bounds (kept away from the values: ``CLIP_GAP``),
  ``sliding_window_view``, ``np.array`` of a display of floats, loops over a name the body
  rebinds, a loop-carried value whose shape changes, prefixes grown in a loop and slice
  bounds computed twice;
* ``np.add.at`` into a local copy (repeated indexes, an int array, rows and columns),
  chained stores ``a[i][j] = v`` / ``a[r][1:] *= v`` into 2-d and 3-d copies, ``out=`` of
  a ufunc, a reduction and ``.clip``, ``sum(items, start)``, a store into ``np.array`` of a
  helper's floats, and ``rp = rq; rq *= np.clip(abs(rq), -1.0, 1.0)`` (kept from the kinks:
  ``_rebind_gap``);
* in a sixth of the programs, integer arrays (``np.arange`` of a length, ``np.zeros(n,
  dtype=int)``) used as indices, multipliers and masks, updated in place by literals, int
  arrays and a loop counter, divided (true division makes floats) (``INT_ARRAYS``).

``program(seed, index)`` returns a gen_loops.Program accepted by gen_loops.measure (no
comparison near its threshold, finite differences with two steps agree), so central
differences are a valid oracle. Nothing here imports srcdiff.
"""

import random
import re

import numpy as np

import gen_loops

UNARY = [
    "np.sin({a})", "np.cos({a})", "np.tanh({a})", "np.exp(0.3 * {a})", "np.log(1.0 + {a} * {a})",
    "np.sqrt({a} * {a} + 0.5)", "{a} ** 2", "-{a}", "({a}) ** 3", "1.0 / (1.5 + {a} * {a})",
    "np.arctan({a})", "np.sinh(0.5 * {a})", "np.square({a})", "np.abs({a}) + {a}",
    "np.maximum({a}, 0.1)", "np.clip({a}, -0.4, 0.45)", "np.where({a} > 0.2, {a}, 0.5 * {a})",
    "np.cumsum({a}, axis=-1)", "np.flip({a}, axis=-1)", "np.roll({a}, 1, axis=-1)",
    "{a}[..., ::-1]", "{a}[..., ::2]", "{a}.T", "np.transpose({a})", "{a} * 2.5 - 0.3",
    "np.sum({a}, axis=-1, keepdims=True)", "np.mean({a}, axis=0)", "np.sum({a}, axis=-1)",
    "np.max({a}, axis=-1)", "np.prod(1.0 + 0.1 * {a}, axis=-1)", "np.linalg.norm({a}, axis=-1)",
    "np.diff({a}, axis=-1)", "np.concatenate([{a}, {a} * 0.5], axis=-1)",
    "np.stack([{a}, -{a}])[0]", "np.tile({a}, 2)", "np.repeat({a}, 2, axis=-1)",
    "{a}.reshape(-1)", "np.exp({a}) / np.sum(np.exp({a}))", "{a} - np.max({a})",
    "np.log(np.sum(np.exp({a})))", "np.var({a})", "np.std({a}, axis=-1)", "np.expand_dims({a}, 0)",
    "np.squeeze({a})", "np.ravel({a})", "np.sort({a}, axis=-1)",
    "np.cumprod(1.0 + 0.1 * {a}, axis=-1)", "np.trace(np.atleast_2d({a}))",
    "np.tril(np.atleast_2d({a}))", "np.atleast_2d({a})[:, 1:]", "{a}[1:]", "{a}[:-1]",
    "np.pad({a}, 1)", "np.mean({a} ** 2)", "{a}[[0, -1]]", "{a}[np.array([1, 0, 1])]",
    "{a}[{a} > 0.1]", "np.take({a}, [0, 0, 1])", "{a}[::-1, ...]",
    "np.linalg.det(np.atleast_2d({a})[:2, :2] + 2 * np.eye(2))",
    "np.linalg.inv(np.atleast_2d({a})[:2, :2] + 2 * np.eye(2))", "np.einsum('...i->...', {a})",
    "np.einsum('ij->ji', np.atleast_2d({a}))", "{a}[None]", "{a}[..., None] * {a}[..., None, :]",
    "np.sum({a}[..., :, None] * {a}[..., None, :], axis=-1)", "np.amin({a})",
    "np.sort({a}.ravel())[::-1]", "{a}.ravel()[np.argsort({a}.ravel())]",
    "np.triu(np.atleast_2d({a}), 1)", "np.diagonal(np.atleast_2d({a}))", "{a}.sum() * {a}.mean()",
    "{a}.max() - {a}.min()", "np.log(np.sum(np.exp({a} - np.max({a}))))",
    "np.sum(np.exp({a}), axis=0) / np.sum(np.exp({a}))", "{a} / np.linalg.norm({a})",
    "np.where({a} > 0, {a} ** 2, 0.0)", "np.fmax({a}, -0.3)", "{a} % 0.7",
    "np.floor({a} * 3.0) * {a}", "np.sign({a}) * {a} ** 2", "np.expm1({a})",
    "np.log1p({a} * {a})", "np.cbrt({a} + 2.0)", "np.reciprocal(2.0 + {a})", "({a} > 0.2) * {a}",
    "float(np.sum({a})) * {a}",
]
BINARY = [
    "{a} + {b}", "{a} - {b}", "{a} * {b}", "{a} / (1.2 + {b} * {b})", "np.maximum({a}, {b})",
    "np.minimum({a}, {b})", "{a} @ {b}", "np.dot({a}, {b})", "np.outer({a}, {b})",
    "np.where({a} > {b}, {a} * {b}, {a} - {b})", "np.hypot({a}, {b})",
    "np.arctan2({a}, 1.5 + {b} * {b})", "np.einsum('ij,j->i', {a}, {b})",
    "np.einsum('i,i->', {a}, {b})", "np.kron({a}, {b})", "np.concatenate([{a}, {b}])",
    "np.vstack([{a}, {b}])", "np.matmul({a}, {b})", "{a} * {b} + {a}",
    "np.linalg.solve(np.eye({a}.shape[0]) * 3.0 + {a}, {b})", "np.inner({a}, {b})",
    "np.tensordot({a}, {b}, axes=1)",
]
STATEMENTS = {
    "inplace_slice": ["{t} = np.array({a}, dtype=float)", "{t}[..., 1:] += 0.5 * {b}"],
    "slice_store": ["{t} = np.array({a}, dtype=float)", "{t}[..., :1] = {b}"],
    "index_store": ["{t} = np.zeros_like({a})", "{t}[0] = np.sum({b})",
                    "{t}[-1] += {a}[-1] * {b}[0]"],
    "loop_accumulate": ["{t} = 0.0 * {a}", "for r in range(3):",
                        "    {t} = {t} * 0.5 + np.sin({a} + r * {b})"],
    "loop_rows": ["{t} = []", "for row in {a}:", "    {t}.append(np.sum(row * row) * {b})",
                  "{t} = np.stack({t})"],
    "augmented": ["{t} = {a} * 1.0", "{t} *= 1 + 0.1 * {b}", "{t} -= {a} ** 2"],
    "helper": ["{t} = _helper({a}, {b})"],
    # the product of two slices read where the gradient of each is still None: written into
    # its place in a new gradient (compiler/optimize/views.py), in the function itself and
    # in a called function's backward sweep (a gradient the caller does not pass in)
    "slice_products": (["{t} = np.concatenate(({a}[..., :1], {a}[..., 1:] * {b}[..., :-1]),"
                        " axis=-1)"],
                       ["{t} = np.concatenate(({a}[..., :1], {a}[..., 1:] * np.cos({a}[..., :-1])"
                        "), axis=-1) * np.sum({b})"],
                       ["{t} = {a}[..., 1:] * np.sin({a}[..., :-1]) + np.sum({b}[1:] * {b}[:-1])"],
                       ["{t} = {a}[1:] * {b}[:-1] * 2.0"]),
    "slice_products_call": (["{t} = {a} * 1.0", "for r in range(2):",
                             "    {t} = {t} + 0.5 * _rhs({a}, {t} * 0.7 + np.sum({b}))"],
                            ["{t} = _rhs({a} * 0.5, {a}) - _rhs({a}, np.tanh({a}))"]),
    # a quotient of a negated exponential (its adjoint's two negations cancel: signs.py)
    "sigmoid": ["{t} = _sigmoid({a}) * 2.0 + np.sum(_sigmoid({b}))"],
    "recursion": ["{t} = _nested({a}, 3)"],
    # a loop variable rebound by a helper call and read before it in the trip: its gradient
    # is first defined by the one the callee returns, then added to (owned where the callee
    # made it fresh, reverse/calls.py; _shift returns its grad_ys and a broadcast: not owned)
    "loop_call": (["{t} = {a} * 1.0", "acc = 0.0", "for r in range(2):",
                   "    acc = acc + np.sum(np.sin({t})) * np.sum({b})",
                   "    {t} = _helper({t}, {b}) * 0.5", "{t} = {t} * acc"],
                  ["{t} = {a} * 1.0", "acc = 0.0", "for r in range(2):",
                   "    acc = acc + np.sum(np.sin({t})) * np.sum({b})",
                   "    {t} = _shift({t}, {b})", "{t} = {t} * acc"],
                  # _add2 returns one array (its grad_ys) for both: added into in place,
                  # each of the two gradients would change the other
                  ["{t} = {a} * 1.0", "acc = 0.0", "for r in range(2):",
                   "    u = np.cos({t}) * 0.5", "    acc = acc + np.sum(np.sin({t}) * u)",
                   "    {t} = _add2({t}, u) * {b}", "{t} = {t} * acc"]),
    "branch": ["if np.sum({a}) > np.sum({b}):", "    {t} = {a} * {b}", "else:",
               "    {t} = {a} - {b}"],
    "while": ["{t} = {a} * 1.0", "k = 0", "while k < 3:",
              "    {t} = {t} * 0.9 + 0.1 * np.sin({b})", "    k += 1"],
    "fancy_store": ["{t} = np.array({a}, dtype=float)", "{t}[[0, -1]] = {t}[[-1, 0]] * 2.0",
                    "{t}[{t} > 0.5] *= 0.5"],
    # an index mixing slices with an index array (a repeated position: the last write)
    "mixed_fancy_store": ["{t} = np.array(np.atleast_2d({a}), dtype=float)",
                          "{t}[::-1, [0, -1, 0]] = {t}[:, [-1, 0, 0]] * np.sum({b})"],
    "loop_inplace": ["{t} = np.array({a}, dtype=float)", "for r in range(1, len({t})):",
                     "    {t}[r] = {t}[r] + 0.5 * {t}[r - 1] * np.sum({b})"],
    "comprehension": ["{t} = np.array([np.sum(v * v) for v in {a}]) * np.sum({b})"],
    # a comprehension's variable named like one of the function's (its own scope:
    # front/expressions.py comprehension_loop renames it)
    "comprehension_scope": ["v = np.sum({b}) * 0.5",
                            "{t} = np.array([np.sum(v * v) for v in {a}]) * v"],
    "dict": ["d = {{'p': {a}, 'q': {b}}}", "for key in d:", "    d[key] = d[key] * 1.5",
             "{t} = d['p'] * np.sum(d['q'])"],
    "break": ["{t} = 0.0", "for v in np.ravel({a}):", "    {t} = {t} + v * v",
              "    if {t} > 0.6:", "        break"],
    # lists (and dicts) made fresh each trip and put into another: changed before the put
    # (accepted), after it, or not made fresh on every trip (a change seen through `g`)
    "rows_fresh": ["g = []", "for r in range(2):", "    row = []", "    for k in range(2):",
                   "        row.append(np.sin({a}) * (k + r) + {b})", "    g.append(row)",
                   "{t} = g[0][1] * g[1][0] + g[-1][-1]"],
    "rows_changed_after_put": (  # (alternatives: each is refused)
        ["g = []", "for r in range(2):", "    row = []", "    g.append(row)",
         "    row.append({a} * (r + 1.0) + {b})", "{t} = g[0][-1] * g[1][0]"],
        ["g = []", "row = []", "for r in range(3):", "    if r != 1:", "        row = []",
         "        g.append(row)", "    row.append({a} * (r + 1.0) + {b})",
         "{t} = g[0][-1] * g[1][0]"]),
    # a list of constants repeated, then filled (analysis/sequences.py: accepted), and a
    # list holding a differentiated value repeated (refused)
    "zeros_list": (["zl = [0.0] * 3", "for k in range(3):",
                    "    zl[k] = np.sum({a}) * (k + 1.0) + np.sum({b}) * zl[k - 1]",
                    "{t} = {a} * (zl[0] + zl[-1] * zl[1])"],
                   ["zl = [0.0] * 2 + [1.0]", "zl[1] = np.sum({a} * {b})",
                    "{t} = {b} * sum(zl) * zl[-1]"],
                   ["zl = [np.sum({a})] * 2", "{t} = {b} * sum(zl)"]),
    "dict_rows": ["g = []", "for r in range(2):", "    e = {{'u': {a} * (r + 0.5)}}",
                  "    e['u'] = e['u'] + np.sin({b})", "    g.append(e)",
                  "{t} = g[0]['u'] * g[1]['u']"],
    # stores into a new dict or copy before anything reads it (their undos are skipped)
    "dict_filled": ["e = {{}}", "e['p'] = np.sin({a})", "e['q'] = {b} * 2.0",
                    "{t} = e['p'] * e['q']"],
    "copy_filled": ["{t} = np.copy({a})", "{t}[..., 0] = np.sum({b})",
                    "{t}[..., -1] = np.sum({b} * {b})", "{t}[..., 0] = 0.5 * np.sum({a})"],
    "copy_read_filled": ["{t} = np.copy({a})", "u = np.sin({t}) * {t}",
                         "{t}[..., 0] = np.sum({b})", "{t} = {t} * u"],
    # lists (displays, and names holding one) given to NumPy functions that read them as
    # one array (compiler/analysis/list_arguments.py)
    "list_display": (["{t} = np.dot([np.sum({a}), 1.5], [0.5, np.sum({b} * {b})]) * {a}"],
                     ["{t} = np.sort([np.sum({a}), 0.2, np.sum({b})]) * np.sum({a})"],
                     ["{t} = np.clip((np.sum({a}), 0.3, np.max({b})), -50.0, 50.0) ** 2"],
                     ["lst = [np.sum({b}), 0.7]", "lst.append(np.max({a}))",
                      "{t} = np.maximum(lst, 0.1) @ np.array([1.0, 2.0, 0.5]) * {a}"]),
    # a sum over an axis whose gradient is uniform (reverse/uniform.py) and then has an index
    # read's gradient added (contributions.py index_adjoint: an array from there on), and
    # a scalar operand broadcast against a uniform gradient (n times it)
    # (ra's uniform gradient first: the backward sweep takes the last term first)
    "axis_sum_reads": (["ra = np.sum({a}, axis=-1)",
                        "{t} = np.sum(ra[1:] ** 2) + np.sum(ra * 0.5) * {b}"],
                       ["ra = np.sum({a}, axis=0)",
                        "{t} = np.sum(np.sin(ra[::2])) + np.sum(ra * 1.5 - 0.3)"],
                       ["{t} = np.tanh({a}) - np.sum({b}) * 0.2 + 0.5 * {b}"]),
    # reads at index arrays of one axis (analysis/makers.py): np.arange of literal lengths
    # (known patterns: a mean's uniform gradient scattered as the scalar, backward.py
    # _scatters_uniform), beside slices and ints; of a length read from a shape, and an
    # int array that might be a mask to the analysis (patterns unknown: spread first);
    # ascending ones scatter without np.add.at (makers.distinct_positions), others not
    "index_array_reads": (["ix = np.arange(2)",
                           "{t} = np.mean({a}.ravel()[ix] * 2.0 - np.sum({b}) * 0.3) * {a}"],
                          ["ix = np.arange(1, 3)", "ra = np.atleast_2d({a})",
                           "{t} = np.sum(ra[:, ix] ** 2) + np.sum(ra[0, ix] * 0.5) * {b}"],
                          ["ra = np.atleast_2d({a})", "ix = np.arange(ra.shape[0])",
                           "{t} = np.mean(np.log(np.sum(np.exp(ra), axis=-1)) - "
                           "ra[ix, ix % ra.shape[1]]) + {b}"],
                          ["ra = np.atleast_2d({a})",
                           "{t} = np.mean(ra[np.arange(1), np.arange(2)] - ra[0, :2]) * {b} "
                           "+ np.sum(ra[np.zeros(3, dtype=int), np.arange(3) % 2])"],
                          # (rows -1 and 0: the same row of a one-row value, np.add.at's)
                          ["ra = np.atleast_2d({a})",
                           "{t} = np.sum(np.sin(ra[np.arange(-1, 1), 0]) * np.array([1.0, 2.0]))"
                           " * {b}"]),
    # pairwise differences summed over their short axis (n-body's potential): a product
    # summed to both operands' shapes in one pass (optimize/contractions.py, its matmul)
    # (of a 2-D value: NumPy refuses the others, and the draw is made again)
    # (or of a 1-D value's entries, pairwise)
    "pairwise_sums": (["{t} = 1.0 / np.sqrt(np.sum(({a}[:, None, :] - {a}[None, :, :]) ** 2, "
                       "axis=-1) + 0.5)"],
                      ["{t} = 1.0 / np.sqrt(np.sum(({a}[..., :, None] - {a}[..., None, :]) "
                       "** 2, axis=-1) + 0.5)"]),
    # a stencil stepped on a copy (bench/realistic/burgers.py): several reads of each
    # slice, whose scatter-adds the optimizer gathers (compiler/optimize/scatters.py)
    "stencil": ["{t} = {a} * 1.0", "for r in range(2):", "    un = {t}.copy()",
                "    un[..., 1:-1] = ({t}[..., 1:-1] - 0.2 * {t}[..., 1:-1] * ({t}[..., 1:-1]",
                "                     - {t}[..., :-2]) + np.sum({b}) * 0.1 * ({t}[..., 2:]",
                "                     - 2 * {t}[..., 1:-1] + {t}[..., :-2]))",
                "    {t} = un"],
    # an array of a list of appended numbers, read and stored into (analysis/activity.py
    # knows its entries are numbers; dtypes.py that it holds floats); a loop over a
    # reversed range (its entries are ints)
    "array_of_appends": (["q = []", "for r in range(3):",
                          "    q.append(np.sum({a} * (r + 0.5)) * np.max({b}))",
                          "qa = np.asarray(q)", "for r in reversed(range(3)):",
                          "    c = qa[r] * 0.5", "    c -= 0.1 * qa[r - 1]", "    qa[r] = c",
                          "{t} = {a} * np.sum(qa) + qa[-1]"],
                         # the builtin sum of a list of numbers is a number (`-=` rebinds)
                         ["sq = sum([np.sum(v * {b}) for v in np.ravel({a})])", "sq0 = sq",
                          "sq -= 0.25 * sq * np.max({b})", "{t} = {a} * sq * sq0"]),
    # methods called for their effect, lowered to stores (front/containers.py
    # method_statement), and stores into a 0-d array (its gradient made an array first)
    "fill": ["{t} = np.empty(np.shape({a}))", "{t}.fill(np.sum({b}) * 0.5)",
             "{t} = {t} * {a}"],
    "zero_d_store": ["{t} = np.zeros(())", "{t}[...] = np.sum({a}) * 0.5",
                     "{t}[()] += np.max({b})", "{t} = {t} * {a}"],
    "dict_update": ["d = {{'p': {a}, 'q': 1.0}}",
                    "d.update({{'q': np.sum(d['p']) * {b}, 'p': d['q'] * {a}}}, r=np.sin({a}))",
                    "{t} = d['p'] * d['q'] + d['r']"],
    "nested_comprehension": ["g = [[q * (k + 1.0) + r for k in range(2)]",
                             "     for r, q in ((0.5, np.tanh({a})), (1.0, {b}))]",
                             "{t} = g[0][1] * g[1][0] - g[1][1]"],
    # np.clip's bounds are differentiated: an array bound (broadcast), a variable one, one
    # bound only; `lo`/`hi` name them, so the draft is redrawn when a value is near a bound
    # (_clip_gap: finite differences are an oracle only away from the kinks)
    "clip_array_bounds": (["lo = np.tanh({b}) * 0.5 - 0.6", "hi = lo + 0.9",
                           "{t} = np.clip({a}, lo, hi) * 2.0"],
                          ["lo = {b} * 0.3 - 0.1", "{t} = np.clip({a}, a_min=lo, a_max=None) ** 2"],
                          ["hi = 0.5 * np.cos({b}) + 0.1", "{t} = {a}.clip(None, hi) ** 3"]),
    "clip_variable_bounds": (["lo = -s", "hi = s", "{t} = np.sin(np.clip({a}, lo, hi))"],
                             ["lo = s - 1.0", "hi = np.sum({b} * {b}) * 0.2 + 0.1",
                              "{t} = np.clip({a}, lo, hi) * {a}"]),
    # solves with a matrix of known rank (analysis/patterns.py linalg_pattern: the solution
    # has the right-hand side's pattern, so product rules after it are inlined): a vector
    # and a one-column right-hand side broadcast against a matrix, a Cholesky factor
    "linalg_solves": (["A = np.atleast_2d({a})[:2, :2] * 0.3 + 2.0 * np.eye(2)",
                       "w = np.linalg.solve(A, np.ones(2) + np.ravel({b})[:2])",
                       "{t} = np.sum(np.tanh(w * np.atleast_2d({a})[:2, :2])) * {a}"],
                      ["A = np.atleast_2d({a})[:2, :2] * 0.3 + 2.0 * np.eye(2)",
                       "w = np.linalg.solve(A, np.atleast_2d({b})[:2, :1] + 1.0)",
                       "{t} = np.sum(w * np.linalg.inv(A)) * {b} + np.sum(A @ w)"],
                      ["v = np.ravel({a})[:2]",
                       "L = np.linalg.cholesky(np.eye(2) * 2.0 + 0.2 * np.outer(v, v))",
                       "{t} = np.sum(np.log(np.diag(L))) * {b}"
                       " + np.linalg.solve(L, np.ravel({b})[:2] + 1.0) @ v"]),
    # shifts scaled by a number (analysis/shift.py _scaled): free where the coefficients
    # cancel (a literal, a temperature bound once), kept where they do not (two scales)
    "scaled_shifts": (["mx = np.max({a}, axis=-1, keepdims=True)",
                       "ex = np.exp(({a} - mx) / 0.7)",
                       "{t} = ex / np.sum(ex, axis=-1, keepdims=True) * {b}"],
                      ["tau = 1.0 + np.sum({b} * {b})", "mx = np.min({a}, axis=-1, keepdims=True)",
                       "{t} = tau * np.log(np.sum(np.exp(-(({a} - mx) / tau)), axis=-1,"
                       " keepdims=True)) - mx"],
                      ["mx = np.max({a}, axis=-1, keepdims=True)",
                       "ex = np.exp(({a} - mx) * 0.5)",
                       "{t} = ex / np.sum(np.exp(({a} - mx) * 0.25), axis=-1, keepdims=True)"]),
    # a reduction's gradient added into a gradient already made (optimize/spreads.py: the
    # target as unreduce's like; the augmented operator broadcasts the length-1 axes): a
    # softmax normalizing its own exponentials, a mean subtracted in place, a near miss
    # whose target has another shape (a reduction of a broadcast row)
    "added_spreads": (["ex = np.exp(np.tanh({a}))",
                       "ex = ex / np.sum(ex, axis=-1, keepdims=True)", "{t} = ex * {b}"],
                      ["cc = np.sin({a}) * {b}", "cc -= np.mean(cc, axis=0)",
                       "{t} = cc * np.cos({a})"],
                      ["rw = np.atleast_2d({a})[:1] * 1.0",
                       "rw = rw - np.sum(rw * {b}, axis=-1, keepdims=True)", "{t} = rw * {a}"]),
    # a value computed twice (front/shared_values.py: the second reads the first, one
    # gradient sent back through it), and the near misses that must stay two: an operand
    # rebound or changed in place between them, a view of the first changed in place, a
    # loop body that repeats one, reductions with keywords
    "repeated_values": (["{t} = np.tanh({a} - {b}) * ({a} - {b}) + np.exp(-({a} - {b}) ** 2)"],
                        ["q = {a} * 1.0", "r1 = np.exp(q * {b})", "q = q + 0.5",
                         "{t} = r1 + np.exp(q * {b}) * (q * {b})"],
                        ["c = {a} * 1.0", "r1 = np.cos(c + {b})", "c += 0.25",
                         "{t} = r1 * np.cos(c + {b}) + (c + {b})"],
                        ["v = ({a} + 0.5)[..., :1]", "v[...] = 0.3", "{t} = v * ({a} + 0.5)"],
                        ["acc = {a} * 1.0", "for k in range(3):",
                         "    acc = np.tanh(acc - {b}) * (acc - {b}) + 0.1 * k", "{t} = acc"],
                        ["{t} = {a} / np.sum(np.exp({a}), axis=-1, keepdims=True)"
                         " + np.log(np.sum(np.exp({a}), axis=-1, keepdims=True))"]),
    # logs of ratios (front/fused.py: log_ratio's gradient g / a, -g / b), a literal on
    # either side, broadcasting, and a ratio the user names and reads again (kept apart)
    "log_ratios": (["{t} = np.log((np.abs({a}) + 0.5) / (np.abs({b}) + 1.0)) * {a}"],
                   ["rr = np.abs({a}) + 0.5", "{t} = np.log(rr / (rr + np.abs({b}))) * rr"],
                   ["{t} = np.log(2.0 / (1.0 + {a} * {a})) + np.log(({b} * {b} + 0.3) / 0.7)"],
                   ["q = np.abs({a}) + 0.5", "rt = q / (q + 1.0)", "{t} = np.log(rt) + rt"]),
    # a logistic and the logs of its value (front/logistic.py: logistic's g * p * (1 - p),
    # log(p)'s g * (1 - p), log(1 - p)'s -(g * p) sent to the logistic's argument), int
    # literals and 1 on the right, in a loop; near misses: the argument changed in place
    # after (logs kept), p read as a view, a numerator of 2.0, 1 - p named by the user
    "logistic_logs": (["lz = {a} * 0.7 + 0.1", "lp = 1.0 / (1.0 + np.exp(-lz))",
                       "{t} = {b} * np.log(lp) + (1 - {b}) * np.log(1 - lp)"],
                      ["lp = 1 / (np.exp(-({a} * {b})) + 1)",
                       "{t} = np.log(lp) * {a} - np.log(1.0 - lp) + lp * lp"],
                      ["lacc = {a} * 0.0", "for k in range(2):", "    lz = {a} * (k + 0.5)",
                       "    lp = 1.0 / (1.0 + np.exp(-lz))",
                       "    lacc = lacc + np.log(lp) * {b} - np.log(1 - lp)", "{t} = lacc"],
                      ["lz = {a} * 0.5", "lp = 1.0 / (1.0 + np.exp(-lz))", "lz[...] = lz * 2.0",
                       "{t} = np.log(lp) * {b} + np.log(1 - lp) * lz"],
                      ["lz = {a} * 0.5", "lp = 1.0 / (1.0 + np.exp(-lz))", "lv = lp[..., :1]",
                       "{t} = np.log(lp) * np.sum(lv) + np.log(2.0 / (1.0 + np.exp(-{b})))"],
                      ["lz = {a} - {b}", "lp = 1.0 / (1.0 + np.exp(-lz))", "lq = 1 - lp",
                       "{t} = np.log(lq) * lq + np.log(lp)"]),
    # a reader's negation of a gradient scaled by a number goes to the number
    # (optimize/signs.py lift_negations: the Bernoulli likelihood's -b_log1 * p of
    # b_log1 = (1 - X) * b_sum1, a sum's scalar gradient); near misses: the scaled
    # gradient read twice, scaled by an array, and a literal scale
    "lifted_signs": (["lz = {a} * 0.7 + 0.1", "lp = 1.0 / (1.0 + np.exp(-lz))",
                      "{t} = -np.sum({b} * np.log(lp) + (1 - {b}) * np.log(1 - lp)) * {a}"],
                     ["lp = 1.0 / (1.0 + np.exp(-{a}))",
                      "ls = -np.sum((1 - {b}) * np.log(1 - lp)) / 3.0",
                      "{t} = ls * {a} + ls * np.sum(np.log(1 - lp) * lp)"],
                     ["lp = 1.0 / (1.0 + np.exp(-{a}))",
                      "{t} = (1 - {b}) * np.log(1 - lp) * np.cos({a})"],
                     ["{t} = np.sum(np.sin({a}) * {b}) * {a} - np.exp({a} * 0.5) * 2.0"]),
    # a gradient's negation carried through its carrier's accumulation (b_lz -= ...) and a
    # product to a literal (optimize/signs.py _accumulates: negative binomial's b_log1 = -y
    # through b_mu's += to X.T @); near misses: the carrier read twice, a matrix product
    # as the link, the accumulation inside a loop
    "carried_signs": (["lz = np.exp({a} * 0.5)",
                       "{t} = (np.sin(lz) - np.log(lz + 1.0)) * np.cos({b}) * 3.0"],
                      ["lz = np.exp({b} * 0.3)",
                       "{t} = (np.cos(lz) - np.log(lz * lz + 1.0)) * np.sin({a}) * 0.5"],
                      ["lz = np.exp({a} * 0.5)", "lq = np.sin(lz) - np.log(lz + 1.0)",
                       "{t} = lq * np.cos({b}) * 3.0 + lq * lz"],
                      ["lz = np.atleast_2d({a})", "lq = np.sin(lz) - np.log(lz * lz + 1.0)",
                       "{t} = (lq @ lq.T) * np.sum({b}) * 0.5"],
                      ["lz = np.exp({a} * 0.5)", "lq = np.sin(lz) - np.log(lz + 1.0)",
                       "for r in range(2):", "    lq = lq + np.sin(lz) * (r + 0.5)",
                       "{t} = lq * np.cos({b}) * 3.0"]),
    # a gradient summed to an operand of lower rank is a new array (reverse/backward.py
    # _summed_away): owned, later contributions go in place, finish checks nothing; near
    # misses: equal ranks ({a} and {b} of one rank), a length-1 axis broadcast up
    # (the arguments by name: their ranks are known; x of 2 axes and w of 1 reach it)
    "summed_owned": (["lc = np.cos(w) * np.sum({a})", "lh = np.tanh(x * 0.5 + w)",
                      "{t} = lh * 2.0 + lc"],
                     ["lc = np.sin(s) * np.sum({b})", "lh = np.exp(x * 0.3 + s)",
                      "{t} = lh * lc"],
                     ["lc = np.cos(w) * np.sum({a})", "lh = np.tanh(w * 0.5 + w[..., :1])",
                      "{t} = lh * 2.0 + lc"]),
    # dead values that raise by the float s's value, not by shapes (optimize/dead.py
    # Primal.raises: kept where an operand may be a Python number; fuzz.py step 2d sets s to
    # 0.0: ZeroDivisionError); near misses: the quotient of an array (NumPy's: no raise,
    # dropped), a divisor that is a literal, and the quotient read
    "raising_dead": (["lq = {a} * 0.5", "ld = 1.0 / s", "{t} = lq * {b}"],
                     ["lq = np.sum({a}) * s", "ld = lq / s", "lu = ld + s", "{t} = {a} * lq"],
                     ["lq = s * 2.0", "ld = (lq + 1.0) ** -1.5 * s ** -0.5", "{t} = {a} * lq"],
                     ["lq = {a} * 0.5", "ld = {a} / s", "le = s / 4.0", "{t} = lq * {b}"],
                     ["lq = {a} * 0.5", "ld = 1.0 / (s + 1.0)", "{t} = lq * {b} * ld"]),
    # reads at a list, an integer array or a mask make new arrays (NumPy's advanced
    # indexing), changed in place afterwards: the array read stays as it was
    # (analysis/places.py copying_index); a tuple of a list and a slice, in a loop
    "advanced_index_copies": (["y = np.ravel({a})[[0, 0]]", "y[0] = np.sum({b}) * 0.5",
                               "{t} = {a} * np.sum(y * y) + np.ravel({a})[0]"],
                              ["ra = np.atleast_2d({a})", "y = ra[..., np.array([0, 0])]",
                               "y *= 2.0", "y += ra[..., :1] * np.max({b})",
                               "{t} = {a} * np.sum(y * y) + np.sum(ra)"],
                              ["rv = np.ravel({a})", "y = rv[rv > -10.0]", "y -= np.mean(y)",
                               "{t} = {b} * np.sum(y * y * rv)"],
                              ["ra = np.atleast_2d({a})", "acc = 0.0", "for k in range(2):",
                               "    y = ra[[0, 0], :1]", "    y[0] = y[1] * (k + 0.5)",
                               "    acc = acc + np.sum(y * ra[:1, :1])", "{t} = {a} * acc"]),
    # dicts the lowering fills in a loop (dict(zip(...)), a comprehension over zip): an entry
    # changed in place is another array than its neighbour's (analysis/sharing.py
    # _one_entry_per_trip); one array under both keys is refused
    "lowered_dict_entries": (["p = dict(zip(['a', 'b'], [{a} * 1.0, {b} + 0.5]))",
                              "p['a'] += 0.5", "{t} = p['a'] * np.sum(p['b'])"],
                             ["p = {{k: v for k, v in zip(['a', 'b'], [{a} * 2.0, {b} * 1.0])}}",
                              "p['b'] *= 0.5", "{t} = np.sum(p['a']) * p['b']"],
                             ["yy = {a} * 1.0", "p = dict(zip(['a', 'b'], [yy, yy]))",
                              "p['a'] += 0.5", "{t} = p['a'] * np.sum(p['b'])"]),
    # options given computed values (rules/composites.py OPTION_COMPOSITES: the reduction
    # then the initial value, np.diff of the concatenation; a method's initial), and
    # np.heaviside's second argument where the first is exactly 0 (its rule)
    "computed_options": (["{t} = {a} * np.sum({b} ** 2, initial=np.max({a}))"],
                         ["{t} = np.prod(np.tanh({a}) + 1.5, axis=-1, keepdims=True,"
                          " initial=np.sum({b}) * 0.1) * {a}"],
                         ["{t} = {a} * np.sum(np.diff({a}, axis=-1, prepend=np.mean({b}),"
                          " append=({a} * 2.0)[..., :1]) ** 2)"],
                         ["{t} = {a} * ({b} * {b}).sum(initial=np.min({a}))"],
                         ["{t} = np.heaviside({a} - {a}, np.sum({b}) * 0.5) * {a}"
                          " + np.heaviside(np.floor({a}) * 0.0, {b} * {b})"]),
    # sliding_window_view: its gradient adds each window back (rules: window_sums)
    "sliding_window": (["{t} = sliding_window_view({a}, 2, axis=-1) @ np.array([0.5, -1.0])"],
                       ["{t} = np.sum(np.lib.stride_tricks.sliding_window_view({a}, 3, axis=-1)"
                        " ** 2, axis=-1)"],
                       ["{t} = np.sin(sliding_window_view({a}, (2, 2))).sum(axis=(-1, -2))"],
                       ["win = sliding_window_view({a}, 2, axis=0)",
                        "{t} = np.tanh(win * np.sum({b})).sum(axis=-1)"]),
    # np.array of a display of floats, a 1-d array (analysis/activity.py appended_lists);
    # a float rebound by += with a product of it
    "float_display": (["q = np.sum({a}) * 0.3", "z = np.array([s, q, 0.7])", "acc = s",
                       "acc += z @ z", "{t} = {b} * acc"],
                      ["z = np.array([s, 0.5 * s, np.sum({a})])",
                       "{t} = np.tanh(z[:, None] * np.sum({b})).sum(axis=0) * z[1]"]),
    # a loop whose body rebinds the name it iterates: it reads the object it began with
    # (front/normalize.py pin_iterable), also through enumerate, zip and reversed
    "rebound_iterable": (["{t} = {a} * 1.0", "acc = 0.0", "for row in {t}:",
                          "    acc = acc + np.sum(row * row)", "    {t} = {t} * 0.5",
                          "{t} = {t} * acc"],
                         ["{t} = {a} * 1.0", "acc = 0.0", "for r, row in enumerate({t}):",
                          "    acc = acc + np.sum(np.sin(row)) * (r + 1.0)",
                          "    {t} = np.tanh({t}) + np.sum({b})", "{t} = {t} * acc"],
                         ["{t} = {a} * 1.0", "u = {a} * 0.5", "acc = 0.0",
                          "for row, q in zip({t}, u):", "    acc = acc + np.sum(row * q)",
                          "    u = u - 0.55 * u", "    {t} = {t}[::-1] * 0.5", "{t} = {t} * acc"],
                         ["{t} = {a} * 1.0", "acc = 0.0", "for row in reversed({t}):",
                          "    acc = acc * 0.5 + np.sum(row) * np.sum({b})",
                          "    {t} = {t} * 2.0", "{t} = {t} * acc"]),
    # a loop-carried value whose shape changes across iterations (a float, then an array;
    # an array, then a float): reverse/backward.py _materialize_if_carried
    "carried_shape_change": (["{t} = np.sum({a}) * 0.5", "acc = 0.0", "for r in range(2):",
                              "    acc = acc + np.sum({t} * {t})",
                              "    {t} = {b} * (1.0 + 0.1 * r) + 0.5 * {t}", "{t} = {t} * acc"],
                             ["{t} = {a} * 1.0", "acc = 0.0", "for r in range(3):",
                              "    acc = acc + np.sum(np.sin({t}))",
                              "    {t} = np.sum({t} * {t}) * 0.3 + r", "{t} = {t} * acc * {b}"]),
    # prefixes that grow and suffixes that shrink in a loop; a prefix read for the spread of
    # its sum (its target recomputed each trip: reverse/adjoint.py _reads_of)
    "prefix_loop": (["acc = 0.0", "for r in range({a}.shape[-1]):",
                     "    y = np.sum({a}[..., :r + 1]) * {a}[..., :r + 1]",
                     "    acc = acc + np.sum(y[..., 0]) * np.sum({b})", "{t} = y * acc"],
                    ["acc = 0.0", "for r in range(len({a})):",
                     "    y = {a}[r:] * np.sum({b}[:r + 1])", "    acc = acc + np.sum(np.cos(y))",
                     "{t} = y * acc"]),
    # slice bounds computed twice (`2 * m`): shared by common subexpressions though the
    # backward sweep passes them to index_add (ir/dataflow.py CHANGED_ARGUMENTS)
    "computed_slices": ["m = {a}.shape[0] // 2",
                        "{t} = {a}[:m] * {a}[m:2 * m]"
                        " + np.sum({a}[2 * m:3 * m + 1]) * np.sum({b})"],
    # np.add.at into a local copy: a list index with repeats (each repeat adds once), an
    # int array, rows and columns of a 2-d copy (lowered to `a[...] = add_at(a, index, v)`)
    "add_at": (["{t} = {a} * 1.0", "np.add.at({t}, [0, 0, -1], np.sum({b}) * 0.5)"],
               ["{t} = {a} * 1.0", "np.add.at({t}, np.array([1, 0, 1]), np.tanh({b}) * s)"],
               ["{t} = {a} * 1.0", "np.add.at({t}, np.array([1, 0, 1]), np.sum({b}) * s)",
                "{t} = np.sin({t}) * {a}"]),
    "add_at_2d": (["{t} = np.atleast_2d({a}) * 1.0",
                   "np.add.at({t}, ([0, 0, -1], [1, 1, 0]), np.sin({b}[:3]) * s)"],
                  ["{t} = np.atleast_2d({a}) * 1.0",
                   "np.add.at({t}, ([0, 0, -1], [1, 1, 0]), np.array([0.5, -1.0, 2.0]) * s)"],
                  ["{t} = np.atleast_2d({a}) * 0.5",
                   "np.add.at({t}, ([0, -1], [0, 0]), np.sum({b}) * s)", "{t} = {t} * {t}"]),
    # chained stores `a[i][j] = v`, `a[i][j] += v`, `a[i][1:] *= v` into a local 2-d or
    # 3-d copy (every index but the last an int: a loop variable or a literal)
    "chained_store": (["{t} = np.atleast_2d({a}) * 1.0", "for r in range({t}.shape[0]):",
                       "    {t}[r][0] = {t}[r][-1] * np.sum({b}) * 0.5",
                       "    {t}[r][1:] *= 1.0 + 0.2 * s"],
                      ["{t} = np.atleast_2d({a}) * 1.0", "{t}[0][-1] += np.sum(np.sin({b}))",
                       "{t}[-1][0] = {t}[0][-1] * s"],
                      ["u = np.stack([np.atleast_2d({a}), np.atleast_2d({a}) * 0.5])",
                       "for r in range(u.shape[1]):",
                       "    u[1][r][0] += np.sum({b}) * 0.3", "    u[0][r][1:] *= np.tanh(s)",
                       "{t} = u.sum(axis=0) * u[1][0][0]"]),
    # `out=` a local float array: a ufunc into its own argument or another array, its
    # result also named (`z is y`), a reduction with out=
    "out_argument": (["{t} = {a} * 1.0", "np.add({t}, np.sin({a}) * s, out={t})"],
                     ["y = {a} * 0.5", "np.multiply({a}, 2.0, out=y)", "{t} = y * {a}"]),
    "out_result": (["y = {a} * 0.5", "z = np.exp(np.tanh({a}) * s, out=y)",
                    "{t} = z * y + np.sum({b})"],
                   ["y = np.atleast_2d({a}) * 1.0", "q = np.zeros(y.shape[1:])",
                    "np.sum(np.tanh(y) * s, axis=0, out=q)", "{t} = q * q"]),
    # an array method's out= (np.clip's kinks: the draft's values kept from lo and hi)
    "clip_out": (["lo = -0.45", "hi = 0.55", "{t} = {a} * 1.0", "{t}.clip(lo, hi, out={t})",
                  "{t} = {t} * np.sum({b})"],),
    # Python's sum(items, start) with a differentiated start (an array or a float)
    "sum_start": (["{t} = sum([np.sin({a}), {a} * s], {a} * 0.5)"],
                  ["{t} = sum([np.sum({a}), np.sum({b}) * 0.3], s) * {a}"],
                  ["{t} = sum([{a} * {a}], np.tanh({a}))"]),
    # a store into np.array of a helper's floats
    "helper_array_store": (["z = np.array(_floats({a}, {b}))", "z[1] = z[0] * s",
                            "{t} = z * np.sum({a})"],
                           ["z = np.array(_floats({b}, {a}))", "z[-1] += np.sum({a}) * 0.5",
                            "{t} = np.sum(z * z) * {a}"]),
    # a float rebound by *= with np.clip / np.where of itself while `rp` keeps its old
    # value (drafts redrawn unless rp is CLIP_GAP from the kinks at 0 and +-1:
    # _rebind_gap); names of their own: srcdiff refuses `rq *= ...` if rq is ever an array
    "rebind_clip": (["rq = np.sum({a}) * 0.5", "rp = rq", "rq *= np.clip(abs(rq), -1.0, 1.0)",
                     "{t} = (rp + rq) * {b}"],
                    ["rq = s * np.sum({a})", "rp = rq", "rq *= np.where(rq > 0.0, rq, 0.5 * rq)",
                     "{t} = rp * rq * {b}"]),
}
PRELUDE = '''import numpy as np
from numpy.lib.stride_tricks import sliding_window_view


def _helper(a, b):
    c = np.tanh(a) * 2.0
    return c * np.sum(b) + a


def _shift(a, b):
    return a + np.sum(b) * 0.5


def _add2(a, b):
    return a + b


def _sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def _floats(a, b):
    return np.sum(a) * 0.5, np.mean(b * b), 0.25


def _rhs(a, b):  # (an ODE's right-hand side: slices and their product concatenated)
    return np.concatenate((a[..., :1], a[..., 1:] * b[..., :-1]), axis=-1)


def _nested(a, n):  # (np.cos: a negated cotangent at each level, reverse/negated.py)
    if n == 0:
        return a
    return np.cos(_nested(a, n - 1)) * 1.1 - a

'''
_AXIS_CALL = re.compile(r"axis=|np\.(cumsum|cumprod|repeat|diff|sort|flip|roll)\(")
SHAPES_X = [(3,), (4,), (3, 4), (2, 3)]
SHAPES_W = [(3,), (4,), (4, 3), (3, 3)]
MAX_STATEMENTS = 9
CLIP_GAP = 0.02  # a clipped value (and the other bound) at least this far from a bound


def _namespace():
    ns = {}
    exec(PRELUDE, ns)
    return ns


_NS = _namespace()


_LITERAL = re.compile(r"(?<![\w.])\d+\.\d+")


def _kink_free(template, value):
    """Whether a kinked call may take ``value`` (central differences are an oracle only away
    from the kinks): ``np.sort``/``argsort`` need no ties, ``np.std`` no constant row,
    ``np.linalg.norm`` no zero row (each is not differentiable there)."""
    v = np.asarray(value, dtype=float)
    if "sort" in template and np.unique(v).size != v.size:
        return False
    # a value exactly at a literal of the call (np.clip's bound, np.maximum's floor,
    # np.where's threshold, a period of %; abs at 0): the inputs are rounded to 6 decimals,
    # so they can hit one, and central differences straddle the kink symmetrically, their
    # two steps agreeing on a slope neither side has (seed 41, index 2968: w = 0.45 in
    # np.clip(w, -0.4, 0.45))
    points = [float(c) for c in _LITERAL.findall(template)]
    points += [-p for p in points] + ([0.0] if "abs" in template or "%" in template else [])
    if v.size and any(np.min(np.abs(v - p)) < 1e-9 for p in points):
        return False
    rows = v.reshape(-1, v.shape[-1]) if v.ndim else v.reshape(1, 1)
    if "np.std" in template and np.min(np.ptp(rows, axis=-1)) < 1e-3:
        return False
    if "norm" in template and np.min(np.sum(rows * rows, axis=-1)) < 1e-6:
        return False
    return True


def _clip_gap(value, local):
    """The smallest distance between ``value`` and the clip bounds ``lo``/``hi`` a clip
    statement named, and between the bounds (np.clip has kinks there)."""
    v = np.asarray(value, dtype=float)
    lo, hi = local.get("lo"), local.get("hi")
    gaps = [np.min(np.abs(v - np.asarray(b, dtype=float))) for b in (lo, hi) if b is not None]
    if lo is not None and hi is not None:
        gaps.append(np.min(np.abs(np.asarray(hi, dtype=float) - np.asarray(lo, dtype=float))))
    return float(min(gaps))


def _rebind_gap(p):
    """How far the float ``rp`` (rebind_clip's old value) is from the kinks of
    ``rq *= np.clip(abs(rq), -1.0, 1.0)`` and ``np.where(rq > 0.0, ...)``: 0 and +-1."""
    return float(min(abs(p), abs(abs(p) - 1.0)))


def _fits(value):
    v = np.asarray(value)
    return (v.dtype.kind == "f" and 0 < v.size <= 64 and bool(np.all(np.isfinite(v)))
            and float(np.max(np.abs(v))) < 1e3)


def draft(seed, index, attempt):
    """The draft program number ``attempt`` for ``(seed, index)`` (not checked)."""
    rng = random.Random(f"srcdiff-gen-arrays:{seed}:{index}:{attempt}")
    state = np.random.RandomState(rng.getrandbits(32))
    env = {"x": np.round(state.uniform(-1, 1, size=rng.choice(SHAPES_X)), 6),
           "w": np.round(state.uniform(-1, 1, size=rng.choice(SHAPES_W)), 6),
           "s": round(float(state.uniform(0.2, 0.9)), 6)}
    args = gen_loops.copy_args((env["x"], env["w"], env["s"]))
    lines, features = [], set()
    for i in range(rng.randint(3, MAX_STATEMENTS)):
        name = f"t{i}"
        for _ in range(40):
            a, b = rng.choice(sorted(env)), rng.choice(sorted(env))
            roll = rng.random()
            if roll < 0.45:
                template = rng.choice(UNARY)
                src, feature = [f"{name} = " + template.format(a=a)], "call"
            elif roll < 0.8:
                template = rng.choice(BINARY)
                src, feature = [f"{name} = " + template.format(a=a, b=b)], "binary"
            else:
                feature, template = rng.choice(sorted(STATEMENTS.items()))
                if isinstance(template, tuple):  # alternatives
                    template = rng.choice(template)
                src = [line.format(t=name, a=a, b=b) for line in template]
            local = dict(env)
            try:
                with np.errstate(all="raise"):
                    exec("\n".join(src), dict(_NS), local)
            except Exception:  # NumPy refuses this draw (shapes, domains): draw again
                continue
            if not _fits(local[name]) or roll < 0.45 and not _kink_free(template, env[a]):
                continue
            if feature.startswith("clip_") and _clip_gap(env[a], local) < CLIP_GAP:
                continue
            if feature == "rebind_clip" and _rebind_gap(local["rp"]) < CLIP_GAP:
                continue
            if roll < 0.45 and np.ndim(env[a]) == 0 and _AXIS_CALL.search(template):
                features.add("axis_of_0d")
            features.add(feature)
            features.add(src[-1].split("(")[0].split("=")[-1].strip() if feature in
                         ("call", "binary") else feature)
            env[name] = local[name]
            lines += src
            break
    lines += _free_shift(seed, index, attempt, env, lines, features)
    lines += _unpacking(seed, index, attempt, env, features)
    lines += _int_arrays(seed, index, attempt, env, features)
    outputs = [k for k in env if k.startswith("t")][-3:] or ["x"]
    # (coefficients +-1 too: the default seed's multiplications vanish, optimize/seed.py)
    weights = rng.choice([(0.7, -1.3, 0.4), (1.0, -1.0, 0.4), (-1.0, 1.0, -1.0)])
    total = " + ".join(_summed(o, c) for o, c in zip(outputs, weights))
    body = "".join(f"    {line}\n" for line in lines)
    source = f"{PRELUDE}\ndef f(x, w, s):\n{body}    return {total}\n"
    return gen_loops.Program(source, "f", ["x", "w", "s"], args, (0, 1, 2), seed, index,
                             attempt, frozenset(features))


def _unpacking(seed, index, attempt, env, features):
    """In an eighth of the programs whose x is 1-d, a tuple assignment of x's items (drawn
    from a stream of its own: other programs unchanged), which fuzz.py step 2c's argument
    one entry longer makes raise (front/normalize.py unpacking checks the count of a value
    known to be a sequence); near misses: unused items, starred targets, a slice."""
    rng = random.Random(f"srcdiff-gen-arrays-unpacking:{seed}:{index}:{attempt}")
    if rng.random() >= 0.125 or np.ndim(env["x"]) != 1:
        return []
    names = [f"lu{i}" for i in range(len(env["x"]))]
    feature, src = rng.choice([
        ("unpacked_used", [f"{', '.join(names)} = x", f"tu = {names[0]} * w + {names[-1]}"]),
        ("unpacked_unused", [f"{', '.join(names)} = x", "tu = w * np.sum(x)"]),
        ("unpacked_starred", ["lu0, *lr = x", "tu = lu0 * w + sum(lr)"]),
        ("unpacked_slice", ["lu0, lu1 = x[:2]", "tu = lu0 * lu1 * w"])])
    local = dict(env)
    exec("\n".join(src), dict(_NS), local)
    env["tu"] = local["tu"]
    features.add(feature)
    return src


# integer arrays (np.arange of a length, np.zeros(n, dtype=int)) used as indices, as
# multipliers, updated in place (by literals, by int arrays, in a loop), divided (true
# division makes floats), compared (masks: np.greater, as gen_loops.measure probes each
# `<` as floats): `ti`, a float array made with them
INT_ARRAYS = {
    "int_multiplier": ["k = np.arange({a}.shape[-1])", "k += 1", "k *= 2",
                       "ti = {a} * k + np.sum({b}) * k[0]"],
    "int_index": ["k = np.arange({a}.shape[-1])", "k *= 2", "k //= 3",
                  "ti = {a}[..., k] * np.sum({b})"],
    "int_true_division": ["k = np.arange({a}.shape[-1])", "q = k / 2",
                          "k -= k[::-1]", "ti = {a} * q + np.sum({b}) * k"],
    "int_mask": ["k = np.arange({a}.shape[-1])", "m = {a} * 1.0", "m[..., np.greater(k, 0.5)] *= s",
                 "m[..., np.less(k % 2, 0.5)] += np.sum({b})", "ti = m * m"],
    "int_plus_int_array": ["k = np.arange({a}.shape[-1])", "j = k.copy()", "j += k[::-1]",
                           "ti = {a}[..., j % {a}.shape[-1]] * np.tanh({b}).sum()"],
    "int_loop_counter": ["k = np.zeros({a}.shape[-1], dtype=int)", "for r in range(3):",
                         "    k += r", "    k[0] -= 1", "ti = {a} * k + np.sum({b} ** 2)"],
    "int_float_in_place": ["k = np.arange({a}.shape[-1])", "m = {a} * 1.0", "m += k",
                           "m *= k + 1", "m /= k + 1.5", "ti = m * np.sum({b})"],
    "int_repeated_store": ["k = np.arange({a}.shape[-1]) % 2", "m = {a} * 1.0",
                           "m[..., k] += np.sum({b}) * s", "ti = m * {a}"],
}


def _int_arrays(seed, index, attempt, env, features):
    """In a sixth of the programs, one of :data:`INT_ARRAYS` (drawn from a stream of its
    own: other programs unchanged) on a float array of the draft and another value."""
    rng = random.Random(f"srcdiff-gen-arrays-int-arrays:{seed}:{index}:{attempt}")
    if rng.random() >= 1 / 6:
        return []
    feature, template = rng.choice(sorted(INT_ARRAYS.items()))
    names = sorted(k for k in env if np.ndim(env[k]) > 0)
    a, b = rng.choice(names), rng.choice(sorted(env))
    src = [line.format(a=a, b=b) for line in template]
    local = dict(env)
    try:
        with np.errstate(all="raise"):
            exec("\n".join(src), dict(_NS), local)
    except Exception:  # (NumPy refuses this draw)
        return []
    if not _fits(local["ti"]):
        return []
    env["ti"] = local["ti"]
    features.add(feature)
    return src


# shifts the output does not depend on (analysis/shift.py), made from another value or
# added back: `tf`; {b} an argument no statement read yet when there is one, so that it may
# reach the output only through the shift (driver zero_for: zeros, not None; optimize/dead.py
# keeps the statements the shift is made from)
FREE_SHIFTS = [
    ["mx = np.mean({b})", "ex = np.exp({a} - mx)", "tf = ex / np.sum(ex)"],
    ["mx = np.max({a}, axis=-1, keepdims=True)",
     "tf = np.log(np.sum(np.exp({a} - mx), axis=-1, keepdims=True)) + mx"],
    ["mx = 0.5 * np.min({b})",
     "tf = np.exp({a} - mx) / np.sum(np.exp({a} - mx), axis=-1, keepdims=True)"],
    ["mx = np.max({b}) + np.max({a}, axis=-1, keepdims=True)",
     "tf = {a} - mx - np.log(np.sum(np.exp({a} - mx), axis=-1, keepdims=True))"],
]


def _free_shift(seed, index, attempt, env, lines, features):
    """In an eighth of the programs, one of :data:`FREE_SHIFTS` (its own stream)."""
    rng = random.Random(f"srcdiff-gen-arrays-free-shift:{seed}:{index}:{attempt}")
    if rng.random() >= 0.125:
        return []
    template = rng.choice(FREE_SHIFTS)
    unread = [p for p in ("x", "w", "s") if not re.search(rf"\b{p}\b", "\n".join(lines))]
    a = rng.choice(sorted(k for k in env if np.ndim(env[k]) > 0))
    b = rng.choice(unread) if unread else rng.choice(sorted(env))
    src = [line.format(a=a, b=b) for line in template]
    local = dict(env)
    try:
        with np.errstate(all="raise"):
            exec("\n".join(src), dict(_NS), local)
    except Exception:  # (NumPy refuses this draw)
        return []
    if not _fits(local["tf"]):
        return []
    env["tf"] = local["tf"]
    features.add("free_shifts")
    features.add("free_shift_unread" if b in unread else "free_shift_read")
    return src


def _summed(name, weight):
    if weight in (1.0, -1.0):
        return ("-" if weight < 0 else "") + f"np.sum({name})"
    return f"np.sum({name} * {weight})"


def program(seed, index, stats=None):
    """The first accepted draft for ``(seed, index)``; ``stats`` counts the rejections."""
    last = None
    for attempt in range(gen_loops.MAX_ATTEMPTS):
        p = draft(seed, index, attempt)
        why, magnitude = gen_loops.measure(p.source, p.args, p.wrt)
        if why is None:
            p.magnitude = magnitude
            return p
        last = why
        if stats is not None:
            key = why.split(":")[0]
            stats[key] = stats.get(key, 0) + 1
    raise RuntimeError(f"no acceptable draft for seed={seed} index={index}: {last}")
