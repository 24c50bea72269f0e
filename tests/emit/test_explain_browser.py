"""The view of samples/mlp.py:loss rendered by a real browser (headless Chromium).

Chromium is looked up on PATH; where it is missing and the tests run as root
with apt-get, it is installed once per machine (a stamp file records the
attempt, so a machine where it fails does not try again on every run; delete
the stamp to retry). Without Chromium the test is skipped with the reason.
No Python browser package is needed: ``--dump-dom`` prints the DOM after the
page's script ran, and ``--screenshot`` writes tests/artifacts/explain_mlp.png
(the picture in the README).
"""

import html.parser
import os
import shutil
import subprocess
import sys
import tempfile

import pytest

from paths import ROOT  # noqa: E402
from srcdiff.cli import commands as cli

ARTIFACT = os.path.join(ROOT, "tests", "artifacts", "explain_mlp.png")
NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
STAMP = os.path.join(os.path.expanduser("~"), ".cache", "srcdiff", "chromium-install-tried")


def _find():
    for name in NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


def _install_once():
    """Try ``apt-get install chromium`` once per machine; return why it is missing, or None."""
    if os.path.exists(STAMP):
        with open(STAMP, encoding="utf-8") as f:
            before = f.read().strip()
        return f"installing it was tried before on this machine ({before}; delete {STAMP} " \
               "to try again)"
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or not shutil.which("apt-get"):
        return "not installed, and the tests are not run as root with apt-get"
    os.makedirs(os.path.dirname(STAMP), exist_ok=True)
    try:
        fd = os.open(STAMP, os.O_CREAT | os.O_EXCL | os.O_WRONLY)  # one attempt, ever
    except FileExistsError:
        return "another test run is installing it"
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    outcome = "apt-get install chromium failed"
    try:
        for step in ([], ["update"]):  # with the package lists as they are, then fresh ones
            if step:
                subprocess.run(["apt-get", "-qq", *step], check=False, env=env,
                               capture_output=True, timeout=600)
            for package in ("chromium", "chromium-browser"):
                done = subprocess.run(["apt-get", "install", "-y", "-qq",
                                       "--no-install-recommends", package], check=False,
                                      env=env, capture_output=True, text=True, timeout=1200)
                if done.returncode == 0 and _find():
                    outcome = f"installed {package}"
                    return None
                outcome = f"apt-get install {package}: " + \
                    (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1]
    except (OSError, subprocess.SubprocessError) as e:
        outcome = f"apt-get failed: {e}"
    finally:
        os.write(fd, outcome.encode())
        os.close(fd)
    return outcome


@pytest.fixture(scope="module")
def chromium():
    path = _find()
    if path is None:
        reason = _install_once()
        path = _find()
        if path is None:
            pytest.skip(f"no Chromium: {reason}")
    return path


def _run(browser, *args, profile):
    command = [browser, "--headless", "--no-sandbox", "--disable-gpu",
               "--disable-dev-shm-usage", "--no-first-run", "--hide-scrollbars",
               f"--user-data-dir={profile}", *args]
    done = subprocess.run(command, check=False, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


class _Dom(html.parser.HTMLParser):
    """The elements with ``data-sd-*`` attributes, with the pane they are in."""

    def __init__(self):
        super().__init__()
        self.stack = []
        self.lines = []  # (pane, attributes)
        self.panes = []
        self.ready = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        pane = attrs.get("data-sd-pane")
        if pane:
            self.panes.append(pane)
        if attrs.get("data-sd-ready") == "1":
            self.ready = True
        current = pane or (self.stack[-1] if self.stack else None)
        if tag not in ("br", "meta", "link", "img", "input"):
            self.stack.append(current)
        if "data-sd-line" in attrs:
            self.lines.append((current, attrs))

    def handle_endtag(self, tag):
        if self.stack and tag not in ("br", "meta", "link", "img", "input"):
            self.stack.pop()


def test_mlp_view_in_chromium(chromium, tmp_path):
    page = tmp_path / "mlp.html"
    status = cli.main(["html", os.path.join(ROOT, "samples", "mlp.py") + ":loss",
                       "-o", str(page)])
    assert status == 0
    url = page.as_uri() + "#p0-15"  # pins line 15 (h = np.tanh(...)) as a click would
    with tempfile.TemporaryDirectory() as profile:
        dom = _run(chromium, "--dump-dom", url, profile=profile)
        parsed = _Dom()
        parsed.feed(dom)
        assert parsed.panes == ["primal", "generated"]
        assert parsed.ready, "the page's script did not run to its end"
        primal = [a for pane, a in parsed.lines if pane == "primal"]
        generated = [a for pane, a in parsed.lines if pane == "generated"]
        assert [a["data-sd-line"] for a in primal][:7] == [str(n) for n in range(13, 20)]
        # every generated line made for a primal line links to a line of the primal pane
        primal_keys = {k for a in primal for k in a.get("data-sd-key", "").split()}
        linked = [a for a in generated if "data-sd-primal" in a]
        assert len(linked) > 10
        for a in linked:
            assert a["data-sd-key"] in primal_keys, a
        # the pinned line and its adjoint code are highlighted by the script
        lit = [a for a in generated if "sdx-hl" in a.get("class", "").split()]
        assert lit and all(a["data-sd-key"] == "p0-15" for a in lit)
        roles = {a.get("data-sd-role") for a in lit}
        assert {"primal", "adjoint"} <= roles
        at = [a for a in primal if "sdx-at" in a.get("class", "").split()]
        assert [a["data-sd-line"] for a in at] == ["15"]
        os.makedirs(os.path.dirname(ARTIFACT), exist_ok=True)
        shot = tmp_path / "shot.png"
        _run(chromium, f"--screenshot={shot}", "--window-size=1500,1220", url,
             profile=profile)
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20000
    shutil.copyfile(shot, ARTIFACT)


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
