"""Where a command reads and writes: `-` for standard input and output, output paths
checked before any work (writable, and never one of the inputs: check_apart), files
and folders replaced whole (a temporary file or folder beside them, renamed at the
end) so that a run that fails or is interrupted leaves the previous output as it was
(docs/outputs.md)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING

from hockeyrules.model.errors import InputError, Problem
from hockeyrules.read.loader import Located, parse_json, parse_yaml

if TYPE_CHECKING:  # (pathlib is imported where a file is written: reading need not load it)
    from pathlib import Path

STDIO = "-"
STDIN_NAME = "<stdin>"


def detach() -> None:
    """This process's standard input, output and error on the null device: a process
    forked to help a command (ahead.py, slots.py) holds none of the command's, so the
    command's output ends when the command does; what goes wrong there, its answer or
    the command's own solve says."""
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    os.close(devnull)


def _refuse(path: str, message: str, option: str = "--output") -> InputError:
    return InputError(path or option, [Problem(option, message)])


def _name_max(folder: Path) -> int:
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (AttributeError, OSError, ValueError):  # Windows, or a folder that is not there
        return 255


def check_output(path: str, folder: bool = False, option: str = "--output") -> None:
    """Raise InputError (exit 2, the path and the `option` named) unless `path` can be
    written: a file (or with `folder`, a folder that is created if missing) in a folder
    that exists and is writable. `-` (standard output) always can."""
    if path == STDIO and not folder:
        return
    if not path:
        raise _refuse(path, "no file name given", option)
    from pathlib import Path

    target = Path(path)
    nearest = target.parent if not folder else target
    for part in target.parts:
        if len(os.fsencode(part)) > _name_max(nearest if nearest.is_dir() else Path(".")):
            raise _refuse(path, f"the name {part[:40]}… is too long for this file system", option)
    if folder:
        if target.exists() and not target.is_dir():
            raise _refuse(path, "exists and is a file, not a folder", option)
        while not nearest.exists():
            nearest = nearest.parent
    elif target.is_dir():
        raise _refuse(path, "is a folder; give a file name", option)
    if not nearest.exists():
        up = nearest
        while not up.exists():
            up = up.parent
        if not up.is_dir():
            raise _refuse(path, f"{up} is a file, not a folder", option)
        raise _refuse(path, f"the folder {nearest} does not exist", option)
    if not nearest.is_dir():
        raise _refuse(path, f"{nearest} is a file, not a folder", option)
    if not os.access(nearest, os.W_OK | os.X_OK):
        raise _refuse(path, f"the folder {nearest} is not writable", option)
    if not folder and target.exists() and not os.access(target, os.W_OK):
        raise _refuse(path, "the file is not writable", option)


def _where(path: str) -> tuple[str, tuple[int, int] | None]:
    """A path's resolved form and its file's identity (device, inode) when it exists:
    two names of one file (a symlink, a hard link) have the same identity."""
    resolved = os.path.realpath(path)
    try:
        st = os.stat(path)
    except OSError:
        return resolved, None
    return resolved, (st.st_dev, st.st_ino)


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def check_apart(outputs: list[tuple[str, str, bool]], inputs: list[str | None]) -> None:
    """Raise InputError (exit 2, both named) when an output is an input: `outputs` are
    (option, path, is a folder), `inputs` the files and folders a command reads (None
    and `-` skipped; a folder stands for every file in it). An output file is an input
    when it is the same path or the same file (a symlink, a hard link); an output folder
    when an input is it or lies inside it, since the folder is replaced whole. Called
    before any work, so that nothing is computed or written."""
    read: list[tuple[str, str, tuple[int, int] | None]] = []
    for given in inputs:
        if given is None or given == STDIO or not given:
            continue
        read.append((given, *_where(given)))
        if os.path.isdir(given):
            try:
                names = sorted(os.listdir(given))
            except OSError:
                names = []
            read += [(os.path.join(given, n), *_where(os.path.join(given, n))) for n in names]
    problems = []
    for option, path, folder in outputs:
        if path == STDIO or not path:
            continue
        resolved, ident = _where(path)
        for name, other, other_ident in read:
            same = resolved == other or (ident is not None and ident == other_ident)
            if same or (folder and _inside(other, resolved)):
                what = (
                    ("the same folder as" if os.path.isdir(name) else "the same file as")
                    if same
                    else "a folder that holds"
                )
                problems.append(
                    Problem(option, f"{path} is {what} the input {name}: an output never overwrites an input")
                )
                break
    if problems:
        raise InputError(outputs[0][1], problems)


def _mode_for_new_file() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


@contextmanager
def replacing(path: str | Path, newline: str = "\n", encoding: str = "utf-8") -> Iterator[IO[str]]:
    """A text stream for `path` (standard output for `-`). The file is written under a
    temporary name beside it and renamed over `path` only when the block ends without
    an error: an interrupted run leaves no partial file and the previous one intact."""
    if str(path) == STDIO:
        yield sys.stdout
        sys.stdout.flush()
        return
    import tempfile  # here: a command that writes only to standard output does not load it
    from pathlib import Path

    target = Path(path)
    with interrupted_by_sigterm():  # (SIGTERM too removes the temporary file)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent or ".")
        try:
            with os.fdopen(fd, "w", encoding=encoding, newline=newline) as fh:
                yield fh
            mode = target.stat().st_mode & 0o777 if target.exists() else _mode_for_new_file()
            os.chmod(tmp, mode)
            os.replace(tmp, target)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise


