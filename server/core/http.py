import json
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse


def json_reply(data: Any, *, status: int = 200) -> HttpResponse:
    """Data our own code shaped, sent as JSON without the per-field validation ninja gives a reply.

    For hot read paths only (the product list): there that validation costs as much as the rest of the
    request. The route still declares its schema for the OpenAPI document, and a test checks the reply
    against that schema, so the two cannot drift apart."""
    body = json.dumps(data, cls=DjangoJSONEncoder, separators=(",", ":"), ensure_ascii=False)
    return HttpResponse(body.encode(), status=status, content_type="application/json")
