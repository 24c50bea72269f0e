"""Generated forward-mode and second-order source, byte for byte.

Same convention as test_golden.py: ``make golden`` rewrites the files under
tests/golden/; review the diff. test_golden_numeric.py runs them. The table,
GOLDEN_FORWARD, is in tests/support/golden_cases.py.
"""

import pytest

from golden_cases import GOLDEN_FORWARD as GOLDEN
from golden_cases import check_golden
from srcdiff.api import higher


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden(name):
    text = GOLDEN[name]()
    check_golden(name, text)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_same_input_same_bytes(name):
    from srcdiff.api import transforms as api
    first = GOLDEN[name]()
    api._CACHE.clear()
    higher._CACHE.clear()
    assert GOLDEN[name]() == first
