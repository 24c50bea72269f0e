"""Issue 16 (compile time): shortcuts that skip or shorten work, each checked against the
plain way it replaces (the generated code is unchanged: the golden files check that too).

* ``exprs.forget_copies`` drops the plain-copy pairs of a written name through a reverse
  index (common subexpressions rebuilt the whole table per written name: quadratic in a
  long block of copies); the pairs left are the rebuild's.
* ``dataflow.names`` walks for ``Name`` nodes only; the same nodes, in the order
  ``dataflow.nodes`` lists them. ``dataflow.in_walk_order`` lists ``gast.walk``'s nodes in
  its order (the whole-function walks of the front end and the analyses).
* ``Template.bind`` binds plain positional-or-keyword options without
  ``inspect.Signature.bind``; the same binding (or the same refusal) for every rule.
* ``sequences._Sequences.constant`` (the sequences of constants) is computed only when an
  operand may be a sequence: never for a function without lists or tuples.
* ``checkpoint.backward_reads`` reads a simple statement with ``dataflow.reads``; the same
  names as a walk of every node (a segment run again included).
"""

import inspect
import random

import gast
import numpy as np
import pytest

import srcdiff as sd
from checkpoint_cases import rnn_binomial
from sourcefiles import load_function
from srcdiff.compiler.analysis import sequences
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.optimize import exprs
from srcdiff.compiler.reverse import checkpoint
from srcdiff.rules import DEFAULT


def _rebuild(copies, name):
    return {a: b for a, b in copies.items() if name not in (a, b)}


@pytest.mark.parametrize("seed", range(20))
def test_forget_copies_leaves_what_a_rebuild_leaves(seed):
    rng = random.Random(seed)
    pool = ["v%d" % k for k in range(8)]
    copies, copied_to, plain = {}, {}, {}
    for _ in range(200):
        if rng.random() < 0.5:  # a plain copy ``b = a``: copies[a] = b
            a, b = rng.sample(pool, 2)
            copies[a] = plain[a] = b
            copied_to.setdefault(b, set()).add(a)
        else:  # a written name
            name = rng.choice(pool)
            exprs.forget_copies(copies, copied_to, name)
            plain = _rebuild(plain, name)
        assert copies == plain


LOOPS = """
import numpy as np


def f(x, w, n):
    s = 0.0
    ys = [x, x * 2.0]
    for i in range(n):
        t = np.tanh(w * x + s)
        if s > 0.5:
            s = s + np.sum(t) * 0.5
        else:
            s = s - np.mean(t * t)
        ys.append(t)
    a, b = ys[0], ys[-1]
    return s + np.sum(a * b)
"""


def test_names_are_the_name_nodes_in_walk_order():
    tree = gast.parse(LOOPS)
    generated = gast.parse(str(sd.source(load_function(LOOPS), (0, 1),
                                         args=(np.ones(3), np.ones(3), 2))))
    for root in (tree, generated):
        for node in dataflow.nodes(root):
            expected = [n for n in dataflow.nodes(node) if isinstance(n, gast.Name)]
            assert [id(n) for n in dataflow.names(node)] == [id(n) for n in expected]


TRY = """
def g(x, *args, k=1, **kw):
    try:
        y = [v for v in args if v > 0] or (x, {1: 2}, f"{x!r:>4}")
    except (ValueError, TypeError) as e:
        y = lambda z=x: z ** -0.5
    else:
        y = -x if x else +x
    finally:
        del kw["a"]
    with open(x) as h, ctx():
        global q
        yield from (i async for i in h)
    return x[1:2, ..., None], x.a.b[0]
"""


def test_in_walk_order_is_gast_walk():
    trees = [gast.parse(TRY), gast.parse(LOOPS),
             gast.parse(str(sd.source(load_function(LOOPS), (0, 1),
                                      args=(np.ones(3), np.ones(3), 2))))]
    for root in trees:
        for node in dataflow.nodes(root):
            assert [id(n) for n in dataflow.in_walk_order(node)] \
                == [id(n) for n in gast.walk(node)]


def _templates():
    DEFAULT.load_pending(everything=True)
    seen = {}
    for rule in DEFAULT._rules.values():
        for template in (rule.vjp, rule.jvp):
            if template is not None:
                seen[id(template)] = template
    return list(seen.values())


