"""Run-time helpers that keep values generated code changes in place, and put them back:
what a store overwrites (``item_saved``/``item_restore``; ``present_key``: the key it
overwrites, in a second derivative), copies of containers
(``snapshot_tree``), and a checkpointed loop's snapshots of the containers its body changes
(``snapshot_objects``/``restore_objects``, reverse/checkpoint.py). Like srcdiff/runtime.py,
each helper depends only on NumPy and the standard library and is copied verbatim into
standalone modules (runtime_array_api.py re-makes them for array-API arrays).
"""

import numpy as np

from srcdiff.errors import SrcdiffError
from srcdiff.runtime import snapshot


def item_saved(x, key):
    """What a store ``x[key] = ...`` overwrites, as ``(present, value)``: ``present`` is
    False when the store adds a key to the dict ``x`` (``item_restore`` removes it again).
    Of a list or dict, the entry's object itself: the store only unbinds it, and the undos
    of in-place changes to it (``entry = D["u"]; entry[0] *= c``) then reach the entry put
    back, as in the primal (a copy missed them). Of an array, a copy of the part."""
    if isinstance(x, dict):
        return (True, x[key]) if key in x else (False, None)
    if isinstance(x, list):
        return True, x[key]
    return True, snapshot(x[key])


def item_restore(x, key, saved):
    """Undo a store ``x[key] = ...`` with what ``item_saved`` kept."""
    present, old = saved
    if present:
        x[key] = old
    else:
        del x[key]


def snapshot_tree(v):
    """A copy of ``v`` (arrays, and lists, tuples and dicts of them) that later in-place
    writes cannot change."""
    if isinstance(v, np.ndarray):
        return v.copy()
    if isinstance(v, list):
        return [snapshot_tree(x) for x in v]
    if isinstance(v, tuple):
        return tuple(snapshot_tree(x) for x in v)
    if isinstance(v, dict):
        return {k: snapshot_tree(x) for k, x in v.items()}
    return v


def _kept_array(v):
    return isinstance(v, np.ndarray)


def snapshot_objects(v):
    """``(v, contents)``: the object ``v`` with a copy of what it holds, each array, list,
    tuple and dict in it kept so too, for :func:`restore_objects` to put the contents back
    into those very objects. (A copy alone, put back as new objects, leaves every other name
    holding one of them, ``entry = D["u"]`` before a loop changing ``D["u"][0]``, with the
    loop's last contents.)"""
    if _kept_array(v):
        return v, np.copy(v)
    if isinstance(v, dict):
        return v, [(k, snapshot_objects(x)) for k, x in v.items()]
    if isinstance(v, (list, tuple)):
        return v, [snapshot_objects(x) for x in v]
    return v, None


def restore_objects(kept):
    """Put what :func:`snapshot_objects` kept back into the objects it kept; the outer one.
    (An array that cannot be written, a broadcast view, was not changed through itself.)"""
    v, contents = kept
    if _kept_array(v):
        if getattr(getattr(v, "flags", None), "writeable", True):
            v[...] = contents
    elif isinstance(v, dict):
        v.clear()
        v.update((k, restore_objects(x)) for k, x in contents)
    elif isinstance(v, list):
        v[:] = [restore_objects(x) for x in contents]
    elif isinstance(v, tuple):
        for x in contents:
            restore_objects(x)
    return v


def present_key(x, key):
    """``key``, which the dict ``x`` holds: generated code differentiated again reads the
    value a store overwrites as ``x[present_key(x, key)]`` (front/parse.py), and a store that
    added the key has no such value, which that second derivative does not model."""
    if isinstance(x, dict) and key not in x:
        raise SrcdiffError(
            f"a second derivative through a store that adds the key {key!r} to a dict after "
            "the dict was read is not supported",
            hint="give the dict all its keys before reading it (e.g. d = {'a': 0.0, 'b': "
                 "0.0}), or build the new entries in a new dict")
    return key
