"""Run the test suite as a few pytest processes side by side (``make test``, ``make verify``).

The suite is single-threaded and this project's machines have two cores; one pytest process
left one core idle, and the suite with its verification-mode twin outgrew CI's 90 minutes.
Test files are dealt to ``--jobs`` shards, longest first, each to the shard with the least
work so far (longest-processing-time scheduling), by the seconds each file last took
(tools/test_seconds.json, rewritten by ``--record``; a file not in it counts as the median).
Whole files go to one shard, so a module's fixtures and caches are shared as before.

Every shard gets the same random seed (SRCDIFF_FUZZ_SEED, chosen here once when unset and
printed), so a failing run replays with ``SRCDIFF_FUZZ_SEED=<seed> make test``, and the
same shard plan (the plan depends only on the files and the table). Each shard writes its
own log; this prints a progress line a minute, every shard's summary, the failures of any
shard that failed, and exits non-zero when any shard failed. Ctrl-C or a kill stops every
shard.

    python tools/run_tests.py [--jobs N] [--under tests/DIR] [--exclude FILE|DIR] [--record]
                              [-- pytest arguments]
"""

import argparse
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "tools", "test_seconds.json")


def test_files(under="tests"):
    found = []
    for folder, dirs, files in os.walk(os.path.join(ROOT, under)):
        dirs[:] = sorted(d for d in dirs if d not in ("golden", "__pycache__"))
        for name in sorted(files):
            if name.startswith("test_") and name.endswith(".py"):
                found.append(os.path.relpath(os.path.join(folder, name), ROOT))
    return found


def load_table():
    try:
        with open(TABLE) as f:
            return json.load(f)
    except FileNotFoundError:
        return {}


def plan(files, seconds, jobs):
    """Shards of files, longest first to the least loaded shard; ties keep file order."""
    default = statistics.median(seconds.values()) if seconds else 1.0
    cost = {f: seconds.get(f, default) for f in files}
    shards = [[] for _ in range(jobs)]
    loads = [0.0] * jobs
    for f in sorted(files, key=lambda f: -cost[f]):
        k = loads.index(min(loads))
        shards[k].append(f)
        loads[k] += cost[f]
    return [(sorted(s), load) for s, load in zip(shards, loads) if s]


def file_seconds(xml_path):
    """Seconds per test file from a junit report (its testcases' times summed)."""
    out = {}
    for case in ET.parse(xml_path).getroot().iter("testcase"):
        classname = case.get("classname", "")
        # "tests.rules.test_unary" or "tests.rules.test_unary.TestClass"
        parts = classname.split(".")
        for cut in range(len(parts), 0, -1):
            candidate = os.path.join(*parts[:cut]) + ".py"
            if os.path.exists(os.path.join(ROOT, candidate)):
                out[candidate] = out.get(candidate, 0.0) + float(case.get("time", 0) or 0)
                break
    return out


PERCENT = re.compile(r"\[\s*(\d+)%\]")
SUMMARY = re.compile(r"^=+ (.*(passed|failed|error|skipped|no tests ran).*) =+$", re.M)


def last_percent(log):
    try:
        with open(log, "rb") as f:
            f.seek(0, 2)
            f.seek(max(0, f.tell() - 4000))
            tail = f.read().decode("utf-8", "replace")
    except OSError:
        return None
    found = PERCENT.findall(tail)
    return int(found[-1]) if found else None


def summary_line(text):
    found = SUMMARY.findall(text)
    if found:
        return found[-1][0]
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else "(no output)"


def failures_part(text):
    """The log from pytest's FAILURES/ERRORS section on, else its last 80 lines."""
    for marker in ("= ERRORS =", "= FAILURES ="):
        at = text.find(marker)
        if at >= 0:
            return text[text.rfind("\n", 0, at) + 1:]
    return "\n".join(text.splitlines()[-80:])


