"""Rules for srcdiff's own run-time helpers, so generated code can be differentiated again.

Generated gradient code calls the helpers of ``srcdiff/runtime.py``
(``seed``, ``unbroadcast``, ``finish`` ...). Each is a primitive here, with a
reverse and a forward rule, so ``sd.grad(sd.grad(f))`` and ``sd.hvp(f)`` (forward
over reverse) see ordinary rules. Most helpers are linear in their first
argument; arguments that only give a shape or a structure (``unbroadcast``'s
``x``, ``seed``'s ``y``) are declared with a default value, which makes them
options: no derivative flows to them, so they are not operands.

Notation as in numpy_rules: ``g``/``ans`` (reverse), ``d``/``ans`` (forward).
A linear helper's forward rule is the helper applied to the tangent
(``R.linear``); the identities are the same map both ways (``R.self_adjoint``).
"""

import numpy as np

from srcdiff.rules.registry import DEFAULT as R
from srcdiff.runtime import (
    add_tree,
    as_tuple,
    broadcast_like,
    check_outputs,
    cotangent,
    dict_of,
    dict_of_grad,
    extreme_grad,
    fill_zeros,
    finish,
    index_add,
    indexable,
    is_constant,
    item_add,
    item_clear,
    item_grad,
    key_list,
    last_writes,
    match_complex,
    not_differentiable,
    pop_grad,
    reduce_mask,
    rule_results,
    scalar_seed,
    seed,
    size_of,
    snapshot,
    spread,
    unbroadcast,
    unreduce,
    zeros_tree,
)
from srcdiff.runtime_checks import (
    absent_tangent,
    check_broadcast,
    diagonal_index,
    float_dtype,
    list_only,
    loop_len,
    put_index,
    tied_items,
    unpacked,
    view_of,
)
from srcdiff.runtime_memory import (
    concat_sequences,
    repeat_sequence,
    sequence_grad,
    sequence_padded_tangent,
    sequence_part_grad,
    sequence_repeat_grad,
    sequence_tangent,
)
from srcdiff.runtime_snapshots import present_key

# ------------------------------------------------------------ seeds and results


@R.vjp(seed, name="seed")
def seed_vjp(g, ans, grad_ys, y=None, index=None):
    return g


@R.jvp(seed, name="seed")
def seed_jvp(d, ans, grad_ys, y=None, index=None):
    return absent_tangent(d, grad_ys, ans)  # ones made for an absent grad_ys: zeros


@R.self_adjoint(scalar_seed, name="scalar_seed")
def scalar_seed_vjp(g, ans, grad_ys, index=None):
    return g


@R.vjp(cotangent, name="cotangent")
def cotangent_vjp(g, ans, ct, y=None):
    return g


@R.jvp(cotangent, name="cotangent")
def cotangent_jvp(d, ans, ct, y=None):
    return absent_tangent(d, ct, ans)  # zeros made for an absent ct: zeros shaped like them


@R.self_adjoint(indexable, name="indexable")
def indexable_vjp(g, ans, t):
    return g  # the same number, as a 0-d array or as it was


@R.self_adjoint(check_outputs, name="check_outputs")
def check_outputs_vjp(g, ans, grad_ys, n=None):
    return g


@R.linear(finish, name="finish")
def finish_vjp(g, ans, grad, x=None, zero=False, avoid=None):
    return tree_unbroadcast(g, grad)


@R.linear(rule_results, name="rule_results")
def rule_results_vjp(g, ans, r, n=None):
    return g if isinstance(r, tuple) and len(r) == n else g[0]


# ------------------------------------------------------------ broadcasting


@R.linear(unbroadcast, name="unbroadcast")
def unbroadcast_vjp(g, ans, grad, x=None):
    # (``x`` with more axes than ``grad``: a stored value's leading axes of length 1)
    return np.broadcast_to(np.reshape(g, np.shape(g)[np.ndim(g) - np.ndim(grad):])
                           if np.ndim(g) > np.ndim(grad) else g, np.shape(grad))


@R.linear(unreduce, name="unreduce")
def unreduce_vjp(g, ans, grad, x=None, axis=None, keepdims=False, like=None):
    return unbroadcast(np.sum(g, axis=axis, keepdims=keepdims), grad)


