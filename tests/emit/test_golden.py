"""Generated source, byte for byte. `make golden` rewrites the files; review the diff.

test_golden_numeric.py runs every golden file against finite differences."""


import pytest

import srcdiff as sd
from golden_cases import GOLDEN, check_golden


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden(name):
    fn, wrt, args = GOLDEN[name]
    text = sd.source(fn, wrt=wrt, args=args)
    check_golden(name, text)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_same_input_same_bytes(name):
    fn, wrt, args = GOLDEN[name]
    from srcdiff.api import transforms as api
    first = sd.source(fn, wrt=wrt, args=args)
    api._CACHE.clear()
    assert sd.source(fn, wrt=wrt, args=args) == first
