"""Ordinary programs nobody tuned srcdiff for (tests/support/realistic49_programs.py):
particle filters, Gauss-Newton, EM, finite volumes with limiters, queues, image warping,
polynomial chaos, in-place running statistics, parameter containers, adaptive integrators,
tridiagonal solves, duplicate-index stores, values leaving through float()/.item()/.tolist(),
stores through views and aliases (refused where another name reads the array again).

Every program in every mode of tests/support/outsider_modes.py (grad, value_and_grad,
optimize=False, jvp, hvp where smooth, checkpoint="sqrt" where it loops, verify=True,
backend="numba" where listed) is right against central differences in float64, or refused
as listed in ``REFUSED`` with a message naming the program's file and line. A wrong answer,
a crash, an unlisted refusal or a listed refusal that stops fails.
"""

from collections import Counter

import numpy as np
import pytest

import outsider_modes as om
import realistic49_cases as rc
import realistic49_programs as rp
import srcdiff as sd

_EARLY = "this loop can be left early"
_WHILE = "a `while` loop runs until its test fails"
_MADE_INSIDE = {"grad": "no gradient rule for attribute .m",
                "jvp": "is a class: srcdiff does not follow the values an object made inside"}
_LAYER = "cannot tell what `layer` refers to at compile time"
_ALIAS = "`b += 1.0` changes an array in place that `a` also refers to"
_TRANSPOSED = "only a variable can be assigned into by subscript"
_SPACING = "the gradient rule of np.gradient treats `spacing` as a constant"
_SHARED = "changes an array in place that `{}` also refers to"
_NO_NUMBA = om.MODES[:-1]


def _every_mode(words, jvp_words=None, modes=om.MODES):
    return {m: (jvp_words if m == "jvp" and jvp_words else words) for m in modes}


# program -> {mode: words of the refusal}; the reason in a comment
REFUSED = {
    # checkpointing needs the trip count when the loop starts
    "sir_epidemic": {"checkpoint": _EARLY},
    "projectile_drag": {"checkpoint": _EARLY},
    "newton_cubic_early_return": {"checkpoint": _EARLY},
    "rk_adaptive": {"checkpoint": _WHILE},
    "while_and_or": {"checkpoint": _WHILE},
    # a dataclass made inside the function (a helper reads its fields)
    "spring_while": {**_every_mode(_MADE_INSIDE["grad"], _MADE_INSIDE["jvp"]),
                     "checkpoint": _WHILE},
    # callable objects made inside the function, called through a helper's parameter
    "residual_stack": _every_mode(_LAYER, "Layer is a class", _NO_NUMBA),
    # an alias of a local array changed in place, then read through the other name
    "view_inplace_alias": _every_mode(_ALIAS),
    # a store through `A.T[0]`
    "column_write_transposed": _every_mode(_TRANSPOSED, modes=_NO_NUMBA),
    # np.gradient's spacing depends on a differentiated input
    "pad_gradient_trapz": _every_mode(_SPACING, modes=_NO_NUMBA),
    # numba: a tape it cannot place (the conditional expression in the loop)
    "thomas_tridiagonal": {"numba": "could not place the tape of `choice`"},
    # stores into a view of a local array that is read again through its other name
    "stencil_view_not_copy": _every_mode(_SHARED.format("prev")),
    "reshape_view_write": _every_mode(_SHARED.format("a")),
    "chained_assignment_alias": _every_mode(_SHARED.format("b"), modes=_NO_NUMBA),
    "rows_scaled_while_iterating": _every_mode(_SHARED.format("A"), modes=_NO_NUMBA),
    "ravel_flip_views": _every_mode(_SHARED.format("A"), modes=_NO_NUMBA),
    # over-refusals: in-place updates of independent list/dict entries (`hs[i] *= ...` at a
    # loop index, an entry added after the dict was made)
    "list_multiplied_aliases": _every_mode(_SHARED.format("hs"), modes=_NO_NUMBA),
    "dict_entry_aliases": _every_mode(_SHARED.format("d"), modes=_NO_NUMBA),
    "store_into_fancy_copy": _every_mode("a chained store `x[i][j] = ...` is differentiated",
                                         modes=_NO_NUMBA),
    "try_assert_global": _every_mode("`try` statements are not supported", modes=_NO_NUMBA),
    "while_true_break_nested": {"checkpoint": _WHILE},
    # lambdas made in a comprehension and called from a list
    "late_binding_lambdas": _every_mode("a `lambda` that reads the function's own variables",
                                        modes=_NO_NUMBA),
    # numba: gradients of linear algebra it has no compiled version of
    "gauss_newton_exp_fit": {"numba": "has no compiled version of `vjp_solve`"},
    "cholesky_whitening": {"numba": "has no compiled version of `cholesky_grad`"},
    "portfolio_einsum": {"numba": "has no compiled version of `einsum_grads`"},
    # numba compiles no function that changes an argument in place (it may, by the scan)
    "chained_subscript_store": {"numba": "does not compile functions that change an argument"},
}

NAMES = {fn.__name__: (fn, argsets, wrt) for fn, argsets, wrt in rc.CASES}
TALLY = Counter()  # (mode, outcome) -> count


def _runs(name, mode):
    return not ((mode == "checkpoint" and name not in rc.LOOPED)
                or (mode == "numba" and name not in rc.NUMBA)
                or (mode == "hvp" and name in rc.ROUGH))


@pytest.mark.parametrize("name,mode", [(name, mode) for name in sorted(NAMES)
                                       for mode in om.MODES if _runs(name, mode)])
def test_right_or_refused(name, mode):
    fn, argsets, wrt = NAMES[name]
    if mode == "numba":
        pytest.importorskip("numba")
    results = [om.outcome(fn, args, mode, wrt) for args in argsets]
    TALLY.update((mode, kind) for kind, _ in results)
    om.assert_listed(name, mode, results, REFUSED.get(name, {}).get(mode),
                     "realistic49_programs.py")


def test_the_refusal_list_names_programs_and_modes():
    assert set(REFUSED) <= set(NAMES)
    assert {m for modes in REFUSED.values() for m in modes} <= set(om.MODES)
    assert rc.NUMBA | rc.LOOPED | rc.ROUGH <= set(NAMES)
    assert len(NAMES) >= 80


def test_string_arguments_are_refused_with_a_type_error():
    """SPEC: arguments other than numbers, real arrays and containers of them are refused
    with TypeError before any work; the message names the argument."""
    games = [("a", "b"), ("c", "a")]
    with pytest.raises(TypeError, match=r"argument 'games'\[0\]\[0\] is a str"):
        sd.grad(rp.elo_ratings, wrt=0)(np.array([1500.0, 1520.0, 1480.0]), games, 24.0)
