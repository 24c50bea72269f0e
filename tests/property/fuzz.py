"""Fuzz srcdiff with random loop programs (gen_loops.py) or array programs
(gen_arrays.py, ``--family arrays``); ``make fuzz`` runs both.

    python tests/property/fuzz.py --count 20000 --seed 123
    python tests/property/fuzz.py --seed 123 --index 417 --shrink   # replay one, minimized
    python tests/property/fuzz.py --family arrays --count 2000 --seed 123
    python tests/property/fuzz.py --count 1000 --stats   # also: programs per generator feature

Every program is checked four ways, and srcdiff is never the only side of a
comparison:

1. ``sd.grad`` against central finite differences in float64 (tests/support/fd.py);
2. ``sd.grad`` against ``sd.grad(..., optimize=False)``, the plainest adjoint,
   to 1e-12 relative (skipped while this srcdiff has no ``optimize`` option);
3. ``sd.jvp`` along a random tangent against the gradient's dot product with
   that tangent (and its value against the function's);
4. the arguments are left as passed (compared with copies after each call).

Every ``spread`` of an array is a read-only broadcast view while a program is checked
(:func:`read_only_spreads`), as it is above 4,096 entries: a gradient updated in place
where it may be such a view crashes on these small programs too. Likewise helpers take
their fast paths of large arrays at every size (:func:`fast_paths_at_every_size`).

A program srcdiff rejects with ``sd.SrcdiffError`` is *refused* (counted and
reported, not a failure); any other exception is a *crash*; any numeric
mismatch is a *disagreement*; numba failing to compile srcdiff's generated gradient
when it is first called (backend="numba": numba's TypingError or LoweringError, which
the backend turns into a SrcdiffError, "numba cannot compile the gradient") is a
*numba error*, a failure: what the backend refuses on purpose it refuses before numba
sees the code, so such an error is generated code numba does not take. The summary line
counts all five; the exit status is 1 if there was any crash, disagreement or numba error.
"""

import argparse
import ast
import collections
import contextlib
import copy
import importlib.util
import inspect
import itertools
import linecache
import os
import re
import shutil
import signal
import sys
import tempfile
import time
import traceback
import warnings
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
for _p in (HERE, os.path.join(TESTS, "support"), os.path.dirname(TESTS)):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import numpy as np  # noqa: E402

import gen_arrays  # noqa: E402
import gen_loops  # noqa: E402
import srcdiff as sd  # noqa: E402
from fd import numeric_grad, total  # noqa: E402

# Central differences with step h lose about 1e-16 * (magnitude of the values) *
# (operations) / h to rounding (a few 1e-9 at h = 1e-6 for these programs, measured),
# and h**2 * f''' / 6 to truncation. A gradient disagrees only if it is off by more
# than FD_ATOL + FD_ATOL_PER_MAGNITUDE * magnitude + FD_RTOL * |fd| from the estimates
# with both h = 1e-6 and h = 1e-5. Tiny wrong gradients that slip under FD_ATOL are
# still caught by the forward-mode comparison (relative 1e-9).
FD_STEPS = (1e-6, 1e-5)
FD_RTOL = 1e-5
FD_ATOL = 1e-7
FD_ATOL_PER_MAGNITUDE = 1e-8
REFERENCE_RTOL = 1e-12      # optimized gradient vs optimize=False; beyond it, the
EXTENDED_FACTOR = 8.0       # optimized error against the reference in np.longdouble may be
                            # this many times the float64 reference's (_rounding_only)
JVP_RTOL = 1e-9             # <J t, 1> vs <grad, t>: both exact up to rounding
TIMEOUT = 60.0              # seconds per program (compilation included)

AGREED, REFUSED, DISAGREEMENT, CRASH = "agreed", "refused", "disagreement", "crash"
NUMBA_ERROR = "numba error"
FAILING = (CRASH, DISAGREEMENT, NUMBA_ERROR)  # (in this order: the kind of an Outcome)
# how numba_runner.py's Runner words numba's failure to compile the generated gradient
NUMBA_COMPILE_FAILED = "numba cannot compile the gradient"
# the program generators: program(seed, index, stats) -> gen_loops.Program
FAMILIES = {"loops": gen_loops.program, "arrays": gen_arrays.program}


def supports_optimize(grad=None):
    """Whether ``sd.grad`` takes ``optimize=`` (the reference pipeline)."""
    try:
        return "optimize" in inspect.signature(grad or sd.grad).parameters
    except (TypeError, ValueError):
        return False


# ------------------------------------------------------------------ loading programs


class Loader:
    """Writes each program to a real file and imports it: srcdiff reads source."""

    def __init__(self, directory=None):
        self.dir = directory or tempfile.mkdtemp(prefix="srcdiff_fuzz_")
        self._counter = itertools.count()

    def load(self, program):
        path = os.path.join(self.dir, f"fuzz_{program.seed}_{program.index}_{program.attempt}"
                                      f"_{os.getpid()}_{next(self._counter)}.py")
        os.makedirs(self.dir, exist_ok=True)  # (survives a cleaner of the temp folder)
        with open(path, "w") as f:
            f.write(program.source)
        name = os.path.basename(path)[:-3]
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return getattr(module, program.name), path

    def forget(self, path):
        with contextlib.suppress(OSError):
            os.remove(path)
        linecache.cache.pop(path, None)

    def close(self):
        shutil.rmtree(self.dir, ignore_errors=True)


