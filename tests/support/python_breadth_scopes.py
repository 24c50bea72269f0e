"""Python-breadth cases, part 2: functions, closures, arguments, numbers and state.

Nested defs and closures, lambdas, default/keyword/*args arguments, int arithmetic mixed
with floats, the math module, builtins, augmented stores into subscripts and slices,
containers of arrays as state, module constants, isinstance checks, string-keyed dicts,
f-strings and asserts. ``CASES`` are ``(function, argument tuples, wrt or None)``.
"""

import math

import numpy as np

RATE = 0.25
WEIGHTS = (1.0, 2.0, 3.0)
CONFIG = {"scale": 2.0, "power": 3}


def closure_reads_outer(x, a):
    def inner(t):
        return a * t * t + x
    return inner(x) + inner(2.0 * x)


def closure_counter_outer_array(xs):
    offset = np.sum(xs)

    def shifted(v):
        return v - offset
    return np.sum(shifted(xs) ** 2)


def nested_def_two_levels(x):
    def outer(u):
        def inner(v):
            return v * u
        return inner(u + 1.0)
    return outer(x) * outer(x * x)


def closure_over_loop_value(xs):
    total = 0.0
    for k in range(3):
        def term(v):
            return v ** (k + 1)
        total = total + np.sum(term(xs))
    return total


def lambda_simple(x):
    sq = lambda t: t * t  # noqa: E731
    return sq(x) + sq(x + 1.0)


def lambda_captures(x, y):
    f = lambda t: t * y + x  # noqa: E731
    return f(x) * f(y)


def lambda_default(x):
    g = lambda t, s=2.0: s * t ** 2  # noqa: E731
    return g(x) + g(x, 0.5)


def helper_scaled(v, scale=2.0, power=2):
    return scale * v ** power


def defaults_and_keywords(x):
    return helper_scaled(x) + helper_scaled(x, power=3) + helper_scaled(v=x, scale=0.5)


def helper_star(*vals):
    s = 0.0
    for v in vals:
        s = s + v * v
    return s


def star_args_call(x, y):
    return helper_star(x, y, x * y)


def helper_kw_only(v, *, shift=1.0):
    return (v + shift) ** 2


def keyword_only_call(x):
    return helper_kw_only(x) + helper_kw_only(x, shift=-0.5)


def star_spread_call(x, y):
    pair = (x, y)
    return helper_scaled(*pair)


def int_floor_mod(x, n):
    q = n // 3
    r = n % 3
    return x * q + x ** 2 * r + 7 // 2 * x


def int_power_float(x, n):
    return x ** n + 2 ** n * x + x ** -1


def divmod_builtin(x, n):
    q, r = divmod(n, 4)
    return x * q - r * x * x


def float_floordiv(x):
    return (x * 3.0) % 2.0 + x


def math_module(x):
    return math.sin(x) * math.exp(-x) + math.sqrt(x) + math.log(x + 1.0) + math.pi * x


def math_mixed_numpy(x, xs):
    return math.cos(x) * np.sum(xs) + math.tanh(x) + math.hypot(x, 2.0)


def math_pow_atan2(x, y):
    return math.pow(x, 3) + math.atan2(y, x) + math.fabs(y)


def builtins_abs_min_max(x, y):
    return abs(x - y) + min(x, y) * max(x, 1.0)


def builtin_pow_round(x, n):
    return pow(x, 2) + round(n / 3) * x + pow(x, n)


def builtin_sum_start(xs):
    return sum(xs, 10.0) * sum([xs[0], xs[1]])


def subscript_augassign_loop(xs):
    ys = np.zeros_like(xs)
    for i in range(len(xs)):
        ys[i] += xs[i] * 2.0
        ys[i] *= xs[i]
    return np.sum(ys)


def slice_augassign_loop(m):
    out = m.copy()
    for i in range(1, out.shape[0]):
        out[i, :] += 0.5 * out[i - 1, :]
        out[i, 1:] -= out[i, :-1] * 0.1
    return np.sum(out ** 2)


def augassign_negative_index(xs):
    ys = xs * 1.0
    ys[-1] += ys[0] * ys[1]
    ys[::-1] *= 2.0
    return np.sum(ys ** 2)


def list_of_arrays_state(xs):
    history = [xs]
    for k in range(3):
        history.append(history[-1] * 0.5 + np.sin(history[-1]))
    return sum(np.sum(h) for h in history)


def dict_state(x):
    state = {"pos": x, "vel": 0.0}
    for _ in range(4):
        state["vel"] = state["vel"] - 0.1 * state["pos"]
        state["pos"] = state["pos"] + 0.1 * state["vel"]
    return state["pos"] ** 2 + state["vel"]


def tuple_state(x, y):
    s = (x, y)
    for _ in range(3):
        s = (s[1], s[0] * s[1] * 0.5)
    return s[0] + s[1]


def list_append_pop(xs):
    stack = []
    for v in xs:
        stack.append(v * v)
    last = stack.pop()
    return last + sum(stack)


