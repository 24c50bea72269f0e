"""JAX's Python-control-flow gradient tests, the NumPy-expressible kinds, in our words.

From jax tests/core_test.py (its ``test_specs``: nested functions, closures over
outer variables, functions passed to a calling helper, dict and nested-tuple inputs
with a nested list/tuple output), tests/api_test.py (``argnums``, keyword flags,
multiple outputs) and JAX's "control flow" documentation (an ``if`` that returns from
each branch, loops whose length is an argument or a shape, ``while`` loops). ``jit``,
``vmap`` and ``lax`` loops have no NumPy counterpart; JAX's ``call(f, *args)`` (a
``jit`` of ``f``) is a plain Python call here. ``CASES`` pairs each function with
its arguments; ``WRT`` names the differentiated positions where not every float one.
"""

import numpy as np

_rng = np.random.default_rng(42)


def R(*shape):
    return _rng.standard_normal(shape)


def call(f, *args):
    """JAX's core_test ``call``: run ``f`` (there under ``jit``)."""
    return f(*args)


def sin_of_product(x, y):
    return np.sin(x * y)


def sin_of_product_fanout(x, y):
    return np.sin(x * y) * x


def sin_through_call(x):
    return call(np.sin, x)


def nested_closures(x):
    def f(y):
        y2 = np.sin(y) + 1.0 + (2.0 * x)

        def g(z):
            return y2 * z * x + (x * y)

        return g(y)

    return f(x)


def nested_closures_through_call(x):
    def f(y):
        y2 = np.sin(y) + 1.0 + (2.0 * x)

        def g(z):
            return y2 * z * x + (x * y)

        return call(g, y)

    return call(f, x)


def closure_called_at_argument(x):
    def g(z):
        return x * z

    return g(x)


def two_calls(x):
    return call(np.sin, x) + call(np.cos, x)


def closure_with_two_parameters(x):
    def foo(y, z):
        return (x * x) * np.sin(y) * z

    return foo(x, np.cos(x)) + x


def lambdas_over_closures(x):
    def bar(y):
        def baz(w):
            q = (lambda u: y)(x)
            q = q + (lambda: y)()
            q = q + (lambda y: w + y)(y)
            q = (lambda w: np.sin(x) * y)(1.0) + q
            return q

        return baz(x + 1.0)

    return bar(x)


def dict_and_nested_tuple_io(x, y):
    xa = x['a']
    xb = x['b']
    y1, (y2, y3) = y
    return np.sin(xa + y2), [xb, (y1, y3)]


def weighted_sum_with_flag(x, y, z, flag=False):
    if flag:
        return 1.0 * x + 2.0 * y + 3.0 * z
    return x


def flag_passed(x, y, z):
    return weighted_sum_with_flag(x, y, z, flag=True)


def return_from_each_branch(x):
    if x < 3:
        return 3.0 * x ** 2
    else:
        return -4 * x


def early_return_in_loop(x, n):
    for i in range(n):
        x = np.sin(x) + x
        if x > 5.0:
            return x * 2.0
    return x


def loop_of_argument_length(length, val):
    for i in range(length):
        val = val + 1
    return val * val


def loop_over_shape(x):
    y = 0.0
    for i in range(x.shape[0]):
        y = y + x[i]
    return y * y


def while_doubling(x):
    while x < 10:
        x = 2 * x
    return x


def while_counting(x, n):
    i = 0
    while i < n:
        x = np.cos(x) * x + x
        i += 1
    return x


def dot_with_itself(x):
    return np.dot(x, x)


def tuple_of_outputs(x, y):
    return x * y, np.sin(x) + y


def closure_in_loop(x, n):
    acc = 0.0
    for i in range(n):
        def term(u):
            return u * x + i

        acc = acc + term(acc + 1.0)
    return acc


def recursion_on_count(x, n):
    if n == 0:
        return x
    return recursion_on_count(np.sin(x) * x, n - 1)


def comprehension_of_powers(x):
    return sum([x ** k for k in range(1, 4)])


def max_of_two_branches(x, y):
    if np.sum(x) > np.sum(y):
        m = x * 2.0
    else:
        m = y * 3.0
    return np.sum(m * x)


def scalars():
    return (0.7, -1.3, 2.4)


CASES = [
    (sin_of_product, [(R(3, 2), R(3, 2))]),
    (sin_of_product_fanout, [(R(3, 2), R(3, 2))]),
    (sin_through_call, [(R(3, 2),), (0.4,)]),
    (nested_closures, [(R(3, 2),), (0.4,)]),
    (nested_closures_through_call, [(R(3, 2),), (0.4,)]),
    (closure_called_at_argument, [(R(3, 2),), (0.4,)]),
    (two_calls, [(R(3, 2),), (0.4,)]),
    (closure_with_two_parameters, [(R(3, 2),), (0.4,)]),
    (lambdas_over_closures, [(R(3, 2),), (0.4,)]),
    (dict_and_nested_tuple_io, [({'a': R(2, 2), 'b': R(2, 2)}, (R(2, 2), (R(2, 2), R(2, 2))))]),
    (flag_passed, [(1.0, 2.0, 3.0), (R(3), R(3), 0.5)]),
    (return_from_each_branch, [(2.0,), (4.0,), (-1.5,)]),
    (early_return_in_loop, [(v, n) for v in scalars() for n in (1, 2, 4)]),
    (loop_of_argument_length, [(n, v) for v in scalars() for n in (0, 1, 3)]),
    (loop_over_shape, [(R(3),), (R(1),)]),
    (while_doubling, [(0.7,), (3.0,), (12.0,), (R(1)[0] + 2.5,)]),
    (while_counting, [(v, n) for v in scalars() for n in (0, 2)]),
    (dot_with_itself, [(R(4),)]),
    (tuple_of_outputs, [(0.3, -0.8), (R(3), R(3))]),
    (closure_in_loop, [(v, n) for v in scalars() for n in (1, 3)]),
    (recursion_on_count, [(v, n) for v in scalars() for n in (0, 1, 3)]),
    (comprehension_of_powers, [(v,) for v in scalars()] + [(R(3),)]),
    (max_of_two_branches, [(R(3), R(3)), (R(3) + 1.0, R(3))]),
]
WRT = {}


def named_lambdas_over_closures(x):
    def bar(y):
        def baz(w):
            first = lambda u: y  # noqa: E731
            second = lambda: y  # noqa: E731
            third = lambda y: w + y  # noqa: E731
            fourth = lambda w: np.sin(x) * y  # noqa: E731
            return first(x) + second() + third(y) + fourth(1.0)

        return baz(x + 1.0)

    return bar(x)


def call_of_user_function(x):
    return call(sin_of_product, x, x)


CASES += [
    (named_lambdas_over_closures, [(R(3, 2),), (0.4,)]),
    (call_of_user_function, [(R(3, 2),), (0.4,)]),
]
