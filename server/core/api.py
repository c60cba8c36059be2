from django.http import HttpRequest
from ninja import Router, Status

from server.core import selectors
from server.core.schemas import HealthOut, LiveOut

router = Router(tags=["platform"])


@router.get(
    "/health", response={200: HealthOut, 503: HealthOut}, summary="Health of the database and channel layer"
)
async def health(request: HttpRequest) -> Status[dict[str, str]]:
    report = await selectors.health_report()
    return Status(200 if report["status"] == "ok" else 503, report)


@router.get(
    "/health/ready", response={200: HealthOut, 503: HealthOut}, summary="Readiness: /health, for probes"
)
async def ready(request: HttpRequest) -> Status[dict[str, str]]:
    """Whether this process can serve now (its database and channel layer answer): a load balancer or
    Kubernetes sends it traffic only while this is 200."""
    return await health(request)


@router.get("/health/live", response=LiveOut, summary="Liveness: the process answers")
def live(request: HttpRequest) -> dict[str, str]:
    """Whether the process itself runs, checking nothing it depends on: a supervisor restarts the process
    only when this fails, never because PostgreSQL or Redis is away (a restart would not bring them back)."""
    return {"status": "ok"}
