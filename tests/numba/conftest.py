"""The numba tests compile into a cache directory of their own (compiler/emit/numba_cache.py),
not the user's ~/.cache: every run starts cold."""

import pytest


@pytest.fixture(autouse=True, scope="session")
def _numba_cache_dir(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("SRCDIFF_NUMBA_CACHE_DIR", str(tmp_path_factory.mktemp("numba_cache")))
    yield
    mp.undo()


class RandomPrograms:
    """Random programs through backend="numba": a seed per run (printed: ``rng``), the
    numba source of every gradient compiled meanwhile (``texts``), programs written to
    files and imported (:meth:`load`: numba compiles only functions with a source file)."""

    def __init__(self, what, tmp_path, monkeypatch):
        import numpy as np

        from srcdiff.compiler.emit import numba_emit
        seed = int(np.random.SeedSequence().entropy % 1_000_000_007)
        print(f"random {what} programs seed {seed}")
        self.rng = np.random.default_rng(seed)
        self.texts, self.directory, source = [], tmp_path, numba_emit.numba_source

        def kept(*a, **k):
            out = source(*a, **k)
            self.texts.append(out[0])
            return out
        monkeypatch.setattr(numba_emit, "numba_source", kept)

    def load(self, name, text):
        """The module of source ``text``, written as ``name``.py and imported."""
        import importlib.util
        path = self.directory / f"{name}.py"
        path.write_text(text)
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module


@pytest.fixture
def random_programs(tmp_path, monkeypatch):
    """``random_programs(what)``: a :class:`RandomPrograms` for this test."""
    return lambda what: RandomPrograms(what, tmp_path, monkeypatch)
