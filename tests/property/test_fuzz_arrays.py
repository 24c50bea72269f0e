"""Random array programs (gen_arrays.py) checked like the loop programs (fuzz.py): finite
differences, the optimize=False reference pipeline and forward mode, plus tests of the
generator. A new seed every run (printed; replay with SRCDIFF_FUZZ_SEED=<seed>);
``make fuzz`` runs 3,000 of them."""

import collections
import os

import numpy as np
import pytest

import fuzz
import gen_arrays
import srcdiff as sd

CI_COUNT = int(os.environ.get("SRCDIFF_FUZZ_ARRAYS_CI_COUNT", "200"))
CI_JOBS = min(2, os.cpu_count() or 1)

# shapes the generator is meant to reach (recorded per program)
REQUIRED_FEATURES = {
    "axis_of_0d", "call", "binary", "inplace_slice", "slice_store", "index_store",
    "loop_accumulate", "loop_rows", "augmented", "helper", "recursion", "branch", "while",
    "fancy_store", "loop_inplace", "comprehension", "dict", "break", "rows_fresh",
    "rows_changed_after_put", "dict_rows", "nested_comprehension", "dict_filled", "copy_filled",
    "copy_read_filled", "stencil", "list_display", "comprehension_scope", "sigmoid",
    "array_of_appends", "loop_call",
    "fill", "zero_d_store", "dict_update", "mixed_fancy_store",
}
# shapes of recent fixes, each at least this many times in the reach test's 800 drafts
# (1% or more: a default `make fuzz`, 3,000 programs, checks each tens of times)
NEW_SHAPES = {
    "axis_sum_reads": 6,  # uniform.py: a sum over an axis, then an index read; n * G
    "clip_array_bounds": 8, "clip_variable_bounds": 8,   # np.clip's bounds differentiated
    "sliding_window": 8,                                 # rules: window_sums
    "float_display": 8,                                  # activity.py appended_lists
    "rebound_iterable": 8,                               # normalize.py pin_iterable
    "carried_shape_change": 8, "prefix_loop": 8,         # backward.py, adjoint.py _reads_of
    "computed_slices": 8,                                # dataflow.py CHANGED_ARGUMENTS
    "add_at": 8, "add_at_2d": 8,                         # np.add.at (repeats; rows, cols)
    "chained_store": 8,                                  # a[i][j] = v, a[r][1:] *= v
    "out_argument": 8, "out_result": 8, "clip_out": 8,   # out= of a ufunc, a method
    "sum_start": 8,                                      # sum(items, start)
    "helper_array_store": 8,                             # np.array(helper(x))[i] = v
    "rebind_clip": 8,                                    # t = y; y *= np.clip(abs(y), ..)
    "zeros_list": 8,                                     # [0.0] * n filled (sequences.py)
    "slice_products": 8, "slice_products_call": 8,       # optimize/views.py
    "pairwise_sums": 8,                                  # optimize/contractions.py
    "index_array_reads": 8,                              # analysis/makers.py
    "linalg_solves": 8,                                  # analysis/patterns.py linalg_pattern
    "scaled_shifts": 8,                                  # analysis/shift.py _scaled
    "free_shifts": 8, "free_shift_unread": 8,            # driver zero_for, dead.py cut
    "repeated_values": 8,                                # front/shared_values.py
    "log_ratios": 8,                                     # front/fused.py
    "logistic_logs": 8,                                  # front/logistic.py
    # integer arrays (gen_arrays.INT_ARRAYS): indices, multipliers, in place, divided,
    # masks (analysis/dtypes.py in_place_shapes, runtime_memory.py check_in_place)
    "int_multiplier": 8, "int_index": 8, "int_true_division": 8, "int_mask": 8,
    "int_plus_int_array": 8, "int_loop_counter": 8, "int_float_in_place": 8,
    "int_repeated_store": 8,
}
REQUIRED_FEATURES |= set(NEW_SHAPES)
DRAFTS = 1200  # (drafts drawn for test_generator_reaches_its_shapes: more templates, more)


