"""Arguments for tests/support/realistic49_programs.py: ``CASES`` are ``(fn, argsets, wrt)``
(``wrt`` None: every float argument), ``LOOPED`` the programs with a loop (checkpoint mode),
``NUMBA`` those tried under backend="numba", ``ROUGH`` those not smooth enough for hvp's
differences of differences. Points are away from kinks: no ties in max/min/sort, no value
on a np.where, max or branch boundary."""

import numpy as np

import realistic49_programs as rp

_rng = np.random.default_rng(4949)


def _n(*shape):
    return _rng.standard_normal(shape)


def _u(lo, hi, *shape):
    return _rng.uniform(lo, hi, shape)


_T = np.linspace(0.0, 2.0, 6)
_X3 = _n(6, 2)

CASES = [
    (rp.particle_filter_fixed, [(_n(4), 0.7, 0.9, _n(4, 5), _rng.integers(0, 5, (4, 5)))],
     (1, 2)),
    (rp.gauss_newton_exp_fit, [(_T, 2.0 * np.exp(-0.7 * _T) + 0.05 * _n(6),
                                np.array([1.8, 0.6]))], (1, 2)),
    (rp.em_gmm_1d, [(np.concatenate([_n(4) - 2.0, _n(4) + 2.0]), np.array([-1.0, 1.0]),
                     np.array([1.0, 1.2]), np.array([0.4, 0.6]))], None),
    (rp.finite_volume_minmod, [(np.sin(np.linspace(0, 2 * np.pi, 7, endpoint=False)) + 0.3
                                * np.cos(np.arange(7.0) * 2.3), 0.4, 3)], (0, 1)),
    (rp.inventory_clip, [(np.array([3.1, 6.2, 4.7, 2.3]), np.array([2.5, 3.3, 4.1, 1.7]),
                          8.5, 2.0, 0.3)], (0, 1, 2)),
    (rp.lindley_queue, [(np.array([1.2, 0.4, 1.5, 0.9, 1.1]),
                         np.array([0.8, 1.3, 0.7, 1.6, 0.5]))], None),
    (rp.bilinear_warp, [(_n(4, 4), _u(0.1, 0.9, 3, 3), _u(0.1, 0.9, 3, 3))], None),
    (rp.hermite_chaos, [(np.array([0.5, 1.0, -0.3, 0.2, 0.1]), _n(6))], None),
    (rp.running_stats_inplace, [(_n(5, 3) * np.array([1.0, 2.0, 0.5]), 0.7)], None),
    (rp.mlp_param_dict, [({"W1": _n(2, 3), "b1": _n(3), "W2": _n(3, 1), "b2": _n(1)},
                          _n(4, 2), _n(4, 1))], (0, 1)),
    (rp.spring_while, [(2.0, 0.3, 1.1)], None),
    (rp.sir_epidemic, [(0.9, 0.25, 0.02)], None),
    (rp.kuramoto, [(_u(-1, 1, 4), _u(0.5, 1.5, 4), 1.3)], None),
    (rp.arm_kinematics, [(_u(-1, 1, 3), np.array([1.0, 0.8, 0.5]), np.array([1.2, 0.9]))],
     None),
    (rp.cox_partial_lik, [(_n(2), _n(6, 2), np.array([1.0, 0.0, 1.0, 1.0, 0.0, 1.0]))],
     (0, 1)),
    (rp.ista_lasso, [(_n(5, 3), _n(5), 0.4)], None),
    (rp.rk_adaptive, [(1.3, 2.1)], None),
    (rp.projectile_drag, [(12.0, 0.8, 0.05)], None),
    (rp.newton_cubic_early_return, [(2.0, 3.7)], None),
    (rp.triplet_margin, [(_n(5, 2), _n(5, 2), _n(5, 2), 0.8)], None),
    (rp.chamfer_distance, [(_n(4, 2), _n(3, 2))], None),
    (rp.wasserstein_1d_sorted, [(_n(5), _n(5))], None),
    (rp.poisson_irls, [(_X3 * 0.5, np.array([1.0, 2.0, 0.0, 3.0, 1.0, 2.0]),
                        np.array([0.1, -0.1]))], (0, 2)),
    (rp.gumbel_softmax_fixed, [(_n(3, 4), _n(3, 4), 0.7)], None),
    (rp.pinhole_projection, [(np.column_stack([_n(4), _n(4), _u(3, 5, 4)]), 1.5,
                              np.array([0.1, -0.2, 0.3]))], None),
    (rp.cholesky_whitening, [(_n(3, 3), _n(3))], None),
    (rp.portfolio_einsum, [(_u(0, 1, 3), _n(6, 3) * 0.1, 2.0)], None),
    (rp.markov_chain_score, [(_n(3, 3), [0, 1, 2, 2, 0, 1])], None),
    (rp.td0_value, [(_n(3), _n(5), np.array([0, 1, 2, 1, 0, 2]), 0.3, 0.9)], None),
    (rp.negative_base_powers, [(_u(0.5, 1.5, 4), _n(4))], None),
    (rp.bezier_casteljau, [(_n(4, 2), np.linspace(0.0, 1.0, 5))], (0,)),
    (rp.linear_interp_index, [(np.array([0.0, 1.0, 2.5, 4.0]), _n(4), np.array([0.3, 1.7, 3.1]),
                               np.array([0, 1, 2]))], (0, 1, 2)),
    (rp.residual_stack, [(_n(3, 3) * 0.5, _n(3, 3) * 0.5, _n(2, 3))], None),
    (rp.fitzhugh_nagumo, [(0.7, 0.8, 0.5)], None),
    (rp.masked_attention_bias, [(_n(3, 2), _n(4, 2), _n(4, 2), np.array([2, 4, 3]))], None),
    (rp.elo_ratings, [(np.array([1500.0, 1520.0, 1480.0]),
                       [(0, 1), (2, 0), (1, 2), (0, 2)], 24.0)], None),
    (rp.boolean_index_tricks, [(_n(6), _u(0.5, 1.5, 6))], None),
    (rp.gru_scan_scores, [([_n(2) for _ in range(3)], 0.5 * _n(3, 5), 0.5 * _n(3, 5), _n(3))],
     None),
    (rp.logsumexp_hinge, [(_n(3, 4), np.array([0, 2, 3]))], None),
]

