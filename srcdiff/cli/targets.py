"""What the command line differentiates: ``FILE.py:FUNC`` and ``module:FUNC`` targets,
``--wrt`` lists, and loading the files and modules they live in (each once, top-level
code run or not); errors carry the exit status (``CliError``)."""

import difflib
import importlib
import importlib.util
import inspect
import linecache
import os
import re
import shlex
import sys
import traceback

from srcdiff.api.transforms import check_checkpoint, refuse_wrapper_signature
from srcdiff.compiler.emit.standalone import is_stdlib
from srcdiff.compiler.front.parse import function_name, parse_function
from srcdiff.errors import SrcdiffError

OK, STALE, USAGE, COMPILE, IO, INTERNAL = 0, 1, 2, 3, 4, 5

TARGETS_NAME = "SRCDIFF_TARGETS"

class CliError(Exception):
    """An error to report on stderr with an exit status; ``error`` may be a SrcdiffError."""

    def __init__(self, message, status, error=None):
        super().__init__(message)
        self.status = status
        self.error = error


def usage(message):
    return CliError(message, USAGE)


class Target:
    """One function to differentiate, as named on the command line."""

    def __init__(self, source, func, is_file, argument=0):
        self.source = source  # a path (as given, made relative) or a dotted module name
        self.func = func  # None: every entry of SRCDIFF_TARGETS
        self.is_file = is_file
        self.argument = argument  # which command-line argument named it


def parse_target(text, argument=0):
    """``FILE.py:f,g`` / ``MODULE:f`` / ``FILE.py`` -> a list of :class:`Target`."""
    head, sep, tail = text.rpartition(":")
    if not sep or "/" in tail or "\\" in tail or tail.endswith(".py"):
        head, tail = text, ""
    is_file = head.endswith(".py") or "/" in head or os.sep in head
    if not is_file and not re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*", head):
        raise usage(f"{text!r} is not a target: expected FILE.py:FUNC or MODULE:FUNC")
    if not is_file and not tail:
        raise usage(f"{text!r} names a module but no function: write {text}:FUNC")
    source = display_path(head) if is_file else head
    if not tail:
        return [Target(source, None, True, argument)]
    funcs = [f.strip() for f in tail.split(",") if f.strip()]
    for f in funcs:
        if not f.isidentifier():
            raise usage(f"{f!r} in {text!r} is not a function name")
    return [Target(source, f, is_file, argument) for f in funcs]


def display_path(path):
    """The path as given, made relative when it lies under the working directory."""
    if os.path.isabs(path):
        rel = os.path.relpath(path)
        if not rel.startswith(".."):
            path = rel
    return path.replace(os.sep, "/")


def parse_wrt(text):
    """``"a,b"`` -> (["a", "b"], single=False); ``"a"`` -> (["a"], True); digits are positions."""
    if text is None:
        return None
    parts = [p.strip() for p in text.split(",")]
    single = len(parts) == 1
    items = [p for p in parts if p]
    if not items:
        raise usage("--wrt needs at least one name or position")
    out = []
    for p in items:
        if re.fullmatch(r"-?\d+", p):
            out.append(int(p))
        elif p.isidentifier():
            out.append(p)
        else:
            raise usage(f"--wrt entry {p!r} is neither a name nor a position")
    return out, single


def names(text):
    return tuple(n.strip() for n in text.split(",") if n.strip())


# ------------------------------------------------------------------ loading


class Loader:
    """Loads the files and modules targets live in, each once."""

    def module(self, target):
        key = (target.is_file, target.source)
        if key not in self.modules:
            self.modules[key] = (self._file if target.is_file else self._import)(target.source)
        return self.modules[key]

    def __init__(self, run_top_level=True):
        self.modules = {}
        self.run_top_level = run_top_level

    def _file(self, path):
        if not os.path.exists(path):
            raise CliError(f"{path}: error: no such file", USAGE)
        if os.path.isdir(path):
            raise CliError(f"{path}: error: is a directory, not a Python file", USAGE)
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise CliError(f"{path}: error: cannot read: {e.strerror}", IO) from None
        try:
            compile(data, path, "exec", dont_inherit=True)
        except SyntaxError as e:
            raise CliError("", COMPILE, SrcdiffError(
                f"invalid syntax: {e.msg}", filename=path, lineno=e.lineno,
                col=(e.offset - 1) if e.offset else None, line=e.text)) from None
        linecache.checkcache(path)
        # Named after the file, as `import stem` would name it (logging.getLogger(__name__)
        # and the like see the same name everywhere), but registered in sys.modules only
        # while it runs, and not at all when that name is taken.
        name = re.sub(r"\W", "_", os.path.splitext(os.path.basename(path))[0])
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        register = name not in sys.modules and not is_stdlib_name(name)
        if register:
            sys.modules[name] = module
        directory = os.path.dirname(os.path.abspath(path))
        sys.path.insert(0, directory)
        try:
            if self.run_top_level:
                spec.loader.exec_module(module)
            else:
                exec(compile(_definitions_only(data, path), path, "exec", dont_inherit=True),
                     module.__dict__)
        except (Exception, SystemExit) as e:  # a script may call sys.exit() at import
            raise _import_failure(path, path, e) from e
        finally:
            sys.path.remove(directory)
            if register and sys.modules.get(name) is module:
                del sys.modules[name]
        return module

    def _import(self, modname):
        added = os.getcwd() not in sys.path and "" not in sys.path
        if added:  # as `python -m` does: import paths start in the working directory
            sys.path.insert(0, os.getcwd())
        try:
            try:
                spec = importlib.util.find_spec(modname)
            except (ModuleNotFoundError, ValueError):
                spec = None
            except Exception as e:  # a parent package failed to import
                raise _import_failure(modname, None, e) from e
            if spec is None:
                raise CliError("", USAGE,
                               SrcdiffError(f"no module named {modname!r}", filename=modname,
                                            hint="run srcdiff from the directory the import "
                                                 "path starts in, or name the file: "
                                                 "path/to/module.py:FUNC"))
            try:
                return importlib.import_module(modname)
            except (Exception, SystemExit) as e:
                raise _import_failure(modname, spec.origin, e) from e
        finally:
            if added:
                sys.path.remove(os.getcwd())


