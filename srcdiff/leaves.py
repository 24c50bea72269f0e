"""One walk over an argument's leaves, for the checks that look at each of them
(api/transforms.check_arguments: what srcdiff does not model; api/backends: a float
precision the numba backend does not compute in)."""

_PLAIN_NUMBERS = {bool, int, float}


def first_answer(value, question, path=()):
    """The first answer other than None of ``question(leaf, path)`` over the leaves of
    ``value``: the entries of dicts (by key), lists and tuples (by position), depth first
    in order, ``value`` itself for anything else; ``path`` the keys and positions that reach
    the leaf, after the ``path`` given. ``question`` must answer None for Python's float,
    int and bool: a list or tuple of those alone is not walked (one C-level pass, a list of
    500 floats)."""
    if isinstance(value, (list, tuple)):
        if set(map(type, value)) <= _PLAIN_NUMBERS:
            return None
        entries = enumerate(value)
    elif isinstance(value, dict):
        entries = value.items()
    else:
        return question(value, path)
    for k, v in entries:
        found = first_answer(v, question, path + (k,))
        if found is not None:
            return found
    return None


def shown(name, path):
    """``name`` and ``path`` as Python reads the entry: ``w['a'][0]``."""
    return name + "".join(f"[{k!r}]" for k in path)
