"""Rules for Python's container constructors ``list(x)`` and ``tuple(x)``: the items of
a list, a tuple or an array's rows, in a new list or tuple. Their gradient arrives as a
list (one entry per item, ``None`` for zero) and goes back to ``x`` in ``x``'s structure
(srcdiff.runtime_memory.sequence_grad); a dict's items are its keys, which are refused.
Notation as in numpy_rules: ``g``/``ans`` (reverse), ``d``/``ans`` (forward).
"""

from srcdiff.rules.registry import DEFAULT as R
from srcdiff.runtime_memory import sequence_grad, sequence_tangent


@R.vjp(list, tuple)
def sequence(g, ans, iterable):
    return sequence_grad(g, iterable)


@R.jvp(list, tuple)
def sequence_jvp(d, ans, iterable):
    return sequence_tangent(d, iterable)


R.tuple_output(list, tuple)
