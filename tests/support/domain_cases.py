"""Arguments for tests/support/domain_programs.py and domain_programs2.py: ``CASES`` are
``(fn, argsets, wrt)`` (``wrt`` None: every float argument), ``LOOPED`` the programs with a
loop (checkpoint mode), ``NUMBA`` those tried under backend="numba", ``ROUGH`` those not
smooth enough for hvp's differences of differences."""

import numpy as np

import domain_programs as dp
import domain_programs2 as dq

_rng = np.random.default_rng(4646)


def _n(*shape):
    return _rng.standard_normal(shape)


def _u(lo, hi, *shape):
    return _rng.uniform(lo, hi, shape)


_MASK = np.array([[True, False, True], [True, True, False], [False, True, True],
                  [True, True, True]])
_B, _A = np.array([0.2, 0.4, 0.2]), np.array([-0.5, 0.3])
_F = np.array([[1.0, 0.1], [0.0, 0.95]])

CASES = [
    (dp.bs_call_ndtr, [(_u(80, 120, 3), _u(90, 110, 3), _u(0.1, 0.4, 3))], None),
    (dp.bs_put_erf, [(_u(80, 120, 3), _u(90, 110, 3), _u(0.1, 0.4, 3))], None),
    (dp.binomial_tree_american, [(100.0, 105.0, 0.25)], None),
    (dp.binomial_tree_european_inplace, [(100.0, 97.0, 0.2)], None),
    (dp.implied_vol_newton, [(9.5, 100.0, 98.0)], None),
    (dp.biquad_lowpass, [(_n(8), _B, _A)], None),
    (dp.iir_direct_form2, [(_n(7), _B, np.array([1.0, -0.4, 0.2]))], None),
    (dp.ema_filter, [(_n(6), 0.3)], None),
    (dp.kalman_filter_nd, [(_n(4, 2), _F, 0.1 * np.eye(2), 0.5 * np.eye(2))], None),
    (dp.rts_smoother, [(_n(6), 0.9, 0.2, 0.5)], None),
    (dp.gru_cell_sequence, [(_n(3, 2), 0.5 * _n(3, 5), 0.5 * _n(3, 5), 0.5 * _n(3, 5),
                             _n(3))], None),
    (dp.lstm_stacked_gates, [(_n(3, 2), 0.5 * _n(12, 2), 0.5 * _n(12, 3), _n(12))], None),
    (dp.batch_norm_train, [(_n(5, 3), _u(0.5, 1.5, 3), _n(3))], None),
    (dp.layer_norm, [(_n(3, 4), _u(0.5, 1.5, 4), _n(4))], None),
    (dp.rms_norm, [(_n(2, 5), _n(5))], None),
    (dp.masked_attention, [(_n(4, 2), _n(3, 2), _n(3, 2), _MASK)], None),
    (dp.causal_attention_tril, [(_n(4, 3), _n(3, 2), _n(3, 2))], None),
    (dp.logsumexp_stable, [(_n(5),)], None),
    (dp.log_softmax_rows, [(_n(4, 3), np.array([0, 2, 1, 2]))], None),
    (dp.huber_loss, [(np.array([0.3, 2.5, -1.7, 0.1]), np.array([0.0, 0.2, 0.4, -0.5]))],
     None),
    (dp.quantile_loss, [(np.array([0.3, 2.5, -1.7]), np.array([0.0, 0.2, 0.4]))], None),
    (dp.smooth_l1_and_logcosh, [(_n(4), _n(4))], None),
    (dp.newton_sqrt_while, [(2.5,), (0.7,)], None),
    (dp.fixed_point_kepler, [(_u(0.2, 3.0, 3), 0.3)], None),
    (dp.newton_vector_root, [(_n(3),)], None),
    (dq.leapfrog_spring, [(_n(3), _n(3), _u(0.5, 2.0, 3))], None),
    (dq.pendulum_rk4, [(0.4, -0.2, 9.81)], None),
    (dq.mass_chain_inplace, [(_n(4), _n(4), 1.3)], None),
    (dq.velocity_verlet_2d, [(np.array([[1.0, 0.2], [0.3, -1.1]]), 0.3 * _n(2, 2))], None),
    (dq.quaternion_rotate, [(_n(4), _n(3))], None),
    (dq.rotation_matrix_axis_angle, [(_n(3), 0.7, _n(4, 3))], None),
    (dq.euler_to_matrix, [(_n(3),)], None),
    (dq.horner_poly, [(_n(4), _n(3))], None),
    (dq.polyval_fit_loss, [(_n(3), _n(5), _n(5))], None),
    (dq.chebyshev_recurrence, [(_n(5), _u(-1, 1, 4))], None),
    (dq.masked_cumsum, [(_n(5), np.array([True, False, True, True, False]))], None),
    (dq.survival_cumprod, [(_u(0.05, 0.3, 5),)], None),
    (dq.discounted_returns, [(_n(5), 0.9)], None),
    (dq.sorted_trimmed_mean, [(np.array([0.3, -1.2, 2.2, 0.8, -0.1]),)], None),
    (dq.argsort_rank_loss, [(np.array([0.3, -1.2, 2.2, 0.8]), np.array([1.0, 0.0, 3.0, 2.0]))],
     (0,)),
    (dq.topk_via_sort, [(np.array([0.3, -1.2, 2.2, 0.8, -0.1]),)], None),
    (dq.kde_gauss, [(_n(6), _n(3), 0.7)], None),
    (dq.laplacian_roll, [(_n(4, 5),)], None),
    (dq.heat_explicit_slices, [(_n(6), 0.2)], None),
    (dq.scatter_add_at, [(_n(5), np.array([0, 2, 2, 3, 0]))], None),
    (dq.gather_scatter_edges, [(_n(4), np.array([0, 1, 2, 3, 1]), np.array([1, 2, 3, 0, 0]),
                                _n(5))], None),
    (dq.segment_sums_bincount_free, [(_n(5), np.array([0, 2, 1, 2, 0]))], None),
    (dq.piecewise_select, [(np.array([-2.0, -0.5, 0.3, 1.7]),)], None),
    (dq.piecewise_np, [(np.array([-0.7, 0.4, 1.3]),)], None),
    (dq.clipped_relu6, [(np.array([0.5, -1.0, 3.0, 8.0]), 1.1)], None),
    (dq.float32_mlp, [(_n(2, 3), _n(3, 2), _n(2))], None),  # float32: FLOAT32 below
    (dq.mixed_int_float, [(_n(3), 5)], None),
    (dq.int_array_weights, [(_n(4), np.array([1, 3, 2, 4]))], None),
]

