"""Functions that change objects living outside them (module-level arrays, attributes
of module-level objects). srcdiff once gave these wrong gradients without a word: a
helper or a later attribute read saw the change where the data flow did not."""

import numpy as np


class Config:
    pass


CFG = Config()
CFG.buf = np.ones(3)
G = np.ones(3)
ROWS = [np.ones(3)]


def through_attribute(x):
    b = CFG.buf
    b[0] = x
    return np.sum(CFG.buf) * x


def global_store(x):
    G[:] = x
    return np.sum(G) * x


def _reads_global(x):
    return np.sum(G) * x


def global_store_read_by_helper(x):
    G[0] = x
    return _reads_global(x)


def _writes_global(x):
    G[0] = x
    return x


def helper_writes_global(x):
    y = _writes_global(x)
    return np.sum(G) * y


def global_list_entry(x):
    v = ROWS[0]
    v[1:] = x
    return np.sum(ROWS[0]) * x


def global_append(x):
    ROWS.append(x)
    return x * 2.0


def reads_outside_only(x):
    """Reading module-level arrays and attributes (no change): differentiated."""
    a = np.ones(3)
    a[0] = x
    return np.sum(a * G) + np.sum(CFG.buf) * x + _reads_global(x)


REFUSED = [through_attribute, global_store, global_store_read_by_helper,
           helper_writes_global, global_list_entry]