def test_random_array_programs(capsys):
    seed = fuzz.default_seed()
    summary = fuzz.run(CI_COUNT, seed, jobs=CI_JOBS, family="arrays")
    with capsys.disabled():
        print("\n" + summary.line())
    assert summary.programs == CI_COUNT
    assert summary.ok, (summary.details(max_failures=5, max_source=4000) + "\n"
                        + summary.line())


def test_generator_is_deterministic():
    a, b = gen_arrays.program(5, 17), gen_arrays.program(5, 17)
    assert a.source == b.source
    assert all(np.array_equal(x, y) for x, y in zip(a.args, b.args))


def test_generator_reaches_its_shapes():
    seen = collections.Counter()
    for index in range(DRAFTS):
        seen.update(gen_arrays.draft(3, index, 0).features)
    assert REQUIRED_FEATURES <= set(seen), sorted(REQUIRED_FEATURES - set(seen))
    rare = {k: seen[k] for k, least in NEW_SHAPES.items() if seen[k] < least}
    assert not rare, f"drawn too rarely (of {DRAFTS} drafts): {rare}, wanted {NEW_SHAPES}"


def test_clip_drafts_keep_away_from_the_bounds():
    # np.clip has kinks at its bounds: a clip statement's value is at least CLIP_GAP from
    # each bound it names (lo, hi), and the bounds as far from each other
    local = {"lo": np.array([-0.5, 0.1]), "hi": 0.6}
    assert gen_arrays._clip_gap(np.array([0.0, 0.3]), local) == pytest.approx(0.2)
    assert gen_arrays._clip_gap(np.array([0.0, 0.59]), local) < gen_arrays.CLIP_GAP
    assert gen_arrays._clip_gap(0.3, {"lo": None, "hi": 0.305}) < gen_arrays.CLIP_GAP
    # ... and `rp = rq; rq *= np.clip(abs(rq), ...)` keeps rp from 0 and +-1
    assert gen_arrays._rebind_gap(-0.99) < gen_arrays.CLIP_GAP
    assert gen_arrays._rebind_gap(0.3) == pytest.approx(0.3)
    for index in range(300):
        p = gen_arrays.draft(3, index, 0)
        if "clip_array_bounds" in p.features or "clip_variable_bounds" in p.features:
            assert "np.clip(" in p.source or ".clip(None" in p.source


def test_calls_are_not_drawn_at_their_literal_kinks():
    # the inputs are rounded to 6 decimals, so one can be exactly a call's kink (seed 41,
    # index 2968: w = 0.45 in np.clip(w, -0.4, 0.45)), where central differences agree on
    # a slope neither side has: such a draw is redrawn; near (not at) a kink is left to the
    # two-step check
    clip = "np.clip({a}, -0.4, 0.45)"
    assert not gen_arrays._kink_free(clip, np.array([0.1, 0.45]))
    assert not gen_arrays._kink_free(clip, np.array([[-0.4, 0.3]]))
    assert gen_arrays._kink_free(clip, np.array([0.1, 0.451]))
    assert not gen_arrays._kink_free("np.maximum({a}, 0.1)", 0.1)
    assert not gen_arrays._kink_free("np.abs({a}) + {a}", np.array([0.0, 0.5]))
    assert gen_arrays._kink_free("np.sin({a})", np.array([0.0, 0.45]))


def test_the_checker_catches_a_wrong_gradient():
    # the arrays family goes through the same checks: a gradient off by 0.1% fails
    program = gen_arrays.program(7, 0)

    def wrong(fn, wrt=None, **kwargs):
        right = sd.grad(fn, wrt=wrt, **kwargs)
        return lambda *a: tuple(None if g is None else 1.001 * np.asarray(g)
                                for g in right(*a))

    loader = fuzz.Loader()
    try:
        out = fuzz.check_program(program, loader, grad=wrong, reference=False)
    finally:
        loader.close()
    assert out.kind == fuzz.DISAGREEMENT, out.report()
