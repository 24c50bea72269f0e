"""Stage 6, emit: gast functions -> Python source -> live functions.

Generated source is registered with :mod:`linecache` under a file name of its
own, so tracebacks and ``pdb`` show the generated lines. The namespace a
generated function runs in is a snapshot of the user function's globals and
closure (what the compiler resolved names against), plus the run-time helpers
and the rules' helpers.
"""

import hashlib
import inspect
import linecache

import numpy as np

from srcdiff import runtime
from srcdiff.compiler.ir import syntax as S

RUNTIME_HELPERS = {name: obj for name, obj in vars(runtime).items()
                   if inspect.isfunction(obj) and obj.__module__ == runtime.__name__}


def module_source(functions):
    """Print generated functions as one module body (functions separated by two blank lines)."""
    parts = [S.to_source(f).rstrip() + "\n" for f in functions]
    return "\n\n".join(parts)


def load(source, namespace, label):
    """Exec ``source`` in a copy of ``namespace``; return the resulting namespace."""
    digest = hashlib.sha1(source.encode()).hexdigest()[:10]
    filename = f"<srcdiff {label} {digest}>"
    lines = source.splitlines(True)
    linecache.cache[filename] = (len(source), None, lines, filename)
    code = compile(source, filename, "exec")
    ns = dict(namespace)
    exec(code, ns)
    ns["__srcdiff_source__"] = source
    ns["__srcdiff_filename__"] = filename
    return ns


def base_namespace(user_namespace, helpers):
    """The names generated code may use: the user's, then srcdiff's helpers, then ``np``."""
    ns = dict(user_namespace)
    ns.update(RUNTIME_HELPERS)
    ns.update(helpers)
    ns["np"] = np
    return ns

