"""A request id for every HTTP request, in every log line it causes and in the events it publishes
(docs/operations.md, "Logs"), and JSON log lines for the production log pipeline.

The id is the caller's `X-Request-Id` when it is a sane token (a proxy or a load balancer made it), else a
new one; it goes back in the reply's `X-Request-Id`."""

from __future__ import annotations

import json
import logging
import re
import uuid
from contextvars import ContextVar
from datetime import UTC, datetime

HEADER = "X-Request-Id"
_SANE = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")

request_id_var: ContextVar[str] = ContextVar("request_id", default="")


def request_id_from(header: str | None) -> str:
    return header if header is not None and _SANE.match(header) else uuid.uuid4().hex


class RequestIdFilter(logging.Filter):
    """Puts the current request id (or "") on every record, for both formats."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id_var.get()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, request_id, and the traceback if any."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", ""),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)
