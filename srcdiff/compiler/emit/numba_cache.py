"""The numba-compiled gradients of ``backend="numba"`` kept on disk between processes.

numba compiles a gradient in seconds (type inference and lowering of the function and
of every helper it calls); numba's own cache (``cache=True``) stores the machine code
next to the function's source file and reloads it in milliseconds, but only for
functions that live in a file. So the generated source is written to a file of this
cache directory and compiled from there.

**Invariant (why a cached entry is the gradient asked for).** The file's name is a
SHA-256 of everything the machine code depends on besides the argument types: the
generated source; the sources of every ``numba_*.py`` module of this package (the
helpers, checked operations, fused loops, ...: their implementations are compiled into
the cached code, and a module added later is in the key without being listed) and of
this module (how entries are made); srcdiff's and numba's versions.
The generated function reads no user value as a global (numba_emit passes them as
arguments, so none is frozen into the code); its globals are the helpers, ``np`` and
ufuncs. numba's index adds the argument types, the CPU and the file's stamp; a file is
written once (atomically) and never changed. tests/numba/test_numba_tapes.py checks that
a second process loads the cached gradient and that the key changes with the source and
the helpers.

Where: ``$SRCDIFF_NUMBA_CACHE_DIR``, else ``$XDG_CACHE_HOME/srcdiff/numba``, else
``~/.cache/srcdiff/numba``. ``SRCDIFF_NUMBA_CACHE=0`` turns it off (every process then
compiles in memory); so does a directory that cannot be created or written.
"""

import hashlib
import linecache
import os
import sys
import tempfile
import types

from srcdiff.compiler.emit import numba_opt
from srcdiff.version import __version__

_FINGERPRINT = []  # the helpers' source hash, computed once
# numba.njit's options for the generated functions (part of the cache key: numba's own
# cache does not tell machine code compiled with other options apart).
# ``boundscheck``: an index past an array's end raises IndexError as NumPy does; without
# it numba reads or writes whatever memory is there (a gradient returned where the
# function raises: red38)
_JIT = {"boundscheck": True}
JIT_OPTIONS = repr(sorted(_JIT.items()))


def directory():
    """The cache directory, or None when caching is off."""
    if os.environ.get("SRCDIFF_NUMBA_CACHE", "1") == "0":
        return None
    path = os.environ.get("SRCDIFF_NUMBA_CACHE_DIR")
    if not path:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"),
                                                                ".cache")
        path = os.path.join(base, "srcdiff", "numba")
    try:
        os.makedirs(path, exist_ok=True)
    except OSError:
        return None
    return path if os.access(path, os.W_OK) else None


def key(source, numba):
    """The cache key of ``source`` compiled by ``numba`` against this srcdiff's helpers."""
    if not _FINGERPRINT:
        digest = hashlib.sha256()
        here = os.path.dirname(os.path.abspath(__file__))
        files = sorted(f for f in os.listdir(here) if f.startswith("numba_") and f.endswith(".py"))
        for path in [os.path.join(here, f) for f in files] + [sys.modules[__name__].__file__]:
            with open(path, "rb") as f:
                digest.update(f.read())
        _FINGERPRINT.append(digest.hexdigest())
    text = "\n".join([source, _FINGERPRINT[0], __version__, numba.__version__,
                      str(numba_opt.level()), JIT_OPTIONS])
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def jit(numba, source, namespace, name, cache=True):
    """``numba.njit`` of the function ``name`` that ``source`` defines (and of every other
    function it defines, which ``name`` may call), run in a copy of
    ``namespace``: from a file of the cache directory with numba's cache when there is one
    (and ``cache``), else in memory."""
    numba_opt.install(numba)
    folder = directory() if cache else None
    path = os.path.join(folder, f"srcdiff_grad_{key(source, numba)}.py") if folder else None
    if path is not None and not _written(path, source):
        path = None
    digest = key(source, numba)
    filename = path or f"<srcdiff numba {name} {digest[:10]}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    # a module of its own, in sys.modules: numba's cache imports the function's module by
    # name when it loads the machine code (its environment), in this process or a later one
    # (the name is set after the namespace's names: the user module's ``__name__`` is one
    # of them, and keeping it put this module in sys.modules in the user module's place)
    modname = f"srcdiff_numba_{digest}"
    module = types.ModuleType(modname)
    module.__dict__.update(namespace)
    module.__dict__.update({"__name__": modname, "__file__": filename})
    code = compile(source, filename, "exec")
    exec(code, module.__dict__)
    sys.modules[modname] = module
    # every function the source defines is jitted (the generated functions of called
    # functions, numba_calls.py), in the module's namespace: calls between them are
    # calls of jitted functions
    # (with the options ``_JIT``)
    for fn_name in [c.co_name for c in code.co_consts if isinstance(c, types.CodeType)]:
        module.__dict__[fn_name] = numba.njit(cache=path is not None, **_JIT)(
            module.__dict__[fn_name])
    return module.__dict__[name]


def _written(path, source):
    """Whether ``path`` holds ``source`` (written atomically now if it did not exist)."""
    try:
        with open(path, encoding="utf-8") as f:
            return f.read() == source
    except FileNotFoundError:
        pass
    except OSError:
        return False
    try:
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(source)
        os.replace(tmp, path)
    except OSError:
        return False
    return True
