"""Functions srcdiff must reject, each with a clear message (tests/front/test_errors.py)."""

import numpy as np


def uses_class(x):
    class Box:
        pass
    return x


def uses_global(x):
    global SOMETHING  # (assigned below: a `global` only read is dropped, front/deletions.py)
    SOMETHING = x
    return x


def uses_nonlocal(x):
    def inner():
        def deeper():
            nonlocal x
            x = 2.0
        deeper()
    inner()
    return x


def nonlocal_read_before_the_call(x):
    acc = x[0]

    def scale(v):
        nonlocal acc
        acc = acc * v
        return 1.0
    return acc + scale(x[1])

def uses_yield(x):
    yield x


def uses_try(x):
    try:
        y = x * 2.0
    except ValueError:
        y = x
    return y


def uses_with(x):
    with open("f") as f:  # noqa: F841
        y = x
    return y


def uses_del(x):  # (`del name` is dropped when nothing reads it again: deletions.py)
    ys = [x, x * 2.0]
    del ys[0]
    return ys[0]


def pops_for_the_effect(x):
    window = [x[0], x[1]]
    window.pop(0)
    return window[0]


def uses_lambda(x):
    fs = [lambda v: v * x]
    return fs[0](x)


def no_rule(x):
    return np.fft.fftshift(x) + np.i0(x)


def walrus_read_before(x):
    y = x * 3.0
    return y + (y := x * 2.0)


def in_place_method(x):
    y = x * 2.0
    y.partition(1)
    return np.sum(y)


def no_return(x):
    y = x * 2.0  # noqa: F841


def varargs(*xs):
    return xs[0]


def wrt_unknown(x):
    return x * 2.0


def reserved_name(x):
    np = 3.0
    return x * np


def binds_slice(x):
    slice = x[1:]  # generated code calls the builtin slice(...) for the adjoint of x[1:]
    return np.sum(slice * x[:-1])


def len_parameter(x, len=2.0):
    return x * len


def helper_parameter(x, finish=2.0):
    # a parameter of a run-time helper's name shadowed it in the generated function
    # (TypeError: 'float' object is not callable)
    return np.sum(x * finish)


def grad_ys_parameter(x, grad_ys=2.0):
    # a second `grad_ys` in the generated signature: SyntaxError when it was loaded
    return np.sum(x * grad_ys)


def calls_local_variable(x, f):
    return f(x)


def uses_out_keyword(x):
    y = np.zeros_like(x)
    np.multiply(x, 2.0, out=y[:])  # (out=y, a variable, is followed: a store)
    return np.sum(y)


def out_keyword_assigned(x):
    y = np.zeros_like(x)
    z = np.multiply(x, 2.0, out=(y,))
    return np.sum(z)


def keyword_only(x, *, scale=2.0):
    return x * scale


seed = 3.0


def reads_global_named_like_helper(x):
    return x * seed


def walrus_in_lambda(x):
    f = lambda v: (w := v * 2.0) + w  # noqa: E731
    return f(x)


def _pair_sum(*xs):
    return xs[0] + xs[1]


def starred_call(x):
    parts = [x[0], x[1]]
    return _pair_sum(*parts)


def temporaries_only(x):
    """Its ANF has temporaries named `sin` and `mul`; the user wrote neither name."""
    return np.sin(x) * 2.0


def enumerate_zip_not_unpacked(x):
    t = 0.0
    for i, pair in enumerate(zip(x, x)):
        t = t + pair[0] * i
    return t


def nested_def_in_branch(x):
    if x[0] > 0.0:
        def g(v):
            return v * 2.0
    else:
        def g(v):
            return v * 3.0
    return g(x[1])
