"""Stage 2, normalize: a parsed function -> administrative normal form (ANF).

The output obeys this grammar (every node keeps the position of the user
statement it came from, so errors and comments point at the user's line)::

    body   := stmt*
    stmt   := NAME = value                       one primitive operation
            | NAME[index] = atom                 subscript store
            | NAME.append(atom)                  list growth
            | if test: body [else: body]         test := atom | not atom
            | for NAME in range(atom, atom, atom): body [if FLAG: break]
            | while NAME: body                   NAME is recomputed at the end of body
            | passthrough                        print/logging/assert/raise: kept verbatim
            | return atom | return (atom, ...)  exactly once, the last statement
    value  := atom | atom BINOP atom | UNARYOP atom | atom CMPOP atom
            | callee(atom, ..., kw=atom)         callee resolves at compile time
            | atom.method(atom, ..., kw=atom) | atom.attr | atom[index]
            | (atom, ...) | [atom, ...] | {atom: atom, ...}
    index  := atom | [atom]:[atom]:[atom] | (index, ...)
    atom   := NAME | CONSTANT

Early ``return``, ``break`` and ``continue`` are lowered to flags (``_returned``,
``_brk``, ``_skip``) guarding the rest of their block, so later stages only see
structured control flow. ``for`` over anything but ``range`` becomes a ``range``
loop over indices; ``and``/``or``/ternaries become ``if`` statements (keeping
short-circuit evaluation); augmented, tuple and chained assignments become plain
ones. Temporaries are named after their operation (``tanh``, ``matmul``).
"""


from typing import Iterable, Optional, Tuple

import gast

from srcdiff.compiler.front.aliases import same_names
from srcdiff.compiler.front.chains import Chains
from srcdiff.compiler.front.closures import Closures
from srcdiff.compiler.front.containers import dict_parameters, sequence_parameters
from srcdiff.compiler.front.contexts import without_errstate
from srcdiff.compiler.front.deletions import without_deletions, without_read_globals
from srcdiff.compiler.front.entry_removals import without_entry_removals
from srcdiff.compiler.front.expressions import (
    BINOP_NAMES,
    LOGGER_METHODS,
    Expressions,
    is_passthrough,
)
from srcdiff.compiler.front.function_arguments import FunctionArguments, lambda_as_def
from srcdiff.compiler.front.generators import generators_as_lists
from srcdiff.compiler.front.in_place import InPlace, item_read
from srcdiff.compiler.front.jumps import always_returns, lower_jumps
from srcdiff.compiler.front.lazy import lazy_values
from srcdiff.compiler.front.maps import maps_and_aliases
from srcdiff.compiler.front.parse import MISSING, Parsed, local_names
from srcdiff.compiler.front.piecewise import lower_piecewise
from srcdiff.compiler.front.records import fields_as_entries, inlined_fields, record_roots
from srcdiff.compiler.front.scopes import bindings, outside_comprehensions, tuple_display_lengths
from srcdiff.compiler.front.writing_helpers import inlinable
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.names import NameGen
from srcdiff.rules import DEFAULT

_UNSUPPORTED_STMTS = {
    gast.ClassDef: ("class definitions inside a differentiated function are not supported",
                    "define the class outside the function"),
    gast.Global: ("`global` is not supported: srcdiff cannot follow module state",
                  "pass the value as an argument and return the new value"),
    gast.Try: ("`try` statements are not supported", "move the `try` outside the differentiated "
               "function, or check the condition with `if`"),
    gast.With: ("`with` statements are not supported, except `with np.errstate(...)` whose "
                "settings do not raise",
                "move the `with` block outside the function"),
    gast.AsyncWith: ("`async with` is not supported", "use an ordinary function"),
    gast.AsyncFor: ("`async for` is not supported", "use an ordinary `for` loop"),
    gast.Delete: ("this `del` is not supported", "let the variable go out of use instead"),
    gast.Import: ("imports inside a differentiated function are not supported",
                  "import at module level"),
    gast.ImportFrom: ("imports inside a differentiated function are not supported",
                      "import at module level"),
}


