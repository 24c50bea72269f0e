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
* ``contractions._Readers`` lists a named product's ``unbroadcast`` readers from an index
  built once per block (updated where a call is rewritten); the same readers as a scan of
  the rest of the block per product.
* ``reaching`` joins (and compares) states above their common state, with chains for
  what the loops and branches define: the same definitions as plain dicts joined name
  by name.
* ``scan.Scan.merge`` keeps the descriptions every environment shares (the same object)
  instead of joining each name: the join of every name.
* ``syntax.copy`` and ``syntax.substituted`` copy a node's attributes with ``dict.copy``
  and copy again only the values that are not leaves: the same tree (new nodes and lists
  everywhere, the other values shared, the attributes in the same order) as a
  comprehension over every attribute.
* ``template.decide_test`` keeps each rule test's answer per tree (its dump): the answer
  deciding it again gives, for every test the corpus's rules ask.
"""

import inspect
import random

import gast
import numpy as np
import pytest

import srcdiff as sd
from checkpoint_cases import rnn_binomial
from sourcefiles import load_function
from srcdiff.compiler.analysis import reaching, scan, sequences
from srcdiff.compiler.analysis.activity import walk
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.optimize import contractions, exprs
from srcdiff.compiler.reverse import checkpoint
from srcdiff.rules import DEFAULT
from srcdiff.rules import template as rule_template


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


def test_summary_is_its_definition_by_nodes():
    # dataflow.summary and writes walk without the list of nodes between: the same sets,
    # and the same counts in the same order, as the definitions over dataflow.nodes
    # (TRY's nodes too: every kind of statement and expression, annotations)
    trees = [gast.parse(LOOPS), gast.parse(TRY),
             gast.parse(str(sd.source(load_function(LOOPS), (0, 1),
                                      args=(np.ones(3), np.ones(3), 2))))]
    for root in trees:
        for node in dataflow.nodes(root):
            every = dataflow.nodes(node)
            read, written, loads = dataflow.summary(node)
            plain = dataflow._summary_by_nodes(node)
            assert (read, written) == plain[:2]
            assert list(loads.items()) == list(plain[2].items())
            assert dataflow.writes(node) == dataflow.bound_in(every) \
                | dataflow._stored_into(every) | dataflow._called_on(every)


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
    # (a list on one path, a number on the other, repeated by `*`: [a] * 2 alone is
    # supported since session 27, front/ repeat_sequence)
    refused = load_function("import numpy as np\n\n\ndef f(x, a):\n    w = [a, a]\n"
                            "    if a > 0.5:\n        w = a\n"
                            "    return np.sum(x * np.array(w * 2))\n")
    with pytest.raises(sd.SrcdiffError, match="is a list or tuple"):
        sd.grad(refused, (0, 1))(np.linspace(0.1, 0.5, 4), 0.3)
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


PRODUCTS = """
import numpy as np


def f(pos, m, g):
    d = pos[:, None, :] - pos[None, :, :]
    r2 = np.sum(d ** 2, axis=-1) + 0.1
    e = np.sum(m[:, None] * m[None, :] / np.sqrt(r2))
    for i in range(2):
        u = d * g
        v = u * m[:, None, None]
        e = e + np.sum(v * d) * 0.5
    if e > 0.0:
        w = d * g
        e = e + np.sum(w * u)
    return e


def g(pos, m, g):
    d = pos[:, None, :] - pos[None, :, :]
    r2 = np.sum(d ** 2, axis=-1) + 0.1
    c = pos[:, None, :] * g - pos[None, :, :]
    q = np.sum(np.tanh(c) * d, axis=-1)
    return np.sum(m[:, None] * m[None, :] / np.sqrt(r2)) + np.sum(q * r2)
