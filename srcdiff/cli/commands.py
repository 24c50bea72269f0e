"""The command line: write gradients as standalone modules people can read, commit and ship.

Usage::

    srcdiff FILE.py:FUNC [--wrt a,b] [--mode reverse|forward] [-o OUT.py]
    srcdiff MODULE:FUNC ...            # import path instead of a file
    srcdiff FILE.py:f,g other.py:h     # several functions, one module
    srcdiff FILE.py                    # every function in FILE's SRCDIFF_TARGETS
    srcdiff check TARGET... -o OUT.py  # is OUT.py up to date? (also: --check)
    srcdiff rules                      # every supported primitive (also: --list-rules)
    srcdiff html FILE.py:FUNC -o V.html  # the function and its gradient side by side
    python -m srcdiff ...              # the same

The module written defines ``grad_FUNC(<FUNC's parameters>, grad_ys=None)``
for each target (reverse mode; forward mode will define ``jvp_FUNC``) and
imports only numpy and the standard library. Its header names the sources
(with the sha256 of each function's text), the options, srcdiff's version and
the command that regenerates it; it holds no timestamps and no absolute paths,
so the same input gives the same bytes on every machine.

``SRCDIFF_TARGETS``: a module-level dict in a source file naming what to
differentiate and with respect to what, as ``wrt`` is given to ``sd.grad``::

    SRCDIFF_TARGETS = {"loss": ("w", "b"), "energy": "x"}

``srcdiff FILE.py`` compiles every entry; ``srcdiff FILE.py:loss`` uses the
entry's ``wrt`` unless ``--wrt`` is given. Without either, ``wrt`` is the first
parameter.

The output is written atomically (a temporary file in the same directory,
then ``os.replace``): on any error nothing is written.

Exit status:
    0  success (check: OUT is up to date)
    1  check: OUT is stale or missing
    2  usage error: bad arguments, or a file, module or function that does not exist
    3  compile error: srcdiff rejected the function or something it needs
       (the message is FILE:LINE:COL: error: ..., with the line and a caret)
    4  I/O error: the output cannot be written (or, for check, read)
    5  internal error: a bug in srcdiff (rerun with --debug and report it)
"""

import argparse
import contextlib
import difflib
import hashlib
import sys
import traceback

from srcdiff.api.custom import rules
from srcdiff.cli import annotations, html, numba_module
from srcdiff.cli.output import refuse_overwriting_sources, write_atomic
from srcdiff.cli.targets import (  # noqa: F401  (exit statuses and CliError: the command line's)
    COMPILE,
    INTERNAL,
    IO,
    OK,
    STALE,
    TARGETS_NAME,
    USAGE,
    CliError,
    Job,
    Loader,
    Target,
    declared_targets,
    display_path,
    entry_name,
    expand,
    locate_at_definition,
    names,
    parse_target,
    parse_wrt,
    target_function,
    usage,
    wrt_from_declared,
)
from srcdiff.compiler import driver
from srcdiff.compiler.emit import execute as emit
from srcdiff.compiler.emit import standalone
from srcdiff.errors import SrcdiffError
from srcdiff.version import __version__

EPILOG = """\
examples:
  srcdiff model.py:loss --wrt w,b -o grad_model.py
  srcdiff model.py:loss,accuracy -o grads.py      several functions, one module
  srcdiff mypkg.model:loss --wrt 0                 an import path; wrt by position
  srcdiff model.py                                 targets from model.py's SRCDIFF_TARGETS
  srcdiff check model.py:loss --wrt w,b -o grad_model.py   exit 1 if grad_model.py is stale
  srcdiff rules                                    list every supported primitive
  srcdiff html model.py:loss --wrt w,b -o view.html   see the gradient beside the code

--wrt: names or positions separated by commas; one entry gives one gradient,
a comma (even a trailing one, "w,") gives a tuple, as sd.grad's wrt does.
SRCDIFF_TARGETS = {"loss": ("w", "b")} in a source file sets wrt per function.

exit status: 0 ok, 1 stale (check), 2 usage error, 3 compile error,
4 I/O error, 5 internal error (a bug in srcdiff; rerun with --debug)
"""