# ------------------------------------------------------------------ one program


class Outcome:
    def __init__(self, program):
        self.program = program
        self.problems = []   # (a kind of FAILING, text)
        self.refusals = []   # (stage, first line of the error)

    @property
    def kind(self):
        kinds = {k for k, _ in self.problems}
        for kind in FAILING:
            if kind in kinds:
                return kind
        return REFUSED if self.refusals else AGREED

    def signature(self):
        """What a smaller program must still show to count as the same failure: the
        kind and the check (for a crash, also the exception type)."""
        return tuple(sorted({(k, ":".join(text.split(":")[:2 if k == CRASH else 1]))
                             for k, text in self.problems}))

    def report(self):
        lines = [f"{self.kind.upper()}: {self.program.label}"]
        lines += [f"  [{k}] {text}" for k, text in self.problems]
        lines += [f"  [refused by {stage}] {msg}" for stage, msg in self.refusals]
        lines.append(self.program.describe())
        return "\n".join(lines)


class _Timeout(BaseException):
    pass


WALL_FACTOR = 10.0          # a program blocked without using CPU stops after this many TIMEOUTs


@contextlib.contextmanager
def _time_limit(seconds):
    """Raise _Timeout in the block after ``seconds`` of this process's CPU time (a hang
    guard that a loaded machine does not trip: a starved run's wall clock runs on while
    its CPU time does not), or after WALL_FACTOR times that in wall-clock time."""
    if not seconds or not hasattr(signal, "setitimer"):
        yield
        return

    def fire(signum, frame):
        raise _Timeout()

    timers = ((signal.SIGPROF, signal.ITIMER_PROF, seconds),
              (signal.SIGALRM, signal.ITIMER_REAL, seconds * WALL_FACTOR))
    old = [signal.signal(signum, fire) for signum, _, _ in timers]
    for _, which, limit in timers:
        signal.setitimer(which, limit)
    try:
        yield
    finally:
        for (signum, which, _), handler in zip(timers, old):
            signal.setitimer(which, 0)
            signal.signal(signum, handler)


def _leaf_norm(x):
    return float(np.max(np.abs(np.asarray(x, dtype=float)), initial=0.0))


def _as_gradients(got, args, wrt):
    """The gradient tuple, ``None`` entries as zeros; raises on a structure mismatch."""
    if not isinstance(got, tuple) or len(got) != len(wrt):
        raise AssertionError(f"gradient structure: expected a tuple of {len(wrt)}, got {got!r}")
    out = []
    for k, g in zip(wrt, got):
        if g is None:
            g = np.zeros(np.shape(args[k])) if isinstance(args[k], np.ndarray) else 0.0
        if np.shape(g) != np.shape(args[k]):
            raise AssertionError(f"gradient for argument {k} has shape {np.shape(g)}, "
                                 f"the argument {np.shape(args[k])}")
        out.append(g)
    return out


def _unchanged(passed, original):
    for a, b in zip(passed, original):
        if isinstance(b, np.ndarray):
            if not isinstance(a, np.ndarray) or a.shape != b.shape or not np.array_equal(a, b):
                return False
        elif a != b:
            return False
    return True


def _fd_mismatch(got, expected_by_step, tol_of):
    """Indices where ``got`` differs from every finite-difference estimate."""
    bad = None
    for expected in expected_by_step:
        err = np.abs(np.asarray(got, float) - np.asarray(expected, float))
        here = err > tol_of(np.asarray(expected, float))
        bad = here if bad is None else (bad & here)
    return bad


def _extended(value):
    """``value`` with its floats in extended precision (np.longdouble): arrays, floats and
    the entries of lists, tuples and dicts; anything else as it is."""
    if isinstance(value, np.ndarray) and value.dtype.kind == "f":
        return value.astype(np.longdouble)
    if isinstance(value, float):
        return np.longdouble(value)
    if isinstance(value, (list, tuple)):
        return type(value)(_extended(v) for v in value)
    if isinstance(value, dict):
        return {k: _extended(v) for k, v in value.items()}
    return value


def _extended_reference(grad, fn, wrt, args):
    """The reference gradient (optimize=False) computed in extended precision, as a list
    per ``wrt`` entry, or None where the machine has no wider float or it fails."""
    if np.finfo(np.longdouble).eps > 1e-18:
        return None
    try:
        got = grad(fn, wrt=wrt, optimize=False)(*_extended(tuple(args)))
        return _as_gradients(got, args, wrt)
    except Exception:  # (a rule without a longdouble loop: no verdict, the disagreement stays)
        return None


