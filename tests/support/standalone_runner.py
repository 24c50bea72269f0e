"""Run modules the command line wrote in a fresh interpreter (``-I``) in which an import
guard refuses srcdiff and every module that is neither numpy nor in the standard library."""

import os
import pickle
import subprocess
import sys

RUNNER = r'''
import importlib.util
import pickle
import sys

ALLOWED = set(getattr(sys, "stdlib_module_names", ())) | {"numpy"}


class Guard:
    """Refuse srcdiff and anything that is neither numpy nor the standard library."""

    def find_spec(self, name, path=None, target=None):
        top = name.split(".")[0]
        if top == "srcdiff" or (ALLOWED and top not in ALLOWED):
            raise ImportError(f"the standalone module imported {name!r}")
        return None


sys.meta_path.insert(0, Guard())
try:
    import srcdiff  # noqa: F401
except ImportError:
    pass
else:
    raise SystemExit("the import guard let srcdiff through")

manifest_path, out_path = sys.argv[1:]
with open(manifest_path, "rb") as f:
    manifest = pickle.load(f)  # [(key, module path, entry point, args)]
results = {}
for key, module_path, entry, args in manifest:
    try:
        spec = importlib.util.spec_from_file_location(f"standalone_{len(results)}", module_path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        results[key] = ("ok", getattr(module, entry)(*args))
    except Exception as e:
        results[key] = ("error", f"{type(e).__name__}: {e}")
with open(out_path, "wb") as f:
    pickle.dump((results, sorted(sys.modules)), f)
'''


def run_standalone_many(tmp_path, manifest):
    """Run ``[(key, module path, entry, args)]`` in one isolated interpreter; {key: result}."""
    runner = tmp_path / "runner.py"
    runner.write_text(RUNNER)
    manifest_path, out_path = tmp_path / "manifest.pkl", tmp_path / "out.pkl"
    with open(manifest_path, "wb") as f:
        pickle.dump([(k, str(p), e, tuple(a)) for k, p, e, a in manifest], f)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    proc = subprocess.run([sys.executable, "-I", str(runner), str(manifest_path),
                           str(out_path)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    with open(out_path, "rb") as f:
        results, modules = pickle.load(f)
    assert not any(m == "srcdiff" or m.startswith("srcdiff.") for m in modules)
    return results


def run_standalone(tmp_path, module_path, entry, args):
    """Call ``entry(*args)`` from the module at ``module_path`` in an isolated interpreter."""
    status, value = run_standalone_many(tmp_path, [("one", module_path, entry, args)])["one"]
    assert status == "ok", value
    return value
