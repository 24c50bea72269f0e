"""The runner of a numba-compiled gradient (numba_emit.numba_function makes it): what happens
at each call outside the compiled core. It passes the user globals the gradient reads as they
are then (emit/live.py's guards), lists of floats as arrays (float_lists.py), 0-d arrays as
floats (numba_scalars.py), containers' entries unpacked (numba_containers.py), and turns
numba's compile errors into located SrcdiffErrors: never a numba traceback.
"""

import os
import traceback

import numpy as np

from srcdiff.compiler.emit import (
    float_lists,
    live,
    numba_containers,
    numba_helpers,
    numba_kinds,
    numba_lists,
    numba_scalars,
)
from srcdiff.errors import StaleGradient


class Runner:
    """Calls the jitted gradient; turns numba's compile errors into SrcdiffErrors."""

    def __init__(self, jitted, errors, where, source, uncached=None):
        self.jitted, self.errors, self.where, self.source = jitted, errors, where, source
        self.uncached = uncached  # () -> the gradient jitted again without numba's cache
        self.first_compile_seconds = None
        self.names, self.namespace, self.watch, self.guarded = (), {}, None, ()
        self.float_lists = ()  # positions of parameters read only as x[i] and len(x)
        # 0-d float arrays passed as floats, their gradients made 0-d again (numba_scalars)
        self.n_params, self.scalars, self.scalar_paths = None, (), {}
        self.user = None  # the user's function parsed, until its kinds are checked
        self.containers = ()  # numba_containers.Plans: parameters passed unpacked

    def globals_from(self, compiled, names, where):
        """Pass the user globals ``names`` at each call as they are then: a name's guard
        (emit/live.py) holds its current value once the watch has seen no change that
        needs a new compilation (the guard of a global only a called function reads
        updates that function's namespace, not the entry's); a name without a guard is
        read from the generated namespace of ``compiled``. A name read from two user
        namespaces (a called function of another module) would be passed as one value:
        refused."""
        self.names, self.namespace = tuple(names), compiled.namespace
        self.watch = live.Watch(compiled.guards) if compiled.guards else None
        guarded = []
        for k in self.names:
            found = [g for g in compiled.guards if g.name == k]
            if len(found) > 1:
                raise where.error(f"the numba backend passes the global `{k}` as one "
                                  "value, and it is read from two modules' globals",
                                  'rename one of them, or use backend="numpy"')
            guarded.append(found[0] if found else None)
        self.guarded = tuple(guarded)

    def __call__(self, *args):
        """The gradient at ``args`` (the user function's arguments, then ``grad_ys`` or
        the tangents)."""
        return self.run(args, self.lists_in(args))

    def lists_in(self, args):
        """The positions among ``self.float_lists`` where ``args`` has a non-empty list or
        tuple of Python floats: passed as float64 arrays (the same values read the same
        way). For arguments with the same quick key (api/transforms.py: the container's
        type, its entries' one type) the positions are the same."""
        return tuple(i for i in self.float_lists if i < len(args)
                     and isinstance(args[i], (list, tuple))
                     and float_lists.float_entries(args[i]) is not None)

    def run(self, args, lists, floats=None):
        """The gradient at ``args``, the lists at positions ``lists`` (:meth:`lists_in`
        of these arguments or of arguments with the same quick key) passed as arrays
        (``floats``: arrays of their entries the quick key's pass made, api/seeded.py)."""
        if self.watch is not None:
            changed = self.watch.stale()
            if changed is not None:
                raise StaleGradient(f"the global {changed!r} was rebound since srcdiff "
                                    "compiled the gradient", hint="it compiles anew")
        if lists:
            args = list(args)
            for i in lists:
                made = floats.get(i) if floats else None
                args[i] = np.array(args[i], dtype=np.float64) if made is None else made
        values = [self.namespace[k] if g is None else g.seen
                  for k, g in zip(self.names, self.guarded)]
        given = args
        args, converted = numba_scalars.as_floats(args, self.scalars, self.n_params)
        if self.user is not None:  # (once: a runner's arguments are of one kind each;
            # a 0-d argument passed as a float is a number)
            try:
                numba_kinds.check(self.user, args[:self.n_params])
            except numba_kinds.Refused as refused:
                node, what = refused.args
                raise self.where.error(f"the numba backend gives each name one type, and {what}",
                                       'use backend="numpy" for this function',
                                       at=node.lineno) from None
            self.user = None
        if converted:
            return numba_scalars.restored(self._jitted(args, values), self.scalar_paths,
                                          converted, given)
        return self._jitted(args, values)

    def _jitted(self, args, values):
        """The jitted gradient at ``args`` and the globals' ``values``; numba's refusals
        as SrcdiffErrors."""
        if self.containers:  # (their entries after grad_ys, before the globals)
            given = [args[c.position] for c in self.containers]
            args, flats = numba_containers.flat_arguments(self.containers, args, self.where)
            result = self._call(args, (*flats, *values))
            return numba_containers.restored(result, self.containers, given)
        return self._call(args, values)

    def _call(self, args, values):
        try:
            try:
                return self.jitted(*args, *values)
            except RuntimeError as exc:
                # numba compiled the gradient but could not write it to its disk cache
                # (its object code of a function linking one it loaded from that cache:
                # seen once in the random stencils): compiled again in memory, once
                if not str(exc).startswith(_NOT_SAVED) or self.uncached is None:
                    raise
                self.jitted = self.uncached()
                return self.jitted(*args, *values)
        except self.errors as exc:
            kinds = sorted({type(a).__name__ for a in args if isinstance(a, (dict, set))})
            if kinds:  # (numba types them as Python objects: say so, not numba's words)
                raise self.where.error(f"the numba backend does not take a {kinds[0]} "
                                       "as an argument", 'pass arrays or numbers, or use '
                                       'backend="numpy" for this function') from None
            text = str(exc).strip().splitlines()
            first = next((ln for ln in text if ln.strip() and not ln.startswith(
                ("Failed in", "During:", "No implementation"))), "numba could not compile it")
            raise self.where.error(f"numba cannot compile the gradient: {first.strip()}",
                                   'use backend="numpy" for this function') from None
        except AssertionError as exc:  # numba's lowering asserting on a construct it typed
            # (a store at a mask of two axes); an assert of the running code has no frame
            # of numba's lowering
            frames = traceback.extract_tb(exc.__traceback__)
            if not any(f.filename.endswith(os.path.join("numba", "core", "lowering.py"))
                       for f in frames):
                raise
            raise self.where.error("numba cannot compile the gradient: its lowering failed "
                                   f"(an assertion in {frames[-1].filename.split('numba')[-1]})",
                                   'use backend="numpy" for this function') from None
        except NotImplementedError as exc:  # numba's lowering of a construct it typed
            if not str(exc).startswith("No definition for lowering"):
                raise  # (a rule's own refusal at run time)
            raise self.where.error(f"numba cannot compile the gradient: {exc}",
                                   'use backend="numpy" for this function') from None
        except ValueError as exc:  # numba's dispatcher cannot type an argument
            if str(exc) == numba_helpers.SAVED_SHAPE_CHANGED:  # (a tape of fixed rows)
                raise self.where.error("the numba backend's tape of a value saved in a loop "
                                       "needs one shape on every trip, and this call's "
                                       "changed (a slice growing with the loop, say)",
                                       'use backend="numpy" for this function') from None
            if str(exc).startswith(numba_lists.REFUSED):  # (a helper's refusal at run time)
                raise self.where.error(str(exc)[len("srcdiff: "):],
                                       'use backend="numpy" for this function') from None
            if "fingerprint" not in str(exc):
                raise
            raise self._argument_error(exc) from None
        except TypeError as exc:  # numba's unboxing of a list of mixed entries
            if not str(exc).startswith("can't unbox heterogeneous list"):
                raise
            raise self._argument_error(exc) from None

    def _argument_error(self, exc):
        return self.where.error(f"numba cannot take an argument of this call ({exc}: an "
                                "empty list, or a list of mixed values)",
                                'pass an array, or use backend="numpy"')


_NOT_SAVED = "no compiled object yet"  # (numba's RuntimeError from its cache's save)
