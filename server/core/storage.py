"""Where uploaded files go: the public media and the private files, on the local file system. A file that
cannot be written whole (the disk is full, the volume is gone) leaves nothing behind and becomes a clear
refusal (507 or 503), never a 500 and never a half-written file (docs/architecture.md, "Reliability and
security")."""

from __future__ import annotations

import contextlib
import errno
import logging
from types import TracebackType
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import FileSystemStorage
from django.db.models.fields.files import FieldFile

from server.core.errors import DomainError, ErrorCode

logger = logging.getLogger(__name__)

# The errors that mean "no room": the disk, the user's quota, the largest file the system allows.
NO_ROOM = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})


class StorageFull(DomainError):
    code = ErrorCode.INSUFFICIENT_STORAGE
    message = "There is no room to store this file at the moment; nothing was saved. Try again later."


class StorageUnavailable(DomainError):
    code = ErrorCode.UNAVAILABLE
    message = "Files cannot be stored at the moment; nothing was saved. Try again later."


class MediaStorage(FileSystemStorage):
    """FileSystemStorage that removes what it half wrote when a write fails, and says why in the shop's
    terms. Every upload is saved under a fresh random name, so a file that was not there before the
    write is this write's own."""

    def _save(self, name: str, content: Any) -> str:
        existed = self.exists(name)
        try:
            return str(super()._save(name, content))  # type: ignore[misc]  # untyped in django-stubs
        except FileExistsError:
            raise
        except OSError as exc:
            if not existed:
                with contextlib.suppress(OSError):
                    self.delete(name)
            logger.warning("Could not store %s: %s", name, exc)
            if exc.errno in NO_ROOM:
                raise StorageFull() from exc
            raise StorageUnavailable() from exc


class PrivateStorage(MediaStorage):
    """Files with no public address, under PRIVATE_MEDIA_ROOT: `url()` refuses, so no template or
    serializer can link to one."""

    def __init__(self, **options: Any) -> None:
        super().__init__(location=settings.PRIVATE_MEDIA_ROOT, **options)

    def _clear_cached_properties(self, setting: Any, **kwargs: Any) -> None:
        # Follow PRIVATE_MEDIA_ROOT when it changes (tests), as the parent follows MEDIA_ROOT.
        super()._clear_cached_properties(setting, **kwargs)
        if setting == "PRIVATE_MEDIA_ROOT":
            self._location = kwargs["value"]
            self.__dict__.pop("base_location", None)
            self.__dict__.pop("location", None)

    def url(self, name: str | None) -> str:
        raise ValueError("Private files have no URL; stream them through a view that checks permissions.")


class NewFiles:
    """The files one change writes, removed again when the change fails before it is done: a second image
    that does not fit on the disk leaves no first one behind that no row names.

        with NewFiles() as files:
            files.save(store.header_image, "name.webp", content)
    """

    def __init__(self) -> None:
        self._written: list[FieldFile] = []

    def save(self, file: FieldFile, name: str, content: ContentFile[bytes]) -> None:
        file.save(name, content, save=False)
        self._written.append(file)

    def __enter__(self) -> NewFiles:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if kind is None:
            return
        for file in self._written:
            if file.name:
                with contextlib.suppress(OSError):
                    file.storage.delete(file.name)
