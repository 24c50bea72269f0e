"""Arguments for tests/support/outsider_programs2.py (as outsider_cases.py for the first set)."""

import numpy as np

import outsider_programs2 as op

_rng = np.random.default_rng(4402)


def _n(*shape):
    return _rng.standard_normal(shape)


_A3 = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.3, 0.4, 2.0]])

CASES = [
    (op.gauss_elim_solve, [(_A3, np.array([1.0, -2.0, 0.5]))], None),
    (op.hmm_forward, [(np.log(np.array([[0.7, 0.3], [0.2, 0.8]])),
                       np.log(np.array([[0.6, 0.3, 0.1], [0.1, 0.4, 0.5]])),
                       [0, 2, 1, 1])], None),
    (op.running_cumsum, [(_n(5),)], None),
    (op.fib_like, [(0.3, 0.8)], None),
    (op.view_scaling, [(_n(3, 3),)], None),
    (op.swap_entries, [(_n(4),)], None),
    (op.topk_mean, [(_n(6),)], None),
    (op.running_max_drawdown, [(np.array([1.0, 1.2, 1.1, 1.3, 0.9, 1.05]),)], None),
    (op.closure_and_lambda, [(np.array([0.5, -0.3, 1.2]), 0.1)], None),
    (op.namedtuple_model, [(op.Params(_n(3), 0.2), _n(6, 3))], (0,)),
    (op.history_stack, [(_n(3),)], None),
    (op.dict_state_rnn, [(_n(4, 3), 0.4 * _n(3, 3))], None),
    (op.while_true_bisection, [(5.0,), (0.7,)], None),
    (op.eig_top, [(_A3,)], None),
    (op.lstsq_fit, [(_n(6, 2), _n(6))], None),
    (op.inv_det, [(_A3,)], None),
    (op.interp_conv, [(_n(4),)], None),
    (op.masked_aug, [(np.array([0.5, -0.2, -0.9, 1.3]),)], None),
    (op.expit_stats, [(_n(4), np.array([1.0, 0.0, 1.0, 1.0]))], (0,)),
    (op.item_and_round, [(np.array([0.4, 1.1, 0.8, -0.2]),)], None),
    (op.rng_inside, [(0.3,)], None),
    (op.fill_empty, [(np.array([0.4, -0.7, 1.3]),)], None),
    (op.alias_argument, [(_n(3),)], None),
    (op.static_class_methods, [(_n(3),)], None),
    (op.items_loop, [({"w1": _n(2), "b1": _n(2), "w2": _n(3)},)], None),
]

LOOPED = {"gauss_elim_solve", "hmm_forward", "running_cumsum", "fib_like", "history_stack",
          "dict_state_rnn", "while_true_bisection", "fill_empty", "items_loop"}
NUMBA = {"gauss_elim_solve", "running_cumsum", "fib_like", "view_scaling", "swap_entries",
         "masked_aug", "fill_empty", "alias_argument", "running_max_drawdown"}
ROUGH = {"topk_mean", "running_max_drawdown", "closure_and_lambda", "masked_aug",
         "item_and_round", "rng_inside", "fill_empty"}
