"""Reverse mode over the shared corpus, checked against finite differences."""

import pytest

import srcdiff as sd
from corpus import CASES
from fd import assert_close, numeric_grad


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_grad_matches_finite_differences(case):
    wrt = case.wrt
    got = sd.grad(case.fn, wrt=wrt)(*case.args, **case.kwargs)
    positions = [wrt] if isinstance(wrt, int) else list(wrt)
    expected = [numeric_grad(case.fn, case.args, k, kwargs=case.kwargs) for k in positions]
    if isinstance(wrt, int):
        assert_close(got, expected[0])
    else:
        assert isinstance(got, tuple) and len(got) == len(positions)
        for g, e in zip(got, expected):
            assert_close(g, e)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_value_and_grad(case):
    value, grads = sd.value_and_grad(case.fn, wrt=case.wrt)(*case.args, **case.kwargs)
    expected = case.fn(*case.args, **case.kwargs)
    assert_close(value, expected, what="value")
    positions = [case.wrt] if isinstance(case.wrt, int) else list(case.wrt)
    numeric = [numeric_grad(case.fn, case.args, k, kwargs=case.kwargs) for k in positions]
    if isinstance(case.wrt, int):
        assert_close(grads, numeric[0])
    else:
        assert isinstance(grads, tuple) and len(grads) == len(positions)
        for g, e in zip(grads, numeric):
            assert_close(g, e)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_generation_is_deterministic(case):
    a = sd.source(case.fn, wrt=case.wrt, args=case.args)
    from srcdiff.api import transforms as api
    api._CACHE.clear()
    b = sd.source(case.fn, wrt=case.wrt, args=case.args)
    assert a == b
