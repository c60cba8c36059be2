"""Reading the bodies the store calls accept besides JSON: form data for `PUT /v2/account/store` and
multipart images for the image calls (spec: docs/spec-coverage.md#s7-store-images).

Django parses form bodies of POST requests only (https://code.djangoproject.com/ticket/12635); these
calls are PUTs, so their form is parsed here the way Django parses a POST's."""

from __future__ import annotations

import json
import re
from typing import Any

from django.core.exceptions import RequestDataTooBig, SuspiciousOperation, TooManyFieldsSent
from django.http import HttpRequest, QueryDict
from django.http.multipartparser import MultiPartParserError
from django.utils.datastructures import MultiValueDict

from server.core.images import MAX_UPLOAD_BYTES, ImageTooLarge
from server.stores.errors import BodyTooLarge, UnreadableBody

FORM_TYPES = frozenset({"multipart/form-data", "application/x-www-form-urlencoded"})
# `header[title]` or `header.title` in a form stands for `{"header": {"title": ...}}` in JSON.
_NESTED = re.compile(r"^([a-z_]+)(?:\[([a-z_]+)\]|\.([a-z_]+))$")


def form_parts(request: HttpRequest) -> tuple[QueryDict, MultiValueDict[str, Any]]:
    try:
        if request.method != "POST" and request.content_type in FORM_TYPES:
            method = request.method
            request.method = "POST"
            request.META["REQUEST_METHOD"] = "POST"
            try:
                request._load_post_and_files()
            finally:
                request.method = method
                request.META["REQUEST_METHOD"] = method
        return request.POST, request.FILES
    except (RequestDataTooBig, TooManyFieldsSent) as exc:
        raise BodyTooLarge() from exc
    except (MultiPartParserError, SuspiciousOperation, ValueError) as exc:
        raise UnreadableBody() from exc


def _form_value(key: str, value: str) -> Any:
    if key == "opening_hours":
        # A list has no plain form encoding: it comes as JSON text.
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def store_body(request: HttpRequest) -> dict[str, Any]:
    """The body of `PUT /v2/account/store` as a JSON object, from JSON or from form data."""
    if request.content_type in FORM_TYPES:
        form, _ = form_parts(request)
        data: dict[str, Any] = {}
        for key in form:
            value = _form_value(key, form.get(key, ""))
            if nested := _NESTED.match(key):
                section = data.setdefault(nested.group(1), {})
                if isinstance(section, dict):
                    section[nested.group(2) or nested.group(3)] = value
            else:
                data[key] = value
        return data
    try:
        body = request.body
    except RequestDataTooBig as exc:
        raise BodyTooLarge() from exc
    try:
        parsed = json.loads(body or b"{}")
    except ValueError as exc:
        raise UnreadableBody("The body must be a JSON object or form data.") from exc
    if not isinstance(parsed, dict):
        raise UnreadableBody("The body must be a JSON object or form data.")
    return parsed


def uploaded_files(request: HttpRequest, names: tuple[str, ...]) -> dict[str, bytes]:
    """The named files of a multipart body, read only when within the image size limit."""
    _, files = form_parts(request)
    found: dict[str, bytes] = {}
    for name in names:
        upload = files.get(name)
        if upload is None:
            continue
        if upload.size is not None and upload.size > MAX_UPLOAD_BYTES:
            raise ImageTooLarge("The image is larger than 10 MB.")
        found[name] = upload.read(MAX_UPLOAD_BYTES + 1)
    return found
