"""JAX's Python-control-flow gradient tests (tests/support/jax_corpus.py) in every mode.

As tests/compat/test_tangent_functions.py does for Tangent: every function at every
argument tuple through ``sd.grad``, ``sd.value_and_grad``, ``optimize=False``, ``sd.jvp``
and ``sd.hvp`` (tests/support/compat_modes.py), right against central differences or a
refusal listed in ``EXPECTED_REFUSALS``; anything else fails, and so does a listed
refusal that stops happening.
"""

import compat_modes as tm
import jax_corpus as jc

# JAX's core_test passes the function to run to a helper, ``call(f, *args)``: which function
# ``f`` is becomes known only when the helper runs, and srcdiff inlines or differentiates
# calls of functions it knows when compiling (a nested def, a lambda, a module-level name).
HIGHER_ORDER = "cannot tell what `f` refers to at compile time"
NESTED_AS_VALUE = "the nested function 'f' is used as a value"
REFUSED = {"sin_through_call": HIGHER_ORDER, "two_calls": HIGHER_ORDER,
           "call_of_user_function": HIGHER_ORDER,
           "nested_closures_through_call": NESTED_AS_VALUE}
EXPECTED_REFUSALS = {(name, mode): words for mode in tm.MODES for name, words in REFUSED.items()}

# the sweep of every mode (compat_modes.corpus_tests); TALLY: (mode, outcome) -> count, printed
# by tests/compat/conftest.py
TALLY, test_right_or_refused, test_refusal_list_names_corpus_functions = tm.corpus_tests(
    jc.CASES, jc.WRT, EXPECTED_REFUSALS)
