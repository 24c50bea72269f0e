"""Realistic programs nobody tuned srcdiff for (tests/support/outsider_programs*.py), in
every mode: ``sd.grad``, ``value_and_grad``, ``optimize=False``, ``sd.jvp``, ``sd.hvp``
(where smooth), ``checkpoint="sqrt"`` (where there is a loop), ``verify=True`` (the
run-time checks of SRCDIFF_VERIFY=1) and ``backend="numba"`` (where cheap). Each answer is
right against central differences in float64 (tests/support/outsider_modes.py) or a
refusal listed in ``REFUSED`` whose message names the program's file and line; a wrong
answer, a crash or an unlisted refusal fails, and so does a listed refusal that stops.
"""

from collections import Counter

import pytest

import outsider_cases as first
import outsider_cases2 as second
import outsider_cases3 as third
import outsider_modes as om

# (program, mode) -> words of the refusal, and why it is refused
REFUSED = {
    # checkpointing needs the trip count when the loop starts
    ("logreg_minibatch", "checkpoint"): "can be left early",  # a break on convergence
    ("first_crossing", "checkpoint"): "can be left early",  # a return inside the loop
    ("sqrt_newton", "checkpoint"): "a `while` loop runs until its test fails",
    ("while_true_bisection", "checkpoint"): "a `while` loop runs until its test fails",
    # an in-place change through a view of another live array
    **{("view_scaling", m): "changes an array in place that `B` also refers to"
       for m in om.MODES},
    # functools.reduce only as the whole value of an assignment or a return
    **{("closure_and_lambda", m): "functools.reduce(...) is differentiated as the whole value"
       for m in om.MODES if m != "hvp"},
    **{("sum_with_start", m): "a generator expression is evaluated lazily" for m in om.MODES},
    **{("try_except_fallback", m): "`try` statements are not supported" for m in om.MODES},
    **{("stateful_object", m): "changes `self.calls`" for m in om.MODES},
    **{("isinstance_dispatch", m): "recursion is supported only for module-level functions"
       for m in om.MODES},
    **{("lambdas_in_loop", m): "is supported only bound to a name" for m in om.MODES},
    # the numba backend: helpers it has no compiled version of, or numba's typing
    ("spring_mass", "numba"): "no compiled version of `add_at`",
    ("heat_stencil", "numba"): "np.pad in constant mode with zeros only",  # (mode='edge')
    ("builtins_mix", "numba"): "no compiled version of `hypot_grads`",
    ("gauss_elim_solve", "numba"): "no compiled version of `array_only`",
    ("swap_entries", "numba"): "no compiled version of `array_only`",
    ("kalman_1d", "numba"): "numba cannot compile the gradient",  # a list of floats
    # (weights.sum(axis=-1, keepdims=True): refused at generation since session 45)
    ("attention", "numba"): "does not compile `sum` with `keepdims=`",
    ("running_max_drawdown", "numba"): "its tape would pass between compiled functions",
    ("fill_empty", "numba"): "could not place the tape of `choice`",
    ("chained_comparisons", "numba"): "could not place the tape of `cmp1`",
    ("reversed_slice_store", "numba"): "Cannot unify float64 and array(float64",
    ("ellipsis_and_newaxis", "numba"): "numba cannot compile the gradient",
}

CASES = [(module, case) for module in (first, second, third) for case in module.CASES]
TALLY = Counter()  # (mode, outcome) -> count


def _runs(module, name, mode):
    return not ((mode == "checkpoint" and name not in module.LOOPED)
                or (mode == "numba" and name not in module.NUMBA)
                or (mode == "hvp" and name in module.ROUGH))


@pytest.mark.parametrize("mode", om.MODES)
@pytest.mark.parametrize("module, case", CASES, ids=[case[0].__name__ for _, case in CASES])
def test_right_or_refused(module, case, mode):
    fn, argsets, wrt = case
    if not _runs(module, fn.__name__, mode):
        pytest.skip(f"{fn.__name__} does not run in {mode}")
    if mode == "numba":
        pytest.importorskip("numba")
    results = [om.outcome(fn, args, mode, wrt) for args in argsets]
    TALLY.update((mode, kind) for kind, _ in results)
    om.assert_listed(fn.__name__, mode, results, REFUSED.get((fn.__name__, mode)),
                     module.op.__file__.rsplit("/", 1)[-1])


def test_the_refusal_list_names_programs_and_modes():
    names = {case[0].__name__ for _, case in CASES}
    assert {name for name, _ in REFUSED} <= names
    assert {mode for _, mode in REFUSED} <= set(om.MODES)
    assert len(names) >= 25
