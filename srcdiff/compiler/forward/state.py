"""What the forward generator knows at a point (which tangents are defined, owned, bound),
and the options of one forward-mode compilation."""

import gast

from srcdiff.compiler.front.parse import MISSING


class ForwardOptions:
    def __init__(self, wrt, stop=(), name=None, as_tuple=False, entry=False):
        self.wrt = list(wrt)  # names (parameters or locals), in the order of ``tangents``
        # a written module's jvp_FUNC: each output tangent as runtime.output_tangent makes it
        self.entry = entry
        self.stop = set(stop)
        self.name = name
        self.as_tuple = as_tuple  # ``tangents`` is a tuple even for one wrt name


class TangentState:
    """Which tangents are defined and owned; which primal names are (maybe) bound."""

    def __init__(self, defined=(), owned=(), bound=(), maybe=()):
        self.defined = set(defined)
        self.owned = set(owned)
        self.bound = set(bound)  # bound on every path to here
        self.maybe = set(maybe)  # bound on some path to here
        # array name -> the other names bound to the same array by `y = x` (on this straight
        # path: a join forgets them): a store through one changes them all, so their tangents
        # follow the store's (forward/control.py store)
        self.same = {}

    def copy(self):
        out = TangentState(self.defined, self.owned, self.bound, self.maybe)
        out.same = {k: set(v) for k, v in self.same.items()}
        return out

    def rebound(self, v):
        """``v`` names another object now."""
        for w in self.same.pop(v, ()):
            self.same.get(w, set()).discard(v)

    def alias(self, y, x):
        """``y = x``: one array under two names (and under every name of ``x``)."""
        group = self.same.get(x, set()) | {x}
        for w in group:
            self.same.setdefault(w, set()).add(y)
        self.same[y] = set(group)


def pop_call(s, parsed):
    """``(list name, args)`` when ``s`` is ``v = xs.pop(...)`` or ``xs.pop(...)``, else None."""
    value = s.value if isinstance(s, (gast.Assign, gast.Expr)) else None
    if isinstance(s, gast.Assign) and not isinstance(s.targets[0], gast.Name):
        return None
    if isinstance(value, gast.Call) and isinstance(value.func, gast.Attribute) \
            and value.func.attr == "pop" and isinstance(value.func.value, gast.Name) \
            and not value.keywords and parsed.resolve(value.func) is MISSING:
        return value.func.value.id, list(value.args)
    return None