def excluded(path, exclude):
    """Whether ``path`` is one of ``exclude`` or lies under a folder among them."""
    parts = path.split(os.sep)
    return any(parts[:len(e.rstrip(os.sep).split(os.sep))] == e.rstrip(os.sep).split(os.sep)
               for e in exclude)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--under", default="tests",
                        help="run only the test files under this folder (default: tests)")
    parser.add_argument("--exclude", action="append", default=[], metavar="PATH",
                        help="leave this test file, or every file under this folder, out "
                             "(repeatable)")
    parser.add_argument("--record", action="store_true",
                        help="rewrite tools/test_seconds.json from this run's times")
    parser.add_argument("pytest_args", nargs="*", help="passed to every shard (after --)")
    args = parser.parse_args(argv)

    seed = os.environ.get("SRCDIFF_FUZZ_SEED", "").strip()
    if not seed:
        seed = str(int(time.time() * 1000) % 1_000_000_007)
    env = dict(os.environ, SRCDIFF_FUZZ_SEED=seed)

    files = [f for f in test_files(args.under) if not excluded(f, args.exclude)]
    missing = [f for f in args.exclude if not os.path.exists(os.path.join(ROOT, f))]
    if missing:
        parser.error(f"--exclude: no such test file: {', '.join(missing)}")
    shards = plan(files, load_table(), max(1, args.jobs))
    workdir = tempfile.mkdtemp(prefix="srcdiff-tests-")
    print(f"srcdiff random seed: {seed} (replay with SRCDIFF_FUZZ_SEED={seed})")
    print(f"{len(files)} test files in {len(shards)} shards (logs in {workdir})")
    for k, (group, load) in enumerate(shards, 1):
        print(f"  shard {k}: {len(group)} files, ~{load / 60:.0f} min last time")
    sys.stdout.flush()

    procs = []
    for k, (group, _) in enumerate(shards, 1):
        log = os.path.join(workdir, f"shard-{k}.log")
        report = os.path.join(workdir, f"shard-{k}.xml")
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                   f"--junitxml={report}", *args.pytest_args, *group]
        with open(log, "wb") as out:
            proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out,
                                    stderr=subprocess.STDOUT, start_new_session=True)
        procs.append((k, proc, log, report))

    def stop(signum, _frame):
        for _, proc, _, _ in procs:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        sys.exit(128 + signum)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    start = time.time()
    done = {}
    next_report = start + 60
    while len(done) < len(procs):
        time.sleep(1)
        for k, proc, log, _ in procs:
            if k not in done and proc.poll() is not None:
                done[k] = proc.returncode
                with open(log, encoding="utf-8", errors="replace") as f:
                    text = f.read()
                print(f"[{(time.time() - start) / 60:5.1f} min] shard {k} ended: "
                      f"{summary_line(text)}", flush=True)
        if time.time() >= next_report and len(done) < len(procs):
            next_report += 60
            states = []
            for k, _, log, _ in procs:
                percent = last_percent(log)
                states.append(f"shard {k} " + ("done" if k in done else
                                              f"{percent if percent is not None else 0}%"))
            print(f"[{(time.time() - start) / 60:5.1f} min] " + " · ".join(states), flush=True)

    # 5 is pytest's "no tests collected": a shard whose files a -k filter emptied
    failed = [k for k in sorted(done) if done[k] not in (0, 5)]
    for k, _, log, _ in procs:
        if k in failed:
            with open(log, encoding="utf-8", errors="replace") as f:
                text = f.read()
            print(f"\n{'=' * 30} shard {k} (exit {done[k]}) {'=' * 30}")
            print(failures_part(text))

    if args.record and not failed:
        seconds = load_table()
        for _, _, _, report in procs:
            seconds.update({f: round(s, 1) for f, s in file_seconds(report).items()})
        existing = set(test_files())
        seconds = {f: s for f, s in sorted(seconds.items()) if f in existing}
        with open(TABLE, "w") as f:
            json.dump(seconds, f, indent=1)
            f.write("\n")
        print(f"wrote {os.path.relpath(TABLE, ROOT)} ({len(seconds)} files)")

    minutes = (time.time() - start) / 60
    print(f"\n{len(procs)} shards in {minutes:.1f} min: "
          + ("all passed" if not failed else f"shard(s) {failed} failed")
          + f"; seed {seed}")
    if failed:
        return 1
    return 5 if all(code == 5 for code in done.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