"""


def test_readers_are_the_scan_of_the_rest_of_the_block(monkeypatch):
    asked = {"calls": 0, "found": 0}
    plain = contractions._Readers.after

    def checked(self, k, t):
        got = plain(self, k, t)
        assert got == contractions._readers_after(self.body, k, t)
        asked["calls"] += 1
        asked["found"] += len(got)
        return got

    monkeypatch.setattr(contractions._Readers, "after", checked)
    rng = np.random.default_rng(3)
    args = (rng.standard_normal((20, 3)), rng.uniform(0.5, 1.5, 20), rng.standard_normal(3))
    rewritten = 0
    for name in ("f", "g"):
        fn = load_function(PRODUCTS, name)
        rewritten += sd.source(fn, wrt=(0, 1, 2), args=args).count("sum_product(")
    assert rewritten >= 6
    assert asked["calls"] >= 5 and asked["found"] >= 2, asked


@pytest.mark.parametrize("seed", range(10))
def test_readers_follow_rewritten_calls(seed):
    """Random blocks of ``unbroadcast`` calls, some rewritten (as the pass rewrites them,
    the index then updated): each lookup is the scan's."""
    rng = random.Random(seed)
    names = ["b_%d" % k for k in range(5)]
    lines = []
    for k in range(30):
        calls = " + ".join("unbroadcast(%s, x%d)" % (rng.choice(names), rng.randrange(3))
                           for _ in range(rng.randrange(0, 4)))
        lines.append("y%d = %s" % (k, calls or rng.choice(names)))
    body = gast.parse("\n".join(lines)).body
    readers = contractions._Readers(body)
    for _ in range(60):
        k, t = rng.randrange(-1, len(body)), rng.choice(names)
        uses = readers.after(k, t)
        assert uses == contractions._readers_after(body, k, t)
        if uses and rng.random() < 0.5:
            j, n = rng.choice(uses)
            n.func = gast.Name("sum_product", gast.Load(), None, None)
            new = gast.parse("unbroadcast(%s, x0)" % rng.choice(names)).body[0].value \
                if rng.random() < 0.5 else gast.Name(rng.choice(names), gast.Load(), None, None)
            n.args = [new] + n.args  # (a call that appeared: found after the update)
            readers.update([j])


def _reaching_plainly(body):
    """Reaching definitions with a dict per state, joined name by name (what
    reaching.reaching_definitions computes with chains joined above a common state)."""
    before = {}

    def join(*states):
        out = {}
        for state in states:
            for v, defs in state.items():
                out[v] = out[v] | defs if v in out else defs
        return out

    def define(state, name, stmt):
        return {**state, name: frozenset([S.key(stmt)])} if name else state

    def flow(stmts, state):
        for s in stmts:
            before[S.key(s)] = state
            state = step(s, state)
        return state

    def step(s, state):
        if isinstance(s, gast.Assign) and isinstance(s.targets[0], gast.Name):
            return define(state, s.targets[0].id, s)
        if isinstance(s, gast.If):
            return join(flow(s.body, state), flow(s.orelse, state))
        if not isinstance(s, (gast.For, gast.While)):
            return state
        target = s.target.id if isinstance(s, gast.For) else None
        current = state
        while True:  # (until a trip adds nothing)
            new = join(state, define(current, target, s),
                       flow(s.body, define(current, target, s)))
            if new == current:
                break
            current = new
        end = flow(s.body, define(new, target, s))
        return join(define(new, target, s), end,
                    *[before[S.key(x)] for x, _ in walk(s.body)])

    flow(body, {})
    return before


def _structured(rng, names, depth, size):
    out = []
    for _ in range(size):
        r = rng.random()
        if depth < 3 and r < 0.15:
            out.append("for %s in range(3):" % rng.choice(names))
            out += ["    " + x for x in _structured(rng, names, depth + 1, rng.randrange(1, 6))]
        elif depth < 3 and r < 0.25:
            out.append("if %s > 0:" % rng.choice(names))
            out += ["    " + x for x in _structured(rng, names, depth + 1, rng.randrange(1, 5))]
            if rng.random() < 0.5:
                out.append("else:")
                out += ["    " + x
                        for x in _structured(rng, names, depth + 1, rng.randrange(1, 5))]
        elif depth < 3 and r < 0.3:
            out.append("while %s > 0:" % rng.choice(names))
            out += ["    " + x for x in _structured(rng, names, depth + 1, rng.randrange(1, 5))]
        else:
            out.append("%s = %s + 1" % (rng.choice(names), rng.choice(names)))
    return out