def _extended_fd(oracle, args, k):
    """Central differences of ``oracle`` with its arguments and sums in extended precision
    (np.longdouble), in float64, or None (the mismatch stays) where the machine has no
    wider float or the program does not run in it.
    Asked only where the float64 estimates disagree with a gradient: a function that
    rounds away digits (``np.log(1 - sigmoid(t))``, values ~1e3) makes float64 central
    differences noisy at 1e-3 relative (seed 45002 index 1742 of the arrays family);
    extended precision rounds ~2000x less, and the derivative it estimates is the same."""
    if np.finfo(np.longdouble).eps > 1e-18:
        return None
    try:
        with np.errstate(all="ignore"):
            fd = numeric_grad(oracle, _extended(tuple(args)), k, eps=FD_STEPS[0],
                              dtype=np.longdouble)
        return _as_float64(fd)
    except Exception:  # (a NumPy function without a longdouble loop: no verdict)
        return None


def _as_float64(value):
    """``value`` (a gradient in np.longdouble, possibly nested) in float64."""
    if isinstance(value, (list, tuple)):
        return type(value)(_as_float64(v) for v in value)
    if isinstance(value, dict):
        return {key: _as_float64(v) for key, v in value.items()}
    return np.asarray(value, dtype=np.float64) if np.ndim(value) else float(value)


def _rounding_only(g, r, extended, pos, tol):
    """Is the optimized gradient ``g`` as close to the extended-precision reference as the
    float64 reference ``r`` is (up to EXTENDED_FACTOR, plus ``tol``)? Then ``g`` and ``r``
    differ by rounding the function itself amplifies (``np.log(1 - sigmoid(t))`` near
    t = 17: 1 - lp holds 8 digits), not by a wrong derivative: a wrong one is off from the
    extended reference by far more than the float64 reference is."""
    if extended is None:
        return False
    try:
        e = np.asarray(extended[pos], dtype=np.longdouble)
        g_err = np.max(np.abs(np.asarray(g, dtype=np.longdouble) - e), initial=0.0)
        r_err = np.max(np.abs(np.asarray(r, dtype=np.longdouble) - e), initial=0.0)
    except (TypeError, ValueError):
        return False
    return bool(np.isfinite(g_err) and g_err <= EXTENDED_FACTOR * r_err + tol)


def _fmt(x):
    if np.ndim(x):
        return np.array2string(np.asarray(x, dtype=float), precision=12)
    return repr(float(x))