@R.linear(extreme_grad, name="extreme_grad")
def extreme_grad_vjp(g, ans, grad, x=None, top=None, axis=None, keepdims=False):
    # linear in grad (the mask is constant where the extreme is attained)
    return np.sum(g * reduce_mask(x, top, axis, keepdims), axis=axis, keepdims=keepdims)


@R.linear(spread, name="spread")
def spread_vjp(g, ans, grad, x=None):
    return unbroadcast(g, grad)


@R.vjp(broadcast_like, name="broadcast_like")
def broadcast_like_vjp(g, ans, t, like=None):
    return unbroadcast(g, t)


@R.jvp(broadcast_like, name="broadcast_like")
def broadcast_like_jvp(d, ans, t, like=None):
    return broadcast_like(d, ans)


@R.linear(match_complex, name="match_complex")
def match_complex_vjp(g, ans, grad, x=None):
    return match_complex(g, grad)


# ------------------------------------------------------------ accumulation


@R.self_adjoint(add_tree, name="add_tree")
def add_tree_vjp(g, ans, a, b):
    return g, g


@R.vjp(index_add, name="index_add")
def index_add_vjp(g, ans, b, x, index, grad, distinct=False):
    return g, None, None, unbroadcast(g[index], grad)


@R.jvp(index_add, name="index_add")
def index_add_jvp(d, ans, b, x, index, grad, distinct=False):
    return d, None, None, index_add(None, x, index, d)  # (np.add.at's sum: right either way)


@R.vjp(item_add, name="item_add")
def item_add_vjp(g, ans, b, x, key, grad):
    return g, None, None, item_of(g, key, grad)


@R.jvp(item_add, name="item_add")
def item_add_jvp(d, ans, b, x, key, grad):
    return d, None, None, item_add(None, x, key, d)


@R.linear(item_grad, name="item_grad")
def item_grad_vjp(g, ans, b, key, x=None):
    return item_add(None, b, key, g)


@R.self_adjoint(item_clear, name="item_clear")
def item_clear_vjp(g, ans, b, key):
    return item_clear(g, key), None


@R.linear(pop_grad, name="pop_grad")
def pop_grad_vjp(g, ans, b, x=None):
    return unpop(g, b)


@R.linear(fill_zeros, name="fill_zeros")
def fill_zeros_vjp(g, ans, gs, xs=None):
    return g


@R.linear(snapshot, name="snapshot")
def snapshot_vjp(g, ans, v):
    return g


# ------------------------------------------------------------ dicts built entry by entry


@R.vjp(dict_of, name="dict_of")
def dict_of_vjp(g, ans, keys, values):
    # keys are labels: no gradient (srcdiff refuses reading a dict's keys back into
    # differentiated arithmetic, see analysis/ops.py)
    return None, dict_of_grad(g, keys)


@R.jvp(dict_of, name="dict_of")
def dict_of_jvp(d, ans, keys, values):
    return None, dict_of(keys, d)


@R.linear(dict_of_grad, name="dict_of_grad")
def dict_of_grad_vjp(g, ans, grads, keys):
    return dict_of(keys, g)


@R.self_adjoint(as_tuple, name="as_tuple")
def as_tuple_vjp(g, ans, items):
    return g  # the gradient (tangent) of a tuple is a list, like its items'


@R.linear(sequence_grad, name="sequence_grad")
def sequence_grad_vjp(g, ans, grads, x=None):
    return sequence_tangent(g, x)


@R.linear(sequence_tangent, name="sequence_tangent")
def sequence_tangent_vjp(g, ans, tangent, x=None):
    return sequence_grad(g, x)


@R.linear(sequence_part_grad, name="sequence_part_grad")
def sequence_part_grad_vjp(g, ans, grads, start=0, stop=None):
    # (the transpose: the part back at its place among the concatenation's items)
    return sequence_padded_tangent(g, ans, start, len(grads) - stop)


@R.linear(sequence_padded_tangent, name="sequence_padded_tangent")
def sequence_padded_tangent_vjp(g, ans, tangent, x=None, before=0, after=0):
    return sequence_grad(sequence_part_grad(g, before, len(ans) - after), x)


