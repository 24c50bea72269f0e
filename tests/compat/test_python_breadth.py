"""The Python language and its inputs, as an outsider writes ordinary numeric Python.

Small user functions (tests/support/python_breadth_*.py) that combine Python constructs
(loops with break/continue/else, early returns, closures, lambdas, default and keyword
arguments, comprehensions, unpacking, chained comparisons, int arithmetic, the math module,
builtins, containers of arrays as state) with arithmetic, and unusual inputs (float32, ints,
bools, numpy scalars, 0-d and empty arrays, lists/tuples/nested dicts of arrays). Each runs
in every mode of tests/support/python_breadth_modes.py: right against central differences in
float64 with the argument's shape and dtype, or refused with a SrcdiffError listed in
``REFUSED``; a wrong answer, a crash or an unlisted refusal fails, and so does a listed
refusal that stops.
"""

from collections import Counter

import pytest

import python_breadth_aliasing as aliasing
import python_breadth_extras as extras
import python_breadth_flow as flow
import python_breadth_idioms as idioms
import python_breadth_inputs as inputs
import python_breadth_modes as bm
import python_breadth_scopes as scopes
import python_breadth_tricky as tricky


def _every_mode(name, words, modes=bm.MODES):
    return {(name, mode): words for mode in modes}


# (function, mode) -> words of the refusal. Needless refusals (the function is well defined
# and srcdiff could model it) are marked so; the others are real limits of the design.
REFUSED = {
    # needless: enumerate only as a `for` loop's iterable, not inside list(...)/reversed(...)
    **_every_mode("reversed_enumerate", "rule for enumerate"),
    # needless: list.pop() on a list of floats (forward mode follows it, reverse refuses)
    **_every_mode("list_append_pop", "`.pop()` in `last = stack.pop()` changes `stack` in place",
                  tuple(m for m in bm.MODES if m not in ("jvp", "int_tangent"))),
    # nested functions only called directly (a closure stored in a list binds late)
    **_every_mode("closure_late_binding", "the nested function 'g' is used as a value"),
    # `[a] * 2` repeats one array object: a store through one entry changes the other
    **_every_mode("list_repeat_alias", "Python's `*` repeats it"),
    **_every_mode("complex_abs", "rule for complex"),  # complex intermediates (builtin)
    # needless: a lambda as max's key= (only an index is chosen)
    **_every_mode("max_with_key", "is supported only bound to a name"),
    # needless: zip(*m) over the rows of an array (its length is m's first dimension)
    **_every_mode("zip_transpose", "calls with `*xs` are supported only"),
    # needless: f(**kw) with a dict display of constant keys
    **_every_mode("kwargs_dict", "calls with `**mapping` are supported only"),
    # SPEC §8: a str argument is refused with TypeError before any work
    **_every_mode("string_dispatch", "argument 'kind' is a str"),
    # views: a store through one name changes another that is read afterwards
    **_every_mode("array_alias_inplace", "`z += 1.0` changes an array in place"),
    **_every_mode("swap_rows_tuple", "`y[0], y[1] = y[1], y[0]` changes an array in place"),
    **_every_mode("row_view_then_store", "`y[0] = y[1] * 3.0` changes an array in place"),
    **_every_mode("iterate_rows_inplace", "`row *= row[0]` changes an array in place"),
    **_every_mode("alias_through_helper", "`z *= 2.0` changes an array in place"),
    **_every_mode("chained_assignment_arrays", "`b[0] = 5.0` changes an array in place"),
    **_every_mode("list_of_views", "`y *= 2.0` changes an array in place"),
    **_every_mode("list_holds_alias", "changes an array in place that `lst` also refers to"),
    **_every_mode("reshape_view_inplace", "`r[0] *= 3.0` changes an array in place"),
    **_every_mode("transpose_view_store", "`t[0] = t[1] * 2.0` changes an array in place"),
    **_every_mode("ravel_inplace", "`flat[0] = flat[-1] * 2.0` changes an array in place"),
    # np.fromiter consumes a generator expression lazily
    **_every_mode("fromiter_generator", "a generator expression is evaluated lazily"),
    # needless: a loop over a tuple of functions, getattr(np, "tanh"), reduce inside an
    # expression, `{**d, ...}`, `[*x, 3.0]`, list.extend, itertools.product
    **_every_mode("funcs_as_values", "cannot tell what `fn` refers to at compile time"),
    **_every_mode("getattr_np", "calling the result of an expression is not supported"),
    **_every_mode("reduce_add", "functools.reduce(...) is differentiated as the whole value"),
    **_every_mode("dict_merge", "`**` in dict literals is not supported"),
    **_every_mode("list_unpack", "starred expressions (`*xs`) are not supported"),
    **_every_mode("itertools_product", "a `for` loop iterates a product"),
    **_every_mode("global_write", "`global` is not supported"),
    ("helper_mutates_dict", "hvp"): "a second derivative through a store that adds the key",
}

MODULES = (flow, scopes, inputs, tricky, aliasing, idioms, extras)
CASES = [case for module in MODULES for case in module.CASES]
TALLY = Counter()  # (mode, outcome) -> count


@pytest.mark.parametrize("mode", bm.MODES)
@pytest.mark.parametrize("case", CASES, ids=[case[0].__name__ for case in CASES])
def test_right_or_refused(case, mode):
    fn, argsets, wrt = case
    results = [bm.outcome(fn, args, mode, wrt) for args in argsets]
    TALLY.update((mode, kind) for kind, _ in results)
    bad = [(args, kind, msg) for args, (kind, msg) in zip(argsets, results)
           if kind in ("wrong", "crash")]
    assert not bad, "\n".join(f"{fn.__name__}{args!r}: {kind}: {msg}" for args, kind, msg in bad)
    refused = [msg for kind, msg in results if kind == "refused"]
    expected = REFUSED.get((fn.__name__, mode))
    if expected is None:
        assert not refused, f"{fn.__name__} ({mode}) newly refused: {refused[0]}"
    else:
        assert refused, f"{fn.__name__} ({mode}) no longer refused"
        assert all(expected in msg for msg in refused), refused[0]
    assert any(kind == "right" for kind, _ in results) or refused, \
        f"{fn.__name__} ({mode}): every point skipped, nothing checked"


def test_refusals_name_corpus_functions():
    names = {case[0].__name__ for case in CASES}
    assert {name for name, _ in REFUSED} <= names
    assert {mode for _, mode in REFUSED} <= set(bm.MODES)
