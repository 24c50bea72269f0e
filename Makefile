# Every target sets itself up: a fresh machine needs only python3.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo distributed-demo test lint verify golden fuzz bench mutate clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python samples/demo.py

# logistic regression on 5 million rows generated on a 2-process dask LocalCluster
# (samples/distributed_logreg.py; the dask extra is installed first)
distributed-demo: $(STAMP)
	$(BIN)/python -m pip install -q -e '.[dask]'
	$(BIN)/python samples/distributed_logreg.py

# the suite in TEST_JOBS pytest processes side by side (tools/run_tests.py: whole files per
# process, balanced by tools/test_seconds.json; one seed for all, printed); PYTEST_ARGS are
# passed to each, e.g. PYTEST_ARGS="-x"
TEST_JOBS ?= 2
test: $(STAMP)
	$(BIN)/python tools/run_tests.py --jobs $(TEST_JOBS) -- $(PYTEST_ARGS)

# ruff, configured in pyproject.toml ([tool.ruff]); golden files are excluded there
lint: $(STAMP)
	$(BIN)/ruff check srcdiff tests tools bench samples

# the suite again, every gradient checking the sweep's invariant (README: guarantees), but
# for work the test run already did in verification mode or that the mode does not reach:
# the idiom programs run verify=True on every program themselves; tests/numba tests
# backend="numba", which the mode does not instrument (api/backends.py: compiled code runs
# unchecked), so a second run there repeats the test run's compiles (40% of the suite's
# time); the loop fuzz's 1000 programs (the same seed) are checked here by their first 500
# (CI's time: test + verify took 81 of CI's 90 minutes in session 47)
VERIFY_SKIP := tests/property/test_random_idiom_programs.py tests/numba
verify: $(STAMP)
	SRCDIFF_VERIFY=1 SRCDIFF_FUZZ_CI_COUNT=500 $(BIN)/python tools/run_tests.py \
		--jobs $(TEST_JOBS) $(addprefix --exclude ,$(VERIFY_SKIP)) -- $(PYTEST_ARGS)

# The only way golden files are rewritten (tests/support/golden_cases.py refuses any other value,
# and refuses under CI); the regenerated files are then run against finite differences.
golden: $(STAMP)
	SRCDIFF_REGENERATE_GOLDEN=make $(BIN)/python -m pytest -q tests/emit/test_golden.py tests/emit/test_golden_cli.py tests/emit/test_golden_forward.py tests/emit/test_golden_numeric.py tests/numba/test_golden_numba.py
	git --no-pager diff --stat -- tests/golden

# 20,000 random loop programs and 3,000 random array programs, strict: exit 1 on any
# disagreement or crash. FUZZ_SEED=<n> replays a run (default: from the clock, printed);
# FUZZ_COUNT=<n> / FUZZ_ARRAYS_COUNT=<n> for more.
FUZZ_COUNT ?= 20000
FUZZ_ARRAYS_COUNT ?= 3000
fuzz: $(STAMP)
	$(BIN)/python tests/property/fuzz.py --count $(FUZZ_COUNT) $(if $(FUZZ_SEED),--seed $(FUZZ_SEED))
	$(BIN)/python tests/property/fuzz.py --family arrays --count $(FUZZ_ARRAYS_COUNT) $(if $(FUZZ_SEED),--seed $(FUZZ_SEED))

bench: $(STAMP)
	$(BIN)/python -m pip install -q autograd jax 'torch==2.13.0' || echo "bench: some peers could not be installed; they are skipped"
	$(BIN)/python bench/run.py --scale --dask   # --dask: the scaling row (issue 19)
	$(BIN)/python bench/run.py --family realistic   # issue 17; alone: add --family realistic
	PYTHONPATH=. $(BIN)/python bench/untuned.py   # workloads written after the fact (session 26)
	$(BIN)/python bench/interleaved.py   # issue 17's ratios: every contender in one process

# mutation testing: hand-written compiler bugs (tools/mutate.py) the tests must catch (after
# checking that every test selection passes unmutated, so a failure there is never a kill);
# MUTATE_ARGS="-k algebra" runs some of them, "--list" shows them
MUTATE_JOBS ?= 2
mutate: $(STAMP)
	$(BIN)/python tools/mutate.py --baseline -j $(MUTATE_JOBS) $(MUTATE_ARGS)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