@R.linear(sequence_repeat_grad, name="sequence_repeat_grad")
def sequence_repeat_grad_vjp(g, ans, grads, size=0):
    # (the transpose: each item's gradient to every copy of the item)
    return None if g is None else [g[k % size] for k in range(len(grads))]


R.nondiff(tied_items)  # a mask: which items max/min chose
R.nondiff(loop_len, unpacked, list_only)  # ints: a loop's trip count, an unpacking's item count
R.nondiff(view_of, check_broadcast)  # checks
R.nondiff(diagonal_index, put_index)  # positions: integer arrays (front/in_place.py)
R.nondiff(float_dtype)  # a dtype, checked
R.nondiff(key_list)  # keys are labels: exact because analysis/keys.py refuses varied keys
R.nondiff(zeros_tree, reduce_mask, is_constant, not_differentiable, size_of, last_writes,
          present_key)
R.tuple_output(pop_grad)

# helpers whose value may be a container (a gradient tree): tangents add with add_tree
TREE_VALUED = {seed, scalar_seed, cotangent, check_outputs, finish, rule_results, add_tree,
               item_add, item_grad, item_clear, pop_grad, fill_zeros, snapshot, dict_of,
               dict_of_grad, as_tuple, sequence_grad, sequence_tangent, concat_sequences,
               sequence_part_grad, sequence_padded_tangent, repeat_sequence,
               sequence_repeat_grad}


# ------------------------------------------------------------ helpers of these rules


def tree_unbroadcast(g, grad):
    """``g`` summed down to the shape of ``grad`` leaf by leaf (``None`` leaves stay zero)."""
    if grad is None or g is None:
        return g
    if isinstance(grad, dict):
        return {k: tree_unbroadcast(g.get(k) if isinstance(g, dict) else g[k], v)
                for k, v in grad.items()}
    if isinstance(grad, (list, tuple)):
        return [tree_unbroadcast(a, b) for a, b in zip(g, grad)]
    return unbroadcast(g, grad)


def item_of(g, key, grad):
    """The cotangent ``g[key]`` of an entry written by ``item_add``, shaped like ``grad``."""
    if isinstance(g, np.ndarray):
        return unbroadcast(g[key], grad)
    if g is None:
        return zeros_tree(grad)
    part = g.get(key) if isinstance(g, dict) else g[key]
    return zeros_tree(grad) if part is None else part


def tree_broadcast(g, like):
    """``g`` broadcast to the shape of ``like`` leaf by leaf (``tree_unbroadcast``'s adjoint)."""
    if like is None or g is None:
        return g
    if isinstance(like, dict):
        return {k: tree_broadcast(g[k], v) for k, v in like.items()}
    if isinstance(like, (list, tuple)):
        return [tree_broadcast(a, b) for a, b in zip(g, like)]
    return np.broadcast_to(g, np.shape(like))


def unpop(g, b):
    """The cotangent of ``pop_grad``'s argument: the rest's cotangent, then the item's."""
    rest, item = (list(g) + [None, None])[:2] if g is not None else (None, None)
    if b is None:
        return None
    rest = list(rest) if rest is not None else [None] * (len(b) - 1)
    return rest + [item]


# the helpers above are primitives too (third order and beyond)


@R.linear(tree_unbroadcast, name="tree_unbroadcast")
def tree_unbroadcast_vjp(g, ans, grad, like=None):
    return tree_broadcast(g, grad)


@R.linear(tree_broadcast, name="tree_broadcast")
def tree_broadcast_vjp(g, ans, grad, like=None):
    return tree_unbroadcast(g, grad)


@R.vjp(item_of, name="item_of")
def item_of_vjp(g, ans, grad, key, like=None):
    return item_add(None, grad, key, g), None


@R.jvp(item_of, name="item_of")
def item_of_jvp(d, ans, grad, key, like=None):
    return item_of(d, key, like), None


@R.linear(unpop, name="unpop")
def unpop_vjp(g, ans, grad, like=None):
    return pop_grad(g, None)


TREE_VALUED |= {tree_unbroadcast, tree_broadcast, item_of, unpop}