# ------------------------------------------------------------------ arguments


def _parser():
    p = argparse.ArgumentParser(
        prog="srcdiff",
        usage="srcdiff [options] TARGET... [-o OUT.py]\n"
              "       srcdiff check [options] TARGET... -o OUT.py\n"
              "       srcdiff rules\n"
              "       srcdiff html [options] TARGET [-o VIEW.html]",
        description="Write the gradient of Python/NumPy functions as a standalone module:\n"
                    "it imports only numpy and the standard library, never srcdiff.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("targets", nargs="*", metavar="TARGET",
                   help="FILE.py:FUNC, MODULE:FUNC, FILE.py:f,g, or FILE.py (its SRCDIFF_TARGETS)")
    p.add_argument("--wrt", metavar="A,B",
                   help="parameters (names or positions) or local variables to differentiate "
                        "with respect to (default: SRCDIFF_TARGETS, else the first parameter)")
    p.add_argument("--mode", choices=("reverse", "forward"), default="reverse",
                   help="reverse: grad_FUNC (default); forward: jvp_FUNC")
    p.add_argument("--backend", choices=("numpy", "numba"), default="numpy",
                   help="numba: the module compiles each gradient with numba.njit and "
                        "imports numba and srcdiff's numba helpers (reverse mode)")
    p.add_argument("--stop-gradients", metavar="A,B", default="",
                   help="variables of FUNC treated as constants (as sd.grad's stop_gradients)")
    p.add_argument("--unconnected-gradients", choices=("none", "zero"), default="none",
                   help="what a wrt with no path to the output gets (default: none)")
    p.add_argument("--checkpoint", metavar="sqrt|binomial|K",
                   help="outermost loops keep snapshots and recompute segments backwards "
                        "(as sd.grad's checkpoint=)")
    p.add_argument("-o", "--output", metavar="OUT.py",
                   help="write here (atomically) instead of to standard output")
    p.add_argument("--check", action="store_true",
                   help="do not write: exit 0 if OUT.py is up to date, 1 if it is stale")
    p.add_argument("--list-rules", action="store_true",
                   help="print every supported primitive and exit")
    p.add_argument("--force", action="store_true",
                   help="replace OUT.py even if it is read-only")
    p.add_argument("--no-exec", action="store_true",
                   help="do not run FILE.py's top-level code: only its imports, function "
                        "and class definitions and literal assignments (for contributed "
                        "files in CI); by default FILE.py is imported, so its top-level "
                        "code runs")
    p.add_argument("--debug", action="store_true", help="show Python tracebacks on errors")
    p.add_argument("--version", action="store_true", help="print srcdiff's version and exit")
    return p


# ------------------------------------------------------------------ compiling


def _derive(job, fn, wrt, single, ctx, kinds):
    """The generated code for one target: ``(main FunctionDef, parsed, callees)``.

    ``callees`` lists ``(FunctionDef, namespace)`` for the adjoints of user
    functions the target calls that this target compiled first. One branch
    per mode; adding forward mode is the second branch. ``kinds``: the parameters
    annotated ``float`` or ``int`` (cli/annotations.py), compiled with those facts.
    """
    before = len(ctx.functions)
    node, parsed, ctx = annotations.derive(job, fn, wrt, single, kinds, ctx)
    namespaces = getattr(ctx, "namespaces", [])
    callees = [(f, namespaces[k] if k < len(namespaces) else None)
               for k, f in enumerate(ctx.functions) if k >= before]
    return node, parsed, callees


def _callee_function(ctx, name):
    """The user function whose adjoint ctx generated under ``name`` (for error locations)."""
    for key, generated in getattr(ctx, "adjoints", {}).items():
        if generated == name and isinstance(key, tuple) and key:
            return key[0]
    for key, generated in getattr(ctx, "records", {}).items():  # fwd_g/bwd_g pairs
        if generated and name in generated:
            return key[0]
    return None


