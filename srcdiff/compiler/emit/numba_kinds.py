"""Names numba cannot type: a number on one path and an array on another (``backend="numba"``).

numba gives each variable one type where paths meet: a name bound to a number before a
loop and to an array in it (``g = 0.5``, then ``g = np.ones(3) * np.sum(g)``), to an
array on one branch and a number on the other, or a function returning a tuple on one
path and a number on another, is a typing error in numba (``Cannot unify float64 and
array(float64, 1d, C)``) where NumPy runs it. Before numba sees the gradient (on the
first call, when the arguments' kinds are known: a Python or NumPy number, an array of
one or more dimensions), :func:`check` follows the user's function's statements in order,
each loop's body until the kinds at its head are stable (what a trip leaves reaches the
next), the branches of an ``if`` joined, and refuses a read of a name that may hold a
number on one path and an array on another, and returns of different kinds (a tuple, a
number, an array; tuples of different lengths), with a SrcdiffError at the user's statement
that binds the name or returns.

Invariant: kinds are only ever claimed where NumPy decides them from the code and the
arguments' kinds alone (a number literal, ``np.sum(a)``, ``np.ones(3)``, arithmetic of
them, an array argument); anything else is unknown and never refused. A refusal is a
program numba would not type unless it proved a branch dead.
tests/numba/test_numba_fuzz_causes.py checks refusals, where they point, and programs
that rebind a name in straight-line code (numba types them) compiled.
"""

import ast
import inspect
import textwrap

import numpy as np

from srcdiff.compiler.analysis.fixpoint import fixpoint

NUM, ARR = "a number", "an array"
SCALARISH = "a number or an array"  # (known not to be a tuple: a return's kind only)
# NumPy functions of one array or number whose result is of their argument's kind
_ELEMENTWISE = {"sin", "cos", "tan", "tanh", "sinh", "cosh", "exp", "log", "log1p", "expm1",
                "sqrt", "abs", "fabs", "square", "sign", "arctan", "arcsin", "arccos",
                "floor", "ceil", "negative", "exp2", "log2", "log10", "cbrt"}
_REDUCTIONS = {"sum", "mean", "max", "min", "prod", "std", "var", "amax", "amin"}
_MAKERS = {"ones", "zeros", "empty", "full"}


def parsed(fn):
    """``(tree, first line, lines)`` of the user's function ``fn``, or None."""
    try:
        lines, first = inspect.getsourcelines(fn)
        tree = ast.parse(textwrap.dedent("".join(lines))).body[0]
    except (OSError, TypeError, SyntaxError, IndexError):
        return None
    if not isinstance(tree, ast.FunctionDef) or not inspect.isfunction(fn):
        return None  # (a method's parameters and the call's arguments would not line up)
    return tree, first, lines


def argument_kind(value):
    if isinstance(value, (bool, int, float, np.integer, np.floating)):
        return NUM
    if isinstance(value, np.ndarray) and value.ndim >= 1:
        return ARR
    return None


class Refused(Exception):
    """A name or return numba cannot type: ``(node, what)``."""


def check(source, args):
    """Raises :class:`Refused` ``(node, what)`` for the user's function (``source``: from
    :func:`parsed`) called with ``args`` (module docstring)."""
    tree = source[0]
    params = [a.arg for a in tree.args.args]
    if len(params) != len(args) or tree.args.kwonlyargs or tree.args.posonlyargs:
        args = ()  # (the arguments' kinds only where they line up with the parameters)
    env = {p: {argument_kind(v): tree} for p, v in zip(params, args) if argument_kind(v)}
    walker = _Walk()
    walker.block(tree.body, env)
    returns = [(r, walker.kind(r.value, r.env)) for r in walker.returns if r.value is not None]
    kinds = {k for _, k in returns if k is not None}
    if len(kinds - {SCALARISH}) > 1 or (kinds & {SCALARISH} and any(
            isinstance(k, tuple) for k in kinds)):
        last = returns[-1][1]
        node = next((r for r, k in returns if k is not None and k != last), returns[-1][0])
        raise Refused(node, "the function returns " + " on one path and ".join(
            sorted(_words(k) for k in kinds)) + " on another")


def _words(kind):
    return f"a tuple of {kind[1]}" if isinstance(kind, tuple) else kind


