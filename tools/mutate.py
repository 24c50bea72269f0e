#!/usr/bin/env python3
"""Mutation testing of the test suite against the compiler, with hand-written mutants.

Each mutant (``MUTANTS`` below) is a small, plausible bug: a file of the
``srcdiff`` package, exact source snippets to replace and their replacements,
a one-line description, and the tests that should notice it (pytest
arguments: test files, ``-k`` expressions; each selection runs well under a
minute). For each mutant this tool

1. copies the working tree (without ``.git``, virtual environments and caches)
   to a temporary directory and applies the edits to the copy: the working
   tree is never modified, whatever happens (Ctrl-C, exceptions);
2. runs the selected tests there, with the mutated package first on
   ``sys.path`` (checked: the run fails if ``srcdiff`` is imported from
   anywhere else);
3. reports KILLED (a test failed, with the first failing test), SURVIVED
   (every selected test passed), TIMEOUT (counted as killed), or ERROR (the
   selection collected nothing or pytest was misused: a broken mutant entry).

A snippet that is not found exactly once fails loudly before anything runs,
so mutants do not rot silently when the code changes: update the entry.

Exit status: 0 every mutant killed, 1 some mutant survived, 2 a broken entry
(snippet not found, bad selection, baseline failure).

    python tools/mutate.py                 # every mutant
    python tools/mutate.py -j 2            # two at a time
    python tools/mutate.py -k max -k loop  # mutants whose name contains max or loop
    python tools/mutate.py --list          # the table of mutants, nothing run
    python tools/mutate.py --baseline      # first run each selection unmutated
    python tools/mutate.py --baseline-only # only that
    python tools/mutate.py --show NAME     # the diff of one mutant
"""

import argparse
import difflib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "srcdiff"


@dataclass(frozen=True)
class Mutant:
    name: str
    file: str  # relative to the repository root
    edits: tuple  # ((old, new), ...): each old snippet must occur exactly once
    what: str
    tests: tuple  # pytest arguments


def M(name, file, old, new, what, *tests, edits=()):
    """A mutant: replace ``old`` by ``new`` in ``file`` (plus further ``edits``)."""
    return Mutant(name, file, ((old, new),) + tuple(edits), what, tuple(tests))


# Tests failing on the unmutated tree for reasons unrelated to a mutant: deselected
# wherever a selection includes them, so that they cannot "kill" anything (none today).
KNOWN_FAILURES = []

# ------------------------------------------------------------------ test selections

KILLED = "tests/soundness/test_mutants_killed.py"
SOUND = "tests/soundness/test_soundness.py"
SPECIAL = "tests/reverse/test_specialization.py"
DEFER = "tests/reverse/test_deferral.py"
OPTIM = "tests/optimize/test_optimize.py"


def only(file, keyword, *also):
    """The tests of ``file`` matching the ``-k`` expression ``keyword``, and every test of
    the files ``also`` (``-k`` applies to all files: their module names are added)."""
    expr = " or ".join([f"({keyword})"] + [Path(f).stem for f in also])
    return (file, *also, "-k", expr)


def rules(*prims, also=()):
    """The rule-table checks through the compiler for these primitives only."""
    return only("tests/rules/test_rules.py", " or ".join(f"case_{p}_" for p in prims), *also)


def corpus(*also):
    """Reverse mode over the shared corpus against finite differences."""
    return only("tests/reverse/test_reverse.py", "test_grad_matches", *also)


# ------------------------------------------------------------------ the mutants