def _definitions_only(data, path):
    """The module's tree with only what defines names kept (``--no-exec``): imports,
    ``def`` and ``class`` statements (without decorators, which are code that runs)
    and assignments of literals (``SRCDIFF_TARGETS = {...}``). Line numbers are the
    file's, so errors and ``inspect`` point at the real lines."""
    import ast

    tree = ast.parse(data, path)
    kept = []
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            kept.append(node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            node.decorator_list = []
            if isinstance(node, ast.ClassDef):
                node.body = [b for b in node.body if not isinstance(b, ast.Expr)
                             or isinstance(b.value, ast.Constant)] or [ast.Pass()]
            kept.append(node)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            try:
                ast.literal_eval(node.value)
            except ValueError:
                continue
            kept.append(node)
    tree.body = kept
    ast.fix_missing_locations(tree)
    return tree


def is_stdlib_name(name):

    return is_stdlib(name)


def _import_failure(label, path, exc):
    """A SrcdiffError at the deepest line of ``path`` in the traceback of ``exc``."""
    lineno = line = col = None
    if isinstance(exc, SyntaxError) and exc.filename and os.path.samefile(exc.filename, path):
        lineno, line = exc.lineno, exc.text
        col = exc.offset - 1 if exc.offset else None
    else:
        for frame in traceback.extract_tb(exc.__traceback__):
            if path and os.path.abspath(frame.filename) == os.path.abspath(path):
                lineno, col = frame.lineno, getattr(frame, "colno", None)
                line = linecache.getline(frame.filename, lineno) or frame.line
    message = f"importing {label} raised {type(exc).__name__}: {exc}"
    err = SrcdiffError(message, filename=display_path(path or label), lineno=lineno, col=col,
                       line=line, hint="srcdiff imports the file to read the function; "
                                       "it must import without errors")
    return CliError("", COMPILE, err)


def target_function(module, target):
    name = target.func
    obj = getattr(module, name, None)
    if obj is None:
        defined = sorted(n for n, v in vars(module).items()
                         if inspect.isfunction(v) and v.__module__ == module.__name__)
        close = difflib.get_close_matches(name, defined, n=1)
        hint = (f"did you mean {close[0]!r}? " if close else "") + \
               (f"{target.source} defines: {', '.join(defined)}" if defined
                else f"{target.source} defines no functions")
        raise CliError(f"{target.source}: error: no function {name!r} in {target.source}\n"
                       f"hint: {hint}", USAGE)
    fn = obj
    if not inspect.isfunction(fn):
        inner = getattr(obj, "__wrapped__", None) or getattr(obj, "fn", None)
        if inspect.isfunction(inner):
            fn = inner
    if not inspect.isfunction(fn):
        kind = "a class" if isinstance(obj, type) else "a module" if inspect.ismodule(obj) \
            else f"of type {type(obj).__name__}"
        raise CliError(f"{target.source}: error: {name!r} is not a function (it is {kind})",
                       USAGE)
    if getattr(fn, "__wrapped__", None) is not None:  # a decorator's wrapper: it is what runs
        try:
            refuse_wrapper_signature(fn, parse_function(fn))
        except SrcdiffError as e:
            raise CliError("", COMPILE, e) from None
    return fn


def declared_targets(module, source):
    table = getattr(module, TARGETS_NAME, None)
    if table is None:
        return None
    if not isinstance(table, dict) or not all(isinstance(k, str) for k in table):
        raise CliError(f"{source}: error: {TARGETS_NAME} must be a dict from function names "
                       f"to wrt (a name, a position, or a tuple of them)", USAGE)
    for k, v in table.items():
        items = list(v) if isinstance(v, (tuple, list)) else [v]
        if not items or not all(isinstance(i, (str, int)) and not isinstance(i, bool)
                                for i in items):
            raise CliError(f"{source}: error: {TARGETS_NAME}[{k!r}] = {v!r} is not a wrt "
                           f"(a name, a position, or a tuple of them)", USAGE)
    return table


def wrt_from_declared(value):
    if isinstance(value, (tuple, list)):
        return list(value), False
    return [value], True


# ------------------------------------------------------------------ jobs


class Job:
    """Everything one run compiles: targets, options, and the output path."""

    def __init__(self, args):
        self.targets = []
        for k, t in enumerate(args.targets):
            self.targets.extend(parse_target(t, k))
        if not self.targets:
            raise usage("no target: give FILE.py:FUNC or MODULE:FUNC (see srcdiff --help)")
        self.wrt = parse_wrt(args.wrt)
        self.wrt_text = args.wrt
        self.mode = args.mode
        self.backend = getattr(args, "backend", "numpy")
        if self.backend == "numba" and self.mode != "reverse":
            raise usage("--backend numba writes reverse-mode gradients only (grad_FUNC)")
        if self.backend == "numba" and getattr(args, "checkpoint", None) is not None:
            raise usage("--backend numba does not take --checkpoint")
        self.stop = names(args.stop_gradients)
        for name in self.stop:
            if not name.isidentifier():
                raise usage(f"--stop-gradients entry {name!r} is not a variable name")
        self.unconnected = args.unconnected_gradients
        self.checkpoint = getattr(args, "checkpoint", None)
        if self.checkpoint is not None:
            try:
                self.checkpoint = check_checkpoint(int(self.checkpoint)
                                                   if self.checkpoint.isdigit()
                                                   else self.checkpoint)
            except (TypeError, ValueError) as e:
                raise usage(f"--checkpoint: {e}") from None
        self.force = args.force
        self.no_exec = args.no_exec
        if args.output is not None and not args.output.strip():
            raise usage("-o: the output path is empty (leave -o out to write to stdout)")
        self.output = display_path(args.output) if args.output else None

    def command(self, check=False):
        """The canonical command that regenerates the output (relative paths only)."""
        words = ["srcdiff"] + (["check"] if check else [])
        grouped = {}  # argument -> (source, functions), as written on the command line
        for t in self.targets:
            grouped.setdefault(t.argument, (t.source, []))[1].extend([t.func] if t.func else [])
        for source, funcs in grouped.values():
            words.append(source + (":" + ",".join(funcs) if funcs else ""))
        if self.wrt_text is not None:
            words += ["--wrt", self.wrt_text]
        if self.mode != "reverse":
            words += ["--mode", self.mode]
        if self.backend != "numpy":
            words += ["--backend", self.backend]
        if self.stop:
            words += ["--stop-gradients", ",".join(self.stop)]
        if self.unconnected != "none":
            words += ["--unconnected-gradients", self.unconnected]
        if self.checkpoint is not None:
            words += ["--checkpoint", str(self.checkpoint)]
        if self.output:
            words += ["-o", self.output]
        return " ".join(shlex.quote(w) for w in words)


def _resolve_wrt(fn, wrt, source):
    params = [p.name for p in inspect.signature(fn, follow_wrapped=False).parameters.values()
              if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    names = []
    for w in wrt:
        if isinstance(w, int):
            if not -len(params) <= w < len(params):
                raise CliError(f"{source}: error: wrt={w} is out of range: {fn.__name__} has "
                               f"{len(params)} positional parameters ({', '.join(params)})",
                               USAGE)
            names.append(params[w])
        else:
            names.append(w)
    return names, params


def expand(job, loader):
    """[(target, fn, wrt names, single)] in command-line order, without repeats."""
    out, seen = [], set()
    for t in job.targets:
        module = loader.module(t)
        declared = declared_targets(module, t.source)
        if t.func is None:
            if not declared:
                raise CliError(f"{t.source}: error: no function named and no {TARGETS_NAME} "
                               f"in {t.source}\nhint: write {t.source}:FUNC, or declare "
                               f'{TARGETS_NAME} = {{"FUNC": ("w", "b")}} in the file', USAGE)
            names = list(declared)
        else:
            names = [t.func]
        for name in names:
            one = Target(t.source, name, t.is_file, t.argument)
            fn = target_function(module, one)
            if id(fn) in seen:
                continue
            seen.add(id(fn))
            if job.wrt is not None:
                wrt, single = job.wrt
            elif declared and name in declared:
                wrt, single = wrt_from_declared(declared[name])
            else:
                wrt, single = [0], True
            names_, _ = _resolve_wrt(fn, wrt, t.source)
            out.append((one, fn, names_, single))
    return out


def entry_name(job, fn):
    return ("grad_" if job.mode == "reverse" else "jvp_") + function_name(fn)


def locate_at_definition(error, target, fn):
    """Give an error that says nowhere the target's file and ``def`` line."""
    if error.filename or not target.is_file:
        return
    error.filename = target.source
    try:
        lines, first = inspect.getsourcelines(fn.__code__)
    except (OSError, TypeError):
        return
    for k, line in enumerate(lines):
        if line.lstrip().startswith(("def ", "async def ")):
            error.lineno, error.line = first + k, line
            error.col = len(line) - len(line.lstrip())
            return
