"""The per-request floor benchmark (docs/decisions/0028-serving-at-scale-the-per-request-floor.md), one
command:

    bench/floor/run [--requests 2000] [--warmup 200] [--servers daphne,uvicorn]

Starts its own PostgreSQL and Redis, seeds the demo catalogue, then measures what one request costs with
one client on one keep-alive connection, one request after another, the way a page's reads arrive:
  - the reference: a raw ASGI application under Daphne answering a locale file's bytes
    (bench.floor.reference), the least any request can cost through Daphne on this machine;
  - the project under Daphne: a locale file, the product list and a product page answered from the
    process's reply cache, the same list revalidated (If-None-Match, 304), the OpenAPI document and the
    liveness probe;
  - for information, the same application under the other ASGI servers named in --servers.
Every request sends `Accept-Encoding: gzip, br`, as a browser does. Prints a table and writes JSON under
bench/results/.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import tempfile
import urllib.request
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.lib.loadgen import Request, Summary, run_load
from bench.lib.processes import load_average, python_module, stop
from bench.lib.server_env import production_env
from scripts import services

REPO = services.REPO
RESULTS = REPO / "bench" / "results"
BROWSER = (("Accept-Encoding", "gzip, br"), ("Accept-Language", "en"))
LOCALE = "/locales/en/catalog.json"


def server_command(server: str, port: int, application: str) -> list[str]:
    venv = REPO / ".venv/bin"
    if server == "daphne":
        return [str(venv / "daphne"), "-b", "127.0.0.1", "-p", str(port), application]
    if server == "uvicorn":
        return [str(venv / "uvicorn"), "--host", "127.0.0.1", "--port", str(port), "--no-access-log",
                "--log-level", "warning", application]  # fmt: skip
    if server == "granian":
        return [str(venv / "granian"), "--interface", "asgi", "--host", "127.0.0.1", "--port", str(port),
                "--no-ws", "--log-level", "warning", application]  # fmt: skip
    raise SystemExit(f"unknown server {server!r}: daphne, uvicorn or granian")


def start(
    server: str, application: str, env: dict[str, str], log: Path
) -> tuple[subprocess.Popen[bytes], str]:
    port = services.free_port()
    process = subprocess.Popen(
        server_command(server, port, application), cwd=REPO, env=env, stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    services.wait_for_http(f"{base}/", process=process)
    return process, base


def first_slug(base: str) -> tuple[str, str]:
    """A product page's slug and the product list's ETag, from the running project."""
    with urllib.request.urlopen(f"{base}/api/v2/storefront/products?page=1", timeout=30) as reply:  # noqa: S310
        page = json.loads(reply.read())
        etag = reply.headers.get("ETag", "")
    return page["data"][0]["slug"], etag


def scenarios(base: str) -> list[tuple[str, Request]]:
    slug, etag = first_slug(base)
    return [
        ("locale file", Request("GET", LOCALE, headers=BROWSER)),
        ("product list, cached", Request("GET", "/api/v2/storefront/products?page=1", headers=BROWSER)),
        (
            "product list, revalidated (304)",
            Request(
                "GET",
                "/api/v2/storefront/products?page=1",
                headers=(*BROWSER, ("If-None-Match", etag)),
                expect=304,
            ),
        ),
        ("product page, cached", Request("GET", f"/api/v2/storefront/products/{slug}", headers=BROWSER)),
        ("categories, cached", Request("GET", "/api/v2/storefront/categories", headers=BROWSER)),
        ("OpenAPI document", Request("GET", "/api/openapi.json", headers=BROWSER)),
        ("liveness probe", Request("GET", "/api/health/live", headers=BROWSER)),
    ]


def measure(base: str, request: Request, args: argparse.Namespace) -> Summary:
    return asyncio.run(
        run_load(base, [request], concurrency=1, total=args.requests, warmup=args.warmup, max_seconds=30)
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--warmup", type=int, default=200)
    parser.add_argument("--servers", default="daphne,uvicorn", help="comma list: daphne, uvicorn, granian")
    args = parser.parse_args()
    servers = [name.strip() for name in args.servers.split(",") if name.strip()]

    state = Path(tempfile.mkdtemp(prefix="shop-floor-"))
    urls = services.up(state)
    processes: list[subprocess.Popen[bytes]] = []
    try:
        env = production_env(urls, state)
        python_module(env, "server.manage", "migrate", "--noinput", "-v", "0")
        python_module(env, "server.manage", "seed_demo", "--force")

        reference, reference_base = start(
            "daphne", "bench.floor.reference:app", {**env, "FLOOR_FILE": f"locales{LOCALE[8:]}"},
            state / "reference.log",
        )  # fmt: skip
        processes.append(reference)
        floor = measure(reference_base, Request("GET", "/", headers=BROWSER), args)
        stop(reference)
        rows: list[dict[str, Any]] = [
            {"server": "daphne", "scenario": "reference: raw ASGI, a static JSON", **floor.as_dict()}
        ]
        for server in servers:
            process, base = start(server, "server.config.asgi:application", env, state / f"{server}.log")
            processes.append(process)
            for name, request in scenarios(base):
                summary = measure(base, request, args)
                rows.append({
                    "server": server, "scenario": name, **summary.as_dict(),
                    "p50_ratio_vs_reference": round(summary.p50_ms / floor.p50_ms, 2),
                })  # fmt: skip
            stop(process)

        columns = [
            "server",
            "scenario",
            "requests",
            "errors",
            "p50_ms",
            "p95_ms",
            "p99_ms",
            "p50_ratio_vs_reference",
        ]
        widths = [max(len(c), *(len(str(r.get(c, ""))) for r in rows)) for c in columns]
        print("  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)))
        for r in rows:
            print("  ".join(str(r.get(c, "")).ljust(w) for c, w in zip(columns, widths, strict=True)))
        RESULTS.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        out = RESULTS / f"floor-{stamp}.json"
        report = {"benchmark": "floor", "at": stamp, "load_average": load_average(), "rows": rows}
        out.write_text(json.dumps(report, indent=2))
        print(f"written {out.relative_to(REPO)}")
    finally:
        for process in processes:
            stop(process)
        services.down(state)


if __name__ == "__main__":
    main()
