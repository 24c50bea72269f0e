"""Write generated test programs to real files and import them (srcdiff needs source)."""

import importlib.util
import itertools
import os
import tempfile

_counter = itertools.count()
_TMP = tempfile.mkdtemp(prefix="srcdiff_programs_")


def load_function(source, name="f"):
    """Write ``source`` to a fresh module file, import it and return its function ``name``."""
    path = os.path.join(_TMP, f"program_{next(_counter)}.py")
    with open(path, "w") as f:
        f.write(source)
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)
