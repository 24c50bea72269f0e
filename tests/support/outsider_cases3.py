"""Arguments for tests/support/outsider_programs3.py (as outsider_cases.py for the first set)."""

import numpy as np

import outsider_programs3 as op

_rng = np.random.default_rng(4403)


def _n(*shape):
    return _rng.standard_normal(shape)


_A3 = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])

CASES = [
    (op.sgd_in_place, [({"w": _n(3), "b": 0.3}, _n(6, 3), _n(6))], (0,)),
    (op.asarray_then_store, [(_n(3),)], None),
    (op.list_to_array_store, [([0.5, -1.0, 2.0],)], None),
    (op.out_arguments, [(_n(4),)], None),
    (op.reshape_view_store, [(_n(6),)], None),
    (op.fill_diagonal_kernel, [(np.array([0.1, 0.9, 2.0]),)], None),
    (op.diag_indices_add, [(_n(3, 3), _n(3))], None),
    (op.ix_block_update, [(_n(3, 3), _n(2))], None),
    (op.reversed_slice_store, [(_n(4),), (_n(5),)], None),
    (op.mod_floor_ops, [(np.array([0.3, 1.7, -0.45]),)], None),
    (op.sum_with_start, [([_n(2), _n(2), _n(2)],)], None),
    (op.sorted_with_key, [([0.3, -1.2, 0.8, 2.1],)], None),
    (op.try_except_fallback, [(_A3, _n(3))], None),
    (op.errstate_and_assert, [(np.array([0.5, -1.3, 2.0]),)], None),
    (op.stateful_object, [(_n(3),)], None),
    (op.nonlocal_accumulator, [(_n(3),)], None),
    (op.generator_helper, [(_n(4),)], None),
    (op.chained_comparisons, [(np.array([0.5, -0.4, 1.7, -2.0]),)], None),
    (op.isinstance_dispatch, [({"a": _n(2), "b": [_n(3), 0.5]},)], None),
    (op.ellipsis_and_newaxis, [(_n(3),)], None),
    (op.mutable_default, [(_n(3),)], None),
    (op.unbound_methods, [(_n(3),)], None),
    (op.lambdas_in_loop, [(_n(3),)], None),
    (op.sort_in_place, [(_n(4),)], None),
    (op.fill_and_copyto, [(np.array([0.5, -0.3, 1.2]),)], None),
    (op.ravel_view_store, [(_n(2, 3),)], None),
    (op.string_formatting, [(_n(3),), (_n(4),)], None),
    (op.groupby_means, [(np.array([0.5, -1.2, 0.8, 2.0, -0.3]), np.array([2, 0, 2, 1, 0]))],
     None),
    (op.integer_powers_and_abs, [(np.array([0.7, -1.3, 2.1]),)], None),
]

LOOPED = {"sgd_in_place", "nonlocal_accumulator", "chained_comparisons"}
NUMBA = {"out_arguments", "mod_floor_ops", "chained_comparisons", "reversed_slice_store",
         "integer_powers_and_abs", "ellipsis_and_newaxis"}
ROUGH = {"mod_floor_ops", "sorted_with_key", "chained_comparisons", "sort_in_place",
         "fill_and_copyto", "integer_powers_and_abs", "errstate_and_assert"}
