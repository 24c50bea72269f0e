"""Part of stage 2: the logistic ``1 / (1 + np.exp(-a))`` and the logs of its value
differentiated as primitives (rules/fused_rules.py ``logistic``, ``log_logistic``,
``log1m_logistic``), so that a Bernoulli likelihood's ``X * np.log(p) + (1 - X) *
np.log(1 - p)`` sends ``g * (1 - p)`` and ``-(g * p)`` to ``a`` with no division and
nothing of ``np.exp(-a)`` kept.

1. **The logistic.** Normalized, ``p = 1.0 / (1.0 + np.exp(-a))`` is the chain
   ``t1 = -a; t2 = np.exp(t1); t3 = 1.0 + t2; p = 1.0 / t3`` (``t2 + 1.0`` too), which
   becomes ``p = logistic(a, 1.0, 1.0)`` (the two literals as written) when ``t1``, ``t2``,
   ``t3`` are temporaries the normalizer made, each bound by its one statement and read
   only by the next one (the four are consecutive: nothing runs between them), ``np.exp``
   is NumPy's, called with the name alone, ``a`` is a name, and both literals are 1 (an
   int or a float, not a bool). ``logistic`` computes ``num / (one + np.exp(-a))``, the
   same NumPy operations in the same order: the value is the same bit for bit.

2. **Logs of a logistic value.** ``u = np.log(p)`` becomes ``u = log_logistic(p, a)`` and
   the pair ``s = 1 - p; u = np.log(s)`` (``s`` a temporary read only by the log) becomes
   ``u = log1m_logistic(p, a, 1)`` when ``p = logistic(a, ...)`` (step 1) or ``p =
   scipy.special.expit(a)`` holds ``a``'s logistic at the log. Their rules differentiate
   along that relation (``p``'s gradient goes to ``a``; ``p`` gets none), so the relation
   must hold whenever the log runs, which is proven by:

   * ``p`` and ``a`` are bound once each in the whole function, both by a plain
     assignment (neither is a parameter, a loop target, deleted or augmented), ``a``'s
     value fresh (an operator or a NumPy ufunc: memory no other name holds), and
     ``a``'s statement, ``p``'s and the log come in that order in one block;
   * every statement reading ``p`` or ``a`` assigns one name the value of an operator
     of names and literals or of a NumPy ufunc called without keywords (or one of the
     helpers here): nothing makes an alias of either, so nothing changes them in place;
   * neither is named in ``stop_gradients`` (its gradient is not to reach ``a``).

   ``np.log`` must be NumPy's, called with the name alone, and the literal of ``1 - p`` is
   1 (int or float). The value is ``np.log(p)`` / ``np.log(one - p)``, as written.

Not in the reference pipeline (SPEC §8), nor for the numba backend (no compiled version of
the helpers); ``make fuzz`` compares the pipelines on random programs with logistic
likelihoods and their near misses (tests/property/gen_arrays.py ``logistic_logs``).
"""

import gast
import numpy as np

from srcdiff.compiler.front.fused import counts
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.rules.fused_rules import log1m_logistic, log_logistic, logistic

try:
    from scipy.special import expit
except ImportError:  # pragma: no cover
    expit = None


