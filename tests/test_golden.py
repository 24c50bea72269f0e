"""Generated source, byte for byte. `make golden` rewrites the files; review the diff."""

import os

import pytest

import srcdiff as sd
from golden_cases import GOLDEN

HERE = os.path.join(os.path.dirname(__file__), "golden")
REGENERATE = os.environ.get("SRCDIFF_REGENERATE_GOLDEN") == "1"


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden(name):
    fn, wrt, args = GOLDEN[name]
    text = sd.source(fn, wrt=wrt, args=args)
    path = os.path.join(HERE, name + ".py")
    if REGENERATE:
        os.makedirs(HERE, exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    assert os.path.exists(path), f"missing golden file {path}: run `make golden`"
    with open(path) as f:
        expected = f.read()
    assert text == expected, f"generated source for {name} changed; run `make golden` and review"


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_same_input_same_bytes(name):
    fn, wrt, args = GOLDEN[name]
    from srcdiff import api
    first = sd.source(fn, wrt=wrt, args=args)
    api._CACHE.clear()
    assert sd.source(fn, wrt=wrt, args=args) == first