def _slow_bind(template, args, kwargs):
    template.__dict__["_plain_options"] = None  # (the cached answer: inspect's way)
    try:
        return template.bind(args, kwargs)
    finally:
        del template.__dict__["_plain_options"]


def _outcome(bind, template, args, kwargs):
    try:
        got = bind(template, args, kwargs)
    except TypeError:
        return "TypeError"
    return [(k, gast.dump(v)) for k, v in got.items()]


def test_bind_binds_as_the_signature_does():
    templates = _templates()
    assert len(templates) > 100
    fast = 0
    for template in templates:
        names = list(template._options_signature.parameters)
        fast += template._plain_options is not None
        atoms = [gast.Name(id="a%d" % k, ctx=gast.Load(), annotation=None, type_comment=None)
                 for k in range(len(names) + 2)]
        for n_args in range(len(names) + 2):
            args = atoms[:n_args]
            for kwargs in ({}, {names[-1]: atoms[-1]} if names else {}, {"unknown": atoms[-1]},
                           {names[0]: atoms[-1]} if names else {}):
                assert _outcome(Template_bind, template, args, kwargs) \
                    == _outcome(_slow_bind, template, args, kwargs), (template.name, n_args,
                                                                       kwargs)
    assert fast > 100  # (most rules take the shortcut)


def Template_bind(template, args, kwargs):
    return template.bind(args, kwargs)


def test_sequences_of_constants_only_asked_where_a_sequence_may_be(monkeypatch):
    asked = []
    constants = sequences._Sequences._constants

    def counted(self, body, arg_facts):
        asked.append(len(body))
        return constants(self, body, arg_facts)

    monkeypatch.setattr(sequences._Sequences, "_constants", counted)
    numeric = load_function("import numpy as np\n\n\ndef f(x, a):\n    y = x * a + np.sin(x)\n"
                            "    z = y * y - a\n    return np.sum(z * x)\n")
    sd.grad(numeric, (0, 1))(np.linspace(0.1, 0.5, 4), 0.3)
    assert asked == []
    refused = load_function("import numpy as np\n\n\ndef f(x, a):\n    w = [a] * 2\n"
                            "    return np.sum(x * np.array(w))\n")
    with pytest.raises(sd.SrcdiffError, match="is a list or tuple"):
        sd.grad(refused, (0, 1))(np.linspace(0.1, 0.5, 2), 0.3)
    assert asked  # (an operand that may be a sequence: asked, before refusing)


def _every_node_reads(stmts):
    """The names read (a segment run again: what is live into its loop), node by node."""
    names = set()

    def visit(x):
        loop = getattr(x, checkpoint.RERUN, None)
        if loop is not None:
            names.update(dataflow.reads(x.iter) | checkpoint.live_into(loop.body)[0])
        else:
            if isinstance(x, gast.Name) and isinstance(x.ctx, gast.Load):
                names.add(x.id)
            for child in gast.iter_child_nodes(x):
                visit(child)

    for s in stmts:
        visit(s)
    return names


def test_backward_reads_as_a_walk_of_every_node(monkeypatch):
    seen = []
    reads = checkpoint.backward_reads

    def both(stmts):
        got = reads(stmts)
        assert got == _every_node_reads(stmts)
        seen.append(any(getattr(x, checkpoint.RERUN, None) is not None
                        for s in stmts for x in dataflow.nodes(s)))
        return got

    from srcdiff.compiler.reverse import adjoint
    monkeypatch.setattr(adjoint, "backward_reads", both)
    sd.grad(load_function(LOOPS), (0, 1))(np.ones(3), np.ones(3), 2)
    xs = np.linspace(-0.5, 0.5, 12).reshape(4, 3)
    fresh = load_function("import numpy as np\n\n\n" + inspect.getsource(rnn_binomial),
                          "rnn_binomial")  # (a function of its own: compiled here, not cached)
    sd.grad(fresh, (0, 1))(np.ones(3) * 0.1, np.eye(3) * 0.5, xs)
    assert seen and any(seen)  # (a segment run again was among them)


def test_inspect_still_binds_the_others():
    """The shortcut covers plain options only; the rest (``*args``, keyword-only) are bound
    by inspect, which the shortcut's answers are compared with above."""
    kinds = {p.kind for t in _templates() if t._plain_options is None
             for p in t._options_signature.parameters.values()}
    assert kinds - {inspect.Parameter.POSITIONAL_OR_KEYWORD}
