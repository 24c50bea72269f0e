"""The run-time helpers generated code calls (and verification mode's checks), by the names
it calls them: every function defined in srcdiff's run-time modules. The namespace
generated code runs in binds each of these names to its function (emit/execute.py), and a
written module copies them (emit/standalone.py); the front end asks whether a user's global
of one of these names is that very object (front/writing_helpers.py)."""

import inspect

from srcdiff import runtime, runtime_checks, runtime_memory, runtime_snapshots

MODULES = (runtime, runtime_memory, runtime_snapshots, runtime_checks)
RUNTIME_MODULES = tuple(module.__name__ for module in MODULES)
RUNTIME_HELPERS = {name: obj for module in MODULES for name, obj in vars(module).items()
                   if inspect.isfunction(obj) and obj.__module__ in RUNTIME_MODULES}