LOOPED = {"binomial_tree_american", "binomial_tree_european_inplace", "implied_vol_newton",
          "biquad_lowpass", "iir_direct_form2", "ema_filter", "kalman_filter_nd",
          "rts_smoother", "gru_cell_sequence", "lstm_stacked_gates", "newton_sqrt_while",
          "fixed_point_kepler", "newton_vector_root", "leapfrog_spring", "pendulum_rk4",
          "mass_chain_inplace", "velocity_verlet_2d", "horner_poly", "chebyshev_recurrence",
          "discounted_returns", "heat_explicit_slices", "segment_sums_bincount_free",
          "mixed_int_float"}
ROUGH = {"binomial_tree_american", "binomial_tree_european_inplace", "huber_loss",
         "quantile_loss", "sorted_trimmed_mean", "argsort_rank_loss", "topk_via_sort",
         "piecewise_select", "clipped_relu6", "masked_attention"}

import domain_programs3 as dr  # noqa: E402

_C = np.abs(_n(3, 4)) + 0.1
_LOGA = np.log(np.array([[0.7, 0.3], [0.2, 0.8]]))
_LOGB = np.log(np.array([[0.5, 0.4, 0.1], [0.1, 0.3, 0.6]]))

CASES += [
    (dr.sinkhorn_log, [(np.array([0.2, 0.5, 0.3]), np.array([0.1, 0.4, 0.3, 0.2]), _C)], None),
    (dr.gp_neg_log_lik, [(_n(4, 2), _n(4), 0.9, 1.2, 0.3)], None),
    (dr.soft_dtw, [(_n(3), _n(4))], None),
    (dr.hmm_log_forward, [(np.log(np.array([0.6, 0.4])), _LOGA, _LOGB, np.array([0, 2, 1, 2]))],
     None),
    (dr.info_nce, [(_n(3, 4), _n(3, 4))], None),
    (dr.focal_loss, [(_n(5), np.array([1, 0, 1, 1, 0]))], None),
    (dr.label_smoothing_xent, [(_n(4, 3), np.array([0, 2, 1, 1]))], None),
    (dr.asian_option_mc, [(100.0, 0.3, _n(6, 5))], (0, 1)),
    (dr.lorenz_euler, [(np.array([1.0, 1.5, 20.0]), 10.0, 28.0, 8.0 / 3.0)], None),
    (dr.graph_laplacian_energy, [(_n(4), np.array([[0, 1], [1, 2], [2, 3], [0, 2]]), _n(4))],
     None),
    (dr.adam_inner_loop, [(_n(3), _n(6, 3), _n(6))], None),
    (dr.welford_variance, [(_n(5),)], None),
    (dr.conv1d_valid_relu, [(_n(6), _n(3), 0.1)], None),
    (dr.yield_curve_discount, [(np.array([0.01, 0.02, 0.025, 0.03]),
                                np.array([0.5, 1.5, 2.5, 3.5]), np.array([5.0, 5.0, 5.0, 105.0]),
                                np.array([0.0, 1.0, 2.0, 4.0]))], (0,)),
    (dr.pca_top_eigen, [(_n(6, 3),)], None),
]
CASES += [
    (dr.wave_pingpong, [(np.sin(np.linspace(0.0, 3.0, 7)),)], None),
    (dr.heat2d_inplace, [(_n(5, 5),)], None),
    (dr.pairwise_forces_scatter, [(_n(4, 2), np.array([1.0, -0.5, 2.0, 0.7]),
                                   np.array([[0, 1], [1, 2], [0, 3], [2, 0]]))], None),
    (dr.upwind_advection, [(_n(6), np.array([1.0, -1.0, 1.0, 1.0, -1.0, 1.0]))], (0,)),
    (dr.jacobi_poisson, [(_n(6),)], None),
    (dr.gauss_seidel, [(_n(6),)], None),
    (dr.value_iteration, [(_n(4, 2), np.abs(_n(4, 2, 4)) / 4)], None),
    (dr.cg_solve, [(_n(3, 3), _n(3))], None),
    (dr.cumulative_max_drawdown, [(np.array([1.0, 1.3, 1.1, 1.5, 1.2, 1.4]),)], None),
    (dr.rolling_mean_stride, [(_n(6),)], None),
    (dr.ewma_vectorized, [(_n(6), 0.3)], None),
    (dr.histogram_soft, [(_n(6), np.array([-1.0, 0.0, 1.0]))], None),
]
LOOPED |= {"sinkhorn_log", "soft_dtw", "hmm_log_forward", "lorenz_euler", "adam_inner_loop",
           "welford_variance", "wave_pingpong", "heat2d_inplace", "upwind_advection",
           "jacobi_poisson", "gauss_seidel", "value_iteration", "cg_solve"}