MUTANTS = [
    # ---------------------------------------------------------------- rule tables
    M("rule-subtract-sign", "srcdiff/rules/numpy_rules.py",
      "def subtract(g, ans, x, y):\n    return g, -g\n",
      "def subtract(g, ans, x, y):\n    return g, g\n",
      "x - y: the gradient of y loses its sign",
      *rules("subtract")),
    M("rule-max-ties-not-shared", "srcdiff/runtime.py",
      "    return mask / np.sum(mask, axis=axis, keepdims=True)\n",
      "    return mask\n",
      "max/min: tied elements each get the whole gradient instead of sharing it",
      *rules("max", "amax", "min", "amin", "ptp", also=(KILLED,))),
    M("rule-max-ties-first-only", "srcdiff/runtime.py",
      "    mask = np.where(x == full, 1.0, 0.0)\n",
      "    mask = np.where(x == full, 1.0, 0.0)\n"
      "    mask = mask * (np.cumsum(mask, axis=axis).reshape(mask.shape) == 1)\n",
      "max/min: only the first of tied elements gets the gradient (argmax style)",
      *rules("max", "amax", "min", "amin", "ptp", also=(KILLED,))),
    M("rule-var-wrong-axis", "srcdiff/rules/reduction_rules.py",
      "    return (unreduce(g, a, axis, keepdims) * 2.0 * (a - np.mean(a, axis=axis, keepdims=True))\n",
      "    return (unreduce(g, a, axis, keepdims) * 2.0 * (a - np.mean(a, axis=-1, keepdims=True))\n",
      "var over an axis: the mean subtracted in its gradient is taken over the last axis",
      *rules("var")),
    M("rule-mean-axis-scale", "srcdiff/rules/reduction_rules.py",
      "    return unreduce(g, a, axis, keepdims) * (size_of(ans) / size_of(a))\n",
      "    return unreduce(g, a, axis, keepdims) * (1.0 / np.shape(a)[0])\n",
      "mean over an axis: the gradient is divided by the length of axis 0, not the reduced axes",
      *rules("mean")),
    # ---------------------------------------------------------------- runtime helpers
    M("runtime-unreduce-axis", "srcdiff/runtime.py",
      "    return tuple(a % ndim if ndim else a for a in axes)\n",
      "    return tuple(ndim - 1 - a % ndim if ndim else a for a in axes)\n",
      "unreduce: a reduction's gradient is put back along the mirrored axis",
      *rules("sum", "max", also=(SPECIAL,))),
    M("runtime-unbroadcast-trailing", "srcdiff/runtime.py",
      "        g = g.sum(axis=tuple(range(extra)))\n",
      "        g = g.sum(axis=tuple(range(g.ndim - extra, g.ndim)))\n",
      "unbroadcast sums the trailing axes instead of the leading ones it added",
      *rules("add", "multiply", also=(KILLED,))),
    M("runtime-unbroadcast-ones", "srcdiff/runtime.py",
      "    if axes:\n"
      "        g = g.sum(axis=axes, keepdims=True)\n",
      "    if axes:\n"
      "        g = g.take(0, axis=axes[0])[(slice(None),) * axes[0] + (None,)]\n",
      "unbroadcast keeps the first slice of an axis broadcast from length 1, not its sum",
      *rules("add", "multiply", also=(KILLED,)),
      # large float arrays take the einsum path, which sums those axes too: off, so
      # that the bug applies at every size
      edits=(("    if axes and extra >= 0 and g.size >= SUM_BY_EINSUM_SIZE",
              "    if False and axes and extra >= 0 and g.size >= SUM_BY_EINSUM_SIZE"),)),
    M("runtime-index-add-fancy", "srcdiff/runtime.py",
      "        np.add.at(b, index, g)\n",
      "        b[index] += g\n",
      "index_add: a fancy index with repeats keeps one contribution per element",
      *corpus(KILLED)),
    M("runtime-index-add-overwrite", "srcdiff/runtime.py",
      "    if _is_basic_index(index):\n        b[index] += g\n",
      "    if _is_basic_index(index):\n        b[index] = g\n",
      "index_add: a basic index overwrites the gradient accumulated there",
      *corpus(KILLED)),
    M("runtime-seed-ignores-grad-ys", "srcdiff/runtime.py",
      "    g = grad_ys if _other_array(grad_ys) else np.asarray(grad_ys)\n"
      "    if g.shape != np.shape(y):\n",
      "    g = np.ones(np.shape(y))\n"
      "    if g.shape != np.shape(y):\n",
      "seed: an array output's cotangent grad_ys is replaced by ones",
      "tests/front/test_errors.py", "tests/emit/test_generated_code.py", KILLED),
    M("runtime-finish-zero", "srcdiff/runtime.py",
      "        return zeros_tree(x) if zero else None\n",
      "        return None\n",
      "finish: unconnected_gradients='zero' still returns None",
      "tests/api/test_tf_semantics.py", KILLED),
    M("runtime-spread-float32", "srcdiff/runtime.py",
      "        return np.full(shape, g)\n",
      "        return np.full(shape, g, dtype=np.float32)\n",
      "spread fills small arrays in float32: gradients rounded to single precision",
      SPECIAL, SOUND, KILLED),
    # ---------------------------------------------------------------- recording
    M("recording-transitive-readers", "srcdiff/compiler/analysis/recording.py",
      "                    if t in ops_u and u in readers:\n"
      "                        at |= readers[u]\n",
      "                    if t in ops_u and u in readers:\n"
      "                        pass\n",
      "recomputation checks only direct readers, not readers of temporaries recomputed from it",
      SOUND, DEFER, KILLED),
    M("recording-never-overwritten", "srcdiff/compiler/analysis/recording.py",
      "        if v in params:\n"
      "            return True\n"
      "        return any(",
      "        if v in params:\n"
      "            return True\n"
      "        return False and any(",
      "values reassigned later at top level are treated as never overwritten (not saved)",
      *corpus(SOUND, KILLED)),
    M("recording-exclusive-same-branch", "srcdiff/compiler/analysis/recording.py",
      "    return any(node in choices and choices[node] != branch and branch != 2\n",
      "    return any(node in choices and branch != 2\n",
      "_exclusive: two statements in the same branch of an if count as mutually exclusive",
      SOUND, "tests/reverse/test_reverse.py", KILLED),
    M("recording-operand-reassigned", "srcdiff/compiler/analysis/recording.py",
      "                if any(_assigns(x, plain, analysis) for j in at for x in block[k + 1:j + 1]):\n",
      "                if any(_assigns(x, plain, analysis) for j in at for x in block[k + 1:j]):\n",
      "recomputation ignores an operand reassigned by its reader's own statement",
      SOUND, DEFER, KILLED),
    M("recording-param-overwrite", "srcdiff/compiler/analysis/recording.py",
      "    def overwritten(s, v):\n"
      "        if v in params:\n"
      "            return True\n",
      "    def overwritten(s, v):\n",
      "a parameter reassigned once is not saved (its value as passed is lost)",
      *corpus(SOUND, KILLED)),
    M("recording-defined-before-always", "srcdiff/compiler/analysis/recording.py",
      "    return v in params or bool(_bound_before(fn_body, s, v, analysis))\n",
      "    return True\n",
      "a saved name first bound inside a loop or branch is not made to start unbound",
      *corpus(SOUND, KILLED)),
    # ---------------------------------------------------------------- reverse
    M("reverse-replay-bound-reassigned", "srcdiff/compiler/reverse/primal.py",
      "        replay = not has_break and not (bounds & body_assigned) and s.target.id not in bounds \\\n",
      "        replay = not has_break and s.target.id not in bounds \\\n",
      "a loop is replayed backwards although its body reassigns its range bound",
      SOUND, KILLED),
    M("reverse-replay-target-assigned", "srcdiff/compiler/reverse/primal.py",
      "        replay = not has_break and not (bounds & body_assigned) and s.target.id not in bounds \\\n"
      "            and s.target.id not in body_assigned\n",
      "        replay = not has_break and not (bounds & body_assigned) and s.target.id not in bounds\n",
      "a loop is replayed backwards although its body reassigns the loop variable",
      SOUND, KILLED),
    M("reverse-restore-before-adjoint", "srcdiff/compiler/reverse/backward.py",
      "                out = self._header(s) + out + again + body\n"
      "        elif op.kind not in (\"store\", \"append\") and op.target is not None:\n"
      "            self._reset(out, op.target)\n"
      "        out.extend(restore[\"after\"])\n",
      "                out = self._header(s) + out + restore[\"after\"] + again + body\n"
      "                restore[\"after\"] = []\n"
      "        elif op.kind not in (\"store\", \"append\") and op.target is not None:\n"
      "            self._reset(out, op.target)\n"
      "        out.extend(restore[\"after\"])\n",
      "an overwritten value is restored before its statement's adjoint instead of after",
      *corpus(SOUND, KILLED)),
    M("reverse-branch-test-no-copy", "srcdiff/compiler/reverse/primal.py",
      "            if S.loaded_names(test) & assigned:  # the branch changes its own test: keep a copy\n",
      "            if False:  # the branch changes its own test: keep a copy\n",
      "a branch that changes its own test is replayed by re-testing the changed value",
      *corpus(SOUND, KILLED)),
    M("reverse-branch-test-not-per-trip", "srcdiff/compiler/reverse/primal.py",
      "            if depth and pre:  # a copy made in every trip: kept per trip, like any value\n",
      "            if False:  # a copy made in every trip: kept per trip, like any value\n",
      "a branch-test copy made inside a loop is kept once, not per trip",
      SOUND, KILLED),
    # ---------------------------------------------------------------- algebra
    M("algebra-negated-product-sign", "srcdiff/compiler/optimize/algebra.py",
      "        return gast.BinOp(left=_negated_product(e.left), op=e.op, right=e.right)\n",
      "        return gast.BinOp(left=e.left, op=e.op, right=e.right)\n",
      "fold_negations: t = a * b; y = -t becomes y = a * b (sign lost)",
      SPECIAL, KILLED),
    M("algebra-absorb-literal", "srcdiff/compiler/optimize/algebra.py",
      "            lit.value = -lit.value\n",
      "            lit.value = lit.value\n",
      "fold_negations: a sign moved into a literal factor is dropped",
      SPECIAL, KILLED),
    M("algebra-absorb-sum", "srcdiff/compiler/optimize/algebra.py",
      "            op = gast.Sub() if isinstance(e.op, gast.Add) else gast.Add()\n"
      "            return gast.BinOp(left=left, op=op, right=inner)\n",
      "            return gast.BinOp(left=left, op=e.op, right=inner)\n",
      "fold_negations: a sign moved into an enclosing + or - does not flip it",
      SPECIAL, OPTIM, KILLED),
    M("algebra-pull-parity", "srcdiff/compiler/optimize/algebra.py",
      "        return nl != nr, gast.BinOp(left=left, op=e.op, right=right)\n",
      "        return nl or nr, gast.BinOp(left=left, op=e.op, right=right)\n",
      "fold_negations: two signs in one product do not cancel",
      SPECIAL, KILLED),
    M("algebra-divlit-disabled", "srcdiff/compiler/optimize/algebra.py",
      "        return _first_literal(e.left)\n",
      "        return None\n",
      "fold_negations: a sign no longer moves into the literal of a quotient (b * 0.5 / h)",
      SPECIAL, KILLED),
    M("algebra-augassign-flip", "srcdiff/compiler/optimize/algebra.py",
      "            u.op = gast.Sub() if isinstance(u.op, gast.Add) else gast.Add()\n"
      "            new = new.operand\n",
      "            u.op = gast.Sub() if isinstance(u.op, gast.Add) else gast.Add()\n",
      "fold_negations: b += -(e) becomes b -= -(e) (the sign counted twice)",
      SPECIAL, OPTIM, KILLED),
    M("algebra-scaling-division", "srcdiff/compiler/optimize/algebra.py",
      "                scale[0] = scale[0] * right.value if isinstance(n.op, gast.Mult) \\\n"
      "                    else scale[0] / right.value\n",
      "                scale[0] = scale[0] * right.value\n",
      "merge_scalings: a division by a power of two is gathered as a multiplication",
      SPECIAL, KILLED),
    M("algebra-scaling-any-literal", "srcdiff/compiler/optimize/algebra.py",
      "    return m == 0.5\n",
      "    return True\n",
      "merge_scalings: any literal is regrouped as if scaling by it were exact",
      SPECIAL, KILLED),
    M("algebra-scaling-scalar-factor", "srcdiff/compiler/optimize/algebra.py",
      "    if isinstance(first, gast.Name) and first.id in scalars and parent is not None:\n"
      "        parent.left = gast.BinOp(left=S.const(scale[0]), op=gast.Mult(), right=first)\n"
      "        return rest\n",
      "    if isinstance(first, gast.Name) and first.id in scalars and parent is not None:\n"
      "        parent.left = first\n"
      "        return rest\n",
      "merge_scalings: the gathered scale put on a scalar factor is dropped",
      SPECIAL, KILLED),
    M("algebra-leadlit-wrong", "srcdiff/compiler/optimize/algebra.py",
      "        first.value = first.value * scale[0]  # exact: a power of two\n",
      "        first.value = first.value / scale[0]  # exact: a power of two\n",
      "merge_scalings: the gathered scale is divided into a leading literal, not multiplied",
      SPECIAL, KILLED),
    M("algebra-hoist-variant", "srcdiff/compiler/optimize/algebra.py",
      "            if n.id in changed:\n"
      "                return False\n"
      "            names += 1\n",
      "            names += 1\n",
      "hoist_invariants: arithmetic on names the loop changes is hoisted",
      SPECIAL, SOUND, KILLED),
    M("algebra-hoist-unbound", "srcdiff/compiler/optimize/algebra.py",
      "    if _invariant(e, changed) and S.loaded_names(e) <= bound:\n",
      "    if _invariant(e, changed):\n",
      "hoist_invariants: hoisted code may read names not bound before the loop",
      SPECIAL, SOUND, KILLED),
    M("algebra-hoist-division", "srcdiff/compiler/optimize/algebra.py",
      "_HOISTABLE_OPS = (gast.Add, gast.Sub, gast.Mult)\n",
      "_HOISTABLE_OPS = (gast.Add, gast.Sub, gast.Mult, gast.Div)\n",
      "hoist_invariants: a division (which may raise) is hoisted before a loop that may not run",
      SPECIAL, SOUND, KILLED),
    M("algebra-hoist-branch-bound", "srcdiff/compiler/optimize/algebra.py",
      "            bound |= _bound_by(s.body) & _bound_by(s.orelse)\n"
      "        elif isinstance(s, (gast.For, gast.While)):\n",
      "            bound |= _bound_by(s.body) | _bound_by(s.orelse)\n"
      "        elif isinstance(s, (gast.For, gast.While)):\n",
      "hoist_invariants: a name bound by one branch only counts as bound after the if",
      SPECIAL, SOUND, KILLED),
    M("algebra-peephole-sub-neg", "srcdiff/compiler/optimize/algebra.py",
      "            op = gast.Sub() if isinstance(node.op, gast.Add) else gast.Add()\n"
      "            return self.visit_BinOp(",
      "            op = gast.Sub()\n"
      "            return self.visit_BinOp(",
      "Peephole: a - -(b) becomes a - b",
      OPTIM, SPECIAL, KILLED),
    M("algebra-peephole-double-neg", "srcdiff/compiler/optimize/algebra.py",
      "        node = node.operand.operand\n",
      "        node = node.operand\n",
      "Peephole: -(-(a)) loses one negation only",
      OPTIM, SPECIAL, KILLED),
    # ---------------------------------------------------------------- deferral
    M("deferral-matmul-swap", "srcdiff/compiler/reverse/deferral.py",
      "            total = gast.BinOp(left=gast.Attribute(value=parts[0], attr=\"T\", ctx=gast.Load()),\n"
      "                               op=gast.MatMult(), right=parts[1])\n",
      "            total = gast.BinOp(left=gast.Attribute(value=parts[1], attr=\"T\", ctx=gast.Load()),\n"
      "                               op=gast.MatMult(), right=parts[0])\n"
      "            total = total.T if hasattr(total, 'T') else total\n",
      "deferred x.T @ y: the operands' lists are paired the wrong way round",
      DEFER, KILLED),
    M("deferral-outer-concatenates", "srcdiff/compiler/reverse/deferral.py",
      "_JOINS = {\"matmul\": (\"concatenate\", \"concatenate\"), \"outer\": (\"array\", \"array\"),\n",
      "_JOINS = {\"matmul\": (\"concatenate\", \"concatenate\"), \"outer\": (\"concatenate\", \"array\"),\n",
      "deferred np.outer(x, y): the first operands are concatenated instead of stacked",
      DEFER, KILLED),
    M("deferral-product-axis", "srcdiff/compiler/reverse/deferral.py",
      "                           [(\"axis\", S.const(0))])\n",
      "                           [(\"axis\", S.const(-1))])\n",
      "deferred x * y: the stacked products are summed over the last axis",
      DEFER, KILLED),
    M("deferral-product-rank", "srcdiff/compiler/reverse/deferral.py",
      "            if rx is None or rx != ry:  # stacking must line up the axes of both\n",
      "            if rx is None:  # stacking must line up the axes of both\n",
      "deferred x * y: operands of different ranks are stacked (axes misaligned)",
      DEFER, KILLED),
    M("deferral-unbroadcast-rank", "srcdiff/compiler/reverse/deferral.py",
      "            if rg is None or rv is None or rg <= rv:  # the leading axis must be one summed\n",
      "            if rg is None or rv is None:  # the leading axis must be one summed\n",
      "deferred unbroadcast(g, v): deferred although g's leading axis is not one summed",
      DEFER, KILLED),
    M("deferral-unbroadcast-stacked", "srcdiff/compiler/reverse/deferral.py",
      "          \"product\": (\"array\", \"array\"), \"unbroadcast\": (\"concatenate\",)}\n",
      "          \"product\": (\"array\", \"array\"), \"unbroadcast\": (\"array\",)}\n",
      "deferred unbroadcast(g, v): per-iteration gradients stacked, not concatenated",
      DEFER, KILLED),
    M("deferral-acc-used-elsewhere", "srcdiff/compiler/reverse/deferral.py",
      "        if self.uses.get(acc, 0) != own or acc in operands or acc in others:\n",
      "        if acc in operands or acc in others:\n",
      "deferral although another statement of the backward loop reads the accumulator",
      DEFER, SOUND, KILLED),
    M("deferral-tainted", "srcdiff/compiler/reverse/deferral.py",
      "        if x in self.tainted:\n"
      "            return False\n",
      "        if False:\n"
      "            return False\n",
      "deferral keeps arrays that the loop later changes in place",
      DEFER, KILLED),
    M("deferral-alias-links", "srcdiff/compiler/reverse/deferral.py",
      "                        links.setdefault(t, set()).add(x)\n",
      "                        pass\n",
      "deferral forgets that a = b (or a view of b) shares b's array",
      DEFER, KILLED),
    M("deferral-jumps", "srcdiff/compiler/reverse/deferral.py",
      "            if isinstance(n, (gast.Break, gast.Continue, gast.Return)):\n"
      "                return True\n",
      "            if isinstance(n, (gast.Break, gast.Continue, gast.Return)):\n"
      "                pass\n",
      "deferral in a backward loop body with jumps",
      DEFER, SOUND, KILLED),
    M("deferral-dropped-call", "srcdiff/compiler/reverse/deferral.py",
      "            elif isinstance(n, gast.Expr) and isinstance(n.value, gast.Call):\n"
      "                changed |= _arrays_in(n.value)\n",
      "            elif isinstance(n, gast.Expr) and isinstance(n.value, gast.Call):\n"
      "                pass\n",
      "deferral: a call whose result is dropped (it may change its arguments) is not a change",
      DEFER, KILLED),
    # ---------------------------------------------------------------- uniform
    M("uniform-unbroadcast-pattern", "srcdiff/compiler/reverse/uniform.py",
      "            if _elementwise_pattern(view, expr.args[0], bv, allowed) != pout:\n",
      "            if _elementwise_pattern(view, expr.args[0], bv, allowed) is None:\n",
      "unbroadcast of a uniform contribution kept although it is smaller than the output",
      SPECIAL, KILLED),
    M("uniform-size-from-broadcast", "srcdiff/compiler/reverse/uniform.py",
      "            if not (len(names) == 1 or (known and view.a.shapes.get(arg.id) == px)):\n",
      "            if not (len(names) == 1 or known):\n",
      "a mean's np.size is read from an operand with a smaller (broadcast) shape",
      SPECIAL, KILLED),
    M("uniform-size-rebound", "srcdiff/compiler/reverse/uniform.py",
      "            if r < len(binds) and binds[r] <= k:  # rebound in (j, k]\n",
      "            if False:  # rebound in (j, k]\n",
      "a mean's np.size is read from a name rebound (to another size) after the definition",
      SPECIAL, KILLED),
    # ---------------------------------------------------------------- verification
    M("verify-check-always-passes", "srcdiff/runtime_checks.py",
      "        if (n in ns) != (key in book) or (n in ns and not _verify_same(\n",
      "        if False and (n in ns) != (key in book) or (n in ns and False and not _verify_same(\n",
      "verify_check: a stale value read by the backward sweep always passes",
      SOUND, KILLED),
    M("verify-equal-always-passes", "srcdiff/runtime_checks.py",
      "    if not _verify_same(kept, value, False):\n",
      "    if False:\n",
      "verify_equal: a hoisted value that differs from its expression passes",
      SOUND, KILLED),
    M("verify-same-values-ignored", "srcdiff/runtime_checks.py",
      "        if a.dtype.kind in \"fc\":\n"
      "            return bool(np.array_equal(a, b, equal_nan=True))\n",
      "        if a.dtype.kind in \"fc\":\n"
      "            return True\n",
      "_verify_same: float arrays compare equal whenever shapes and dtypes agree",
      SOUND, KILLED),
]


