"""In-place changes to objects that live outside the differentiated function are refused
(aliasing.py `_outside`): their other readers (helpers, attribute reads, the next call)
are not in the function's data flow, so a gradient through them would be silently wrong."""

import numpy as np
import pytest

import outside_cases as oc
import srcdiff as sd
from fd import assert_close, numeric_grad


def _reset():
    oc.G[:] = 1.0
    oc.CFG.buf = np.ones(3)
    del oc.ROWS[1:]
    oc.ROWS[0][:] = 1.0


@pytest.mark.parametrize("fn", oc.REFUSED, ids=lambda f: f.__name__)
@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_changing_an_outside_object_is_refused(fn, mode):
    _reset()
    transform = sd.grad(fn) if mode == "reverse" else \
        (lambda x: sd.jvp(fn)(x, tangents=1.0))
    with pytest.raises(sd.SrcdiffError) as err:
        transform(1.5)
    text = str(err.value)
    assert "outside_cases.py:" in text
    assert "lives outside the function" in text
    assert "hint: work on a local copy" in text
    _reset()


def test_the_message_names_where_the_object_comes_from():
    _reset()
    with pytest.raises(sd.SrcdiffError, match=r"`b\[0\] = x` changes `b`, which may be "
                                              r"`CFG.buf`, in place"):
        sd.grad(oc.through_attribute)(1.5)
    with pytest.raises(sd.SrcdiffError, match=r"`v\[1:\] = x` changes `v`, which may be "
                                              r"`ROWS`, in place"):
        sd.grad(oc.global_list_entry)(1.5)


def test_appending_to_an_outside_list_is_refused():
    _reset()
    with pytest.raises(sd.SrcdiffError, match="ROWS.append"):
        sd.grad(oc.global_append)(1.5)
    assert len(oc.ROWS) == 1


def test_reading_outside_objects_is_differentiated():
    _reset()
    got = sd.grad(oc.reads_outside_only)(1.5)
    assert_close(got, numeric_grad(oc.reads_outside_only, (1.5,), 0))
    value, tangent = sd.jvp(oc.reads_outside_only)(1.5, tangents=1.0)
    assert_close(tangent, numeric_grad(oc.reads_outside_only, (1.5,), 0))
    assert np.all(oc.G == 1.0)
