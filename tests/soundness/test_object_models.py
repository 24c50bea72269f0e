"""Object-style model code (tests/support/object_models.py: classes holding parameters in
attributes, methods calling methods, dataclasses, lists of dicts of layers, closures,
module constants, array defaults, properties): every model srcdiff takes has the gradient
central finite differences give, in reverse mode, with verify=True and through sd.jvp;
every one it does not take is refused with a SrcdiffError naming the user's line. Session
48's sweep: 27 of the 49 taken in each mode, 22 refused (four store an active value into
state outside the function), none wrong, none crashing.
REFUSED records which are refused, so that a model starting to work (or to fail) is seen."""

import copy

import numpy as np
import pytest

import srcdiff as sd
from fd import _leaves, _like, assert_close, numeric_grad
from object_models import CASES

REFUSED = {
    "linear_method_loss", "mlp_call_loss", "model_loss_at", "property_loss",
    "object_accumulates", "layers_in_a_list_of_objects", "residual_method_loop",
    "inheritance_override", "super_call", "dataclass_built_inside",
    "dataclass_passed_to_helper", "dataclass_replaced", "list_of_dicts_built_inside",
    "rnn_cell_object", "layer_norm_object", "object_in_a_dict", "getattr_by_name",
    "attribute_rebound_in_loop", "stored_into_an_objects_dict", "stored_into_a_global_dict",
    "stored_by_setattr", "written_into_an_attribute_array",
}
IDS = [c[0] for c in CASES]


def _positions(wrt):
    return wrt if isinstance(wrt, tuple) else (wrt,)


def _expected(fn, args, wrt):
    return [numeric_grad(fn, copy.deepcopy(args), k) for k in _positions(wrt)]


def _direction(value, rng):
    if isinstance(value, dict):
        return {k: _direction(v, rng) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return _like(value, [_direction(v, rng) for v in value])
    return rng.normal(size=np.shape(value))


def _refused_at_the_users_line(run, name):
    with pytest.raises(sd.SrcdiffError) as e:
        run()
    assert "object_models.py:" in str(e.value), (name, str(e.value))


@pytest.mark.parametrize("verify", [False, True])
@pytest.mark.parametrize("name, fn, args, wrt", CASES, ids=IDS)
def test_reverse(name, fn, args, wrt, verify):
    run = lambda: sd.grad(fn, wrt, verify=verify)(*copy.deepcopy(args))  # noqa: E731
    if name in REFUSED:
        _refused_at_the_users_line(run, name)
        return
    got = run()
    got = got if isinstance(wrt, tuple) else (got,)
    for g, want in zip(got, _expected(fn, args, wrt)):
        assert_close(g, want, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("name, fn, args, wrt", CASES, ids=IDS)
def test_forward(name, fn, args, wrt):
    rng = np.random.default_rng(7)
    dirs = [_direction(args[k], rng) for k in _positions(wrt)]
    tangents = tuple(dirs) if isinstance(wrt, tuple) else dirs[0]
    run = lambda: sd.jvp(fn, wrt)(*copy.deepcopy(args), tangents=tangents)  # noqa: E731
    if name in REFUSED:
        _refused_at_the_users_line(run, name)
        return
    _, tangent = run()
    want = sum(float(np.sum(np.asarray(g) * np.asarray(d)))
               for w, v in zip(_expected(fn, args, wrt), dirs)
               for (_, g), (_, d) in zip(_leaves(w), _leaves(v)))
    assert_close(float(np.sum(tangent)), want, rtol=1e-4, atol=1e-5)


def test_the_table_has_forty_models():
    assert len(CASES) >= 40 and len(set(IDS)) == len(IDS)
    assert REFUSED <= set(IDS)
