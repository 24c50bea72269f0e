"""Each statement's dataflow summary (the names it reads, the names it may write, how many
times it reads each name) and its list of nodes (``dataflow.nodes``), kept between the
optimizer's passes instead of walked again by each one (a dozen passes asked them of every
statement of a long backward sweep).

Invariant: the summary and the node list kept for a statement are the ones its tree has
now (the same nodes, in the same order).

* Statements are keyed by identity; the entry holds the statement, so its id is not
  reused while the entry lives. A pass that makes a new statement makes a new key.
* A pass that changes a statement in place (a fold's ``replace`` into its use, a sign
  moved, ``x.value = ...``, a transformer's visit, an argument appended) calls
  :meth:`Facts.forget` on it before anyone asks again.
* Statements holding a block (``if``, ``for``, ``while``, ...) are never kept: their
  blocks change under them. Their summaries are made from their parts when asked.
* A node list is the caller's to read, never to change (it is handed out again).
* A pass that is not written to this rule may run between two that share a ``Facts``
  only after :meth:`Facts.forget_all` (the optimizer's passes before its ``Facts`` exist
  and the driver's stages after it do not share it).

Check mode (``Facts(check=True)``, or ``SRCDIFF_CHECK_FACTS=1`` in the environment: the
one switch of every kept fact's check) recomputes every answer from the tree (a node
list too: the same nodes, by identity, in the same order), and compares it with the
kept one and with dataflow.reads / dataflow.writes / a whole-function count of reads,
and at the end of the optimizer checks every summary and node list still kept
(:meth:`Facts.check_kept`): a difference raises :class:`~srcdiff.errors.InternalError`.
tests/optimize/test_facts.py compiles the corpus in check mode.
"""

import os

import gast

from srcdiff.compiler.ir import dataflow
from srcdiff.errors import InternalError

_AST = gast.AST


def checking():
    """Is check mode asked for in the environment?"""
    return os.environ.get("SRCDIFF_CHECK_FACTS", "") not in ("", "0")


