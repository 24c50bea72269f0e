"""Arguments for tests/support/outsider_programs.py's programs and the modes each runs in.

``CASES``: (program, argument tuples, wrt positions or None). ``LOOPED``: programs with a loop
(they also run with ``checkpoint="sqrt"``). ``NUMBA``: programs cheap enough for the numba
backend. ``ROUGH``: programs with kinks (max, min, abs, where, sorting) whose Hessian-vector
product is not asked for.
"""

import numpy as np

import outsider_programs as op

_rng = np.random.default_rng(44)


def _n(*shape):
    return _rng.standard_normal(shape)


_X8 = _n(8, 3)
_y8 = (_rng.random(8) > 0.5).astype(float)
_mask = np.tril(np.ones((4, 4), dtype=bool))
_lstm = {"Wx": 0.3 * _n(2, 12), "Wh": 0.3 * _n(3, 12), "b": 0.1 * _n(12)}
_mlp = {"W1": 0.5 * _n(3, 4), "b1": 0.1 * _n(4), "W2": 0.5 * _n(4, 2), "b2": 0.1 * _n(2)}

CASES = [
    (op.rk4_integrate, [(np.array([1.0, 0.5]), {"alpha": 1.1, "beta": 0.4, "delta": 0.1,
                                                "gamma": 0.4})], None),
    (op.spring_mass, [(np.array([0.0, 1.1, 2.05, 3.2]), 0.1 * _n(4), 3.0, 5)], None),
    (op.heat_stencil, [(_n(7), 0.2)], None),
    (op.particle_filter, [(np.array([0.8, 0.5]), _n(4), _n(4, 6))], (0,)),
    (op.kalman_1d, [(0.1, 0.5, [0.3, -0.2, 0.8, 1.1])], None),
    (op.logreg_minibatch, [(0.1 * _n(3), _X8, _y8)], (0,)),
    (op.lstm_cell, [(_lstm, [_n(2), _n(2), _n(2)])], None),
    (op.attention, [(_n(4, 3), _n(4, 3), _n(4, 2), _mask)], None),
    (op.soft_kmeans, [(_n(2, 2), _n(6, 2))], None),
    (op.poisson_glm, [(0.1 * _n(3), _X8, np.array([0, 1, 2, 0, 3, 1, 0, 2.0]))], (0,)),
    (op.mlp_loss, [(_mlp, _X8, _n(8))], (0,)),
    (op.softmax_xent, [(_n(5, 3), np.array([0, 2, 1, 1, 0]))], None),
    (op.gp_nll, [(np.array([0.1, 0.2, -1.0]), _n(5), _n(5))], None),
    (op.black_scholes_call, [(1.05, 1.0, 0.7, 0.02, 0.25)], None),
    (op.mc_call_price, [(1.02, 0.3, _n(50))], (0, 1)),
    (op.sqrt_newton, [(2.5,), (0.4,)], None),
    (op.plumbing, [(_n(3),)], None),
    (op.method_loss, [(_n(3), _X8, _n(8))], None),
    (op.call_varargs, [(_n(3), _n(3), _n(3))], None),
    (op.comprehensions, [([0.3, 1.2, -0.7], [1.5, -0.5, 2.0])], None),
    (op.builtins_mix, [(0.7, 1.3, 0.4), (1.5, 0.2, 0.9)], None),
    (op.int_float_mix, [(_n(4), 6)], None),
    (op.fancy_updates, [(_n(3), _n(3))], None),
    (op.masked_stats, [(np.array([0.5, -0.3, 1.2, -1.7, 0.8]),)], None),
    (op.first_crossing, [(np.array([0.5, 0.9, 1.1, 0.3]),), (np.array([0.1, 0.2]),)], None),
    (op.growth_loop, [(0.3, np.array([1.0, 2.0, -0.5])), (2.0, np.array([3.0, 2.5]))], None),
    (op.power_iteration, [(np.array([[2.0, 0.5, 0.1], [0.5, 1.0, 0.2], [0.1, 0.2, 0.5]]),)],
     None),
    (op.tuple_returning_helper, [(_n(5),)], None),
    (op.huber_regression, [(_n(3), _X8, 2 * _n(8))], (0,)),
    (op.adam_inner, [(_n(3), _X8, _n(8))], None),
]

LOOPED = {"rk4_integrate", "spring_mass", "heat_stencil", "particle_filter", "kalman_1d",
          "logreg_minibatch", "lstm_cell", "soft_kmeans", "mlp_loss", "sqrt_newton",
          "call_varargs", "int_float_mix", "first_crossing", "growth_loop", "power_iteration",
          "adam_inner"}
NUMBA = {"heat_stencil", "kalman_1d", "poisson_glm", "softmax_xent", "black_scholes_call",
         "mc_call_price", "sqrt_newton", "builtins_mix", "fancy_updates", "masked_stats",
         "first_crossing", "growth_loop", "huber_regression", "spring_mass", "attention"}
ROUGH = {"particle_filter", "mc_call_price", "builtins_mix", "masked_stats", "first_crossing",
         "growth_loop", "huber_regression", "logreg_minibatch"}