class _Walk:
    def __init__(self):
        self.returns = []

    def block(self, body, env):
        """``env`` after ``body`` (changed in place); None when it does not fall through."""
        for stmt in body:
            if env is None:
                return None
            env = self.statement(stmt, env)
        return env

    def statement(self, stmt, env):
        if isinstance(stmt, (ast.For, ast.While)):
            self.reads(stmt.iter if isinstance(stmt, ast.For) else stmt.test, env)
            before = _copy(env)
            item = self.item(stmt.iter, env) if isinstance(stmt, ast.For) else None

            def trip(header):  # (the kinds at the loop's head after one more trip)
                entry = _copy(header)
                if isinstance(stmt, ast.For):
                    self.bind(stmt.target, item, stmt, entry)
                return _join(header, self.block(stmt.body, entry))

            # (joined with the last head, so kinds only grow: it converges)
            header = fixpoint(trip, before, "the kinds of a loop's names (numba)", _same_kinds)
            env = self.block(stmt.orelse, header)
            return env
        if isinstance(stmt, ast.If):
            self.reads(stmt.test, env)
            return _join(self.block(stmt.body, _copy(env)), self.block(stmt.orelse, _copy(env)))
        if isinstance(stmt, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            env.pop(stmt.name, None)
            return env
        if isinstance(stmt, (ast.With, ast.Try)):
            for name in {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name)}:
                env.pop(name, None)  # (not followed: what they bind is unknown)
            return env
        self.reads(stmt, env)
        if isinstance(stmt, ast.Return):
            stmt.env = _copy(env)
            self.returns.append(stmt)
            return None
        if isinstance(stmt, ast.Raise):
            return None
        if isinstance(stmt, ast.Assign):
            for target in stmt.targets:
                self.bind(target, self.kind(stmt.value, env), stmt, env, stmt.value)
        elif isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name):
            old = _one(env.get(stmt.target.id))
            new = _combine(old, self.kind(stmt.value, env))
            self.bind(stmt.target, new, stmt, env)
        elif isinstance(stmt, (ast.AnnAssign, ast.AugAssign)):
            self.bind(stmt.target, None, stmt, env)
        return env

    def bind(self, target, kind, stmt, env, value=None):
        if isinstance(target, ast.Name):
            env[target.id] = {kind: stmt} if kind is not None else {}
        elif isinstance(target, (ast.Tuple, ast.List)):
            parts = value.elts if isinstance(value, ast.Tuple) and len(value.elts) == len(
                target.elts) else [None] * len(target.elts)
            for t, v in zip(target.elts, parts):
                self.bind(t, self.kind(v, env) if v is not None else None, stmt, env)
        # (stores into subscripts or attributes bind no name)

    def item(self, node, env):
        """The kind of a ``for`` loop's items over ``node``."""
        if _is_range(node):
            return NUM
        return SCALARISH if self.kind(node, env) == ARR else None

    def reads(self, node, env):
        for n in ast.walk(node):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
                kinds = env.get(n.id) or {}
                if NUM in kinds and ARR in kinds:
                    stmt = max((kinds[NUM], kinds[ARR]), key=lambda s: s.lineno)
                    raise Refused(stmt, f"`{n.id}` is a number on one path and an array "
                                  "on another where they meet (a loop's next trip, the "
                                  "end of an `if`)")

    def kind(self, node, env):
        if isinstance(node, ast.Constant):
            return NUM if isinstance(node.value, (int, float)) else None
        if isinstance(node, ast.Name):
            return _one(env.get(node.id))
        if isinstance(node, ast.Tuple):
            return ("tuple", len(node.elts))
        if isinstance(node, ast.UnaryOp):
            return NUM if isinstance(node.op, ast.Not) else _combine(
                self.kind(node.operand, env), NUM)
        if isinstance(node, ast.BinOp) and not isinstance(node.op, ast.MatMult):
            return _combine(self.kind(node.left, env), self.kind(node.right, env),
                            isinstance(node.op, ast.Mult))
        if isinstance(node, ast.Call) and not node.keywords:
            return self.call(node, env)
        return None

    def call(self, node, env):
        f, args = node.func, node.args
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(
            f, ast.Name) else None
        numpy = isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and \
            f.value.id in ("np", "numpy")
        if isinstance(f, ast.Name) and name in ("float", "len", "abs", "int") and len(args) == 1:
            return NUM if name != "abs" else self.kind(args[0], env)
        if not numpy or any(isinstance(a, ast.Starred) for a in args):
            return None
        if name in _ELEMENTWISE and len(args) == 1:
            return self.kind(args[0], env) or SCALARISH
        if name in _REDUCTIONS and len(args) == 1:
            return NUM if self.kind(args[0], env) in (NUM, ARR, SCALARISH) else SCALARISH
        if name in _MAKERS and args:
            shape = args[0]
            if isinstance(shape, ast.Constant) and isinstance(shape.value, int):
                return ARR
            if isinstance(shape, ast.Tuple) and shape.elts:
                return ARR
        return None


def _is_range(node):
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
        node.func.id == "range"


def _one(kinds):
    kinds = kinds or {}
    return next(iter(kinds)) if len(kinds) == 1 else None


def _combine(a, b, times=False):
    """The kind of ``a op b`` (``times``: ``op`` is ``*``, which repeats a sequence)."""
    if isinstance(a, tuple) or isinstance(b, tuple):
        return None
    if ARR in (a, b):
        return ARR  # (NumPy's broadcasting: of a list or a tuple too)
    if a == b == NUM:
        return NUM
    if a is None and b is None or times:
        return None  # (``2 * (a, b)`` is a tuple)
    return SCALARISH  # (a number or an array with a tuple: a TypeError)


def _same_kinds(a, b):
    return {k: set(v) for k, v in a.items()} == {k: set(v) for k, v in b.items()}


def _copy(env):
    return {k: dict(v) for k, v in env.items()}


def _join(a, b):
    """The kinds where two paths meet (None: a path that does not reach it). A name
    unknown on either path is unknown (its ``{}``); bound on one only, its kinds there."""
    if a is None or b is None:
        return b if a is None else a
    out = {}
    for k in set(a) | set(b):
        if (k in a and not a[k]) or (k in b and not b[k]):
            out[k] = {}
        else:
            out[k] = {**a.get(k, {}), **b.get(k, {})}
    return out
