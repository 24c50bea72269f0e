"""PyTorch's OpInfo reference cases (tests/support/torch_opinfo_corpus.py) in every mode.

The ops OpInfo checks against a NumPy reference (``ref=np.xxx``), with their sample
inputs' shapes and keyword arguments (dim, keepdim, correction, ord, offset, q, ...)
applied to the NumPy function: ``sd.grad``, ``sd.value_and_grad``, ``optimize=False``,
``sd.jvp`` and ``sd.hvp`` (tests/support/compat_modes.py) against central differences in
float64. Every answer is right or a refusal listed below with its reason; a wrong answer or
another exception fails, and so does a listed refusal that stops happening. Run under
``SRCDIFF_VERIFY=1`` too.
"""

import compat_modes as tm
import torch_opinfo_corpus as tc

# function -> words of its refusal (every mode). None is a wrong answer avoided; the ones
# marked "needless" are NumPy calls srcdiff could model.
REFUSED = {
    # (none since session 45: np.nanmedian, np.trapezoid's sample points x and np.linalg.cond
    # were refused; each is checked right against finite differences in every mode now)
}
EXPECTED_REFUSALS = {(name, mode): words for mode in tm.MODES for name, words in REFUSED.items()}

# the sweep of every mode (compat_modes.corpus_tests); TALLY: (mode, outcome) -> count, printed
# by tests/compat/conftest.py
TALLY, test_right_or_refused, test_refusal_list_names_corpus_functions = tm.corpus_tests(
    tc.CASES, tc.WRT, EXPECTED_REFUSALS)
