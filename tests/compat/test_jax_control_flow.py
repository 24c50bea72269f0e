"""JAX's Python-control-flow gradient tests (tests/support/jax_corpus.py) in every mode.

As tests/compat/test_tangent_functions.py does for Tangent: every function at every
argument tuple through ``sd.grad``, ``sd.value_and_grad``, ``optimize=False``, ``sd.jvp``
and ``sd.hvp`` (tests/support/compat_modes.py), right against central differences or a
refusal listed in ``EXPECTED_REFUSALS``; anything else fails, and so does a listed
refusal that stops happening.
"""

from collections import Counter

import pytest

import compat_modes as tm
import jax_corpus as jc

# JAX's core_test passes the function to run to a helper, ``call(f, *args)``: inlined, the
# helper's ``f(*args)`` is the call of the function passed (np.sin, a module-level function,
# a nested def), checked against central differences as every other case
# (srcdiff/compiler/front/function_arguments.py). Nothing is refused.
REFUSED = {}
EXPECTED_REFUSALS = {(name, mode): words for mode in tm.MODES for name, words in REFUSED.items()}

TALLY = Counter()  # (mode, outcome) -> count, printed by tests/compat/conftest.py


@pytest.mark.parametrize("mode", tm.MODES)
@pytest.mark.parametrize("case", jc.CASES, ids=lambda case: case[0].__name__)
def test_right_or_refused(case, mode):
    fn, argsets = case
    tm.assert_right_or_refused(fn, argsets, mode, jc.WRT.get(fn),
                               EXPECTED_REFUSALS.get((fn.__name__, mode)), TALLY)


def test_refusal_list_names_corpus_functions():
    names = {fn.__name__ for fn, _ in jc.CASES}
    assert {name for name, _ in EXPECTED_REFUSALS} <= names