def module_constants(x):
    return RATE * x ** 2 + sum(w * x for w in WEIGHTS)


def module_dict_constant(x):
    return CONFIG["scale"] * x ** CONFIG["power"]


def isinstance_scalar(x):
    if isinstance(x, np.ndarray):
        return np.sum(x ** 2)
    return x ** 2


def isinstance_int_arg(x, k):
    if isinstance(k, int):
        return x * k
    return x


def string_keyed_params(params, x):
    h = np.tanh(params["w"] * x + params["b"])
    return np.sum(h * params["v"])


def nested_dict_params(params, x):
    h = params["layer1"]["w"] * x + params["layer1"]["b"]
    return np.sum(params["layer2"]["w"] * h ** 2)


def fstring_and_assert(x, n):
    assert n > 0, f"n must be positive, got {n}"
    label = f"value {n}"
    msg = "x=%d" % n
    return x * len(label) + len(msg) * x ** 2


def print_free_branch(x, verbose=False):
    y = x * x
    if verbose:
        print(f"y = {y}")
    return y + x


def recursion_free_helper_chain(x):
    return helper_scaled(helper_scaled(x, 0.5), 0.5)


def int_counter_float_mix(xs):
    count = 0
    total = 0.0
    for v in xs:
        if v > 0:
            count += 1
            total += v
    return total / count + count * xs[0]


def len_and_shape(m):
    rows, cols = m.shape
    return np.sum(m) / (rows * cols) + m.size * m[0, 0]


def global_called_in_loop(xs):
    acc = xs
    for _ in range(2):
        acc = helper_scaled(acc, scale=RATE)
    return np.sum(acc)


CASES = [
    (closure_reads_outer, [(0.7, 1.5)], None),
    (closure_counter_outer_array, [(np.array([0.5, -1.0, 2.0]),)], None),
    (nested_def_two_levels, [(0.7,)], None),
    (closure_over_loop_value, [(np.array([0.5, -1.0, 2.0]),)], None),
    (lambda_simple, [(0.7,)], None),
    (lambda_captures, [(0.7, -1.3)], None),
    (lambda_default, [(0.7,)], None),
    (defaults_and_keywords, [(0.7,)], None),
    (star_args_call, [(0.7, -1.3)], None),
    (keyword_only_call, [(0.7,)], None),
    (star_spread_call, [(0.7, 1.3)], None),
    (int_floor_mod, [(0.7, 7), (0.7, -5)], (0,)),
    (int_power_float, [(0.7, 3), (1.3, 0)], (0,)),
    (divmod_builtin, [(0.7, 11)], (0,)),
    (float_floordiv, [(0.4,), (1.1,)], None),
    (math_module, [(0.7,)], None),
    (math_mixed_numpy, [(0.7, np.array([0.5, -1.0]))], None),
    (math_pow_atan2, [(0.7, -1.3)], None),
    (builtins_abs_min_max, [(0.7, -1.3), (1.7, 2.5)], None),
    (builtin_pow_round, [(0.7, 4), (1.2, 5)], (0,)),
    (builtin_sum_start, [(np.array([0.5, -1.0, 2.0]),)], None),
    (subscript_augassign_loop, [(np.array([0.5, -1.0, 2.0]),)], None),
    (slice_augassign_loop, [(np.arange(9.0).reshape(3, 3) * 0.1,)], None),
    (augassign_negative_index, [(np.array([0.5, -1.0, 2.0]),)], None),
    (list_of_arrays_state, [(np.array([0.5, -1.0, 2.0]),)], None),
    (dict_state, [(0.7,)], None),
    (tuple_state, [(0.7, 1.3)], None),
    (list_append_pop, [(np.array([0.5, -1.0, 2.0]),)], None),
    (module_constants, [(0.7,)], None),
    (module_dict_constant, [(0.7,)], None),
    (isinstance_scalar, [(0.7,), (np.array([0.5, -1.0]),)], None),
    (isinstance_int_arg, [(0.7, 3), (0.7, 2.5)], (0,)),
    (string_keyed_params, [({"w": np.array([0.5, -1.0]), "b": np.array([0.1, 0.2]),
                             "v": np.array([1.0, 2.0])}, 0.3)], None),
    (nested_dict_params, [({"layer1": {"w": np.array([0.5, -1.0]), "b": 0.1},
                            "layer2": {"w": np.array([1.0, 2.0])}}, 0.3)], None),
    (fstring_and_assert, [(0.7, 3)], (0,)),
    (print_free_branch, [(0.7,)], None),
    (recursion_free_helper_chain, [(0.7,)], None),
    (int_counter_float_mix, [(np.array([0.5, -1.0, 2.0]),)], None),
    (len_and_shape, [(np.arange(6.0).reshape(2, 3) * 0.1,)], None),
    (global_called_in_loop, [(np.array([0.5, -1.0, 2.0]),)], None),
]