class Facts:
    """The summaries of the statements of one function being optimized."""

    def __init__(self, check=None):
        self.check = checking() if check is None else check
        self._kept = {}  # id(statement) -> (statement, (reads, writes, loads))
        self._nodes = {}  # id(statement) -> (statement, dataflow.nodes(statement))

    def of(self, stmt):
        """``(reads, writes, loads)`` of ``stmt`` (see dataflow.summary)."""
        if hasattr(stmt, "body"):  # holds a block: never kept, made from its parts
            facts = self._of_parts(stmt)
            if self.check:
                self._check(stmt, facts)
            return facts
        entry = self._kept.get(id(stmt))
        if entry is None:
            facts = dataflow.summary(stmt)
            self._kept[id(stmt)] = (stmt, facts)
        else:
            facts = entry[1]
        if self.check:
            self._check(stmt, facts)
        return facts

    def _of_parts(self, node):
        """The summary of ``node``, which holds a block, as the merge of its parts': the
        kept summaries of the statements of its blocks (asked again only when a pass
        forgot them) and a walk of its other fields (a loop's target and iterable, a
        test). The same sets and counts as ``dataflow.summary(node)``, which walks the
        whole block: ``node`` itself is no name, store, call or augmented assignment, so
        its summary is its children's. (Asked of a loop by several passes: each walked its
        whole body; check mode compares the merge with that walk.)"""
        read, written, loads = set(), set(), {}
        for field in dataflow.children_fields(node):
            value = getattr(node, field, None)
            for part in value if isinstance(value, list) else (value,):
                if not isinstance(part, _AST):
                    continue
                if isinstance(part, gast.stmt) or hasattr(part, "body"):
                    r, w, counts = self.of(part)
                else:
                    r, w, counts = dataflow.summary(part)
                read |= r
                written |= w
                _add(counts, loads)
        return read, written, loads

    def nodes(self, stmt):
        """``dataflow.nodes(stmt)``: kept for a statement that holds no block (a list to
        read, not to change)."""
        if hasattr(stmt, "body") or not isinstance(stmt, gast.stmt):
            return dataflow.nodes(stmt)
        entry = self._nodes.get(id(stmt))
        if entry is None:
            every = dataflow.nodes(stmt)
            self._nodes[id(stmt)] = (stmt, every)
            return every
        if self.check:
            self._check_nodes(stmt, entry[1])
        return entry[1]

    def reads(self, stmt):
        return self.of(stmt)[0]

    def writes(self, stmt):
        return self.of(stmt)[1]

    def forget(self, stmt):
        """``stmt`` is about to change in place (or just did): its summary goes."""
        self._kept.pop(id(stmt), None)
        self._nodes.pop(id(stmt), None)

    def forget_all(self):
        """Everything kept goes (before a pass that does not forget what it changes)."""
        self._kept.clear()
        self._nodes.clear()

    def check_kept(self):
        """Check mode: every summary still kept is its statement's (asked or not again)."""
        if self.check:
            for stmt, kept in list(self._kept.values()):
                self._check(stmt, kept)
            for stmt, every in list(self._nodes.values()):
                self._check_nodes(stmt, every)

    def load_counts(self, fn):
        """How many times each name is read in ``fn`` (``b += g`` reads ``b``): the sum
        of its statements' counts (and of its other fields')."""
        counts = {}
        for field in fn._fields:
            value = getattr(fn, field, None)
            if field == "body":
                self._count_block(value, counts)
            else:
                _count_parts(value, counts)
        if self.check:
            whole = dataflow.summary(fn)[2]
            if whole != counts:
                raise InternalError("optimizer facts: the reads counted statement by "
                                    f"statement differ from the function's: {counts} != {whole}")
        return counts

    def _count_block(self, body, counts):
        for s in body:
            if not hasattr(s, "body"):
                _add(self.of(s)[2], counts)
                continue
            for field in s._fields:
                value = getattr(s, field, None)
                if field in ("body", "orelse") and isinstance(value, list):
                    self._count_block(value, counts)
                else:
                    _count_parts(value, counts)

    def _check(self, stmt, kept):
        fresh = dataflow.summary(stmt)
        if fresh != kept or fresh[0] != dataflow.reads(stmt) \
                or fresh[1] != dataflow.writes(stmt):
            raise InternalError("optimizer facts: the summary kept for a statement is not "
                                f"its tree's (a pass changed it in place without forget): "
                                f"{gast.dump(stmt)[:300]}: kept {kept}, now {fresh}")

    @staticmethod
    def _check_nodes(stmt, kept):
        fresh = dataflow.nodes(stmt)
        if len(fresh) != len(kept) or any(a is not b for a, b in zip(fresh, kept)):
            raise InternalError("optimizer facts: the nodes kept for a statement are not its "
                                f"tree's (a pass changed it in place without forget): "
                                f"{gast.dump(stmt)[:300]}")


def _count_parts(value, counts):
    if isinstance(value, _AST):
        _add(dataflow.summary(value)[2], counts)
    elif isinstance(value, list):
        for x in value:
            if isinstance(x, _AST):
                _add(dataflow.summary(x)[2], counts)


def _add(loads, counts):
    for name, k in loads.items():
        counts[name] = counts.get(name, 0) + k


def check_unshared(fn, others):
    """Check mode's check of the optimizer's ``made_from`` promise (passes.optimize): no
    node of ``fn`` is met twice in it, and none is a node of the trees in ``others`` (what
    it was made from, read again after the optimizer changed ``fn`` in place)."""
    seen = set()
    for n in dataflow.nodes(fn):
        if id(n) in seen:
            raise InternalError(f"optimizer: a node is shared within the function it was "
                                f"told holds none: {gast.dump(n)[:300]}")
        seen.add(id(n))
    for tree in others:
        for n in dataflow.nodes(tree):
            if id(n) in seen:
                raise InternalError(f"optimizer: a node of the function is shared with the "
                                    f"tree it was made from: {gast.dump(n)[:300]}")
