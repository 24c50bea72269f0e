"""Part of stage 3: refusals the driver makes of a whole function before generating its
derivative, each with the line to change (a value depending on the differentiated inputs
where a rule takes a constant, a dict key computed from them, undone appends in a generated
gradient differentiated again, a misspelt ``stop_gradients`` name)."""

import difflib
import operator

import gast

from srcdiff.compiler.analysis.activity import walk
from srcdiff.compiler.analysis.keys import varied_keys
from srcdiff.compiler.analysis.wrt import varied_options
from srcdiff.compiler.ir import dataflow


def refuse_varied_options(parsed, analysis):
    """A value that depends on ``wrt`` passed as a rule's option (no gradient flows there)."""
    for op, keyword, name in varied_options(analysis):
        node = op.stmt.value if isinstance(op.stmt, gast.Assign) else op.stmt
        raise parsed.error(
            node, f"the gradient rule of {op.label} treats `{keyword}` as a constant, but the "
            f"value passed for it depends on the differentiated inputs (through `{name}`), so "
            "its contribution to the gradient would be lost",
            hint="wrap it in sd.stop_gradient(...) if it is meant to be a constant, or write "
                 "the computation without that option")


_BIT_OPERATORS = {operator.or_: "|", operator.and_: "&", operator.xor: "^"}


def refuse_varied_bit_operators(parsed, analysis):
    """``a | b`` (``&``, ``^``) of a value that depends on ``wrt``: the rules treat these
    operators as constants (on integers and booleans they are), but of dicts ``|`` merges
    them (``d | {"b": x}`` holds ``x``), and of sets of numbers every one makes a set of
    those numbers: the gradient through them would be lost silently. (Of float arrays they
    raise at run time.)"""
    for op in analysis.order:
        symbol = _BIT_OPERATORS.get(getattr(op, "func", None))
        if symbol is None or op.target not in analysis.useful:
            continue
        value = op.stmt.value if isinstance(op.stmt, (gast.Assign, gast.AugAssign)) else op.stmt
        varied = sorted({a.id for a in gast.walk(value) if isinstance(a, gast.Name)
                         and isinstance(a.ctx, gast.Load) and a.id in analysis.varied})
        if varied:
            raise parsed.error(
                op.stmt, f"`{symbol}` of a value that depends on the differentiated inputs "
                f"(through `{varied[0]}`): srcdiff treats `{symbol}` as an operator on integers "
                "and booleans (no gradient), but of dicts or sets it keeps the numbers, whose "
                "gradient would be lost",
                hint="build the merged dict by stores (`d2 = dict(d); d2[\"b\"] = x`), or wrap "
                     "the operand in sd.stop_gradient(...) if it is a constant")


def refuse_varied_keys(parsed, analysis):
    """A dict key computed from ``wrt`` in a function that reads keys back (keys.py)."""
    for op, name in varied_keys(analysis):
        raise parsed.error(
            op.stmt, f"this dict key depends on the differentiated inputs (through `{name}`), "
            "and the function reads the dict's keys back (.keys(), .items(), .values()), "
            "which srcdiff treats as constant labels: the key's derivative would be lost",
            hint="key the dict by constants (strings, integers) and keep the numbers in "
                 "its values, or wrap the key in sd.stop_gradient(...)")


def refuse_undone_appends(anf, parsed):
    """A generated gradient's ``out.pop()`` (undoing an append of the primal sweep) has no
    reverse-mode adjoint (forward mode models it: sd.hvp, sd.hessian)."""
    for s, _ in walk(anf.body):
        value = s.value if isinstance(s, gast.Expr) else None
        if isinstance(value, gast.Call) and isinstance(value.func, gast.Attribute) \
                and value.func.attr == "pop":
            raise parsed.error(
                s, "reverse mode over a generated gradient that undoes a list's appends "
                "(`.pop()`) is not supported: the appends would have to be redone backwards",
                hint="use forward over reverse for the second derivative: sd.hvp(f) or "
                     "sd.hessian(f)")


def check_stop(parsed, stop):
    """Every ``stop_gradients`` name is a variable of the function: a misspelt one would
    otherwise stop nothing, silently."""
    node = parsed.node
    names = {a.id for a in node.args.args}
    names |= dataflow.bound(node)
    unknown = [s for s in stop if s not in names]
    if unknown:
        close = difflib.get_close_matches(unknown[0], sorted(names), n=1)
        raise parsed.error(
            node, f"stop_gradients names {', '.join(map(repr, unknown))}, which "
            f"{'is' if len(unknown) == 1 else 'are'} not a variable of {parsed.name!r} "
            f"(its variables: {', '.join(sorted(names)) or 'none'})",
            hint=(f"did you mean {close[0]!r}?" if close else "check the spelling"))