# ------------------------------------------------------------------ machinery


class BrokenMutant(Exception):
    """A mutant entry that no longer applies (snippet not found) or is malformed."""


def apply_edits(text, mutant):
    for k, (old, new) in enumerate(mutant.edits):
        count = text.count(old)
        if count != 1:
            where = "not found" if count == 0 else f"found {count} times"
            first = old.strip().splitlines()[0] if old.strip() else repr(old)
            raise BrokenMutant(f"mutant {mutant.name}: snippet {k + 1} {where} in {mutant.file}: "
                               f"{first!r}")
        if old == new:
            raise BrokenMutant(f"mutant {mutant.name}: snippet {k + 1} replaces text by itself")
        text = text.replace(old, new)
    return text


def check_all(mutants):
    """Apply every mutant to the text of the working tree, in memory: all must apply."""
    errors = []
    names = set()
    for m in mutants:
        if m.name in names:
            errors.append(f"duplicate mutant name {m.name}")
        names.add(m.name)
        path = ROOT / m.file
        if not path.is_file():
            errors.append(f"mutant {m.name}: no file {m.file}")
            continue
        if not m.tests:
            errors.append(f"mutant {m.name}: no tests selected")
        try:
            mutated = apply_edits(path.read_text(), m)
            compile(mutated, str(path), "exec")
        except BrokenMutant as e:
            errors.append(str(e))
        except SyntaxError as e:
            errors.append(f"mutant {m.name}: the mutated {m.file} does not parse: {e}")
    return errors


