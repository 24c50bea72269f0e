"""The facts of the entries of a container display, for activity.py's value facts: a
``for`` loop over, an unpacking of, or ``+=`` on an entry of a list of numbers then knows
it holds a number (aliasing.py: a number read out of a container shares nothing)."""

import gast


def display_entries(a, op, fact, kinds, entries_known, every_entry, numbers):
    """The facts of the entries of the list, tuple or dict display ``op`` makes (``fact``:
    an atom's facts; ``kinds``: the names reached so far; ``numbers``: the kinds of
    numbers), when they are known wherever the name is read: every entry's own while the
    name keeps the display (``entries_known``); else, when the display is the name's only
    definition, an entry's fact where every value it may hold (the display's, those stored
    at its position or at an unknown one) has one fact, and (a list's) one for every entry
    (``every_entry``) when all of them, appended ones too, have one number fact (a float
    stays a float: ``L[1] += v`` rebinds the entry). An entry that may be a 0-d array
    (mutable) is told apart by aliasing.py, not here."""
    value = op.stmt.value
    changes = [o for o in a.order if o.target == op.target and o.kind in ("store", "append")]
    if a.assign_count.get(op.target) != 1 + len(changes):
        return None
    if op.kind == "prim":  # list(m), tuple(m) of an array: its rows (numbers for a vector)
        return _rows(a, op, fact, kinds, entries_known, every_entry, numbers, changes)
    if not isinstance(value, (gast.List, gast.Tuple, gast.Dict)):
        return None
    if isinstance(value, gast.Dict):
        keys = [k.value if isinstance(k, gast.Constant) and type(k.value) in (str, int)
                else _DISPLAY_NO_KEY for k in value.keys]
        if _DISPLAY_NO_KEY in keys:
            return None
        atoms = value.values
    else:
        keys, atoms = list(range(len(value.elts))), value.elts
    held = {}
    for k, e in zip(keys, atoms):
        held.setdefault(k, []).append(fact(e))
    if entries_known(op.target):  # (and read at an integer not known: below)
        return _every_entry(_from_end({k: f[-1] for k, f in held.items()}, value), value,
                            [f[-1] for f in held.values()], every_entry, numbers)
    anywhere = []  # the facts of values put at positions not known
    for other in changes:
        if other.kind == "store" and isinstance(other.index, gast.Slice) or not other.args:
            return None
        put = other.args[-1]
        if isinstance(put, gast.Name) and put.id not in kinds and a.assign_count.get(put.id):
            continue  # (a value not reached yet: its fact in a later sweep, which checks this)
        got = fact(put)
        key = other.index.value if other.kind == "store" and isinstance(
            other.index, gast.Constant) and type(other.index.value) in (str, int) else None
        if isinstance(value, gast.Dict) or not any(o.kind == "append" for o in changes):
            if isinstance(key, int) and not isinstance(value, gast.Dict):
                key = key + len(keys) if key < 0 else key  # (a list's length is the display's)
            if key is not None:
                held.setdefault(key, []).append(got)
                continue
        anywhere.append(got)
    out = {k: f[0] for k, f in held.items() if all(g == f[0] for g in f + anywhere)}
    if not any(o.kind == "append" for o in changes):
        out = _from_end(out, value)
    return _every_entry(out, value, [g for f in held.values() for g in f] + anywhere,
                        every_entry, numbers)


def _from_end(out, value):
    """``out`` with, for a list or tuple display whose length stays the display's (nothing
    appended: the caller checks), each entry's fact also under its index from the end
    (``X[-1]``; a display has no starred entry: normalize.py refuses them)."""
    if isinstance(value, gast.Dict):
        return out
    n = len(value.elts)
    return out | {k - n: f for k, f in out.items() if isinstance(k, int) and 0 <= k < n}


def _every_entry(out, value, every, every_entry, numbers):
    """``out`` and, for a list or tuple display every value of which (``every``: its
    entries', those stored or appended into it) has one fact, a number's or an array's of
    known rank, that fact under ``every_entry``: what ``L[j]`` reads at an integer ``j`` not
    known (any entry; an index out of range raises in the primal). The fact is a kind and
    shape, not an alias: ``L[j]`` of arrays still shares with ``L`` (aliasing.py)."""
    if not isinstance(value, gast.Dict) and every and all(f == every[0] for f in every) \
            and isinstance(every[0][1], tuple) and every[0][0] in numbers:
        out[every_entry] = every[0]
    return out


_DISPLAY_NO_KEY = object()


def _rows(a, op, fact, kinds, entries_known, every_entry, numbers, changes):
    """``L = list(m)`` (or ``tuple(m)``) of an array ``m`` of known rank: every entry is a
    row of ``m`` (a number of its kind for a vector), and so is every value stored or
    appended into ``L`` when each has that same fact; else None."""
    if len(op.args) != 1 or op.kwargs or not isinstance(op.args[0], gast.Name):
        return None
    kind, pattern = fact(op.args[0])
    if kind not in numbers or not isinstance(pattern, tuple) or not pattern:
        return None
    row = (kind, pattern[1:])
    if not entries_known(op.target):
        for other in changes:
            put = other.args[-1] if other.args else None
            if other.kind == "store" and isinstance(other.index, gast.Slice) or put is None:
                return None
            if isinstance(put, gast.Name) and put.id not in kinds \
                    and a.assign_count.get(put.id):
                continue  # (not reached yet: a later sweep checks it)
            if fact(put) != row:
                return None
    return {every_entry: row}


def entry_read(op, children, kinds, entry_of, every_entry, numbers):
    """The fact of the entry ``op`` reads out of a container whose entries are known
    (``children``: name -> {key: fact}): ``c[i]`` (``entry_of``), or ``max(c)`` /
    ``min(c)`` (``key=`` too: it picks, the result is one of the entries) of a list or
    tuple of numbers that all have one fact (``every_entry``, which a dict never has: its
    ``max`` is a key), or None. A 0-d array entry (a fact of three: mutable) is not a
    number here: sharing.py links what reads it to the container."""
    base = op.args[0].id if op.args and isinstance(op.args[0], gast.Name) else None
    if base not in children:
        return None
    if op.kind == "index":
        return entry_of(children[base], op.index, kinds)
    every = children[base].get(every_entry)
    if op.kind == "prim" and op.func in (min, max) and len(op.args) == 1 and set(
            op.kwargs) <= {"key"} and every is not None and len(every) == 2 \
            and every[0] in numbers and every[1] == ():
        return every
    return None