def normalize(parsed: Parsed, reserved: Iterable[str] = (), dicts: Iterable[str] = (),
              sequences: Optional[dict] = None,
              entries: Iterable[tuple] = (),
              records: Optional[dict] = None, held: Optional[dict] = None,
              writes_into_argument=None) -> Tuple[gast.FunctionDef, NameGen]:
    """Return a new ``FunctionDef`` in ANF (see module docstring) and its name generator.

    ``reserved`` names (helpers the generated code will call) are never used
    for temporaries. ``dicts`` are parameters known to hold dicts (their facts):
    iterating one iterates its keys (containers.py); ``sequences`` (``{parameter: is an
    array}``) hold lists, tuples or arrays: a loop over one needs no check of its kind at
    run time. ``entries`` are the paths ``(p, key, ...)`` of container parameters' entries
    their facts show dicts: a loop over one (``for k in p["cfg"]``) iterates its keys,
    checked at run time (``key_list``: the entry may have been replaced since).
    ``records``: named-tuple fields (records.py); ``held``: what names hold (aliases.py).
    ``writes_into_argument(g)``: does helper ``g`` write into an argument (writing_helpers.py)?
    """
    fn = parsed.node
    # (names an earlier normalization of this function put into its namespace are taken:
    # front_end normalizes again when views are changed in place, aliases.py)
    names = NameGen(parsed.all_names() | set(reserved)  # (fn is parsed.node)
                    | (parsed.namespace.keys() - parsed.user_names))
    check_signature(parsed, fn)
    removed = without_entry_removals(parsed, fn, names)  # del d[k], L.insert (entry_removals.py)
    body = without_read_globals(removed, without_deletions(parsed, removed))  # (deletions.py)
    body = generators_as_lists(parsed, body, names)  # nested generators (generators.py)
    body = lazy_values(parsed, body, names)  # generator expressions, dict views (lazy.py)
    body = maps_and_aliases(parsed, body, names)  # `e = np.exp`, map(f, xs) (maps.py)
    body = lower_piecewise(parsed, body, names)  # np.piecewise's loop (piecewise.py)
    body = fields_as_entries(fn, without_errstate(parsed, body), records)
    body = lower_jumps(parsed, same_names(parsed, fn, body, held), names)
    norm = _Normalizer(parsed, names)
    norm.writes_into_argument = writes_into_argument  # (writing_helpers.py)
    norm.records = record_roots(fn, records)  # (also read in nested functions inlined)
    sequences = sequences or {}
    norm.dict_args = dict_parameters(fn, dicts, parsed.lookup("dict") is dict)
    norm.sequence_args = sequence_parameters(fn, sequences)
    norm.dict_entries = frozenset(entries or ())
    norm.array_args = {p for p in norm.sequence_args if sequences[p]}
    norm.sequence_args |= norm.sequence_locals(fn)
    new_body = norm.block(body)
    if not new_body or not isinstance(new_body[-1], gast.Return):
        raise parsed.error(fn, f"{fn.name!r} does not end with a `return` statement",
                           hint="a differentiated function must return its value(s)")
    out = gast.FunctionDef(name=fn.name, args=_defaults_as_values(parsed, fn.args, names),
                           body=new_body, decorator_list=[], returns=None, type_comment=None,
                           type_params=[])
    S.locate(out, fn)
    parsed.locals |= local_names(out)  # temporaries are locals too, whatever the globals
    return out, names


def _defaults_as_values(parsed, args, names):
    """The signature with each default replaced by the value the function really has:
    a default is evaluated where the function was defined (``def fun(x, n=num)`` in a
    factory reads the factory's ``num``, which the function itself cannot see), so the
    generated function gets the value: a literal, or a name bound to it in its namespace."""
    values = getattr(parsed.fn, "__defaults__", None) or ()
    if len(values) != len(args.defaults):
        return args
    args = S.copy(args)
    params = [a.id for a in args.args][len(args.args) - len(values):]
    new = []
    for p, value in zip(params, values):
        if value is None or type(value) in (bool, int, float, str, bytes, complex):
            new.append(S.const(value))
        else:
            name = names.fresh("default_" + p)
            parsed.namespace[name] = value
            new.append(S.name(name))
    args.defaults = new
    return args


def check_signature(parsed, fn):
    a = fn.args
    if a.vararg is not None or a.kwarg is not None:
        raise parsed.error(fn, f"{fn.name!r} takes *args or **kwargs, which srcdiff cannot "
                           "differentiate through", hint="list the parameters explicitly")