def check(program, fn, *, grad=None, jvp=None, reference=None, stages=None):
    """Check ``fn`` (``program``'s function) every way; return an :class:`Outcome`.

    ``grad`` and ``jvp`` default to ``sd.grad`` and ``sd.jvp`` (tests pass a
    deliberately wrong one to prove the checks fail); ``reference`` (default: when
    ``grad`` takes ``optimize=``) compares with ``optimize=False``. ``stages``
    (default all) limits the srcdiff calls to some of "reverse", "reference",
    "forward" (the shrinker reruns only what a failure needs).
    """
    stages = {"reverse", "reference", "forward"} if stages is None else set(stages)
    grad = grad or sd.grad
    jvp = jvp or sd.jvp
    if reference is None:
        reference = supports_optimize(grad)
    out = Outcome(program)
    args, wrt = program.args, program.wrt
    magnitude = program.magnitude or 0.0

    def oracle(*a):
        return fn(*gen_loops.copy_args(a))

    value = oracle(*args)
    fds = [[numeric_grad(oracle, args, k, eps=h) for k in wrt] for h in FD_STEPS]
    fd_tol = FD_ATOL + FD_ATOL_PER_MAGNITUDE * magnitude

    def stage(name, call):
        """Run one srcdiff call: its result, or None after recording a refusal/crash."""
        try:
            return True, call()
        except sd.SrcdiffError as e:
            first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            if NUMBA_COMPILE_FAILED in first:  # (not a refusal: see the module docstring)
                out.problems.append((NUMBA_ERROR, f"{name}: {first}"))
            else:
                out.refusals.append((name, first))
        except _Timeout:
            out.problems.append((CRASH, f"{name}: timed out after {TIMEOUT:.0f} CPU s"))
        except Exception as e:
            tb = traceback.format_exception(type(e), e, e.__traceback__)
            out.problems.append((CRASH, f"{name}: {type(e).__name__}: {e}\n"
                                 + "".join(tb[-6:])))
        return False, None

    # 1. reverse mode vs finite differences; arguments left as passed
    passed = program.fresh_args()
    ok, got = (stage("reverse", lambda: grad(fn, wrt=wrt)(*passed)) if "reverse" in stages
               else (False, None))
    grads = None
    if ok:
        if not _unchanged(passed, args):
            out.problems.append((DISAGREEMENT, "reverse: the gradient call changed its arguments"))
        try:
            grads = _as_gradients(got, args, wrt)
        except AssertionError as e:
            out.problems.append((DISAGREEMENT, f"reverse: {e}"))
    if grads is not None:
        for pos, (k, g) in enumerate(zip(wrt, grads)):
            bad = _fd_mismatch(g, [fd[pos] for fd in fds],
                               lambda e: fd_tol + FD_RTOL * np.abs(e))
            extended_fd = _extended_fd(oracle, args, k) if np.any(bad) else None
            if extended_fd is not None:
                bad = _fd_mismatch(g, [extended_fd], lambda e: fd_tol + FD_RTOL * np.abs(e))
            if np.any(bad):
                out.problems.append((DISAGREEMENT,
                                     f"reverse vs finite differences: d/d{program.params[k]}: "
                                     f"srcdiff {_fmt(g)}, finite differences {_fmt(fds[0][pos])}"))

    # 2. the optimized gradient vs the reference pipeline
    if reference and grads is not None and "reference" in stages:
        passed = program.fresh_args()
        ok, ref = stage("reference", lambda: grad(fn, wrt=wrt, optimize=False)(*passed))
        if ok:
            if not _unchanged(passed, args):
                out.problems.append((DISAGREEMENT,
                                     "reference: the optimize=False call changed its arguments"))
            try:
                ref = _as_gradients(ref, args, wrt)
            except AssertionError as e:
                out.problems.append((DISAGREEMENT, f"reference: {e}"))
                ref = None
        if ok and ref is not None:
            extended = None  # (the reference in extended precision, made when needed)
            for pos, (k, g, r) in enumerate(zip(wrt, grads, ref)):
                scale = max(_leaf_norm(g), _leaf_norm(r))
                tol = REFERENCE_RTOL * (1.0 + scale)
                if np.any(np.abs(np.asarray(g, float) - np.asarray(r, float)) > tol):
                    if extended is None:
                        extended = _extended_reference(grad, fn, wrt, program.fresh_args())
                    if not _rounding_only(g, r, extended, pos, tol):
                        out.problems.append((
                            DISAGREEMENT, f"optimized vs optimize=False: "
                            f"d/d{program.params[k]}: optimized {_fmt(g)}, reference {_fmt(r)}"))

    # 2b. the default seed (grad_ys=None: a gradient with the seed folded, api/seeded.py)
    # against the general gradient given the same seed explicitly (bit for bit), and a
    # seed of 2.0 everywhere (never folded: twice the gradient)
    if grads is not None and "reverse" in stages and grad is sd.grad:
        for scale in (1.0, 2.0):
            passed = program.fresh_args()
            ok, res = stage("seed", lambda: grad(fn, wrt=wrt)(
                *passed, grad_ys=_ones_like(value, scale)))
            try:
                res = _as_gradients(res, args, wrt) if ok else None
            except AssertionError as e:
                out.problems.append((DISAGREEMENT, f"seed: {e}"))
                res = None
            for k, g, r in zip(wrt, grads, res or ()):
                g, r = np.asarray(g, float), np.asarray(r, float)
                if not (np.array_equal(r, g, equal_nan=True) if scale == 1.0 else
                        np.allclose(r, 2.0 * g, rtol=1e-12, atol=1e-300)):
                    out.problems.append((DISAGREEMENT,
                                         f"seed: d/d{program.params[k]} with grad_ys={scale} "
                                         f"{_fmt(r)}, default seed {_fmt(g)}"))

    # 2c. a gradient raises where the function raises: an argument one entry longer along
    # its last axis (a length above one: the same shape patterns, the same gradient code)
    # makes the operands of an elementwise operation fail to broadcast, which the gradient
    # must raise too where its value is not needed (optimize/dead.py check_broadcast)
    if grads is not None and "reverse" in stages and grad is sd.grad:
        bad = _longer_argument(args, wrt)
        if bad is not None:
            _raises_too(out, oracle, grad(fn, wrt=wrt), bad, "bad shapes")
        # 2d. ... and by a value: a float argument 0.0 (``1.0 / s`` of Python floats:
        # ZeroDivisionError, which the gradient must raise too where the quotient is not
        # needed: optimize/dead.py Primal.raises)
        for k in wrt:
            if type(args[k]) is float:
                zero = tuple(0.0 if j == k else x
                             for j, x in enumerate(gen_loops.copy_args(args)))
                _raises_too(out, oracle, grad(fn, wrt=wrt), zero,
                            f"zero {program.params[k]}")

    # 3. forward mode along a random tangent
    rng = np.random.default_rng(zlib.crc32(f"{program.label}\n{program.source}".encode()))
    tangents = tuple(rng.standard_normal(np.shape(args[k])) if isinstance(args[k], np.ndarray)
                     else float(rng.standard_normal()) for k in wrt)
    passed = program.fresh_args()
    ok, res = (stage("forward", lambda: jvp(fn, wrt=wrt)(*passed, tangents=tangents))
               if "forward" in stages else (False, None))
    if ok:
        if not _unchanged(passed, args):
            out.problems.append((DISAGREEMENT, "forward: the jvp call changed its arguments"))
        try:
            primal, tangent = res
            primal_total, tangent_total = total(primal), total(tangent)
        except Exception as e:
            out.problems.append((DISAGREEMENT, f"forward: unexpected result {res!r} ({e})"))
        else:
            expected_value = total(value)
            if abs(primal_total - expected_value) > 1e-12 * (1.0 + magnitude):
                out.problems.append((DISAGREEMENT, f"forward: value {primal_total!r}, "
                                     f"the function gives {expected_value!r}"))
            fd_dir = [sum(float(np.sum(np.asarray(e) * t)) for e, t in zip(fd, tangents))
                      for fd in fds]
            if grads is not None:
                terms = [np.asarray(g, float) * t for g, t in zip(grads, tangents)]
                dot = sum(float(np.sum(x)) for x in terms)
                size = sum(float(np.sum(np.abs(x))) for x in terms)
                if abs(tangent_total - dot) > JVP_RTOL * (1.0 + size):
                    out.problems.append((DISAGREEMENT,
                                         f"forward vs reverse: <jvp, 1> = {tangent_total!r}, "
                                         f"<grad, t> = {dot!r} (finite differences "
                                         f"{fd_dir[0]!r})"))
            else:  # no gradient to compare with: finite differences along the tangent
                tol = (fd_tol + FD_RTOL * abs(fd_dir[0])) * (1.0 + sum(
                    float(np.sum(np.abs(t))) for t in tangents))
                if all(abs(tangent_total - d) > tol for d in fd_dir):
                    out.problems.append((DISAGREEMENT,
                                         f"forward vs finite differences: <jvp, 1> = "
                                         f"{tangent_total!r}, finite differences {fd_dir[0]!r}"))
    return out