def fuse_logistics(parsed, fn, names, stop=()):
    """Rewrite ``fn`` (normalized; changed in place) as the module docstring says; the
    helpers' names are bound in ``parsed.namespace``. Returns how many statements were
    fused (chains and logs)."""
    helpers = {}  # a fused primitive -> its name in the namespace

    def helper(fn_obj):
        helpers[fn_obj] = parsed.bind(fn_obj, names)
        return helpers[fn_obj]

    # (a chain starts at ``u = np.exp(t)``, a log at ``u = np.log(x)``: without either,
    # nothing is fused and the tables below are not made)
    starts = {f for s in _statements(fn.body) for f in (np.exp, np.log)
              if _log_arg(parsed, s, f) is not None}
    if not starts:
        return 0
    user = parsed.all_names()
    binds, loads = counts(fn)
    fused = [0]

    def temporary(t):
        return t not in user and binds.get(t) == 1 and loads.get(t) == 1

    def chains(body):
        out = []
        for s in _inner(body, chains):
            matched = _chain(parsed, out[-3:], s, temporary)
            if matched is not None:
                a, one, num = matched
                del out[-3:]
                out.append(S.assign(s.targets[0].id, S.call(helper(logistic), [
                    S.name(a), S.const(one), S.const(num)]), s))
                fused[0] += 1
                continue
            out.append(s)
        return out

    if np.exp in starts:
        fn.body = chains(fn.body)
    if np.log not in starts:
        return fused[0]
    if fused[0]:  # (else the same counts)
        binds, loads = counts(fn)
    readers = _readers(parsed, fn, set(helpers.values()))

    def holds(p, a, seen):
        return (p in seen and a in seen and seen[a] < seen[p] and p not in stop
                and a not in stop and binds.get(p) == 1 and binds.get(a) == 1
                and readers.get(p) and readers.get(a))

    def logs(body):
        out, seen, logistic_of = [], {}, {}
        for s in _inner(body, logs):
            target = _single_target(s)
            if target is not None:
                seen[target] = len(out)
                a = _logistic_arg(parsed, s, helpers.get(logistic))
                if a is not None:
                    logistic_of[target] = a
            last = out[-1] if out else None
            arg = _log_arg(parsed, s)
            if arg in logistic_of and holds(arg, logistic_of[arg], seen):
                out.append(S.assign(target, S.call(helper(log_logistic), [
                    S.name(arg), S.name(logistic_of[arg])]), s))
                fused[0] += 1
                continue
            one_minus = _one_minus(last, arg, binds, loads, user)
            if one_minus is not None and one_minus[0] in logistic_of \
                    and holds(one_minus[0], logistic_of[one_minus[0]], seen):
                p, one = one_minus
                out[-1] = S.assign(target, S.call(helper(log1m_logistic), [
                    S.name(p), S.name(logistic_of[p]), S.const(one)]), s)
                fused[0] += 1
                continue
            out.append(s)
        return out

    fn.body = logs(fn.body)
    return fused[0]


def _inner(body, again):
    """``body``'s statements, their nested blocks rewritten by ``again`` first."""
    for s in body:
        if not isinstance(s, (gast.FunctionDef, gast.ClassDef)):
            for field in ("body", "orelse"):
                inner = getattr(s, field, None)
                if isinstance(inner, list):
                    setattr(s, field, again(inner))
        yield s


def _single_target(s):
    if isinstance(s, gast.Assign) and len(s.targets) == 1 \
            and isinstance(s.targets[0], gast.Name):
        return s.targets[0].id
    return None


def _one(node):
    """The literal 1 (an int or a float, not a bool) of ``node``, else None."""
    if isinstance(node, gast.Constant) and type(node.value) in (int, float) \
            and node.value == 1:
        return node.value
    return None


def _is_name(node, ident=None):
    return isinstance(node, gast.Name) and (ident is None or node.id == ident)


def _chain(parsed, last3, s, temporary):
    """``(a, one, num)`` when ``last3 + [s]`` is ``t1 = -a; t2 = np.exp(t1); t3 = one +
    t2; p = num / t3`` as the module docstring says; else None."""
    if len(last3) != 3:
        return None
    targets = [_single_target(x) for x in last3 + [s]]
    if None in targets or not all(temporary(t) for t in targets[:3]):
        return None
    neg, ex, add, div = (x.value for x in last3 + [s])
    if not (isinstance(neg, gast.UnaryOp) and isinstance(neg.op, gast.USub)
            and _is_name(neg.operand)):
        return None
    if _log_arg(parsed, last3[1], np.exp) != targets[0]:
        return None
    if not (isinstance(add, gast.BinOp) and isinstance(add.op, gast.Add)):
        return None
    sides = (add.left, add.right)
    ones = [k for k in (0, 1) if _one(sides[k]) is not None and _is_name(sides[1 - k],
                                                                           targets[1])]
    if not ones or not (isinstance(div, gast.BinOp) and isinstance(div.op, gast.Div)
                        and _one(div.left) is not None and _is_name(div.right, targets[2])):
        return None
    return neg.operand.id, _one(sides[ones[0]]), _one(div.left)


