"""Writing what the command line makes: atomically (a temporary file, then a rename),
never over a source file, never over a read-only file without ``--force``."""

import contextlib
import os
import tempfile

from srcdiff.cli.targets import IO, CliError, usage


def write_atomic(path, text, force=False):
    """Write ``text`` to ``path`` via a temporary file in the same directory and os.replace.
    A read-only ``path`` is refused unless ``force``."""
    directory = os.path.dirname(path) or "."
    if not os.path.isdir(directory):
        raise CliError(f"{path}: error: cannot write: the directory {directory!r} does not "
                       f"exist", IO)
    if os.path.isdir(path):
        raise CliError(f"{path}: error: cannot write: it is a directory", IO)
    data = text.encode("utf-8")
    try:
        with open(path, "rb") as f:
            if f.read() == data:
                return  # unchanged: keep the file (and its mtime) as it is
    except OSError:
        pass
    try:
        mode = os.stat(path).st_mode & 0o777
        if not mode & 0o222 and not force:
            raise CliError(f"{path}: error: the file is read-only; not replacing it (use "
                           "--force to replace it anyway)", IO)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=directory, prefix="." + os.path.basename(path) + ".",
                                   suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
        tmp = None
    except OSError as e:
        raise CliError(f"{path}: error: cannot write: {e.strerror or e}", IO) from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def refuse_overwriting_sources(job):
    out = os.path.abspath(job.output)
    for t in job.targets:
        if t.is_file and os.path.exists(t.source) and os.path.exists(out) \
                and os.path.samefile(t.source, out):
            raise usage(f"-o {job.output} is the source file itself; choose another output")
