"""Every repository file README cites exists (a results file once went uncommitted
while README cited it: bench/results was ignored by git)."""

import os
import re

from paths import README, ROOT

# Files a benchmark run writes, cited as where its output goes.
WRITTEN_BY_RUNS = {"bench/results/latest.md", "bench/results/memory_scale.md",
                   "bench/results/realistic_latest.md", "bench/results/compile_scale_latest.md",
                   "bench/results/gradbench_latest.md"}
# Folders README's short paths are relative to.
BASES = ("", "srcdiff", "srcdiff/compiler", "srcdiff/compiler/emit", "bench", "tests", "tools")
CITED = re.compile(r"`([\w.-]+(?:/[\w.-]+)+\.(?:py|md|png|txt|toml|json))`")


def cited_paths():
    with open(README) as f:
        return sorted(set(CITED.findall(f.read())))


def test_readme_cites_paths():
    assert len(cited_paths()) >= 30  # (the pattern still finds README's citations)


def test_every_cited_file_exists():
    missing = [
        p for p in cited_paths()
        if p not in WRITTEN_BY_RUNS
        and not any(os.path.exists(os.path.join(ROOT, base, p)) for base in BASES)
    ]
    assert missing == []