@pytest.mark.parametrize("seed", range(40))
def test_reaching_definitions_are_the_plain_joins(monkeypatch, seed):
    rng = random.Random(seed)
    # (a short chain limit in half the cases: chains flattened into dicts mid-way)
    monkeypatch.setattr(reaching, "CHAIN", 256 if seed % 2 else rng.randrange(2, 12))
    names = ["v%d" % k for k in range(rng.randrange(3, 40))]
    body = gast.parse("\n".join(_structured(rng, names, 0, rng.randrange(5, 60)))).body
    got, want = reaching.reaching_definitions(body), _reaching_plainly(body)
    assert got.keys() == want.keys()
    for k, state in want.items():
        for v in names:
            assert got[k].get(v) == state.get(v), (k, v)


@pytest.mark.parametrize("seed", range(20))
def test_scan_merge_is_the_join_of_every_name(seed):
    rng = random.Random(seed)
    values = [{}, {"p": scan.SELF}, {"p": scan.DEEP}, {"q": scan.HOLDS},
              {"p": scan.HOLDS, "q": scan.SELF}, {"p": scan.SELF, "q": scan.DEEP}]
    shared = {"v%d" % k: dict(rng.choice(values)) for k in range(30)}
    for _ in range(30):
        envs = []
        for _ in range(rng.randrange(1, 5)):
            if rng.random() < 0.15:
                envs.append(None)
                continue
            env = dict(shared)  # (as statements copy them: shared descriptions)
            for v in rng.sample(sorted(shared), rng.randrange(0, 8)):
                if rng.random() < 0.2:
                    del env[v]
                else:
                    env[v] = dict(rng.choice(values))
            env["w%d" % rng.randrange(5)] = dict(rng.choice(values))
            envs.append(env)
        if envs and rng.random() < 0.3:
            envs.append(envs[0])
        live = [e for e in envs if e is not None]
        want = {n: scan._join(*[e.get(n, {}) for e in live])
                for n in set().union(*live)} if live else None
        assert scan.Scan.merge(*envs) == want


# ------------------------------------------------------------------ structural copies
def _plain_copy(node):  # (syntax.copy before: a comprehension over every attribute)
    if isinstance(node, gast.AST):
        new = node.__class__.__new__(node.__class__)
        new.__dict__ = {k: v if v.__class__ in S._LEAVES else _plain_copy(v)
                        for k, v in node.__dict__.items()}
        return new
    if isinstance(node, list):
        return [x if x.__class__ in S._LEAVES else _plain_copy(x) for x in node]
    return node


def _plain_substituted(tree, subs):  # (syntax.substituted before, the same way)
    if isinstance(tree, list):
        return [x if x.__class__ in S._LEAVES or not isinstance(x, (gast.AST, list))
                else _plain_substituted(x, subs) for x in tree]
    if isinstance(tree, gast.Name) and tree.id in subs:
        return S._replacement(tree, subs)
    new = tree.__class__.__new__(tree.__class__)
    new.__dict__ = {k: v if v.__class__ in S._LEAVES or not isinstance(v, (gast.AST, list))
                    else _plain_substituted(v, subs) for k, v in tree.__dict__.items()}
    return new


