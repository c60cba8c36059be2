from django.http import HttpRequest
from ninja import Router, Status

from server.core import selectors
from server.core.schemas import HealthOut

router = Router(tags=["platform"])


@router.get(
    "/health", response={200: HealthOut, 503: HealthOut}, summary="Health of the database and channel layer"
)
async def health(request: HttpRequest) -> Status[dict[str, str]]:
    report = await selectors.health_report()
    return Status(200 if report["status"] == "ok" else 503, report)
