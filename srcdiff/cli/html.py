"""``srcdiff html FILE.py:FUNC [--wrt A,B] [--mode MODE] -o VIEW.html``: the side-by-side
view of a function and its generated derivative (api/explain.py) as one page."""

import argparse
import contextlib
import sys

from srcdiff.api.explain import build_view
from srcdiff.cli import annotations, output
from srcdiff.cli import targets as cli
from srcdiff.compiler import driver
from srcdiff.errors import SrcdiffError


def html_command(argv):
    """``srcdiff html TARGET [--wrt ...] [--mode ...] [-o VIEW.html]``: write the view of one
    function as one self-contained page (to standard output without ``-o``). Errors are
    raised as the command line's (cli.main reports them and picks the exit status)."""
    p = argparse.ArgumentParser(
        prog="srcdiff html", usage="srcdiff html FILE.py:FUNC [--wrt A,B] [--mode MODE] "
                                   "[-o VIEW.html]",
        description="Write the side-by-side view of a function and its generated gradient "
                    "as one self-contained HTML page (no network needed to open it).")
    p.add_argument("targets", nargs="*", metavar="TARGET", help="FILE.py:FUNC or MODULE:FUNC")
    p.add_argument("--wrt", metavar="A,B", help="as for `srcdiff FILE.py:FUNC`")
    p.add_argument("--mode", choices=("reverse", "forward"), default="reverse")
    p.add_argument("--stop-gradients", metavar="A,B", default="")
    p.add_argument("--unconnected-gradients", choices=("none", "zero"), default="none")
    p.add_argument("-o", "--output", metavar="VIEW.html", help="write here (atomically)")
    p.add_argument("--force", action="store_true", help="replace VIEW.html even if read-only")
    p.add_argument("--no-exec", action="store_true",
                   help="do not run FILE.py's top-level code (see srcdiff --help)")
    p.add_argument("--debug", action="store_true", help="show Python tracebacks on errors")
    try:
        args = p.parse_args(argv)
    except SystemExit as e:  # argparse printed usage (or --help)
        return cli.OK if e.code in (0, None) else cli.USAGE
    job = cli.Job(args)
    if job.output and job.output.endswith(".py"):
        raise cli.CliError(f"-o {job.output}: the view is an HTML page; name it VIEW.html",
                           cli.USAGE)
    if job.output:
        output.refuse_overwriting_sources(job)
    loader = cli.Loader(run_top_level=not job.no_exec)
    with contextlib.redirect_stdout(sys.stderr), driver.deep_recursion():
        items = cli.expand(job, loader)
        if len(items) != 1:
            raise cli.CliError(f"srcdiff html shows one function; {len(items)} were named "
                               f"({', '.join(fn.__name__ for _, fn, _, _ in items)})",
                               cli.USAGE)
        target, fn, wrt, single = items[0]
        try:  # (as the written module has it: cli/annotations.py)
            kinds = annotations.annotated(fn)
            node, parsed, ctx = annotations.derive(job, fn, wrt, single, kinds, entry=False)
            annotations.add_guard(node, kinds, [a.id for a in parsed.node.args.args])
        except SrcdiffError as e:
            cli.locate_at_definition(e, target, fn)
            raise
        view = build_view(ctx.functions + [node], job.mode)
    page = view.html(title=f"srcdiff: {cli.entry_name(job, fn)} ({target.source})")
    if job.output:
        output.write_atomic(job.output, page, force=job.force)
    else:
        sys.stdout.write(page)
        sys.stdout.flush()
    return cli.OK
