"""The numba tests compile into a cache directory of their own (compiler/emit/numba_cache.py),
not the user's ~/.cache: every run starts cold."""

import pytest


@pytest.fixture(autouse=True, scope="session")
def _numba_cache_dir(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("SRCDIFF_NUMBA_CACHE_DIR", str(tmp_path_factory.mktemp("numba_cache")))
    yield
    mp.undo()
