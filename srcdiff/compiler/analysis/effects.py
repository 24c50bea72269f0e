"""Which of its parameters a function may change in place, and what its result may share.

A call ``y = g(a)`` to a user function is differentiated from ``g``'s source,
which recomputes ``g``'s primal in the backward sweep from ``a`` as it is
then. If ``g`` writes into ``a`` (``p[0] *= 2``, ``p += v`` on an array,
``p.sort()``, ``np.copyto(p, ...)``, ``out=p``), the caller's array changes
without the caller's code saying so: the caller's gradient and ``g``'s
recomputation would both be taken at the wrong point. :func:`summary` finds
such writes by reading ``g``'s source (and, transitively, the user functions
it calls), so that the caller can refuse the call (aliasing.py).

The analysis is flow-sensitive over the function's own (not normalized)
syntax tree, so that ``p = p.copy(); p[0] *= 2`` writes a copy, not ``p``. A
name's value is described by what it may refer to, per parameter ``p``:

* ``SELF``: ``p``'s object or a view of its data (``p``, ``p.T``, ``p.reshape(...)``);
* ``DEEP``: anything reachable from ``p``, ``p`` included (``p[0]``, ``p["w"]``, ``p.attr``);
* ``HOLDS``: a new object that holds things reachable from ``p`` (``[p]``,
  ``p.copy()`` of a list, ``p + q``).

Writing into a value that is ``SELF`` or ``DEEP`` of ``p`` writes into the
caller's argument; writing into a ``HOLDS`` value does not. Whatever is not
known to make a new object (an unknown function's result) may be ``DEEP`` of
its arguments. Writes by functions without readable source (C code) are not
seen, as elsewhere in srcdiff.
"""


import inspect
import math
import weakref

import gast
import numpy as np

from srcdiff.compiler.analysis.activity import ARRAY, INT
from srcdiff.compiler.analysis.fixpoint import fixpoint
from srcdiff.compiler.analysis.scan import (
    Scan,
    Summary,
    is_analyzable,
    param_names,
)
from srcdiff.compiler.front.parse import parse_function
from srcdiff.compiler.front.signatures import python_callable
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S


def summary(fn, registry, parsed=None):
    """The :class:`Summary` of user function ``fn`` (None when its source cannot be read).

    Summaries of the functions ``fn`` calls are computed together, to a
    fixpoint, so that recursion is handled. ``parsed``: ``fn``'s parsed source, when the
    caller has it (read, never changed: the compiler's passes build new trees).
    """
    cache = _summaries(registry)
    if fn in cache:
        return cache[fn]
    order, parsed = _reachable(fn, cache, parsed)
    results = {g: Summary(param_names(p.node)) for g, p in parsed.items()}

    def lookup(g):
        return results[g] if g in results else cache.get(g)

    def scan(_):
        for g in order:
            results[g] = Scan(parsed[g], registry, lookup).run()
        return [results[g].key() for g in order]

    fixpoint(scan, [results[g].key() for g in order], "helper-writes")
    for g in order:
        cache[g] = results[g]
    if fn not in cache:
        cache[fn] = None
    return cache[fn]


def parameter_writes(parsed, registry):
    """``{parameter: Write}`` for the parsed function (a user's or generated code)."""
    fn = parsed.fn
    if is_analyzable(fn):
        found = summary(fn, registry, parsed)
        if found is not None:
            return found.writes
    return Scan(parsed, registry, lambda g: summary(g, registry)).run().writes


def _summaries(registry):
    # one table per registry (views and rules decide what is new); a function's source is
    # read once, like its gradient is compiled once
    table = _CACHE.get(registry)
    if table is None:
        table = _CACHE[registry] = weakref.WeakKeyDictionary()
    return table


_CACHE = weakref.WeakKeyDictionary()


def clear():
    """Forget every summary (a function was redefined, or rules changed)."""
    _CACHE.clear()


def _reachable(fn, known, first=None):
    """The user functions ``fn`` may call (by name) and whose summary is not ``known``,
    ``fn`` first, and their parsed source (``first``: ``fn``'s, if already parsed)."""
    order, parsed, todo = [], {}, [fn]
    while todo:
        g = todo.pop()
        if g in parsed or g in known or not is_analyzable(g):
            continue
        try:
            p = first if g is fn and first is not None and first.fn is fn \
                else parse_function(g)
        except Exception:  # no readable source: nothing to say (compiling it would fail)
            continue
        parsed[g] = p
        order.append(g)
        for n in dataflow.in_walk_order(p.node):  # (gast.walk's order: the callees')
            if isinstance(n, gast.Call):
                target = python_callable(p.callee(n.func))
                if target is not None and is_analyzable(target):
                    todo.append(target)
    return order, parsed


def changed_parameters(parsed, registry, arg_facts=None):
    """Positions of the parameters of the parsed function that it may change in place.

    ``p += v`` changes ``p`` in place only if it is an array or a list: not
    when the argument is known to be a number.
    """
    return list(parameter_changes(parsed, registry, arg_facts))


