"""Named tuples as arguments (front/records.py): ``p.w`` of a named-tuple parameter is
the entry the field names, in the function, in a helper called with it and in a named
tuple inside it; the gradient is a named tuple of the argument's class. Checked against
central differences in every mode."""

import collections
import typing

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad, numeric_jvp

Layer = collections.namedtuple("Layer", "w b")


class Net(typing.NamedTuple):
    enc: Layer
    dec: Layer
    scale: float


def layer(q, h):
    return np.tanh(q.w * h + q.b)


def fields_of_argument(p, x):
    return np.sum(np.tanh(p.w * x + p.b) ** 2) + p.b ** 3


def fields_in_helper(p, x):
    return np.sum(layer(p, x) ** 2)


def nested_fields(n, x):
    h = layer(n.enc, x)
    y = n.dec.w * h + n[1].b
    return n.scale * np.sum(y ** 2)


def fields_in_loop(p, x):
    s = 0.0
    for i in range(len(x)):
        s = s + np.sin(p.w[i] * x[i] + p.b) * p.b
    return s


def shadowed_by_comprehension(p, x):
    rows = [p[0] * 2.0 for p in [(x, x)]]  # (this p is a plain tuple: p.w would raise)
    return np.sum(rows[0] * p.w) + p.b


def fields_in_nested_function(p, x):
    def lay(q, h):  # (inlined: `q` is `p` itself, so `q.w` is `p[0]`; session 34)
        return np.tanh(q.w * h + q.b)
    return np.sum(lay(p, lay(p, x)) ** 2)


def nested_function_reading_a_net(n, x):
    def lay(q, h):
        return np.tanh(q.enc.w * h + q[0].b) * q.scale
    return np.sum(lay(n, x) * n.dec.w) * n.dec.b


X = np.array([0.3, 0.5, 0.7])
P = Layer(np.array([0.1, 0.2, 0.3]), 0.5)
N = Net(Layer(np.array([0.1, 0.2, 0.3]), 0.5), Layer(np.array([0.4, -0.2, 0.3]), -0.5), 1.5)
CASES = [(fields_of_argument, P), (fields_in_helper, P), (nested_fields, N),
         (fields_in_loop, P), (shadowed_by_comprehension, P), (fields_in_nested_function, P),
         (fields_in_nested_function, Layer(*P)._replace(b=np.array([0.5, -0.1, 0.2]))),
         (nested_function_reading_a_net, N)]
MODES = [{}, {"optimize": False}, {"verify": True}]


@pytest.mark.parametrize("options", MODES, ids=["default", "reference", "verify"])
@pytest.mark.parametrize("f, p", CASES, ids=[c[0].__name__ for c in CASES])
def test_gradient_of_a_named_tuple_argument(f, p, options):
    g = sd.grad(f, wrt=(0, 1), **options)(p, X)
    assert type(g[0]) is type(p)
    assert_close(g[0], numeric_grad(f, (p, X), 0))
    assert_close(g[1], numeric_grad(f, (p, X), 1))


@pytest.mark.parametrize("f, p", CASES, ids=[c[0].__name__ for c in CASES])
def test_forward_mode_and_second_order(f, p):
    t = _direction(p)
    value, tangent = sd.jvp(f, 0)(p, X, tangents=t)
    assert_close(value, f(p, X))
    assert_close(tangent, numeric_jvp(f, (p, X), (0,), (t,)))
    hv = sd.hvp(f, 0)(p, X, vector=t)
    assert type(hv) is type(p)  # (the product is shaped like the argument, its class kept)
    grad = sd.grad(f)
    eps = 1e-5

    def moved(s):
        return type(p)(*[_axpy(a, s, b) for a, b in zip(p, t)])

    expected = [(a - b) / (2 * eps) for a, b in zip(_flat(grad(moved(eps), X)),
                                                    _flat(grad(moved(-eps), X)))]
    for got, want in zip(_flat(hv), expected):
        assert_close(got, want, rtol=1e-5, atol=1e-6)


def _direction(v, k=[0]):
    if isinstance(v, tuple):
        return type(v)(*[_direction(e) for e in v])
    k[0] += 1
    return np.full_like(v, 0.3 - 0.2 * k[0]) if np.ndim(v) else 0.4 - 0.1 * k[0]


def _axpy(a, s, b):
    if isinstance(a, tuple):
        return type(a)(*[_axpy(u, s, v) for u, v in zip(a, b)])
    return a + s * b


def _flat(v):
    if isinstance(v, tuple):
        return [leaf for e in v for leaf in _flat(e)]
    return [v]


def rebound(p, x):
    p = Layer(p.w * 2.0, p.b)
    return np.sum(p.w * x + p.b)


def test_a_rebound_named_tuple_is_refused_with_a_hint():
    with pytest.raises(sd.SrcdiffError) as e:
        sd.grad(rebound)(P, X)
    text = str(e.value)
    assert "test_named_tuples.py" in text and "p.w * x + p.b" in text
    assert "fields of a named tuple only where the arguments show one" in text
    assert "`p[0]` for `p.w`" in text


class Doubled(Layer):
    """A subclass whose ``w`` is a property: not the entry, so not read as one."""

    @property
    def w(self):
        return self[0] * 2.0


def test_a_field_replaced_by_a_property_is_not_read_as_the_entry():
    p = Doubled(np.array([0.1, 0.2, 0.3]), 0.5)
    with pytest.raises(sd.SrcdiffError, match="no gradient rule for attribute"):
        sd.grad(fields_of_argument)(p, X)


def replaced_in_loop(p, x):
    def lay(q, h):
        return np.tanh(q.w * h) * q.b
    for _ in range(2):
        p = p._replace(b=p.b * 2.0)  # (rebound: its fields are no longer the argument's)
        x = lay(p, x)
    return np.sum(x)


def rebinding_its_parameter(p, x):
    def lay(q, h):
        q = Layer(q.w * 2.0, q.b)  # (its own `q`: a fresh name, not `p`)
        return np.tanh(q.w * h)
    return np.sum(lay(p, x))


def rebuilt_in_loop(p, x):
    def lay(q, h):
        return np.tanh(q.w * h) * q.b
    for _ in range(2):
        p = Layer(p.w, p.b * 2.0)
        x = lay(p, x)
    return np.sum(x)


@pytest.mark.parametrize("f", [replaced_in_loop, rebinding_its_parameter, rebuilt_in_loop])
def test_a_named_tuple_rebound_for_a_nested_function_stays_refused(f):
    for run in (lambda: sd.grad(f)(P, X), lambda: sd.jvp(f, 0)(P, X, tangents=_direction(P))):
        with pytest.raises(sd.SrcdiffError) as info:
            run()
        text = str(info.value)  # (forward mode meets `p._replace` first)
        assert "method ._replace()" in text or "rule for attribute ." in text \
            and "fields of a named tuple only where the arguments show one" in text
