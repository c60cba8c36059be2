from typing import Any

from django.conf import settings
from django.core.files.storage import FileSystemStorage


class PrivateStorage(FileSystemStorage):
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
