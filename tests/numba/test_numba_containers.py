"""backend="numba": dicts, lists and tuples of parameters unpacked outside the compiled core.

numba takes no dict (and no list of arrays of different ranks) as an argument: a
gradient of ``loss(params, x)`` with ``params["W"]`` was refused at its first call. The
entries a generated gradient reads by constant keys are now passed as parameters of their
own and the container's gradient is made in Python by the NumPy backend's ``finish``
(compiler/emit/numba_containers.py). Each gradient is checked against the NumPy backend
(1e-12, the same structure: dict or list or tuple, ``None`` where it has ``None``) and
central finite differences; what stays refused is refused with a located SrcdiffError."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

pytest.importorskip("numba")

RNG = np.random.default_rng(45)


def _same(got, ref, what="gradient"):
    """``got`` is ``ref`` to 1e-12: the same containers, keys and ``None``s."""
    if ref is None:
        assert got is None, f"{what}: {got!r}, the NumPy backend gives None"
        return
    if isinstance(ref, (dict, list, tuple)):
        assert type(got) is type(ref), f"{what}: {type(got).__name__} vs {type(ref).__name__}"
        keys = list(ref) if isinstance(ref, dict) else range(len(ref))
        assert (list(got) if isinstance(got, dict) else range(len(got))) == keys, what
        for k in keys:
            _same(got[k], ref[k], f"{what}[{k!r}]")
        return
    assert np.shape(got) == np.shape(ref), what
    np.testing.assert_allclose(got, ref, rtol=1e-12, atol=1e-14, err_msg=what)


def _check(fn, args, wrt, **options):
    got = sd.grad(fn, wrt=wrt, backend="numba", **options)(*args)
    ref = sd.grad(fn, wrt=wrt, **options)(*args)
    _same(got, ref)
    for k, g in zip(wrt, got):
        assert_close(g, numeric_grad(fn, args, k))
    return got


def mlp(params, x):
    h = np.tanh(params["W1"] @ x + params["b1"])
    return np.sum((params["W2"] @ h + params["b2"]) ** 2) * params["scale"]


def rnn(params, xs):
    h = np.zeros(3)
    for t in range(xs.shape[0]):
        h = np.tanh(params["Wh"] @ h + params["Wx"] @ xs[t] + params["b"])
    return np.sum(h * h)


def layers(ws, x):
    h = x
    for k in range(2):
        h = np.sin(ws[0] @ h + ws[1]) * ws[-1]
    return np.sum(h)


def branchy(params, x):
    s = np.sum(x * params["a"])
    if s > 0:
        s = s + np.sum(params["b"] * x)
    return s * s


def trips(params, x, n):
    s = np.sum(x * params["a"])
    for k in range(n):
        s = s + np.sum(params["b"] * x)
    return s


def _params():
    return {"W1": RNG.normal(size=(4, 3)), "b1": RNG.normal(size=4),
            "W2": RNG.normal(size=(2, 4)), "b2": RNG.normal(size=2), "scale": 0.7,
            "unused": np.ones(5), "steps": 3}


def test_a_dict_of_parameters():
    got = _check(mlp, (_params(), RNG.normal(size=3)), (0, 1))
    assert got[0]["unused"] is None and got[0]["steps"] is None


def test_a_dict_read_in_a_loop():
    params = {"Wh": 0.5 * RNG.normal(size=(3, 3)), "Wx": RNG.normal(size=(3, 2)),
              "b": RNG.normal(size=3)}
    _check(rnn, (params, RNG.normal(size=(6, 2))), (0, 1))


@pytest.mark.parametrize("kind", [list, tuple])
def test_a_list_or_tuple_with_a_negative_index(kind):
    ws = kind([0.5 * RNG.normal(size=(3, 3)), RNG.normal(size=3), RNG.normal(size=3)])
    _check(layers, (ws, RNG.normal(size=3)), (0, 1))


def test_an_entry_read_at_two_positions_is_summed():
    def twice(ws, x):  # ws[-1] and ws[1] are one entry of a list of two
        return np.sum(ws[1] * x) + np.sum(ws[-1] * x * x) + np.sum(ws[0] ** 2)

    _check(twice, ([RNG.normal(size=3), RNG.normal(size=3)], RNG.normal(size=3)), (0,))


@pytest.mark.parametrize("sign", [1.0, -1.0])
def test_an_entry_added_to_only_on_one_branch(sign):
    params = {"a": np.ones(3), "b": RNG.normal(size=3)}
    _check(branchy, (params, sign * np.abs(RNG.normal(size=3))), (0,))


@pytest.mark.parametrize("n", [0, 2])
@pytest.mark.parametrize("unconnected", ["none", "zero"])
def test_an_entry_added_to_in_a_loop_of_no_trips(n, unconnected):
    params = {"a": RNG.normal(size=3), "b": RNG.normal(size=3)}
    # (the NumPy backend starts a loop's adjoint of params at zeros_tree(params): every
    # entry, read or not, zeros; _same checks the compiled gradient has them too)
    got = _check(trips, (params, RNG.normal(size=3), n), (0,),
                 unconnected_gradients=unconnected)
    assert got[0]["b"] is not None


def test_value_and_grad_and_grad_ys():
    params, x = _params(), RNG.normal(size=3)
    value, grads = sd.value_and_grad(mlp, wrt=(0,), backend="numba")(params, x)
    ref_value, ref = sd.value_and_grad(mlp, wrt=(0,))(params, x)
    assert value == pytest.approx(ref_value, rel=1e-12)
    _same(grads, ref)
    _same(sd.grad(mlp, backend="numba")(params, x, grad_ys=2.5),
          sd.grad(mlp)(params, x, grad_ys=2.5))


def test_one_array_under_two_keys():
    w = RNG.normal(size=3)

    def two(params, x):
        return np.sum(params["a"] * x) + np.sum(params["b"] ** 2)

    _check(two, ({"a": w, "b": w}, RNG.normal(size=3)), (0,))


def test_a_dict_of_dicts_stays_refused():
    def nested(params, x):
        return np.sum(params["layer"]["W"] @ x)

    # (refused at generation, naming the inner dict's entry: numba_tuples.check_keys;
    # else at the call, naming the outer entry: numba_containers.flat_arguments)
    with pytest.raises(sd.SrcdiffError, match=r"entry 'layer' is a dict|entry 'W' of a dict"):
        sd.grad(nested, backend="numba")({"layer": {"W": np.eye(2)}}, np.ones(2))


def test_a_dict_read_otherwise_stays_refused():
    def iterated(params, x):
        s = 0.0
        for key in params:
            s = s + np.sum(params[key] * x)
        return s

    with pytest.raises(sd.SrcdiffError, match=r"key_list|dict"):  # (its keys' loop)
        sd.grad(iterated, backend="numba")({"a": np.ones(2)}, np.ones(2))


def test_the_source_shows_the_unpacked_entries():
    params, x = _params(), RNG.normal(size=3)
    text = sd.grad(mlp, backend="numba").source(params, x)
    assert "params_W1" in text and "params[" not in text and "item_add" not in text