def argument_changes(parsed, registry, arg_facts=None):
    """``(writes, checked)``: the parameters whose arguments a transform copies, and those
    it checks share no memory with another argument (emit/execute.py ``written_apart``),
    each ``{position: Write}``."""
    return (parameter_changes(parsed, registry, arg_facts),
            parameter_changes(parsed, registry, arg_facts, zero_d=True))


def parameter_changes(parsed, registry, arg_facts=None, zero_d=False):
    """``{position: Write}``: :func:`changed_parameters` with the write of each (where it
    happens, for the error of a call whose arguments share memory: emit/execute.py);
    ``zero_d``: with the 0-d array arguments ``p += v`` changes (the generated code rebinds
    ``p``, yet another argument that is the same array sees the change)."""
    params = [a.id for a in parsed.node.args.args]
    arg_facts = arg_facts or {}
    writes = parameter_writes(parsed, registry)
    out = {}
    for k, p in enumerate(params):
        w = writes.get(p)
        if w is None:
            continue
        fact = arg_facts.get(p, (None, None))
        if w.weak and fact[0] in (ARRAY, INT) and fact[1] == () \
                and not (zero_d and fact[2:] == ("0-d array",)):
            continue
        out[k] = w
    return out


def library_calls(fn, parsed, registry):
    """``{spelling: inputs}`` for the calls (``onp.exp``, ``gammaln``, ``sps.gammaln``) in the
    generated function ``fn`` that call a library function without effects, whatever name
    the user imported it under: dead-code elimination may then drop a call whose value is
    unread, as it drops ``np.exp(x)`` (optimize/exprs.py ``pure``).

    Invariant: each spelling denotes, in ``fn``'s namespace (the user's, ``parsed``), a
    NumPy or SciPy ufunc, a function of ``math``, or a NumPy/``scipy.special`` function
    (or one of rules/fused_rules.py's) with a derivative rule (a computation: no rule is
    registered for ``np.copyto``, ``np.put`` and the like); its root is bound nowhere in
    ``fn`` (neither the user's locals nor the generated ones), so the spelling denotes that
    object wherever ``fn`` reads it;
    and no call of it in ``fn`` can write into an argument (``out=``, a ufunc's positional
    output). ``inputs``: a ufunc's number of inputs, or the positional parameters of a
    function whose rule is declared elementwise (fused_rules.py's), else 0: an elementwise
    call of that many arguments or fewer (optimize/shapes.py and dead.py read it).
    The reference pipeline (no optimizer) and verification mode keep checking the
    gradients; tests/optimize/test_library_calls.py the spellings."""
    every = dataflow.nodes(fn)  # (one walk for both questions)
    bound = dataflow.bound_in(every) | {a.id for a in fn.args.args} | set(parsed.locals)
    found, refused = {}, set()
    for n in every:
        if not isinstance(n, gast.Call):
            continue
        parts = S.dotted_parts(n.func)
        if parts is None or parts[0] in bound:
            continue
        spelled = ".".join(parts)
        obj = parsed.resolve(n.func)
        # (a ufunc with a core signature, np.matmul, is no elementwise function of its inputs)
        ufunc = isinstance(obj, np.ufunc)
        inputs = obj.nin if ufunc and obj.signature is None else 0
        if ufunc:
            ok = len(n.args) <= obj.nin
        else:
            module = getattr(obj, "__module__", None) or ""
            rule = registry.lookup(obj) if callable(obj) else None
            of_math = getattr(math, getattr(obj, "__name__", ""), None) is obj
            ok = callable(obj) and not isinstance(obj, type) and (of_math or (
                module.startswith(("numpy", "scipy.special", "srcdiff.rules.fused_rules"))
                and "random" not in module and rule is not None))
            # (front/fused.py's log_ratio; not math's functions: they raise where NumPy's
            # warn, ``math.sqrt(-1.0)``, and on arrays of two entries: no broadcast only)
            if ok and rule is not None and rule.elementwise and not of_math:
                inputs = _positional_count(obj)
        ok = ok and not any(k.arg in (None, "out") for k in n.keywords) \
            and not any(isinstance(a, gast.Starred) for a in n.args)
        if ok:
            found[spelled] = inputs
        else:
            refused.add(spelled)
    return {k: v for k, v in found.items() if k not in refused}


def _positional_count(fn):
    """The number of parameters ``fn`` takes by position (0 without a signature)."""
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return 0
    return sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params)


def writes_into_argument(registry):
    """The test normalize.py asks of a called module-level function: does it surely write
    into one of its arguments (front/writing_helpers.py inlines such calls)? Not for
    ``p += v`` alone (weak: in place only on an array), whose calls keep their adjoints
    (with a number they change nothing; else aliasing.py refuses them as before)."""
    def writes(fn):  # (not with a rule of the user's: the rule gives its derivative)
        found = summary(fn, registry) if is_analyzable(fn) and registry.lookup(fn) is None \
            else None
        return found is not None and any(not w.weak for w in found.writes.values())
    return writes
