"""A disk that fills up, for the upload tests: files written under a folder get `files_that_fit` whole
writes, and every later file gets half of its first chunk written before the write fails with ENOSPC (or the
error given), as a real full disk answers. Only files opened for writing under the folder are affected."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import IO, Any

import pytest


class FillingFile:
    def __init__(self, file: IO[Any], disk: FullDisk) -> None:
        self._file = file
        self._disk = disk

    def write(self, chunk: bytes) -> int:
        if self._disk.files_that_fit > 0:
            return self._file.write(chunk)
        self._file.write(chunk[: len(chunk) // 2])
        self._file.flush()
        raise OSError(self._disk.error, os.strerror(self._disk.error))

    def close(self) -> None:
        if self._disk.files_that_fit > 0:
            self._disk.files_that_fit -= 1
        self._file.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._file, name)


class FullDisk:
    def __init__(self, folder: Path, files_that_fit: int, error: int = errno.ENOSPC) -> None:
        self.folder = str(folder)
        self.files_that_fit = files_that_fit
        self.error = error

    def install(self, monkeypatch: pytest.MonkeyPatch) -> FullDisk:
        real_fdopen = os.fdopen

        def fdopen(fd: int, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
            file = real_fdopen(fd, mode, *args, **kwargs)
            path = os.readlink(f"/proc/self/fd/{fd}")
            if "w" in mode and path.startswith(self.folder):
                return FillingFile(file, self)
            return file

        monkeypatch.setattr(os, "fdopen", fdopen)
        return self


def files_under(folder: Path) -> list[str]:
    """Every file under the folder, relative to it (what an upload left on the disk)."""
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*") if path.is_file())