def _same_copy(a, b, original):
    """``a`` and ``b`` are equal copies of ``original``: the same classes, attributes (in
    order) and leaves; a new node or list wherever ``original`` has one (in both), every
    other value the original's own object."""
    assert a.__class__ is b.__class__
    if isinstance(original, (gast.AST, list)):
        assert a is not original and b is not original and a is not b
    if isinstance(a, gast.AST):
        assert list(a.__dict__) == list(b.__dict__)
        for k in a.__dict__:
            _same_copy(a.__dict__[k], b.__dict__[k], getattr(original, k, None)
                       if original.__class__ is a.__class__ else None)
    elif isinstance(a, list):
        assert len(a) == len(b)
        for k, (x, y) in enumerate(zip(a, b)):
            _same_copy(x, y, original[k] if isinstance(original, list)
                       and len(original) == len(a) else None)
    else:
        assert a is b or (a == b and a.__class__ in S._LEAVES)


class _Items(list):  # (a list subclass: copied as a plain list)
    pass


def _decorated(root, rng):
    """``root`` with extra attributes a pass may set: a statement (RERUN), a list, a
    frozenset, a string; and a list subclass in a field."""
    every = dataflow.nodes(root)
    other = dataflow.nodes(gast.parse("for i in range(3):\n    y[i] = f(x, i)"))  # (no cycle)
    for n in rng.sample(every, min(len(every), 40)):
        n.__dict__[rng.choice(["_a", "_b", "_c"])] = rng.choice(
            [rng.choice(other), [rng.choice(other), 3], frozenset({"x"}), "tag", None, 2.5])
    for n in every:
        if isinstance(getattr(n, "elts", None), list) and rng.random() < 0.5:
            n.elts = _Items(n.elts)
    return root


@pytest.mark.parametrize("seed", range(6))
def test_copy_is_the_plain_copy(seed):
    rng = random.Random(seed)
    generated = gast.parse(str(sd.source(load_function(LOOPS), (0, 1),
                                         args=(np.ones(3), np.ones(3), 2))))
    for root in (gast.parse(TRY), gast.parse(LOOPS), generated):
        root = _decorated(root, rng)
        for node in rng.sample(dataflow.nodes(root), 60) + [root, root.body]:
            _same_copy(S.copy(node), _plain_copy(node), node)


def test_substituted_is_substitute_of_the_plain_copy():
    rng = random.Random(0)
    templates = [t for t in _templates() if t.node is not None]
    assert len(templates) > 100
    for t in templates:
        body = _decorated(gast.Module(body=S.copy(t.node.body), type_ignores=[]), rng).body
        names = sorted({n.id for n in dataflow.names(gast.Module(body=body, type_ignores=[]))})
        subs = {v: rng.choice(["renamed", S.expr("a[i] + 1"), S.name("b"), S.const(2.0)])
                for v in rng.sample(names, min(len(names), 3))}
        _same_copy(S.substituted(body, subs), _plain_substituted(body, subs), None)


# ------------------------------------------------------------------ rule tests kept
def test_kept_rule_tests_are_decided_again(monkeypatch):
    import corpus

    kept, asked = rule_template.decide_test, []

    def checked(test):
        got = kept(test)
        again = rule_template._decide(rule_template.MarkConstants().visit(S.copy(test)))
        asked.append(S.dump(test))
        assert got == again, S.expr_source(test)
        return got

    monkeypatch.setattr(rule_template, "decide_test", checked)
    monkeypatch.setattr(rule_template, "_KEEP", 7)  # (emptied along the way too)
    rule_template._DECIDED.clear()
    for case in corpus.CASES:
        for kw in ({}, {"optimize": False}):
            try:
                sd.source(case.fn, case.wrt, args=case.args, **kw)
            except sd.SrcdiffError:
                pass
    assert len(asked) > 100 and len(set(asked)) > 7
    for text, value in [("isinstance(2, int)", True), ("isinstance(a, int)", False),
                        ("a + 1 > 0", None), ("len((1, 2)) == 2 and b is None", False),
                        ("None is None", True),
                        ("is_constant(3) and not is_constant(x)", True)]:
        assert rule_template.decide_test(S.expr(text)) == value, text