LOOPED = {"particle_filter_fixed", "gauss_newton_exp_fit", "em_gmm_1d", "finite_volume_minmod",
          "inventory_clip", "lindley_queue", "hermite_chaos", "running_stats_inplace",
          "mlp_param_dict", "spring_while", "sir_epidemic", "kuramoto", "ista_lasso",
          "rk_adaptive", "projectile_drag", "newton_cubic_early_return", "poisson_irls",
          "markov_chain_score", "td0_value", "bezier_casteljau", "residual_stack",
          "fitzhugh_nagumo", "elo_ratings", "gru_scan_scores", "logsumexp_hinge"}
# (finite_volume_minmod, kuramoto, ista_lasso, cox_partial_lik and poisson_irls are right
# under numba too, but compiling them cold takes ~25 s: left out to keep the file fast)
NUMBA = {"lindley_queue", "hermite_chaos", "spring_while", "fitzhugh_nagumo", "td0_value"}
ROUGH = {"inventory_clip", "lindley_queue", "finite_volume_minmod", "ista_lasso",
         "triplet_margin", "chamfer_distance", "rk_adaptive", "projectile_drag",
         "running_stats_inplace", "boolean_index_tricks", "logsumexp_hinge"}

CASES += [
    (rp.thomas_tridiagonal, [(_u(-1, 1, 5), _u(3, 4, 5), _u(-1, 1, 5), _n(5))], None),
    (rp.duplicate_index_writes, [(_n(5), _n(4), np.array([1, 3, 1, 0]))], None),
    (rp.scatter_add_duplicates, [(_n(5), _n(4), np.array([1, 3, 1, 0]))], None),
    (rp.view_inplace_alias, [(_n(6), 1.3)], None),
    (rp.column_write_transposed, [(_n(3, 3), _n(3))], None),
    (rp.scalars_via_item, [(_n(3), _n(3))], None),
    (rp.tolist_loop, [(_n(4), _n(4))], None),
    (rp.ufunc_out_argument, [(_n(4), _n(4))], None),
    (rp.sort_in_place_method, [(_n(6), _u(0.5, 1.5, 6))], None),
    (rp.sqrt_behind_where, [(np.array([-1.3, 0.7, -0.4, 2.1]),)], None),
    (rp.float_power_negative_base, [(np.array([-1.3, 0.7, -0.4, 2.1]), _n(4))], None),
    (rp.generator_sum_cond, [(_n(4), np.array([0.7, -1.2, 1.9, -0.3]))], None),
    (rp.pad_gradient_trapz, [(_n(6), 0.3)], None),
    (rp.take_along_argmax, [(_n(4, 3), _n(3))], None),
    (rp.slogdet_inverse, [(_n(3, 3), _n(3))], None),
    (rp.list_params_sgd, [([_n(2, 1), _n(1)], _n(5, 2), _n(5, 1))], (0, 1)),
    (rp.while_and_or, [(_n(3), 1e-2)], (0,)),
    (rp.tuple_swap_fib, [(0.7, 1.3)], None),
    (rp.convolve_kernel, [(0.5 * _n(6), np.array([0.2, 0.5, 0.3]))], None),
    (rp.fill_and_put, [(_n(4),)], None),
]
LOOPED |= {"thomas_tridiagonal", "scalars_via_item", "tolist_loop", "list_params_sgd",
           "while_and_or", "tuple_swap_fib"}
