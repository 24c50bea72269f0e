"""Lists and tuples of Python floats read as float64 arrays, in two C-level passes.

The numba backend passes such an argument as an array (numba would convert a list entry by
entry); the quick cache key (api/seeded.py), the compiled runner (numba_emit.py) and
written modules (numba_helpers.float_array) ask the same question here."""

import marshal

import numpy as np


def float_entries(v):
    """The entries of the non-empty list or tuple ``v`` as a read-only float64 view when
    every one is a Python float (type exactly ``float``), else None: two C-level passes,
    about half of ``set(map(type, v))`` and ``np.array(v)`` together (1000 floats: 17
    against 54 µs).

    Invariant (marshal's format version 2, checked on import: ``_MARSHAL_FLOATS``): a list
    or tuple is written as one type byte and its length (4 bytes), then its entries, an
    exact float as the byte ``g`` and its 8 bytes (IEEE double, little-endian: its bits as
    they are); no other type is written with a ``g``, and a float subclass (np.float64) or
    a bool is not written as a float. So entry k starts at byte 5 + 9k when the entries
    before it are floats, and the bytes 5 + 9k are all ``g`` exactly when every entry is
    a float."""
    if not (_MARSHAL_FLOATS and v):
        return None
    try:
        data = marshal.dumps(v, 2)
    except ValueError:  # (an entry marshal cannot write: not a float)
        return None
    n = len(v)
    if len(data) != 5 + 9 * n or data[5::9] != b"g" * n:
        return None
    return np.frombuffer(data, _MARSHALLED_FLOAT, n, 5)["value"]


_MARSHALLED_FLOAT = np.dtype([("type", "u1"), ("value", "<f8")])  # (9 bytes, packed)


def _marshal_floats():
    """Does marshal write floats as :func:`float_entries` reads them (this Python)?"""
    sample = [0.5, -0.0, float("inf"), 1e-310, 3.0]
    try:
        data = marshal.dumps(sample, 2)
        view = np.frombuffer(data, _MARSHALLED_FLOAT, 5, 5)["value"]
        return (len(data) == 50 and data[5::9] == b"ggggg"
                and view.tobytes() == np.array(sample).astype("<f8").tobytes()
                and marshal.dumps([0.5, 1], 2)[14:15] != b"g"
                and marshal.dumps((0.5, True), 2)[14:15] != b"g")
    except Exception:  # noqa: BLE001 - any surprise: the set-of-types pass, as before
        return False


_MARSHAL_FLOATS = _marshal_floats()