def source_hash(parsed):
    text = "".join(parsed.lines).replace("\r\n", "\n")
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def generate(job):
    """The standalone module's text for ``job``; raises CliError or SrcdiffError."""
    loader = Loader(run_top_level=not getattr(job, "no_exec", False))
    with contextlib.redirect_stdout(sys.stderr), driver.deep_recursion():
        # (the user's prints must not corrupt stdout)
        items = expand(job, loader)
        entries = [entry_name(job, fn) for _, fn, _, _ in items]
        if len(set(entries)) != len(entries):
            twice = sorted({e for e in entries if entries.count(e) > 1})
            raise usage(f"two targets would both define {twice[0]}: put functions with the "
                         "same name into separate modules")
        ctx = driver.Context(standins=job.backend != "numba")  # (no numba shape_only)
        if hasattr(ctx, "function_names"):  # callee adjoints must not take an entry's name
            ctx.function_names.reserve(*entries)
        pieces, rows = [], []
        for target, fn, wrt, single in items:
            try:
                kinds = annotations.annotated(fn)
                node, parsed, callees = _derive(job, fn, wrt, single, ctx, kinds)
            except SrcdiffError as e:
                locate_at_definition(e, target, fn)
                raise
            params = [a.id for a in parsed.node.args.args]
            for callee, namespace in callees if job.backend == "numpy" else ():
                pieces.append(standalone.callee_piece(
                    emit.module_source([callee]), namespace or parsed.namespace,
                    _callee_function(ctx, callee.name)))
            if job.backend == "numba":  # (its checks: in its Python entry)
                text = emit.module_source([node])
            else:
                text = emit.module_source([annotations.add_guard(node, kinds, params)])
            namespace = emit.base_namespace(parsed.namespace, ctx.helpers)
            standalone.check_shadowing(parsed, namespace)
            if job.backend == "numba":
                pieces += numba_module.pieces(text, parsed, namespace, fn, callees,
                                              ctx.registry, annotations.guard_lines(
                                                  kinds, params, node.name))
            else:
                pieces.append(standalone.generated_piece(text, parsed, namespace))
            wrt_text = ",".join(wrt) + ("," if not single and len(wrt) == 1 else "")
            rows.append((target.source, fn.__name__, source_hash(parsed), wrt_text))
        body = standalone.link(pieces, entries)
    header = _header(job, rows, __version__)
    text = header + "\n" + body
    compile(text, job.output or "<stdout>", "exec", dont_inherit=True)
    return text


def render(argv):
    """The module text ``srcdiff ARGV`` would write (for tests and tools); raises on errors."""
    return generate(Job(_parser().parse_args(list(argv))))


def _header(job, rows, version):
    lines = [
        f"# Generated by srcdiff {version} ({job.mode} mode). Do not edit: regenerate with",
        f"#   {comment_text(job.command())}",
        ("# It imports only numpy and the Python standard library." if job.backend == "numpy"
         else "# It imports numpy, numba, srcdiff's numba helpers and the standard library."),
        "#",
        "# source, function, sha256 of the function's source text, wrt:",
    ]
    for source, func, digest, wrt in rows:
        lines.append(comment_text(f"#   {source}  {func}  {digest}  wrt={wrt}"))
    options = []
    if job.stop:
        options.append("stop_gradients=" + ",".join(job.stop))
    if job.unconnected != "none":
        options.append("unconnected_gradients=" + job.unconnected)
    if job.checkpoint is not None:
        options.append(f"checkpoint={job.checkpoint}")
    if options:
        lines.append(comment_text("# options: " + " ".join(options)))
    return "\n".join(lines) + "\n"


def comment_text(text):
    """``text`` made safe for one comment line: every control or line-breaking character
    (which would end the comment and start code) is written as an escape."""
    return "".join(ch if ch.isprintable() or ch == " " else ch.encode("unicode_escape").decode()
                   for ch in text)


# ------------------------------------------------------------------ output


