"""Lists given to NumPy functions that read them as one array.

``np.dot([x[0], 2.0], w)``, ``np.clip(v, 0, 1)`` with ``v = [a, b]``: NumPy converts the
list to an array itself, but a rule's template sees the argument as written, and
``g * b`` of a list (or ``b >= lo``, ``b.ndim``) fails inside the gradient. So such an
argument is converted before the call, in the function's own code::

    v_array = np.asarray(v)
    dot = np.dot(v_array, w)

Invariant: ``np.f(..., np.asarray(v), ...)`` equals ``np.f(..., v, ...)`` for a NumPy
function ``f`` whose rule reads that argument as one array. That holds when the argument is
one of the rule's differentiable inputs with a gradient (``Template.array_params``: not a
shape, axis or index argument, which NumPy reads as a sequence of integers), and ``f`` does
not take a sequence of arrays (np.concatenate, np.stack, np.select ...: their forward rules
fill a list's ``None`` tangents themselves, ``fill_zeros``; ``_SEQUENCES`` names the
others), return a tuple of arrays, or is a conversion already. The gradient then flows
through ``np.asarray``'s own rule back to the list's entries. Only lists known to be lists
are converted: displays, and names whose kind is ``container``;
tests/front/test_list_arguments.py checks every mode, and that no rule of the registry
with a sequence parameter is converted.

``a + b`` of two lists (or two tuples) concatenates them, where the arithmetic rules add
entry by entry. Where the analysis knows both operands are containers (displays, ``list``
and ``tuple`` of something, slices and concatenations of them: their kind is
``container`` on every path), an active one is written ``concat_sequences(a, b)``, whose
rules (rules/container_rules.py) give ``a`` the first ``len(a)`` entries of the result's
gradient and ``b`` the rest. ``concat_sequences`` refuses at run time operands that are
not two lists or two tuples. Likewise ``c = a * n`` or ``c = n * a`` of an active name known
to be a container and an integer (an ``int`` literal or a name whose kind is ``int``)
is written ``repeat_sequence(a, n)``, whose rule gives each of ``a``'s items the sum of the
gradients of its ``n`` copies (``[x] * 3``; ``repeat_sequence`` refuses at run time what is
not a list or tuple and an integer). So is a constant ``[0.0] * n`` with an integer name
``n`` (``n = len(d)``): the facts do not tell a Python int from a 0-d int array (with which
``*`` multiplies), so without it the product's kind is unknown, and a Thomas algorithm's
lists of coefficients are taken for arrays whose entries may be views. An operand that may
be a sequence on some path only stays refused (analysis/sequences.py
check_sequence_arithmetic).
"""

import operator

import gast
import numpy as np

from srcdiff import runtime_memory
from srcdiff.compiler.analysis.activity import CONTAINER, INT
from srcdiff.compiler.analysis.recording import blocks
from srcdiff.compiler.ir import syntax as S
from srcdiff.rules.runtime_rules import TREE_VALUED

_CONVERSIONS = (np.asarray, np.array, np.asanyarray)
# NumPy functions taking a sequence of arrays whose forward rules do not say so by filling
# a list's zeros (tests/front/test_list_arguments.py checks the registry's every rule with
# such a parameter is left alone)
_SEQUENCES = {np.linalg.multi_dot, np.block, np.broadcast_arrays, np.meshgrid, np.einsum}


def lists_as_arrays(anf, analysis, parsed, names):
    """Convert list arguments of active NumPy calls in ``anf`` (in place); True if any was.
    The caller analyzes the function again when it was."""
    numpy = next((k for k, v in parsed.namespace.items() if v is np), None)
    if numpy is None:  # (the code cannot name np.asarray: its calls stay as written)
        return False
    changed = False
    for body in list(blocks(anf.body)):
        out = []
        for stmt in body:
            op = analysis.ops.get(S.key(stmt))
            if op is not None and op.kind == "prim" and op.target in analysis.active \
                    and reads_lists_as_arrays(op.func, op.rule):
                out.extend(_convert(stmt, op, analysis, numpy, names))
            out.append(stmt)
        if len(out) != len(body):
            body[:] = out
            changed = True
    return changed


def reads_lists_as_arrays(fn, rule):
    """Does NumPy function ``fn`` read a list given for one of ``rule``'s array parameters
    as one array?"""
    if not (getattr(fn, "__module__", None) or "").startswith("numpy") \
            or fn in _CONVERSIONS or fn in _SEQUENCES or fn in TREE_VALUED:
        return False
    if rule.vjp is None or rule.jvp is None or rule.tuple_output:
        return False
    node = rule.jvp.node
    return node is not None and "fill_zeros" not in S.loaded_names(node)


