"""JAX's Python-control-flow gradient tests (tests/support/jax_corpus.py) in every mode.

As tests/compat/test_tangent_functions.py does for Tangent: every function at every
argument tuple through ``sd.grad``, ``sd.value_and_grad``, ``optimize=False``, ``sd.jvp``
and ``sd.hvp`` (tests/support/compat_modes.py), right against central differences or a
refusal listed in ``EXPECTED_REFUSALS``; anything else fails, and so does a listed
refusal that stops happening.
"""

import compat_modes as tm
import jax_corpus as jc

# JAX's core_test passes the function to run to a helper, ``call(f, *args)``: inlined, the
# helper's ``f(*args)`` is the call of the function passed (np.sin, a module-level function,
# a nested def), checked against central differences as every other case
# (srcdiff/compiler/front/function_arguments.py). Nothing is refused.
REFUSED = {}
EXPECTED_REFUSALS = {(name, mode): words for mode in tm.MODES for name, words in REFUSED.items()}

# the sweep of every mode (compat_modes.corpus_tests); TALLY: (mode, outcome) -> count, printed
# by tests/compat/conftest.py
TALLY, test_right_or_refused, test_refusal_list_names_corpus_functions = tm.corpus_tests(
    jc.CASES, jc.WRT, EXPECTED_REFUSALS)
