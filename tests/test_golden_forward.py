"""Generated forward-mode and second-order source, byte for byte.

Same convention as test_golden.py: ``make golden`` rewrites the files under
tests/golden/; review the diff. test_golden_numeric.py runs them.
"""


import pytest

import corpus
from golden_cases import check_golden
import srcdiff as sd
from srcdiff.api import higher

_CASES = {c.name: c for c in corpus.CASES}


def _forward(name):
    c = _CASES[name]
    return lambda: sd.source(c.fn, wrt=c.wrt, mode="forward", args=c.args)


def _hvp(name):
    """The JVP of the generated gradient: forward over reverse."""
    c = _CASES[name]
    return lambda: higher.hvp(c.fn, wrt=c.wrt).jvp.compiled(list(c.args)).source


def _grad_of_grad(name):
    """Reverse over reverse of a scalar function."""
    c = _CASES[name]
    return lambda: higher.grad(sd.grad(c.fn)).compiled(list(c.args)).source


GOLDEN = {
    "forward_tanh_layer": _forward("tanh_layer"),
    "forward_rnn": _forward("rnn"),
    "forward_append_in_loop": _forward("append_in_loop"),
    "forward_call_in_loop": _forward("call_in_loop"),
    "forward_early_return_in_loop": _forward("early_return_in_loop"),
    "second_order_hvp_tanh_layer": _hvp("tanh_layer"),
    "second_order_hvp_scalar_recurrence": _hvp("scalar_recurrence"),
    "second_order_grad_grad_unary_chain": _grad_of_grad("unary_chain"),
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden(name):
    text = GOLDEN[name]()
    check_golden(name, text)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_same_input_same_bytes(name):
    from srcdiff.api import transforms as api
    first = GOLDEN[name]()
    api._CACHE.clear()
    higher._CACHE.clear()
    assert GOLDEN[name]() == first