def _convert(stmt, op, analysis, numpy, names):
    """Statements ``v_array = np.asarray(v)`` for ``stmt``'s list arguments, which it then
    reads instead (the call's argument nodes are replaced in place)."""
    call = stmt.value if isinstance(stmt, gast.Assign) else None
    if not isinstance(call, gast.Call):
        return []
    try:
        bound = op.rule.vjp.bind(op.args, op.kwargs)
    except TypeError:
        return []
    out = []
    for p in op.rule.vjp.array_params:
        node = bound.get(p)
        if isinstance(node, (gast.List, gast.Tuple)):
            base = p
        elif isinstance(node, gast.Name) and analysis.kinds.get(node.id) == CONTAINER:
            base = node.id + "_array"
        else:
            continue
        fresh = names.fresh(base)
        if not _replace(call, node, S.name(fresh)):
            continue
        value = S.call(gast.Attribute(value=S.name(numpy), attr="asarray", ctx=gast.Load()),
                       [node], [])
        out.append(S.assign(fresh, value, stmt))
    return out


def _replace(call, node, new):
    for i, a in enumerate(call.args):
        if a is node:
            call.args[i] = new
            return True
    for k in call.keywords:
        if k.value is node:
            k.value = new
            return True
    return False



def concatenations(anf, analysis, parsed):
    """Write each active ``c = a + b`` of two names known to be containers in ``anf`` as
    ``c = concat_sequences(a, b)`` (in place; see the module docstring); True if any was.
    The caller analyzes the function again when it was."""
    changed = False
    for stmt, value in _active_operations(anf, analysis, operator.add, in_place=True):
        sides = (value.left, value.right)
        if all(isinstance(x, gast.Name) and analysis.kinds.get(x.id) == CONTAINER
               for x in sides):
            parsed.namespace["concat_sequences"] = runtime_memory.concat_sequences
            stmt.value = S.locate(S.call("concat_sequences", list(sides)), value)
            changed = True
    return changed


def repetitions(anf, analysis, parsed, constants=True):
    """Write each ``c = a * n`` or ``c = n * a`` of an active name known to be a container
    and an integer in ``anf`` as ``c = repeat_sequence(a, n)`` (in place; see the module
    docstring); likewise a constant one with an integer *name* ``n`` (``[0.0] * n``), whose
    product the facts cannot tell from an array (a 0-d int array ``n`` multiplies), and
    which ``repeat_sequence`` makes a list or refuses at run time (not with ``constants``
    False: the numba backend has no compiled ``repeat_sequence``); ``[0.0] * 3`` stays as
    it is. True if any was. The caller analyzes the function again when it was."""
    changed = False
    for stmt, value in _active_operations(anf, analysis, operator.mul, constant=constants):
        for seq, count in ((value.left, value.right), (value.right, value.left)):
            if isinstance(seq, gast.Name) and analysis.kinds.get(seq.id) == CONTAINER \
                    and _is_int(count, analysis) and (seq.id in analysis.active or constants
                                                      and isinstance(count, gast.Name) and
                                                      analysis.kinds.get(_target(stmt)) is None):
                parsed.namespace["repeat_sequence"] = runtime_memory.repeat_sequence
                stmt.value = S.locate(S.call("repeat_sequence", [seq, count]), value)
                changed = True
                break
    return changed


def _active_operations(anf, analysis, func, in_place=False, constant=False):
    """``(statement, value)`` of each active ``c = a <op> b`` in ``anf`` whose operator is
    ``func`` (``operator.add``); with ``in_place``, each ``a += b`` too (``xs += (v,)`` of
    constants, whose ``xs = xs + (v,)`` would raise where Python extends the list); with
    ``constant``, each ``c = a <op> b`` of one name ``c``, active or not."""
    for body in list(blocks(anf.body)):
        for stmt in body:
            op = analysis.ops.get(S.key(stmt))
            value = getattr(stmt, "value", None)
            if op is not None and op.kind == "prim" and op.func is func and (
                    op.target in analysis.active
                    or in_place and getattr(stmt, "srcdiff_inplace", False)
                    or constant and _target(stmt) is not None) \
                    and isinstance(value, gast.BinOp):
                yield stmt, value


def _target(stmt):
    """The name ``c`` of ``c = ...``, else None."""
    targets = getattr(stmt, "targets", ())
    return targets[0].id if len(targets) == 1 and isinstance(targets[0], gast.Name) else None


def _is_int(node, analysis):
    if isinstance(node, gast.Constant):
        return type(node.value) is int
    return isinstance(node, gast.Name) and analysis.kinds.get(node.id) == INT