def _shapes(x):
    """The shapes in a result (a number, an array, or a tuple or list of them)."""
    if isinstance(x, (tuple, list)):
        return "(" + ", ".join(_shapes(v) for v in x) + ")"
    return str(np.shape(x)) if isinstance(x, (np.ndarray, float, int)) else type(x).__name__


def _raises_too(out, oracle, gradient, args, what):
    """Where ``oracle(*args)`` raises, ``gradient(*args)`` must raise (or refuse) too."""
    try:
        with np.errstate(all="ignore"):
            oracle(*args)
    except Exception as e:
        raised = f"{type(e).__name__}: {e}"
        try:
            with np.errstate(all="ignore"):
                res = gradient(*args)
        except Exception:  # (raising, or refusing, is right here)
            return
        out.problems.append((DISAGREEMENT, f"{what}: the function raises {raised[:120]}; "
                                           f"its gradient returned a value ({_shapes(res)})"))


def _longer_argument(args, wrt):
    """``args`` with the first array argument of ``wrt`` whose last axis is longer than one
    made one entry longer there (its new entries copy the last ones); None when none is."""
    for k in wrt:
        a = args[k]
        if isinstance(a, np.ndarray) and a.ndim and a.shape[-1] > 1:
            longer = np.concatenate([a, a[..., -1:]], axis=-1)
            return tuple(longer if j == k else gen_loops.copy_args((x,))[0]
                         for j, x in enumerate(args))
    return None


def _ones_like(value, scale):
    """A seed ``scale`` in every entry of ``value`` (a number, an array, or a tuple, list or
    dict of them)."""
    if isinstance(value, (tuple, list)):
        return type(value)(_ones_like(v, scale) for v in value)
    if isinstance(value, dict):
        return {k: _ones_like(v, scale) for k, v in value.items()}
    if isinstance(value, np.ndarray):
        return np.full(value.shape, scale)
    return scale


def program_from_source(source, args, wrt=None, name="f"):
    """A hand-written program to check like a generated one (``wrt``: default every float
    argument); raises ValueError if it is not a fair finite-difference test at ``args``."""
    tree = ast.parse(source)
    fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name)
    params = [a.arg for a in fn.args.args]
    args = tuple(args)
    if wrt is None:
        wrt = tuple(i for i, a in enumerate(args) if not isinstance(a, (int, np.integer)))
    why, magnitude = gen_loops.measure(source, args, wrt, name)
    if why is not None:
        raise ValueError(f"not a fair finite-difference test: {why}")
    p = gen_loops.Program(source, name, params, args, tuple(wrt), "hand-written", 0, 0,
                          frozenset())
    p.magnitude = magnitude
    return p


def check_source(source, args, wrt=None, **kwargs):
    """Check one hand-written program every way; return its :class:`Outcome`."""
    loader = Loader()
    try:
        return check_program(program_from_source(source, args, wrt), loader, **kwargs)
    finally:
        loader.close()


@contextlib.contextmanager
def read_only_spreads():
    """``spread(g, x)`` of an array ``x`` gives a read-only broadcast view at every size
    (runtime.spread fills arrays of up to 4,096 entries, cheaper than a view, and gives the
    view above): the same values, and an update in place of a gradient that may be a
    spread (ownership at a loop head, reverse/control.py) fails on small programs too.
    Functions compiled meanwhile keep the view-giving spread. (Replaced in the generated
    code's helpers and in every srcdiff module that imported it: the rules' modules, whose
    globals their inlined code runs with.)"""
    from srcdiff import runtime
    from srcdiff.compiler.emit import execute
    plain = runtime.spread

    def spread(g, x):
        if isinstance(x, np.ndarray) and x.ndim and np.ndim(g) == 0:
            return np.broadcast_to(g, x.shape)
        return plain(g, x)

    holders = [m for name, m in list(sys.modules.items())
               if name.split(".")[0] == "srcdiff" and getattr(m, "spread", None) is plain]
    for m in holders:
        m.spread = spread
    execute.RUNTIME_HELPERS["spread"] = spread
    try:
        yield
    finally:
        # (and modules imported meanwhile, which took the replacement from srcdiff.runtime:
        # left in place, it made later second-order tests refuse "the global 'spread'")
        holders += [m for name, m in list(sys.modules.items())
                    if name.split(".")[0] == "srcdiff" and getattr(m, "spread", None) is spread]
        for m in holders:
            m.spread = plain
        execute.RUNTIME_HELPERS["spread"] = plain
        # (and the names rules' templates read from their modules, kept when first read:
        # left, a module written later copied the replacement as a user function)
        from srcdiff.rules.registry import DEFAULT
        for rule in list(DEFAULT._rules.values()):
            for template in (getattr(rule, "vjp", None), getattr(rule, "jvp", None)):
                names = getattr(template, "__dict__", {}).get("globals")
                if names is not None and names.get("spread") is spread:
                    names["spread"] = plain


