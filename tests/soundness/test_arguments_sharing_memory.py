"""Arguments that share memory with an argument the function changes in place.

The generated code reads each parameter as an array of its own, and a transform runs it on
copies of its arguments. Called as ``f(x, x)`` (or with overlapping views, ``f(x[1:],
x[:-1])``, an argument holding the array in a list, or a global the function reads passed
as its argument), a function that writes into one parameter changes what the other name
reads; the derivative did not see that change. ``a *= 2; return np.sum(a * b)`` called as
``f(x, x)`` returned 17.68 where ``f`` returns 35.36, and the gradient of the other
function, in every mode (found by hand in session 40). Such a call is refused now when it
runs (emit/execute.py ``written_apart``); arguments that do not overlap, and functions
that write into no argument, are differentiated as before.

The oracle of the accepted calls: central differences of ``t -> f(*build(t))``, with
``build`` making the arguments (and their sharing) from one vector, chained through
``build``'s (linear) Jacobian.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close

X = np.array([0.3, -1.2, 0.7, 2.1, 1.5, -0.4])
G = np.array([0.5, 0.25, -1.0, 2.0, 0.75, 1.5])


def doubles_first(a, b):
    a *= 2.0
    return np.sum(a * b)


def stores_into_first(a, b):
    for i in range(2):
        a[i] += b[i + 1]
    return np.sum(a * b)


def writes_out(a, b):
    np.add(a, 1.0, out=a)
    return np.sum(a * b)


def first_and_list(a, lst):
    a += 1.0
    return np.sum(a * lst[0])


def adds_to_zero_d(a, b):
    a += 1.0  # (a 0-d array: in place, though the generated code rebinds `a`)
    return a * b


def reads_only(a, b):
    return np.sum(a * b) + np.sum(np.sin(a) * b ** 2)


def doubles_global(a):
    a *= 2.0
    return np.sum(a * G)


def same(t):
    z = t.copy()
    return z, z


def overlapping(t):
    z = t.copy()
    return z[1:], z[:-1]


def in_a_list(t):
    z = t.copy()
    return z, [z[::-1]]


SHARED = [
    (doubles_first, same), (doubles_first, overlapping), (stores_into_first, same),
    (stores_into_first, overlapping), (writes_out, same), (writes_out, overlapping),
    (first_and_list, in_a_list),
]


def _with_grad(f):
    return lambda *args: sd.grad(f, wrt=tuple(range(len(args))))(*args)


TRANSFORMS = {
    "grad": _with_grad,
    "value_and_grad": lambda f: lambda *a: sd.value_and_grad(f, wrt=0)(*a),
    "jvp": lambda f: lambda *a: sd.jvp(f, wrt=0)(*a, tangents=np.ones_like(a[0])),
    "hvp": lambda f: lambda *a: sd.hvp(f, wrt=0)(*a, vector=np.ones_like(a[0])),
    "vjp": lambda f: lambda *a: sd.vjp(f, wrt=0)(*a)[1](1.0),
    "reference": lambda f: lambda *a: sd.grad(f, wrt=0, optimize=False)(*a),
}


def test_zero_d_array_passed_twice():
    s = np.array(2.0)
    with pytest.raises(sd.SrcdiffError, match="argument 'a' shares memory with argument 'b'"):
        sd.value_and_grad(adds_to_zero_d, wrt=(0, 1))(s, s)
    value, grads = sd.value_and_grad(adds_to_zero_d, wrt=(0, 1))(np.array(2.0), s)
    assert value == 6.0 and grads == (2.0, 3.0) and s == 2.0


@pytest.mark.parametrize("mode", TRANSFORMS)
@pytest.mark.parametrize("f, build", SHARED, ids=lambda v: v.__name__)
def test_shared_memory_refused(f, build, mode):
    with pytest.raises(sd.SrcdiffError, match="shares memory with"):
        TRANSFORMS[mode](f)(*build(X))


def test_refused_after_a_call_of_separate_arrays():
    # the steady-state entry (api/seeded.py) runs the same check
    df = sd.grad(doubles_first, wrt=(0, 1))
    for _ in range(2):
        df(X.copy(), X.copy())
    z = X.copy()
    with pytest.raises(sd.SrcdiffError, match="argument 'a' shares memory with argument 'b'"):
        df(z, z)


def test_global_passed_as_the_argument_it_changes():
    with pytest.raises(sd.SrcdiffError, match="shares memory with the global 'G'"):
        sd.grad(doubles_global)(G)
    assert_close(sd.grad(doubles_global)(X.copy()), 2.0 * G)


def _flat(x):
    if isinstance(x, (list, tuple)):
        return np.concatenate([_flat(v) for v in x])
    return np.ravel(np.asarray(x, dtype=float))


def _chained_fd(f, build, eps=1e-6):
    out = np.zeros(X.size)
    for k in range(X.size):
        e = np.zeros(X.size)
        e[k] = eps
        out[k] = (np.sum(f(*build(X + e))) - np.sum(f(*build(X - e)))) / (2 * eps)
    return out


def disjoint(t):
    z = t.copy()
    return z[:3], z[3:]


def interleaved(t):
    z = t.copy()
    return z[::2], z[1::2]


ACCEPTED = [(doubles_first, disjoint), (doubles_first, interleaved),
            (stores_into_first, disjoint), (reads_only, same), (reads_only, overlapping)]


@pytest.mark.parametrize("f, build", ACCEPTED, ids=lambda v: v.__name__)
def test_apart_or_unchanged_arguments_still_differentiated(f, build):
    args = build(X)
    grads = sd.grad(f, wrt=(0, 1))(*args)
    jac = np.stack([_flat(build(np.eye(X.size)[k])) for k in range(X.size)])
    assert_close(jac @ _flat(grads), _chained_fd(f, build))


class Model:
    """A method reading ``self.w`` that writes into its argument: called on ``m.w`` itself,
    the write changes what ``self.w`` reads (found by hand in session 40: the gradient was
    the unaliased function's, [2, 4, 6] where Python's is [8, 16, 24])."""

    def __init__(self, w, inner=None):
        self.w = w
        self.inner = inner

    def loss(self, a):
        a *= 2.0
        return np.sum(a * self.w)

    def deep_loss(self, a):
        a *= 2.0
        return np.sum(a * self.inner.w)


@pytest.mark.parametrize("mode", ["grad", "value_and_grad", "vjp", "reference"])
def test_argument_held_by_the_bound_object_refused(mode):
    m = Model(X.copy())
    with pytest.raises(sd.SrcdiffError, match="argument 'a' shares memory with `self`"):
        TRANSFORMS[mode](m.loss)(m.w)
    with pytest.raises(sd.SrcdiffError, match="shares memory with `self`"):
        TRANSFORMS[mode](m.loss)(m.w[1:])  # (a view of it)


def test_argument_held_by_an_attribute_of_the_bound_object_refused():
    m = Model(X.copy(), inner=Model(G.copy()))
    with pytest.raises(sd.SrcdiffError, match="shares memory with `self`"):
        sd.grad(m.deep_loss)(m.inner.w)
    # (the object's attributes are read at each call: rebound after the first call)
    df = sd.grad(m.loss)
    assert_close(df(X.copy()), 2.0 * X)  # d/da sum(2a * w) = 2w, w = X: hand-written
    z = X.copy()
    m.w = z
    with pytest.raises(sd.SrcdiffError, match="shares memory with `self`"):
        df(z)


def test_bound_object_holding_other_arrays_still_differentiated():
    m = Model(G.copy(), inner=Model(X.copy()))
    a = X.copy()
    grad = sd.grad(m.loss)(a)
    eps = 1e-6
    fd = np.array([(Model(G.copy()).loss(a + eps * e) - Model(G.copy()).loss(a - eps * e))
                   / (2 * eps) for e in np.eye(a.size)])
    assert_close(grad, fd)
    assert_close(a, X)  # (the transform leaves its argument as passed)