def _log_arg(parsed, s, fn_obj=np.log):
    """The name ``x`` when ``s`` is ``u = fn_obj(x)`` (that function, the name alone)."""
    if _single_target(s) is None or not isinstance(s.value, gast.Call):
        return None
    call = s.value
    if len(call.args) == 1 and not call.keywords and _is_name(call.args[0]) \
            and parsed.resolve(call.func) is fn_obj:
        return call.args[0].id
    return None


def _logistic_arg(parsed, s, helper_name):
    """``a`` when ``s`` is ``p = logistic(a, ...)`` (fused here) or ``p = expit(a)``."""
    value = s.value
    if helper_name is not None and isinstance(value, gast.Call) \
            and _is_name(value.func, helper_name):
        return value.args[0].id
    if expit is not None:
        return _log_arg(parsed, s, expit)
    return None


def _one_minus(s, arg, binds, loads, user):
    """``(p, one)`` when ``s`` is ``arg = one - p`` for a temporary ``arg`` bound and read
    once, ``one`` the literal 1 and ``p`` a name; else None."""
    if s is None or arg is None or _single_target(s) != arg or arg in user \
            or binds.get(arg) != 1 or loads.get(arg) != 1:
        return None
    v = s.value
    if isinstance(v, gast.BinOp) and isinstance(v.op, gast.Sub) and _one(v.left) is not None \
            and _is_name(v.right):
        return v.right.id, _one(v.left)
    return None


def _readers(parsed, fn, helper_names):
    """``{name: True}`` for the names every reader of which is a safe one (the module
    docstring's second condition) and whose one binding is a fresh value; False for the
    others."""
    safe = {}
    for s in _statements(fn.body):
        target = _single_target(s)
        fresh = target is not None and _fresh(parsed, s.value, helper_names)
        if target is not None:
            safe[target] = safe.get(target, True) and fresh
        for n in _own_names(s):
            if isinstance(n.ctx, gast.Load) and not fresh:
                safe[n.id] = False
            elif not isinstance(n.ctx, gast.Load) and n.id != target:
                safe[n.id] = False  # (bound otherwise: a parameter, loop target, del)
    for arg in fn.args.args + fn.args.posonlyargs + fn.args.kwonlyargs:
        safe[arg.id] = False
    return safe


def _statements(body):
    for s in body:
        yield s
        if not isinstance(s, (gast.FunctionDef, gast.ClassDef)):
            for field in ("body", "orelse", "finalbody"):
                inner = getattr(s, field, None)
                if isinstance(inner, list):
                    yield from _statements(inner)


_HEADERS = {gast.For: ("target", "iter"), gast.AsyncFor: ("target", "iter"),
            gast.While: ("test",), gast.If: ("test",), gast.With: ("items",),
            gast.AsyncWith: ("items",), gast.Try: ("handlers",)}


def _own_names(s):
    """The names ``s`` itself reads or binds: a compound statement's header (a ``try``'s
    handlers whole), not its blocks, which :func:`_statements` visits."""
    fields = _HEADERS.get(type(s))
    if fields is None:
        return dataflow.names(s)
    out = []
    for field in fields:
        value = getattr(s, field)
        for node in value if isinstance(value, list) else [value]:
            out += dataflow.names(node)
    return out


def _operand(node):
    return isinstance(node, (gast.Name, gast.Constant))


def _fresh(parsed, value, helper_names):
    """``value`` makes a new value from names and literals without keeping any of them: an
    operator, or a call of a NumPy ufunc (or a helper of this module) without keywords."""
    if isinstance(value, gast.BinOp):
        return _operand(value.left) and _operand(value.right)
    if isinstance(value, gast.UnaryOp):
        return _operand(value.operand)
    if isinstance(value, gast.Call) and not value.keywords and all(map(_operand, value.args)):
        if _is_name(value.func) and value.func.id in helper_names:
            return True
        f = parsed.resolve(value.func)  # (an argument past ``nin`` is ``out``: refused)
        return isinstance(f, np.ufunc) and f.signature is None and len(value.args) == f.nin
    return False
