"""Tangent's inputs for its corpus (tests/support/tangent_corpus.py), as its conftest picks them.

Parameters named ``a``, ``b``, ``c`` are scalars from -2 to 2, ``n`` an int 1..3, ``x`` a
vector of length 3, 5 or 10, ``sqm`` a square matrix: every combination (thinned when
there are many), and the functions with other parameters (containers, small models)
get theirs below. ``CASES``: ``[(function, [argument tuple, ...])]``; ``WRT``: the
differentiated positions where not every float argument.
"""

import inspect

import numpy as np

import tangent_corpus as tc

SCALARS = (-2.0, -1.5, -1.0, -0.5, -0.1, 0.1, 0.5, 1.0, 1.5, 2.0)
INTS = (1, 2, 3)
_RNG = np.random.default_rng(42)
VECTORS = tuple(_RNG.standard_normal(k) for k in (3, 5, 10))


def _by_names(names, scalars=SCALARS):
    """Tangent's conftest: every combination of its values for each parameter name."""
    pools = {"a": scalars, "b": scalars, "c": scalars, "n": INTS, "x": VECTORS,
             "sqm": (_RNG.standard_normal((3, 3)),)}
    combos = [()]
    for name in names:
        combos = [c + (v,) for c in combos for v in pools[name]]
    return combos


def _thin(combos, keep=12):
    """At most ``keep`` combinations, spread over the list (three scalars make 1000)."""
    step = max(1, len(combos) // keep)
    return combos[::step][:keep]


def _models():
    label = np.zeros(5)
    label[1] = 1.0
    rng = np.random.default_rng(7)
    d = 3
    return {
        tc.logistic_loss: [(rng.random(3), label, rng.standard_normal((3, 5)),
                         rng.standard_normal(5))],
        tc.recurrent_sum: [(rng.standard_normal((3, 2)), rng.standard_normal((2, 3)))],
        tc.bilinear_tanh: [tuple(rng.standard_normal(s) for s in
                              ((1, d), (1, d), (d, d), (d, d), (1, d)))],
    }


def _containers():
    triples = _thin(_by_names("abc"), 6)
    return {
        tc.unpack_tuple_argument: [(t,) for t in triples],
        tc.first_of_tuple_argument: [(t,) for t in triples],
        tc.build_dict_and_call: [(t,) for t in triples],
        tc.dict_argument: [(dict(a=a, b=b, c=c),) for a, b, c in triples],
        tc.pick_from_packed: [t + (i,) for t in triples[:2] for i in range(3)],
        tc.nested_dict_argument: [(dict(i=dict(j=3.0, k=4.0)),), (dict(i=dict(j=-0.5, k=1.5)),)],
    }


# arccos/arcsin are real only inside [-1, 1]; Tangent's points outside give NaN on both sides
_DOMAINS = {tc.arccos_call: (-0.5, -0.1, 0.1, 0.5), tc.arcsin_call: (-0.5, -0.1, 0.1, 0.5)}
# ``wrt``: the differentiated positions, when not every float argument (Tangent's own tests)
WRT = {tc.logistic_loss: (2, 3), tc.recurrent_sum: (0, 1), tc.bilinear_tanh: (0, 1, 2, 3, 4)}


def _cases():
    special = {**_models(), **_containers()}
    cases = []
    for fn in list(vars(tc).values()):
        if not inspect.isfunction(fn) or fn.__module__ != tc.__name__ \
                or fn.__name__.startswith("_"):
            continue
        if fn in special:
            cases.append((fn, special[fn]))
            continue
        names = list(inspect.signature(fn).parameters)
        if not set(names) <= {"a", "b", "c", "n", "x", "sqm"}:
            continue  # helpers with other parameter names (product, total, ...) are covered
        combos = _by_names(names, _DOMAINS.get(fn, SCALARS))
        cases.append((fn, _thin(combos) if len(names) > 1 else combos))
    return cases


CASES = _cases()