def _ignore(directory, names):
    skip = {".git", ".venv", "venv", "__pycache__", ".pytest_cache", ".hypothesis", "build",
            ".mypy_cache"}
    return [n for n in names if n in skip or n.endswith(".egg-info") or n.endswith(".pyc")]


_LIVE = set()  # running pytest processes (this tool's own children)
_LIVE_LOCK = threading.Lock()
_STOP = threading.Event()


def _known_failures_for(tests):
    files = {t for t in tests if t.startswith("tests/")}
    out = []
    for node in KNOWN_FAILURES:
        if node.split("::")[0] in files:
            out += ["--deselect", node]
    return out


RUNNER = (
    "import sys, os\n"
    "import {pkg}\n"
    "root = os.path.realpath(sys.argv[1])\n"
    "if not os.path.realpath({pkg}.__file__).startswith(root + os.sep):\n"
    "    sys.exit('mutate.py: {pkg} imported from %s, not from %s' % ({pkg}.__file__, root))\n"
    "import pytest\n"
    "sys.exit(pytest.main(sys.argv[2:]))\n"
).format(pkg=PACKAGE)

SELECTION_BROKEN = 99  # our own code: the runner's import check failed


def run_tests(tree, tests, timeout):
    """Run pytest on ``tests`` inside ``tree``; ``(status, seconds, first failure, output)``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(tree) + (os.pathsep + env["PYTHONPATH"]
                                     if env.get("PYTHONPATH") else "")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    for var in ("SRCDIFF_REGENERATE_GOLDEN", "SRCDIFF_VERIFY"):
        env.pop(var, None)
    args = [sys.executable, "-c", RUNNER, str(tree), "-x", "-q", "-rfE", "-p", "no:cacheprovider",
            "--no-header", *tests, *_known_failures_for(tests)]
    start = time.monotonic()
    proc = subprocess.Popen(args, cwd=tree, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    with _LIVE_LOCK:
        _LIVE.add(proc)
        if _STOP.is_set():  # interrupted while this one was starting
            _kill(proc)
    try:
        out, _ = proc.communicate(timeout=timeout)
        code = proc.returncode
    except subprocess.TimeoutExpired:
        _kill(proc)
        out, _ = proc.communicate()
        return "TIMEOUT", time.monotonic() - start, f"no result after {timeout:.0f} s", out
    finally:
        with _LIVE_LOCK:
            _LIVE.discard(proc)
    seconds = time.monotonic() - start
    if _STOP.is_set():
        return "STOPPED", seconds, "", out
    if "mutate.py: " + PACKAGE + " imported from" in out:
        return "ERROR", seconds, out.strip().splitlines()[-1], out
    if code == 0:
        return "PASSED", seconds, "", out
    if code in (1, 2):  # tests failed / collection failed (a mutant may break imports)
        return "FAILED", seconds, _first_failure(out), out
    what = {3: "pytest internal error", 4: "pytest usage error",
            5: "no tests collected"}.get(code, f"exit status {code}")
    return "ERROR", seconds, what, out


def _first_failure(out):
    for line in out.splitlines():
        m = re.match(r"(FAILED|ERROR) (.+?)(?: - .*)?$", line)
        if m:
            return m.group(2)
    for line in out.splitlines():
        if "Error" in line:
            return line.strip()[:100]
    return "(see output)"


def _kill(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # its own session: the tool's child and its children
    except ProcessLookupError:
        pass


def run_mutant(mutant, timeout, keep_output):
    """Copy the tree, apply the mutant to the copy, run its tests: a result dict."""
    with tempfile.TemporaryDirectory(prefix="srcdiff-mutant-") as tmp:
        tree = Path(tmp) / "tree"
        shutil.copytree(ROOT, tree, ignore=_ignore)
        if mutant.edits:
            target = tree / mutant.file
            target.write_text(apply_edits(target.read_text(), mutant))
        status, seconds, failure, out = run_tests(tree, mutant.tests, timeout)
    if mutant.edits:
        status = {"FAILED": "KILLED", "PASSED": "SURVIVED"}.get(status, status)
    result = dict(mutant=mutant, status=status, seconds=seconds, failure=failure)
    if keep_output or status in ("ERROR",):
        result["output"] = out
    return result


def baseline_mutants(mutants):
    """One unmutated run per distinct test selection."""
    seen, out = set(), []
    for m in mutants:
        if m.tests not in seen:
            seen.add(m.tests)
            out.append(Mutant(f"baseline:{m.name}", m.file, (), "unmutated", m.tests))
    return out


def show(mutant):
    path = ROOT / mutant.file
    before = path.read_text()
    after = apply_edits(before, mutant)
    sys.stdout.writelines(difflib.unified_diff(before.splitlines(True), after.splitlines(True),
                                               "a/" + mutant.file, "b/" + mutant.file))


def table(rows, headers):
    widths = [max(len(str(r[i])) for r in rows + [headers]) for i in range(len(headers))]
    line = "  ".join("{:<%d}" % w for w in widths)
    print(line.format(*headers).rstrip())
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print(line.format(*r).rstrip())


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-k", action="append", default=[], metavar="SUBSTRING",
                   help="only mutants whose name contains SUBSTRING (repeatable)")
    p.add_argument("-j", "--jobs", type=int, default=1, help="mutants run at once (default 1)")
    p.add_argument("--timeout", type=float, default=300.0, help="seconds per mutant (default 300)")
    p.add_argument("--list", action="store_true", help="list the mutants and exit")
    p.add_argument("--show", metavar="NAME", help="print the diff of one mutant and exit")
    p.add_argument("--baseline", action="store_true",
                   help="first run every selection unmutated: each must pass")
    p.add_argument("--baseline-only", action="store_true",
                   help="only run every selection unmutated (each must pass)")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="print pytest's output for survivors and errors")
    opts = p.parse_args(argv)

    errors = check_all(MUTANTS)
    if errors:
        print("mutate.py: mutants that no longer apply (update them):", file=sys.stderr)
        for e in errors:
            print("  " + e, file=sys.stderr)
        return 2
    selected = [m for m in MUTANTS if not opts.k or any(s in m.name for s in opts.k)]
    if opts.show:
        match = [m for m in MUTANTS if m.name == opts.show]
        if not match:
            print(f"mutate.py: no mutant {opts.show}", file=sys.stderr)
            return 2
        show(match[0])
        return 0
    if opts.list:
        table([(m.name, m.file, " ".join(m.tests), m.what) for m in selected],
              ("mutant", "file", "tests", "what"))
        return 0
    if not selected:
        print("mutate.py: no mutant selected", file=sys.stderr)
        return 2

    start = time.monotonic()
    if opts.baseline or opts.baseline_only:
        base = baseline_mutants(selected)
        print(f"baseline: {len(base)} test selections, unmutated")
        bad = [r for r in _run_all(base, opts) if r["status"] != "PASSED"]
        if bad:
            for r in bad:
                print(f"baseline {r['status']}: {' '.join(r['mutant'].tests)}: {r['failure']}")
                if opts.verbose:
                    print(r.get("output", ""))
            return 2
        print(f"baseline: every selection passes ({time.monotonic() - start:.0f} s)")
        if opts.baseline_only:
            return 0
    results = _run_all(selected, opts)
    total = time.monotonic() - start

    print()
    table([(r["mutant"].name, r["mutant"].file.replace("srcdiff/", ""), r["status"],
            f"{r['seconds']:.1f}s", r["failure"] if r["status"] != "SURVIVED" else "-",
            r["mutant"].what) for r in results],
          ("mutant", "file", "result", "time", "killed by", "what"))
    counts = {}
    for r in results:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    print()
    print(f"{len(results)} mutants: " + ", ".join(f"{n} {s.lower()}" for s, n in
                                                  sorted(counts.items()))
          + f" in {total:.0f} s")
    if counts.get("ERROR") or counts.get("STOPPED"):
        return 2
    return 1 if counts.get("SURVIVED") else 0


def _run_all(mutants, opts):
    results = [None] * len(mutants)
    done = [0]
    lock = threading.Lock()

    def one(k):
        if _STOP.is_set():
            return
        r = run_mutant(mutants[k], opts.timeout, opts.verbose)
        results[k] = r
        with lock:
            done[0] += 1
            m = r["mutant"]
            detail = r["failure"] if r["status"] not in ("SURVIVED", "PASSED") else ""
            print(f"[{done[0]:>2}/{len(mutants)}] {r['status']:<8} {r['seconds']:6.1f}s  "
                  f"{m.name}  {detail}", flush=True)
            if opts.verbose and r["status"] in ("SURVIVED", "ERROR") and "output" in r:
                print(r["output"])

    def terminated(signum, frame):
        raise KeyboardInterrupt

    for sig in (signal.SIGINT, signal.SIGTERM):  # (SIGINT too: a background job ignores it)
        signal.signal(sig, terminated)
    pool = ThreadPoolExecutor(max_workers=max(1, opts.jobs))
    futures = [pool.submit(one, k) for k in range(len(mutants))]
    try:
        for f in futures:
            while not f.done():
                time.sleep(0.2)  # (a plain f.result() would not see Ctrl-C promptly)
            f.result()
    except KeyboardInterrupt:
        _STOP.set()
        with _LIVE_LOCK:
            for proc in list(_LIVE):
                _kill(proc)
        pool.shutdown(wait=True, cancel_futures=True)  # temporary trees are removed
        print("\nmutate.py: interrupted; the working tree was never modified", file=sys.stderr)
        raise SystemExit(130)
    pool.shutdown(wait=True)
    return [r for r in results if r is not None]


if __name__ == "__main__":
    sys.exit(main())