def check(job, text):
    """Compare ``text`` with the file at ``job.output``; return the exit status."""
    path = job.output
    try:
        with open(path, "rb") as f:
            old = f.read().decode("utf-8", errors="replace")
    except FileNotFoundError:
        sys.stderr.write(f"{path}: stale: the file does not exist\n"
                         f"regenerate with: {job.command()}\n")
        return STALE
    except OSError as e:
        raise CliError(f"{path}: error: cannot read: {e.strerror or e}", IO) from None
    if old == text:
        return OK
    diff = list(difflib.unified_diff(old.splitlines(True), text.splitlines(True),
                                     fromfile=f"{path} (on disk)",
                                     tofile=f"{path} (regenerated)", n=1))
    changed = sum(1 for d in diff if d[:1] in "+-" and d[:3] not in ("+++", "---"))
    sys.stderr.write(f"{path}: stale: {changed} changed lines\n"
                     f"regenerate with: {job.command()}\n")
    shown = diff[:60]
    sys.stderr.write("".join(d if d.endswith("\n") else d + "\n" for d in shown))
    if len(diff) > len(shown):
        sys.stderr.write(f"... ({len(diff) - len(shown)} more diff lines)\n")
    return STALE


def list_rules(out):

    table = rules()
    width = max((len(name) for name, _ in table), default=0)
    for name, kind in table:
        out.write(f"{name.ljust(width)}  {kind}\n")


# ------------------------------------------------------------------ main


def main(argv=None):
    """Run the command line; return the exit status (see the module docstring)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv
    try:
        return _main(argv)
    except CliError as e:
        if debug:
            traceback.print_exc()
        _report(e.error if e.error is not None else None, str(e))
        return e.status
    except SrcdiffError as e:
        if debug:
            traceback.print_exc()
        _report(e, "")
        return COMPILE
    except KeyboardInterrupt:
        sys.stderr.write("srcdiff: interrupted\n")
        return 130
    except BrokenPipeError:
        return OK
    except Exception as e:  # a bug in srcdiff: say so, without a traceback unless asked
        if debug:
            traceback.print_exc()
        sys.stderr.write(f"srcdiff: internal error: {type(e).__name__}: {e}\n"
                         "this is a bug in srcdiff; rerun with --debug for the traceback "
                         "and report it\n")
        return INTERNAL


def _report(error, message):
    if error is not None:
        if error.filename:
            error.filename = display_path(str(error.filename))
        text = error.render()
        if message and not text.startswith(message):
            text = message + "\n" + text
    else:
        text = message
    if not text.split("\n", 1)[0].count("error:"):
        text = "srcdiff: error: " + text
    sys.stderr.write(text.rstrip("\n") + "\n")


def _main(argv):
    if argv and argv[0] == "html":  # srcdiff html TARGET -o VIEW.html (cli/html.py)
        return html.html_command(argv[1:])
    command = None
    if argv and argv[0] in ("check", "rules"):
        command = argv.pop(0)
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse printed usage (or --help)
        return OK if e.code in (0, None) else USAGE
    if args.version:
        sys.stdout.write(f"srcdiff {__version__}\n")
        return OK
    if command == "rules" or args.list_rules:
        if args.targets:
            raise usage("`srcdiff rules` takes no targets")
        list_rules(sys.stdout)
        return OK
    checking = command == "check" or args.check
    job = Job(args)
    if checking and not job.output:
        raise usage("check needs the file to compare with: -o OUT.py")
    if job.output:
        refuse_overwriting_sources(job)
    text = generate(job)
    if checking:
        return check(job, text)
    if job.output:
        write_atomic(job.output, text, force=job.force)
    else:
        out = getattr(sys.stdout, "buffer", None)
        if out is not None:  # bytes: the same on every platform and locale
            sys.stdout.flush()
            out.write(text.encode("utf-8"))
            out.flush()
        else:
            sys.stdout.write(text)
            sys.stdout.flush()
    return OK


if __name__ == "__main__":
    sys.exit(main())