def write_text(path: str | Path, text: str) -> None:
    """`text` to `path` (or standard output for `-`), replacing the file whole."""
    with replacing(path) as fh:
        fh.write(text)


def parse_text(raw: bytes, source: str) -> Located:
    """YAML or JSON by content: a document that starts with { or [ is read as JSON."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(source, [Problem("(file)", f"not UTF-8 text (byte {exc.start})")]) from None
    if text.lstrip()[:1] in ("{", "["):
        return parse_json(text, source)
    return parse_yaml(text, source)


def read_stdin(source: str = STDIN_NAME) -> Located:
    """Standard input as plain data, YAML or JSON by content."""
    raw = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode("utf-8")
    if not raw.strip():
        raise InputError(source, [Problem("(file)", "nothing on standard input")])
    return parse_text(raw, source)


# ---------------------------------------------------------------- whole folders

_SCRAP = ".hockeyrules-part"  # the end of a folder being written, or an old one being removed


@contextmanager
def interrupted_by_sigterm() -> Iterator[None]:
    """While the block runs, SIGTERM (a stopped job, a service manager) ends it as
    Ctrl-C does: KeyboardInterrupt, so that what the block wrote half is removed on the
    way out. Only in the main thread, where Python runs signal handlers."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGTERM"):
        yield
        return

    def stop(signum, frame):
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # someone else's process: alive
        return True
    return True


def _scrap(parent: str, name: str) -> list[tuple[str, int]]:
    """The folders beside `name` that a run writing it made: (path, the run's process id)."""
    import re

    pattern = re.compile(rf"\.{re.escape(name)}\.(\d+)\.[^.]+{re.escape(_SCRAP)}")
    try:
        entries = os.listdir(parent)
    except OSError:
        return []
    return [(os.path.join(parent, e), int(m.group(1))) for e in entries if (m := pattern.fullmatch(e))]


def check_replaceable(path: str, ours, option: str = "--output") -> None:
    """Raise InputError unless the folder `path` (when it exists) holds only files a
    command writes there (`ours(name)`), so that replacing it whole loses nothing else."""
    try:
        entries = sorted(os.listdir(path))
    except (FileNotFoundError, NotADirectoryError):
        return
    except OSError as err:
        raise _refuse(path, f"cannot be read ({err.strerror})", option) from None
    foreign = [e for e in entries if not ours(e) or not os.path.isfile(os.path.join(path, e))]
    if foreign:
        shown = ", ".join(foreign[:3]) + (", …" if len(foreign) > 3 else "")
        raise _refuse(
            path,
            f"the folder holds what this command does not write ({shown}); it is replaced whole: "
            "give a new folder, an empty one, or one this command wrote",
            option,
        )


@contextmanager
def replacing_folder(path: str | Path, ours=None) -> Iterator[Path]:
    """A new, empty folder to write a whole output folder into; when the block ends
    without an error it takes the place of `path` (the previous folder, if any, moved
    aside and removed). A failed or interrupted run (an error, Ctrl-C, SIGTERM) leaves
    the previous folder as it was and removes what it wrote. Two runs at once each put
    a whole folder in place, the last one stays: never a mix. A folder left by a run
    that was killed (named `.NAME.PID.….hockeyrules-part` beside it) is removed here.
    With `ours` (a test of a file name), a folder holding anything else is refused
    (check_replaceable) before anything is written."""
    import shutil
    import tempfile
    from pathlib import Path

    target = os.path.abspath(path)
    if os.path.islink(target):  # the folder it names is the one replaced, the link kept
        target = os.path.realpath(target)
    parent, name = os.path.split(target)
    if not name:
        raise _refuse(str(path), "the root folder cannot be replaced")
    if ours is not None:
        check_replaceable(target, ours)
    for stale, pid in _scrap(parent, name):
        if pid != os.getpid() and not _alive(pid):
            shutil.rmtree(stale, ignore_errors=True)
    with interrupted_by_sigterm():
        made = tempfile.mkdtemp(prefix=f".{name}.{os.getpid()}.", suffix=_SCRAP, dir=parent)
        aside: list[str] = []
        try:
            yield Path(made)
            os.chmod(made, 0o777 & ~_umask())
            for _ in range(100):
                try:
                    os.rename(made, target)  # replaces an empty folder at once
                    break
                except OSError:
                    if not os.path.isdir(target) or os.path.islink(target):
                        raise
                # the previous folder: aside under a scrap name, so that the rename can
                # take its place; another run may put its own there in between, then again
                old = tempfile.mkdtemp(prefix=f".{name}.{os.getpid()}.", suffix=_SCRAP, dir=parent)
                try:
                    os.rename(target, old)
                except FileNotFoundError:
                    os.rmdir(old)
                    continue
                except OSError:
                    os.rmdir(old)
                    raise
                aside.append(old)
            else:
                raise OSError(f"{target} kept being replaced by another run")
        except BaseException:
            shutil.rmtree(made, ignore_errors=True)
            raise
        finally:
            for old in aside:
                shutil.rmtree(old, ignore_errors=True)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
