"""Checks on what depends on ``wrt``: the ``wrt`` names themselves (:func:`check_wrt`,
:func:`last_assignments`), rule options bound to values that vary with them
(:func:`varied_options`), and the transforms' other options (:func:`check_options`)."""

import gast

from srcdiff.compiler.analysis.activity import INT, walk


def varied_options(analysis):
    """``(op, keyword, name)`` for each rule option bound to a value that depends on ``wrt``.

    A rule's parameters with defaults (``axis``, ``weights``, ``prepend`` ...) are options: no
    gradient flows to them. When the value passed is varied (it depends differentiably on a
    ``wrt`` input) and the result is useful, its contribution would be dropped silently, so
    the caller refuses such a call. Integers (axes, counts) are never varied in a way that
    matters; srcdiff's own helpers (``srcdiff.*``) take shapes as options by design.
    """
    out = []
    for op in analysis.order:
        rule = op.rule
        if op.kind not in ("prim", "const") or rule is None \
                or op.target not in analysis.useful:
            continue
        if rule.nondiff:  # a constant function, but not in every argument (np.arange's start)
            call = getattr(op.stmt, "value", None)
            if rule.varying is not None and isinstance(call, gast.Call):
                keywords = {k.arg: k.value for k in call.keywords if k.arg is not None}
                for keyword, value in rule.varying(call.args, keywords):
                    name = _varied_in(value, analysis)
                    if name is not None:
                        out.append((op, keyword, name))
            continue
        if rule.name.startswith("srcdiff."):
            continue
        template = rule.vjp or rule.jvp
        if template is None:
            continue
        try:
            bound = template.bind(op.args, op.kwargs)
        except TypeError:
            continue
        for p in list(template.signature.parameters.values())[2:]:
            if p.default is p.empty and p.kind != p.VAR_KEYWORD:
                continue
            node = bound.get(p.name)
            if node is None:
                continue
            if p.kind == p.VAR_KEYWORD:  # the keywords that reach **kwargs, one by one
                pairs = [(k.value, v) for k, v in zip(node.keys, node.values)]
            else:
                pairs = [(p.name, node)]
            for keyword, value in pairs:
                name = _varied_in(value, analysis)
                if name is not None:
                    out.append((op, keyword, name))
    return out


def _varied_in(value, analysis):
    """A name ``value`` reads that depends on ``wrt`` and may hold a non-integer, or None."""
    for n in gast.walk(value):
        if isinstance(n, gast.Name) and n.id in analysis.varied \
                and analysis.kinds.get(n.id) != INT:
            return n.id
    return None


def check_wrt(fn, params, analysis, wrt, user_names, error):
    """Every ``wrt`` name is a parameter or a local assigned outside loops (SPEC §1): a
    name of the function as written (``user_names``), never a temporary the compiler
    made (``sin`` for ``np.sin(x)``, ``w`` for ``self.w``). ``error(node, message, hint)``
    makes the error, pointing at the function or at the assignment inside a loop."""
    for w in wrt:
        if w in params:
            continue
        if w not in analysis.assign_count or w not in user_names:
            raise error(fn, f"wrt={w!r} is neither a parameter nor a local variable of "
                        f"{fn.name!r} (parameters: {', '.join(params) or 'none'})")
        if w in analysis.in_loop:
            inside = [s for s, depth in walk(fn.body) if _assigns(analysis, s, w)
                      and (depth > 0 or isinstance(s, gast.For))]
            raise error(inside[-1] if inside else fn,
                        f"wrt={w!r} names a variable assigned inside a loop; its 'last "
                        "assignment' is not a single value", hint="assign the value you mean "
                        "to a new variable after the loop and differentiate with respect to that")


def _assigns(analysis, s, w):
    op = analysis.op(s)
    return (op is not None and op.target == w and op.kind not in ("store", "append")) \
        or isinstance(s, gast.For) and isinstance(s.target, gast.Name) and s.target.id == w


def last_assignments(fn, params, analysis, wrt, mode, error):
    """``{name: statement}``: for each ``wrt`` local of ``fn``, its last assignment, which
    both modes require at the top level of ``fn`` with no nested assignment after it: there
    it runs on every call, so the value it binds is the one the name has at the end (loops
    are refused by :func:`check_wrt`). An assignment inside an ``if`` runs on some calls
    only; which one is "last" would depend on the arguments, so it is refused (``error(node,
    message, hint)`` makes the error, pointing at that assignment)."""
    out = {}
    for w in wrt:
        if w in params:
            continue
        last = None
        for s in fn.body:
            if _assigns(analysis, s, w) and not isinstance(s, gast.For):
                last = s
        later = [s for s, _ in walk(fn.body) if _assigns(analysis, s, w)
                 and not any(s is x for x in fn.body)
                 and (last is None or _after(fn.body, s, last))]
        if later or last is None:
            raise error(later[-1] if later else fn,
                        f"wrt={w!r}: {mode} mode needs the last assignment of {w!r} at the "
                        f"top level of {fn.name!r} (not inside an if)",
                        hint="assign the value you mean to a new variable at the top level")
        out[w] = last
    return out


def _after(body, x, last):
    """Does (nested) statement ``x`` come after top-level statement ``last`` in ``body``?"""
    seen = False
    for s in body:
        if s is last:
            seen = True
            continue
        if seen and any(y is x for y, _ in walk([s])):
            return True
    return False


def check_options(unconnected_gradients, stop_gradients):
    """The options every transform takes: ``unconnected_gradients`` checked, and
    ``stop_gradients`` as a tuple of names."""
    if unconnected_gradients not in ("none", "zero"):
        raise ValueError(f"unconnected_gradients must be 'none' or 'zero', got "
                         f"{unconnected_gradients!r}")
    if stop_gradients is None:  # (tf.gradients' default)
        stop_gradients = ()
    if isinstance(stop_gradients, str):
        stop_gradients = (stop_gradients,)
    try:
        names = tuple(stop_gradients)
    except TypeError:
        names = (stop_gradients,)
    bad = [n for n in names if not isinstance(n, str)]
    if bad:
        raise TypeError(f"stop_gradients must be names of variables of the function (str), "
                        f"got {bad[0]!r}")
    return names


def wrt_entries(wrt):
    """``(entries, single)`` of a transform's ``wrt``: an int or str is one entry, a tuple or
    list several; anything else (None, 0.5, ``b"x"``, a set) is a TypeError, never iterated
    (``b"x"`` was the position 120). Each entry is an int or a str, not a bool."""
    single = isinstance(wrt, (int, str))
    if not single and not isinstance(wrt, (tuple, list)):
        raise TypeError(f"wrt must be an int (a position), a str (a name) or a tuple or list "
                        f"of them, got {wrt!r}")
    entries = [wrt] if single else list(wrt)
    for w in entries:
        if isinstance(w, bool) or not isinstance(w, (int, str)):
            raise TypeError(f"wrt entries must be ints (positions) or strs (names), got {w!r}")
    return entries, single