FAST_PATH_SIZES = ("SHORT_SUM_SIZE", "VIEW_SIZE", "PRODUCT_SUM_SIZE", "PLANEWISE_SIZE")


@contextlib.contextmanager
def fast_paths_at_every_size():
    """Helpers that take their fast path only on large arrays take it on these programs'
    small ones too, while a program is checked: ``short_sum`` (optimize/sums.py) adds
    slices, ``index_add_product`` writes a product into its place in a new gradient,
    ``sum_product`` sums a product in one pass, ``planewise`` computes broadcast arithmetic
    plane by plane (srcdiff/runtime_memory.py). (Set for the
    check only: left set, they changed what later tests of the process saw, e.g. a
    written module's copy of a size.)"""
    from srcdiff import runtime_memory
    sizes = {name: getattr(runtime_memory, name) for name in FAST_PATH_SIZES}
    plans = runtime_memory.sum_product.__defaults__[0]  # (its plans made at either size)
    plans.clear()
    for name in FAST_PATH_SIZES:
        setattr(runtime_memory, name, 1)
    try:
        yield
    finally:
        for name, size in sizes.items():
            setattr(runtime_memory, name, size)
        plans.clear()


def check_program(program, loader, **kwargs):
    """Load and check one program under the time limit (spreads read-only views, sums over
    short axes by slices at every size)."""
    fn, path = loader.load(program)
    try:
        with _time_limit(TIMEOUT), read_only_spreads(), fast_paths_at_every_size():
            try:
                return check(program, fn, **kwargs)
            except _Timeout:
                out = Outcome(program)
                out.problems.append((CRASH, f"timed out after {TIMEOUT:.0f} CPU s"))
                return out
    finally:
        loader.forget(path)


# ------------------------------------------------------------------ many programs


def _refusal_key(message):
    """A refusal message without its file position and quoted code, so that refusals
    for the same reason count together."""
    message = re.sub(r"^\S+:\d+:\d+: error: ", "", message)
    message = re.sub(r"`[^`]*`", "`...`", message)
    message = re.sub(r"\bline \d+", "line N", message)
    return message[:160]


class Summary:
    def __init__(self, seed, family="loops"):
        self.seed = seed
        self.family = family
        self.counts = collections.Counter()
        self.failures = []                      # Outcomes of a kind of FAILING
        self.refusal_reasons = collections.Counter()
        self.rejected_drafts = {}
        self.features = collections.Counter()   # programs with each feature (all outcomes)
        self.refused_features = collections.Counter()  # ... of them refused
        self.seconds = 0.0
        self.cpu_seconds = 0.0                  # summed over processes

    @property
    def programs(self):
        return sum(self.counts.values())

    def add(self, outcome):
        self.counts[outcome.kind] += 1
        for stage, msg in outcome.refusals:
            self.refusal_reasons[f"{stage}: {_refusal_key(msg)}"] += 1
        if outcome.kind in FAILING:
            self.failures.append(outcome)
        self.features.update(outcome.program.features)
        if outcome.kind == REFUSED:
            self.refused_features.update(outcome.program.features)
        self.cpu_seconds += getattr(outcome, "cpu_seconds", 0.0)

    @property
    def ok(self):
        return not any(self.counts[kind] for kind in FAILING)

    def line(self):
        n = self.programs
        refused = self.counts[REFUSED]
        name = "fuzz" if self.family == "loops" else f"fuzz {self.family}"
        return (f"{name}: programs={n} agreed={self.counts[AGREED]} refused={refused} "
                f"({100.0 * refused / max(n, 1):.1f}%) disagreements={self.counts[DISAGREEMENT]} "
                f"crashes={self.counts[CRASH]} numba_errors={self.counts[NUMBA_ERROR]} "
                f"seed={self.seed} "
                f"time={self.seconds:.1f}s cpu={self.cpu_seconds:.1f}s")

    def stats(self, features=None):
        """How many programs had each feature the generator records (``--stats``), and how
        many of them srcdiff refused (a shape refused every time is not tested)."""
        names = sorted(self.features if features is None else features,
                       key=lambda k: (-self.features[k], k))
        lines = [f"features of {self.programs} programs (programs, of them refused):"]
        lines += [f"  {self.features[k]:6d} {self.refused_features[k]:6d}  {k}" for k in names]
        return "\n".join(lines)

    def details(self, max_failures=20, max_source=None):
        lines = []
        if self.refusal_reasons:
            lines.append("refusal reasons:")
            lines += [f"  {c:5d}  {r}" for r, c in self.refusal_reasons.most_common(10)]
        if self.rejected_drafts:
            lines.append("drafts redrawn (not a fair finite-difference test): "
                         + ", ".join(f"{k}={v}" for k, v in sorted(self.rejected_drafts.items())))
        for outcome in self.failures[:max_failures]:
            text = outcome.report()
            lines.append(text if max_source is None else text[:max_source])
        if len(self.failures) > max_failures:
            lines.append(f"... and {len(self.failures) - max_failures} more failing programs")
        if self.failures:
            family = "" if self.family == "loops" else f"--family {self.family} "
            lines.append(f"replay one: python tests/property/fuzz.py {family}--seed {self.seed} "
                         f"--index INDEX [--shrink]")
        return "\n".join(lines)