ROUGH |= {"asian_option_mc", "conv1d_valid_relu", "yield_curve_discount", "value_iteration",
          "cumulative_max_drawdown"}

# tried under backend="numba" (each compiles in 1-10 s; the slower ones compile too:
# gru_cell_sequence, batch_norm_train, layer_norm, causal_attention_tril, laplacian_roll)
NUMBA = {"bs_call_ndtr", "implied_vol_newton", "iir_direct_form2", "ema_filter", "rts_smoother",
         "logsumexp_stable", "log_softmax_rows", "huber_loss", "quantile_loss",
         "newton_sqrt_while", "fixed_point_kepler", "leapfrog_spring", "horner_poly",
         "masked_cumsum", "discounted_returns", "segment_sums_bincount_free", "clipped_relu6",
         "mixed_int_float", "int_array_weights", "jacobi_poisson", "gauss_seidel",
         "ewma_vectorized", "biquad_lowpass",
         # refused (a helper numba has no compiled version of, a tape numba cannot place)
         "binomial_tree_european_inplace", "kalman_filter_nd", "polyval_fit_loss",
         "scatter_add_at", "piecewise_np", "survival_cumprod", "topk_via_sort"}
# run again with their float arrays cast to float32: float32 derivatives, near float64's
FLOAT32 = {"float32_mlp", "bs_call_ndtr", "layer_norm", "masked_attention", "logsumexp_stable",
           "quantile_loss", "leapfrog_spring", "polyval_fit_loss", "kde_gauss",
           "laplacian_roll", "piecewise_np", "info_nce", "gp_neg_log_lik", "int_array_weights"}