# -------------------------------------------------------------------- ANF


class _Normalizer(Expressions, Chains, Closures, FunctionArguments, InPlace):
    def __init__(self, parsed, names):
        self.parsed = parsed
        self.names = names
        self.out = None
        self.loc = None
        self.local_functions, self.nonlocals = {}, {}  # nested defs, inlined where called
        self.inlining = []  # names of nested functions being inlined (no recursion)
        self.dict_args = set()  # parameters holding dicts (containers.dict_parameters)
        self.sequence_args = set()  # and lists, tuples, arrays (containers.sequence_parameters)
        self.array_args = set()  # the arrays among them (their rows are never dicts)
        self.dict_entries = frozenset()  # paths of their entries holding dicts (entry_path)
        self.sure_sequences = set()  # atoms a loop iterates that surely are sequences
        # name -> how many statements of the function bind it, and whether one of them sits
        # in a branch or a loop (see stmt_FunctionDef)
        self.bindings = bindings(parsed.node.body)
        self.tuple_lengths = tuple_display_lengths(parsed.node, self.bindings)  # (h(*t): scopes.py)
        # names the function uses outside its comprehensions, and the variables of the
        # comprehensions being lowered (expressions.py comprehension_loop)
        self.outside_names = outside_comprehensions(parsed.node)
        self.comprehension_names = frozenset()

    def error(self, node, message, hint=None):
        return self.parsed.error(node, message, hint)

    def emit(self, stmt):
        S.locate(stmt, self.loc)
        self.out.append(stmt)

    def block(self, stmts):
        saved = self.out
        self.out = []
        for s in stmts:
            self.loc = s
            self.stmt(s)
        out, self.out = self.out, saved
        return out

    # -- statements --------------------------------------------------------
    def stmt(self, s):
        kind = type(s)
        if kind in _UNSUPPORTED_STMTS:
            msg, hint = _UNSUPPORTED_STMTS[kind]
            raise self.error(s, msg, hint)
        handler = getattr(self, "stmt_" + kind.__name__, None)
        if handler is None:
            raise self.error(s, f"`{kind.__name__}` statements are not supported")
        self.check_named_exprs(s)
        self.check_nonlocal_calls(s)
        handler(s)

    def stmt_Assign(self, s):
        if len(s.targets) == 1 and isinstance(s.targets[0], gast.Name) \
                and isinstance(s.value, gast.Lambda):
            # `f = lambda v: ...` is `def f(v): return ...` (both read the enclosing
            # function's variables when called)
            self.stmt_FunctionDef(lambda_as_def(s.targets[0].id, s.value, s))
            return
        if len(s.targets) == 1:
            self.assign_to(s.targets[0], s.value)
            return
        first = self.atom(s.value)
        for t in s.targets:
            self.assign_to(t, first)

    def stmt_AnnAssign(self, s):
        if s.value is not None:
            self.assign_to(s.target, s.value)

    def assign_to(self, target, value):
        if isinstance(target, gast.Name):
            self.emit(S.assign(target.id, self.value(value, hint=target.id)))
        elif isinstance(target, (gast.Tuple, gast.List)):
            if any(isinstance(e, gast.Starred) for e in target.elts):
                self.assign_starred(target, value)
                return
            if isinstance(value, (gast.Tuple, gast.List)) and len(value.elts) == len(target.elts):
                atoms = [self.atom(v) for v in value.elts]
                # `a, b = b, a`: every value is read before any target is written
                written = {n.id for n in gast.walk(target) if isinstance(n, gast.Name)}
                atoms = [self.fresh_assign(a.id, a) if isinstance(a, gast.Name) and a.id in written
                         else a for a in atoms]
                for t, a in zip(target.elts, atoms):
                    self.assign_to(t, a)
            else:
                seq = self.unpacking(value, len(target.elts))
                for k, t in enumerate(target.elts):
                    self.assign_to(t, gast.Subscript(value=S.copy(seq), slice=S.const(k),
                                                     ctx=gast.Load()))
                    if isinstance(t, gast.Name):  # (an item in range: optimize/dead.py)
                        setattr(self.out[-1], S.UNPACKED_ITEM, True)
        elif isinstance(target, gast.Subscript):
            self.assign_subscript(target, value)
        elif isinstance(target, gast.Attribute):  # (`self.w = ...`, `m.w = ...`)
            raise self.error(target, f"cannot assign to an attribute (`.{target.attr} = ...`): "
                             "srcdiff does not follow values stored into objects",
                             hint="keep the value in a variable, or in a dict entry "
                             f"(`p[{target.attr!r}] = ...`)")
        else:
            raise self.error(target, f"cannot assign to a {type(target).__name__.lower()}",
                             hint="assign to a variable or to `variable[index]`")

    def assign_starred(self, target, value):
        """``a, *rest, z = seq``: ``a = seq[0]``, ``rest = list(seq[1:-1])``, ``z = seq[-1]``
        (Python makes the starred name a list, of rows for an array)."""
        k = next(i for i, e in enumerate(target.elts) if isinstance(e, gast.Starred))
        after = len(target.elts) - k - 1
        seq = self.unpacking(value, len(target.elts) - 1, starred=True)

        def item(index):
            return gast.Subscript(value=S.copy(seq), slice=index, ctx=gast.Load())
        for i, t in enumerate(target.elts[:k]):
            self.assign_to(t, item(S.const(i)))
        stop = S.const(-after) if after else None
        middle = self.fresh_assign("part", item(gast.Slice(lower=S.const(k), upper=stop,
                                                           step=None)))
        self.assign_to(target.elts[k].value, S.call(S.name("list"), [middle]))
        for i, t in enumerate(target.elts[k + 1:]):
            self.assign_to(t, item(S.const(i - after)))

    def unpacking(self, value, n, starred=False):
        """The atom a tuple assignment reads ``[0], [1], ...`` of: a dict's keys (Python
        unpacks those); checked first at run time (``unpacked``: a dict the front end did
        not see, or a set, is refused; another number of items raises Python's error),
        also a value surely a sequence (an array argument of 3 items unpacked into 2
        names raises: optimize/dead.py drops unused items as in range)."""
        seq = self.keys_if_dict(value)
        self.fresh_assign("unpacked", self.helper_call(
            "unpacked", [S.copy(seq), S.const(n)] + ([S.const(True)] if starred else [])))
        return seq

    def stmt_AugAssign(self, s):
        t = s.target
        if isinstance(t, gast.Name):
            node = S.assign(t.id, self.value(
                gast.BinOp(left=S.name(t.id), op=s.op, right=s.value), hint=t.id))
            node.srcdiff_inplace = True  # `x += v` changes an array in place (aliasing.py)
            self.emit(node)
        elif isinstance(t, gast.Subscript):
            self.augmented_store(t, s, BINOP_NAMES.get(type(s.op), "t"))
        else:
            raise self.error(s, "this augmented assignment target is not supported",
                             hint="write `x = x + ...` or `x[i] += ...`")

    def stmt_Expr(self, s):
        v = s.value
        if isinstance(v, gast.Constant) or self.read_statement(v):  # (a docstring, a read)
            return
        if isinstance(v, gast.Call):
            f = v.func
            target = self.parsed.callee(f)
            if target is not MISSING and is_passthrough(target):
                self.emit(S.copy(s))
                return
            if getattr(f, "id", None) in self.local_functions or inlinable(self, f, target, v):
                self.emit(S.assign(self.names.fresh("unused"), self.value(v)))
                return  # (a nested function called for its effects: inlined)
            if self.in_place_call(s, v, target):  # np.add.at, np.copyto (in_place.py)
                return
            if target is not MISSING and _is_primitive(target):
                # a primitive called for nothing but its checks (generated code's
                # `scalar_seed(grad_ys)` when no output depends on `wrt`): the same call with
                # its value bound to a name nothing reads; the mutation checks see it as
                # they see any assignment (`np.copyto(x, v)` stays refused there)
                self.emit(S.assign(self.names.fresh("unused"), self.value(v)))
                return
            if isinstance(f, gast.Attribute) and target is MISSING and any(
                    k.arg == "out" for k in v.keywords) and DEFAULT.method_primitive(f.attr):
                self.emit(S.assign(self.names.fresh("unused"), self.value(v)))  # x.clip(out=y)
                return
            if isinstance(f, gast.Attribute) and target is MISSING:
                if f.attr == "append" and isinstance(f.value, gast.Name) and len(v.args) == 1 \
                        and not v.keywords:
                    arg = self.atom(v.args[0])
                    self.emit(gast.Expr(value=S.call(
                        gast.Attribute(value=S.name(f.value.id), attr="append", ctx=gast.Load()),
                        [arg])))
                    return
                if f.attr == "pop" and isinstance(f.value, gast.Name) and len(v.args) <= 1 \
                        and not v.keywords and str(self.parsed.filename).startswith("<srcdiff"):
                    # generated code undoing an append (differentiated again by higher.py)
                    self.emit(gast.Expr(value=S.call(gast.Attribute(
                        value=S.name(f.value.id), attr="pop", ctx=gast.Load()),
                        [self.atom(a) for a in v.args])))
                    return
                if f.attr == "pop" and isinstance(f.value, gast.Name) and len(v.args) <= 1 \
                        and not v.keywords:
                    # `stack.pop()` for its effect: the same as a pop whose value nothing reads
                    self.emit(S.assign(self.names.fresh("popped"), self.value(v)))
                    return
                if f.attr in LOGGER_METHODS:
                    self.emit(S.copy(s))
                    return
                if self.method_statement(v):
                    return
                raise self.error(s, f"the call `.{f.attr}(...)` as a statement would change a "
                                 "value in place, which srcdiff cannot follow",
                                 hint="assign the result instead (e.g. `x = np.sort(x)`); only "
                                      "`list.append`, `L.insert(i, v)`, `list.sort`, "
                                      "`list.reverse`, `a.fill(v)`, `d.update(...)` of a dict "
                                      "and `x[i] = ...` may change a value in place")
        raise self.error(s, "this expression statement has an effect srcdiff cannot follow",
                         hint="assign its result to a variable; print/logging calls are fine")

    def stmt_FunctionDef(self, s):
        """A nested ``def`` is remembered and inlined at each call (it may read the
        enclosing function's variables, and assign those it declares ``nonlocal``)."""
        if s.decorator_list:
            raise self.error(s, "decorated nested functions are not supported",
                             hint="define the helper at module level")
        a = s.args
        if a.vararg or a.kwarg:
            raise self.error(s, "nested functions with *args or **kwargs are not supported",
                             hint="list the parameters explicitly")
        self.nonlocals[s.name] = self.nonlocal_names(s)  # (closures.py)
        count, in_block = self.bindings.get(s.name, (0, False))
        if count > 1 and in_block:
            # calls are inlined in the order the source is read, which is the order they
            # run only in straight-line code: under a branch or in a loop, which definition
            # a call runs is decided when the code runs
            raise self.error(s, f"the nested function {s.name!r} is bound more than once, "
                             "and under a branch or in a loop: which definition a call runs "
                             "is decided only when the code runs",
                             hint="give each definition its own name")
        if any(d is not None and not isinstance(d, gast.Constant)
               for d in a.defaults + a.kw_defaults):
            # a default is evaluated where the function is defined, not where it is called:
            # held in a name bound here (calls are inlined later, when it may have changed)
            s = S.copy(s)
            params = [p.id for p in a.args[len(a.args) - len(a.defaults):] + a.kwonlyargs]
            held = [self.held_default(s.name, p, d)
                    for p, d in zip(params, s.args.defaults + s.args.kw_defaults)]
            s.args.defaults, s.args.kw_defaults = held[:len(a.defaults)], held[len(a.defaults):]
        self.local_functions[s.name] = s

    def inline(self, fdef, e):
        if fdef.name in self.inlining:
            raise self.error(e, f"the nested function {fdef.name!r} calls itself; recursion is "
                             "supported only for module-level functions",
                             hint=f"move {fdef.name!r} to module level")
        params, values = self.call_values(fdef, e)
        functions = self.function_arguments(fdef, params, values, e)  # (function_arguments.py)
        local = set(params) | {n.id for n in gast.walk(fdef) if isinstance(n, gast.Name)
                               and isinstance(n.ctx, gast.Store)} - self.nonlocals[fdef.name]
        rename = {n: self.names.fresh(f"{fdef.name}_{n}") for n in sorted(local)}
        args = {p: self.atom(values[p]) for p in params if p not in functions}
        for p in params:  # (closures.py: a name passed for a parameter, maybe itself)
            rename[p] = functions[p] if p in functions else self.bind_argument(
                fdef, p, args[p], rename[p])
        body = [S.copy(x) for x in fdef.body]
        if not body or not always_returns(body):
            body = body + [S.locate(gast.Return(value=S.const(None)), fdef)]
        body = lower_jumps(self.parsed, body, self.names)
        body = inlined_fields(self.records, [S.substitute(x, rename) for x in body])
        self.inlining.append(fdef.name)
        saved_loc = self.loc
        for x in body[:-1]:
            self.loc = x
            self.stmt(x)
        self.loc = saved_loc
        self.inlining.pop()
        ret = body[-1]
        value = ret.value if ret.value is not None else S.const(None)
        return self.held_result(fdef, self.value(value))

    def stmt_Assert(self, s):
        self.emit(S.copy(s))

    def stmt_Raise(self, s):
        self.emit(S.copy(s))

    def stmt_Pass(self, s):
        pass

    def stmt_Break(self, s):  # only the `if _brk: break` that jump lowering emits
        self.emit(gast.Break())

    def stmt_Continue(self, s):
        raise self.error(s, "internal: `continue` survived jump lowering")

    def stmt_Return(self, s):
        v = s.value
        if v is None:
            raise self.error(s, "a differentiated function must return a value",
                             hint="return the quantity to differentiate")
        if isinstance(v, gast.Tuple):
            elts = [self.atom(e) for e in v.elts]
            self.emit(gast.Return(value=gast.Tuple(elts=elts, ctx=gast.Load())))
        else:
            self.emit(gast.Return(value=self.atom(v)))

    def stmt_If(self, s):
        test = self.test(s.test)
        body = self.block(s.body)
        orelse = self.block(s.orelse)
        self.loc = s
        self.emit(gast.If(test=test, body=body or [gast.Pass()], orelse=orelse))

    def stmt_While(self, s):
        if s.orelse:
            raise self.error(s, "`while ... else` is not supported",
                             hint="set a flag before `break` and test it after the loop")
        cond = self.names.private("cond")
        self.emit(S.assign(cond, self.value(s.test)))
        body = self.block(s.body)
        saved, self.out = self.out, []
        self.loc = s
        self.emit(S.assign(cond, self.value(s.test)))
        again, self.out = self.out, saved
        last = body[-1] if body else None
        if isinstance(last, gast.If) and not last.orelse and len(last.body) == 1 \
                and isinstance(last.body[0], gast.Break):
            # the test is computed again only by a trip that does not break: in the
            # branch, so that the backward sweep replays it exactly when it ran
            last.orelse = again
        else:
            body += again
        self.emit(gast.While(test=S.name(cond), body=body, orelse=[]))

    def stmt_For(self, s):
        if s.orelse:
            raise self.error(s, "`for ... else` is not supported",
                             hint="set a flag before `break` and test it after the loop")
        it = s.iter
        fn = self.parsed.callee(it.func) if isinstance(it, gast.Call) else MISSING
        if fn is range and not it.keywords and isinstance(s.target, gast.Name):
            args = [self.atom(a) for a in it.args]
            body = self.block(s.body)
            self.loc = s
            self.emit(gast.For(target=S.name(s.target.id, store=True),
                               iter=S.call(S.copy(it.func), args), body=body, orelse=[],
                               type_comment=None))
            return
        if self.dict_loop(s):
            return
        if self.is_dict(it):  # `for k in d`: its keys
            self.dict_loop(S.locate(gast.For(
                target=s.target, iter=S.call(gast.Attribute(value=it, attr="keys",
                                                            ctx=gast.Load()), []),
                body=s.body, orelse=[], type_comment=None), s))
            return
        # every other iterable: a loop over indices
        start = None  # enumerate's start (an index counts from it)
        if fn is enumerate and len(it.args) + len(it.keywords) in (1, 2) and it.args \
                and all(k.arg == "start" for k in it.keywords):
            if not (isinstance(s.target, (gast.Tuple, gast.List)) and len(s.target.elts) == 2):
                raise self.error(s.target, "unpack enumerate as `for i, v in enumerate(xs)`")
            start = it.args[1] if len(it.args) == 2 else (
                it.keywords[0].value if it.keywords else None)
            inner = it.args[0]
            idx_target, targets = s.target.elts[0], [s.target.elts[1]]
            if isinstance(inner, gast.Call) and self.parsed.callee(inner.func) is zip \
                    and inner.args and not inner.keywords:  # for i, (a, b) in enumerate(zip(..))
                seqs = [self.iterated(a) for a in inner.args]
                if not (isinstance(targets[0], (gast.Tuple, gast.List))
                        and len(targets[0].elts) == len(seqs)):
                    raise self.error(s.target, "this loop over enumerate(zip(...)) does not "
                                     "unpack each zipped item into names",
                                     hint="write `for i, (a, b) in enumerate(zip(as_, bs))`")
                targets = list(targets[0].elts)
            else:
                seqs = [self.iterated(inner)]
            if start is not None:
                start = self.atom(start)
        elif fn is zip and it.args and not it.keywords:
            seqs = [self.iterated(a) for a in it.args]
            if not (isinstance(s.target, (gast.Tuple, gast.List))
                    and len(s.target.elts) == len(seqs)):
                raise self.error(s.target, "unpack zip as `for a, b in zip(as_, bs)`")
            idx_target, targets = None, list(s.target.elts)
        elif fn is reversed and len(it.args) == 1 and not it.keywords:
            seq = self.pin_iterable(self.keys_if_dict(it.args[0]), s)
            n = self.length(seq)
            k = self.names.fresh("k")
            body = [S.assign(S.copy(s.target), item_read(seq, S.name(k)), s)]
            start = self.fresh_assign("last", gast.BinOp(left=n, op=gast.Sub(), right=S.const(1)))
            loop = gast.For(target=S.name(k, store=True),
                            iter=S.call("range", [start, S.const(-1), S.const(-1)]),
                            body=body + list(s.body), orelse=[], type_comment=None)
            S.locate(loop, s)
            self.stmt_For(loop)
            return
        else:
            seqs = [self.keys_if_dict(it)]
            idx_target, targets = None, [s.target]
        # a zipped or enumerated reversed(q) is q read from its end: q[len(q) - 1 - k]
        backwards = [isinstance(q, tuple) for q in seqs]
        seqs = [self.pin_iterable(q[0] if b else q, s) for q, b in zip(seqs, backwards)]
        lengths = [self.length(q) for q in seqs]
        n = lengths[0] if len(seqs) == 1 else self.atom(S.call("min", lengths))
        lasts = [self.fresh_assign("last", gast.BinOp(left=S.copy(m), op=gast.Sub(),
                                                      right=S.const(1))) if b else None
                 for m, b in zip(lengths, backwards)]
        if idx_target is not None and isinstance(idx_target, gast.Name) and start is None:
            k = idx_target.id
        else:
            k = self.names.fresh("k")
        head = []
        if idx_target is not None and (start is not None
                                       or not isinstance(idx_target, gast.Name)):
            index = S.name(k) if start is None else gast.BinOp(left=S.name(k), op=gast.Add(),
                                                               right=S.copy(start))
            head.append(S.assign(S.copy(idx_target), index, s))
        for t, q, last in zip(targets, seqs, lasts):
            at = S.name(k) if last is None else gast.BinOp(left=S.copy(last), op=gast.Sub(),
                                                           right=S.name(k))
            head.append(S.assign(S.copy(t), item_read(q, at), s))
        loop = gast.For(target=S.name(k, store=True), iter=S.call("range", [n]),
                        body=head + list(s.body), orelse=[], type_comment=None)
        S.locate(loop, s)
        self.loc = s
        args = [n]
        body = self.block(loop.body)
        self.loc = s
        self.emit(gast.For(target=S.name(k, store=True), iter=S.call("range", args), body=body,
                           orelse=[], type_comment=None))

    # -- expressions -------------------------------------------------------
    def fresh_assign(self, base, value):
        ident = self.names.fresh(base)
        self.emit(S.assign(ident, value))
        return S.name(ident)


def _is_primitive(fn):
    """A callable with a derivative rule (or declared constant) in the rule table: NumPy's
    functions and srcdiff's own run-time helpers. Its value is all it makes (a rule table
    holds no function that changes its arguments; aliasing.py refuses those anyway)."""
    try:
        return DEFAULT.lookup(fn) is not None
    except TypeError:
        return False
