"""Rules for Python's container constructors ``list(x)`` and ``tuple(x)``: the items of
a list, a tuple or an array's rows, in a new list or tuple. Their gradient arrives as a
list (one entry per item, ``None`` for zero) and goes back to ``x`` in ``x``'s structure
(srcdiff.runtime_memory.sequence_grad); a dict's items are its keys, which are refused.
``concat_sequences(a, b)``, ``a + b`` of two lists or two tuples (analysis/list_arguments.py
writes it so): the items of ``a`` then those of ``b``, whose gradients are the two parts of
the result's. ``repeat_sequence(a, n)``, ``a * n`` or ``n * a`` of a list or tuple and an
integer (written so there too): ``a``'s items ``n`` times, each item's gradient the sum of
its copies'. Notation as in numpy_rules: ``g``/``ans`` (reverse), ``d``/``ans`` (forward).
"""

from srcdiff.rules.registry import DEFAULT as R
from srcdiff.runtime_memory import (
    concat_sequences,
    repeat_sequence,
    sequence_grad,
    sequence_padded_tangent,
    sequence_part_grad,
    sequence_repeat_grad,
    sequence_tangent,
)


@R.vjp(list, tuple)
def sequence(g, ans, iterable):
    return sequence_grad(g, iterable)


@R.jvp(list, tuple)
def sequence_jvp(d, ans, iterable):
    return sequence_tangent(d, iterable)


R.tuple_output(list, tuple)


@R.vjp(concat_sequences)
def concatenation(g, ans, a, b):
    return sequence_part_grad(g, 0, len(a)), sequence_part_grad(g, len(a), len(ans))


@R.jvp(concat_sequences)
def concatenation_jvp(d, ans, a, b):
    return sequence_padded_tangent(d, a, 0, len(b)), sequence_padded_tangent(d, b, len(a), 0)


R.tuple_output(concat_sequences)


@R.vjp(repeat_sequence)
def repetition(g, ans, a, n):
    return sequence_repeat_grad(g, len(a)), None


@R.jvp(repeat_sequence)
def repetition_jvp(d, ans, a, n):
    return sequence_tangent(d, a) * n, None


R.tuple_output(repeat_sequence)
