from pathlib import Path

from app.report import Dir


def _init(path: Path) -> Path:
    return path


def nested_local(tmp_path: Path, kind: str) -> None:
    # a Path joined twice: a Path, whose open() is a library file's
    invalid = tmp_path / "branding" / f"{kind}.png"
    with invalid.open("ab") as stream:
        stream.write(b"x")
    invalid.open("ab").write(b"y")


def joined_manager(tmp_path: Path) -> None:
    channel = _init(tmp_path / "channel")
    with (channel / ".gitignore").open("a", encoding="utf-8") as stream:
        stream.write("\n")


def single(tmp_path: Path) -> None:
    invalid = tmp_path / "x"
    with invalid.open("ab") as stream:
        stream.write(b"w")


def workspace_dirs(root: Dir) -> None:  # @def(workspaceDirs, "workspace_dirs")
    # the workspace's own operator: Dir / str is a Dir, twice
    nested = root / "a" / "b"
    report = nested.open("w")  # @site(o1, "open")
    report.write(1)  # @site(w1, "write") @call(workspaceDirs, reportWrite, w1)
    with (root / "c").open("w") as again:  # @site(o2, "open") @call(workspaceDirs, dirOpen, o1, o2)
        pass