def _check_indices(seed, indices, directory, check_kwargs, family="loops"):
    """Generate and check the programs ``indices``: ``[(outcome, rejected drafts)]``."""
    loader = Loader(directory)
    results = []
    for index in indices:
        rejected = {}
        cpu = time.process_time()
        program = FAMILIES[family](seed, index, rejected)
        outcome = check_program(program, loader, **check_kwargs)
        outcome.cpu_seconds = time.process_time() - cpu
        results.append((outcome, rejected))
    return results


def _worker(task):
    return _check_indices(*task)


def run(count, seed, *, start=0, jobs=1, progress=None, every=500, family="loops",
        **check_kwargs):
    """Generate and check programs ``start .. start + count - 1`` of ``family`` (a key of
    FAMILIES) for ``seed``, in ``jobs`` processes (programs are independent; results come
    back in order)."""
    summary = Summary(seed, family)
    loader = Loader()
    t0 = time.perf_counter()
    indices = list(range(start, start + count))
    chunk = 10
    tasks = [(seed, indices[i:i + chunk], loader.dir, check_kwargs, family)
             for i in range(0, len(indices), chunk)]
    pool = None
    try:
        if jobs > 1 and len(tasks) > 1:
            import multiprocessing
            # fresh workers now and then: every compiled program stays in linecache
            pool = multiprocessing.get_context("fork").Pool(jobs, maxtasksperchild=50)
            batches = pool.imap(_worker, tasks)
        else:
            batches = map(_worker, tasks)
        done = 0
        for batch in batches:
            for outcome, rejected in batch:
                summary.add(outcome)
                for k, v in rejected.items():
                    summary.rejected_drafts[k] = summary.rejected_drafts.get(k, 0) + v
                done += 1
                if progress and (done % every == 0 or done == count):
                    summary.seconds = time.perf_counter() - t0
                    progress(summary.line())
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
        loader.close()
        summary.seconds = time.perf_counter() - t0
    return summary


def default_seed():
    """``SRCDIFF_FUZZ_SEED`` if set, else one from the clock (printed, so it can be replayed)."""
    env = os.environ.get("SRCDIFF_FUZZ_SEED", "").strip()
    if env:
        return int(env)
    return int(time.time() * 1000) % 1_000_000_007


# ------------------------------------------------------------------ shrinking


def _statement_lists(tree):
    for node in ast.walk(tree):
        for field in ("body", "orelse"):
            stmts = getattr(node, field, None)
            if isinstance(stmts, list) and stmts and isinstance(stmts[0], ast.stmt):
                yield node, field


def _candidates(source):
    """Smaller variants of ``source``: one statement removed or unwrapped, or one
    expression replaced by one of its operands."""
    tree = ast.parse(source)
    lists = list(_statement_lists(tree))
    for li, (node, field) in enumerate(lists):
        stmts = getattr(node, field)
        for si in range(len(stmts)):
            if isinstance(node, ast.Module):
                continue  # keep the import and the def
            variants = [[]]
            s = stmts[si]
            if isinstance(s, ast.If):
                variants += [s.body, s.orelse]
            if isinstance(s, (ast.For, ast.While)):
                variants += [[ast.Pass()]]
            for v in variants:
                t = ast.parse(source)
                n2, f2 = list(_statement_lists(t))[li]
                body = getattr(n2, f2)
                replacement = [ast.parse(ast.unparse(x)).body[0] for x in v]
                new = body[:si] + replacement + body[si + 1:]
                if not new and not isinstance(n2, ast.FunctionDef):
                    new = [ast.Pass()]
                if not new:
                    continue
                if f2 == "orelse" and new == [ast.Pass()]:
                    new = []
                setattr(n2, f2, new)
                yield ast.unparse(ast.fix_missing_locations(t))
    called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    nodes = list(ast.walk(tree))
    for i, node in enumerate(nodes):
        subs = []
        if isinstance(node, ast.BinOp):
            subs = [node.left, node.right, ast.Constant(0.5)]
        elif isinstance(node, ast.UnaryOp):
            subs = [node.operand]
        elif isinstance(node, ast.Call) and node.args:
            subs = list(node.args)
        elif isinstance(node, ast.IfExp):
            subs = [node.body, node.orelse]
        elif isinstance(node, ast.BoolOp):
            subs = list(node.values)
        elif isinstance(node, ast.Compare) and len(node.ops) > 1:
            subs = [ast.Compare(node.left, node.ops[:1], node.comparators[:1])]
        elif isinstance(node, ast.Tuple) and isinstance(node.ctx, ast.Load) and len(node.elts) > 1:
            subs = list(node.elts)
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
            subs = [ast.Constant(0.5)]
        elif (isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
              and node.id != "np" and id(node) not in called):
            subs = [ast.Constant(0.5)]
        for sub in subs:
            try:  # (a slice, `:` of an index tuple, is no expression of its own)
                new = ast.parse(ast.unparse(sub), mode="eval").body
            except SyntaxError:
                continue
            t2 = ast.parse(source)
            target = list(ast.walk(t2))[i]
            replaced = _Replace(target, new).visit(t2)
            try:
                yield ast.unparse(ast.fix_missing_locations(replaced))
            except Exception:
                continue