NUMBA |= {"thomas_tridiagonal", "view_inplace_alias", "duplicate_index_writes"}
ROUGH |= {"sort_in_place_method", "take_along_argmax", "convolve_kernel", "generator_sum_cond"}

CASES += [
    (rp.stencil_view_not_copy, [(_n(6), 0.2)], None),
    (rp.reshape_view_write, [(_n(6), 1.3)], None),
    (rp.relu_by_mask_product, [(_n(3, 2), _n(2, 3))], None),
    (rp.fill_diagonal_precision, [(_n(3, 3), _n(3))], None),
    (rp.robust_stats, [(_n(5), _u(0.5, 1.5, 5))], None),
    (rp.while_true_break_nested, [(_n(3), 1e-12)], (0,)),
    (rp.list_multiplied_aliases, [(_n(3), 0.7)], None),
    (rp.angles_and_norms, [(_n(3, 2), _n(3, 2))], None),
    (rp.split_and_batched_solve, [(_n(4, 2), _n(2, 2))], None),
    (rp.functional_helpers, [(_n(3), _n(3))], None),
    (rp.python_builtins_on_arrays, [(_n(4), _n(3, 2))], None),
    (rp.nonzero_gather, [(np.array([0.7, -1.2, 1.9, -0.3]), np.array([-0.4, 0.8, 1.1, -2.0]))],
     None),
    (rp.try_assert_global, [(_n(4),)], None),
    (rp.maximum_out_inplace, [(np.array([0.7, -1.2, 1.9, -0.3]), np.array([0.1, 0.2, -0.3, 0.4]))],
     None),
    (rp.max_initial_where, [(_n(4), np.array([0.4, -0.8, 1.1, -2.0]))], None),
    (rp.recursion_loss, [(_n(3),)], None),
]
LOOPED |= {"stencil_view_not_copy", "while_true_break_nested", "list_multiplied_aliases",
           "functional_helpers"}
NUMBA |= {"stencil_view_not_copy", "reshape_view_write", "relu_by_mask_product"}
ROUGH |= {"relu_by_mask_product", "robust_stats", "python_builtins_on_arrays",
          "maximum_out_inplace", "max_initial_where", "angles_and_norms"}

CASES += [
    (rp.chained_assignment_alias, [(_n(4), 0.8)], None),
    (rp.rows_scaled_while_iterating, [(_n(3, 2), 1.3)], None),
    (rp.chained_subscript_store, [(_n(3, 3), _n(3))], None),
    (rp.store_into_fancy_copy, [(_n(4), 0.9)], None),
    (rp.ravel_flip_views, [(_n(4), 1.4)], None),
    (rp.asarray_of_argument, [(_n(3), _n(3))], None),
    (rp.dict_entry_aliases, [(_n(3), _n(3))], None),
    (rp.atleast_2d_stack, [(_n(3), _n(3))], None),
    (rp.scalar_array_build, [(0.8, -1.3)], None),
]
LOOPED |= {"rows_scaled_while_iterating", "chained_subscript_store"}
NUMBA |= {"chained_subscript_store", "scalar_array_build"}

_X4 = np.array([-1.3, 0.7, 2.0, 0.4])
CASES += [
    (rp.prefix_pass_overlapping, [(_X4,)], None),
    (rp.reverse_in_place, [(_X4,)], None),
    (rp.neighbour_product_in_place, [(_X4,)], None),
    (rp.negative_step_store, [(_X4, np.array([0.3, -0.5]))], None),
    (rp.newaxis_ellipsis_outer, [(_n(3, 2),)], None),
    (rp.star_args_helper, [(_X4, _n(4))], None),
    (rp.cumsum_into_itself, [(_X4,)], None),
    (rp.swap_by_tuple_and_fancy, [(_X4,)], None),
    (rp.late_binding_lambdas, [(_X4,)], None),
]
NUMBA |= {"prefix_pass_overlapping", "neighbour_product_in_place", "negative_step_store"}
NUMBA |= {"sir_epidemic", "newton_cubic_early_return", "negative_base_powers", "while_and_or",
          "tuple_swap_fib", "asarray_of_argument", "gauss_newton_exp_fit", "cholesky_whitening",
          "portfolio_einsum"}