def _size(source):
    return (sum(1 for _ in ast.walk(ast.parse(source))), len(source))


class _Replace(ast.NodeTransformer):
    def __init__(self, target, new):
        self.target, self.new = target, new

    def generic_visit(self, node):
        if node is self.target:
            return self.new
        return super().generic_visit(node)


def _stages_for(signature):
    """The srcdiff calls a failure with this signature needs (fewer calls: faster shrinking)."""
    stages = set()
    for _, what in signature:
        if what.startswith("forward vs reverse"):
            stages |= {"reverse", "forward"}
        elif what.startswith("forward"):
            stages.add("forward")
        elif what.startswith(("optimized", "reference")):
            stages |= {"reverse", "reference"}
        else:
            stages.add("reverse")
    return stages


def shrink(program, loader, signature=None, budget=400, log=None, **check_kwargs):
    """A smaller program that still fails the same way (``Outcome.signature``): greedy
    passes over :func:`_candidates`, keeping every candidate that still fails, until a
    pass keeps none or ``budget`` candidates have been checked by srcdiff."""
    if signature is None:
        signature = check_program(program, loader, **check_kwargs).signature()
    check_kwargs.setdefault("stages", _stages_for(signature))
    best = copy.copy(program)
    best.source = ast.unparse(ast.parse(program.source))
    tries = 0
    while tries < budget:
        improved = False
        k = 0
        while tries < budget:
            size = _size(best.source)
            cands = [c for c in _candidates(best.source) if _size(c) < size]
            if k >= len(cands):
                break
            found = False
            while k < len(cands) and tries < budget:
                cand = cands[k]
                k += 1
                try:
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        compile(cand, "<candidate>", "exec")
                except SyntaxError:
                    continue
                why, magnitude = gen_loops.measure(cand, program.args, program.wrt)
                if why is not None:
                    continue
                p = copy.copy(program)
                p.source, p.magnitude = cand, magnitude
                tries += 1
                if check_program(p, loader, **check_kwargs).signature() == signature:
                    best, found, improved = p, True, True
                    k -= 1  # the next candidate of the smaller program is about here
                    if log:
                        log(f"  shrunk to {len(cand)} characters")
                    break
            if not found:
                break
        if not improved:
            break
    return best


# ------------------------------------------------------------------ command line


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=20000, help="programs to check")
    parser.add_argument("--family", choices=sorted(FAMILIES), default="loops",
                        help="the generator: loop programs (default) or array programs")
    parser.add_argument("--seed", type=int, default=None,
                        help="default: $SRCDIFF_FUZZ_SEED, else from the clock")
    parser.add_argument("--start", type=int, default=0, help="first program index")
    parser.add_argument("--index", type=int, default=None,
                        help="check only this program index (replay a failure)")
    parser.add_argument("--shrink", action="store_true",
                        help="minimize every failing program (slow)")
    parser.add_argument("--show", action="store_true", help="print every program's source")
    parser.add_argument("--every", type=int, default=500, help="progress line every N programs")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="worker processes (default: one per CPU)")
    parser.add_argument("--max-failures", type=int, default=20,
                        help="failing programs to print in full")
    parser.add_argument("--stats", action="store_true",
                        help="print how many programs had each generator feature (reach)")
    opts = parser.parse_args(argv)
    seed = default_seed() if opts.seed is None else opts.seed
    start, count = (opts.index, 1) if opts.index is not None else (opts.start, opts.count)
    print(f"fuzz: seed={seed} (replay with --seed {seed}), programs {start}..{start + count - 1}, "
          "optimize=False reference: "
          f"{'on' if supports_optimize() else 'off (no such option yet)'}",
          flush=True)
    if opts.show:
        for index in range(start, start + count):
            print(FAMILIES[opts.family](seed, index).describe())
    summary = run(count, seed, start=start, progress=lambda s: print(s, flush=True),
                  every=opts.every, jobs=opts.jobs, family=opts.family)
    if opts.shrink and summary.failures:
        loader = Loader()
        try:
            for outcome in summary.failures:
                print(f"shrinking {outcome.program.label} ...", flush=True)
                small = shrink(outcome.program, loader, outcome.signature())
                print(check_program(small, loader).report(), flush=True)
        finally:
            loader.close()
    details = summary.details(max_failures=opts.max_failures)
    if details:
        print(details)
    if opts.stats:
        print(summary.stats())
    print(summary.line(), flush=True)
    return 0 if summary.ok else 1


if __name__ == "__main__":
    sys.exit(main())
