"""The catalogue benchmark (docs/architecture.md, "Performance budget"), one command:

    bench/catalog/run [--products 100000] [--requests 3000] [--concurrency 10] [--processes 1,2,4]

Starts its own PostgreSQL and Redis, seeds the synthetic catalogue, then measures at concurrency 10:
  - the product list (26 items, three filter groups, facet counts, ordered by price) on the project's
    Daphne process and on a minimal raw-SQL ASGI endpoint answering the same query (bench.catalog.reference);
    ten queries, repeated, as many shoppers ask the same ones (answered from the reply cache), then
    queries no two alike (each computed);
  - search-as-you-type (ten typical queries, typos among them) on the project's search endpoint;
the project as 1, 2 and 4 Daphne processes behind nginx (--processes), the production shape.
Prints a table and writes JSON under bench/results/.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import psycopg

from bench.lib.loadgen import Request, Summary, run_load
from bench.lib.processes import cpu_seconds
from bench.lib.server_env import production_env
from scripts import cluster, proxy, services

REPO = services.REPO
RESULTS = REPO / "bench" / "results"
SEARCH_QUERIES = [
    "magnesium", "vitamin d3", "omega", "probiotc", "zinc picolinate",
    "ashwaganda", "collagen", "vitamn c", "iron", "b12 methylcobalamin",
]  # fmt: skip


def manage(env: dict[str, str], *args: str) -> float:
    started = time.perf_counter()
    subprocess.run(
        [str(REPO / ".venv/bin/python"), "-m", "server.manage", *args], cwd=REPO, env=env, check=True
    )
    return time.perf_counter() - started


def list_scenarios(database_url: str) -> list[str]:
    """Ten three-group filter combinations drawn from the most used options, ordered by price."""
    with psycopg.connect(database_url) as connection:
        brands = [r[0] for r in connection.execute("SELECT id FROM catalog_brand ORDER BY id LIMIT 10")]
        goals = [r[0] for r in connection.execute("SELECT id FROM catalog_healthgoal ORDER BY id LIMIT 10")]
        forms = [r[0] for r in connection.execute("SELECT id FROM catalog_deliveryform ORDER BY id LIMIT 5")]
    scenarios = []
    for i in range(10):
        params = {
            "brands": f"{brands[i % len(brands)]},{brands[(i + 3) % len(brands)]}",
            "health_goals": f"{goals[i % len(goals)]},{goals[(i + 4) % len(goals)]}",
            "delivery_form": str(forms[i % len(forms)]),
            "order_by": "price",
            "order": "asc",
            "page": "1",
        }
        scenarios.append(urlencode(params, safe=","))
    return scenarios


def check_same_answer(project: str, reference: str, query: str) -> None:
    import urllib.request

    def fetch(url: str) -> dict[str, Any]:
        with urllib.request.urlopen(url, timeout=30) as reply:  # noqa: S310 (loopback servers we started)
            return dict(json.loads(reply.read()))

    ours = fetch(f"{project}/api/v2/storefront/products?{query}")
    theirs = fetch(f"{reference}/products?{query}")
    assert [p["id"] for p in ours["data"]] == [p["id"] for p in theirs["data"]], "different pages"
    assert ours["total_results"] == theirs["total_results"], "different totals"
    for group, counts in theirs["facets"].items():
        nonzero = {k: v for k, v in ours["facets"][group].items() if v}
        assert nonzero == {k: v for k, v in counts.items() if v}, f"different {group} facets"


@dataclass
class Project:
    url: str
    stop: Callable[[], None]
    daphne_pids: list[int]
    nginx_pids: list[int]


def cpu_of(pids: list[int]) -> float:
    return sum(cpu_seconds(pid) for pid in pids)


def start_project(count: int, env: dict[str, str], state: Path) -> Project:
    """`count` Daphne processes behind nginx (the production shape, scripts/cluster)."""
    replicas = cluster.start_replicas(
        database_url=env["DATABASE_URL"],
        redis_url=env["REDIS_URL"],
        count=count,
        log_dir=state,
        extra_env=env,
    )
    try:
        nginx = proxy.start_nginx(upstream_ports=[r.port for r in replicas], media_root=state / "media")
    except BaseException:
        for replica in replicas:
            replica.stop()
        raise

    def stop_all() -> None:
        nginx.stop()
        for replica in replicas:
            replica.stop()

    workers = Path(f"/proc/{nginx.process.pid}/task/{nginx.process.pid}/children").read_text().split()
    return Project(
        url=nginx.url,
        stop=stop_all,
        daphne_pids=[replica.process.pid for replica in replicas],
        nginx_pids=[nginx.process.pid, *(int(pid) for pid in workers)],
    )


def measured_load(
    project: Project, load: Callable[[str, list[Request]], Summary], requests: list[Request]
) -> tuple[Summary, float, float]:
    """A load, and the cores the Daphne processes and nginx used meanwhile (its warm-up included)."""
    daphne, nginx, started = cpu_of(project.daphne_pids), cpu_of(project.nginx_pids), time.time()
    summary = load(project.url, requests)
    elapsed = time.time() - started
    return (
        summary,
        (cpu_of(project.daphne_pids) - daphne) / elapsed,
        (cpu_of(project.nginx_pids) - nginx) / elapsed,
    )


def row(name: str, summary: Summary, reference: Summary | None) -> dict[str, Any]:
    result: dict[str, Any] = {"scenario": name, **summary.as_dict()}
    if reference is not None:
        result["throughput_ratio_vs_reference"] = round(summary.throughput / reference.throughput, 2)
        result["p95_ratio_vs_reference"] = round(summary.p95_ms / reference.p95_ms, 2)
    return result


def print_table(rows: list[dict[str, Any]]) -> None:
    columns = ["processes", "scenario", "requests", "errors", "throughput_rps", "p50_ms", "p95_ms", "p99_ms",
               "throughput_ratio_vs_reference", "p95_ratio_vs_reference",
               "throughput_ratio_vs_1_process", "client_cpu_share", "daphne_cores",
               "nginx_cores"]  # fmt: skip
    widths = [max(len(c), *(len(str(r.get(c, ""))) for r in rows)) for c in columns]
    print("  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)))
    for r in rows:
        print("  ".join(str(r.get(c, "")).ljust(w) for c, w in zip(columns, widths, strict=True)))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--products", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--warmup", type=int, default=300)
    parser.add_argument("--concurrency", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=45.0, help="time limit of each measured phase")
    parser.add_argument("--database-url", help="measure an already seeded database instead of seeding one")
    parser.add_argument("--redis-url", help="with --database-url: its Redis")
    parser.add_argument(
        "--processes", default="1,2,4", help="comma list: Daphne processes behind nginx, measured in turn"
    )
    args = parser.parse_args()

    counts = [int(n) for n in args.processes.split(",") if n.strip()]
    state = Path(tempfile.mkdtemp(prefix="shop-bench-"))
    reuse = bool(args.database_url)
    urls = {"DATABASE_URL": args.database_url, "REDIS_URL": args.redis_url} if reuse else services.up(state)
    processes: list[subprocess.Popen[bytes]] = []
    try:
        env = production_env(urls, state)
        seed_seconds = 0.0
        if not reuse:
            manage(env, "migrate", "--noinput", "-v", "0")
            # seed_scale writes the search documents too.
            seed_seconds = manage(env, "seed_scale", "--products", str(args.products), "--force")
        with psycopg.connect(urls["DATABASE_URL"], autocommit=True) as connection:
            connection.execute("VACUUM ANALYZE")  # fresh statistics for both servers' query plans
        print(f"seeded and indexed {args.products} products in {seed_seconds:.1f} s")

        reference_port = services.free_port()
        daphne = [str(REPO / ".venv/bin/daphne"), "-b", "127.0.0.1", "-p", str(reference_port)]
        reference = subprocess.Popen(
            [*daphne, "bench.catalog.reference:app"],
            cwd=REPO,
            env=env,
            stdout=(state / "reference.log").open("ab"),
            stderr=subprocess.STDOUT,
        )
        processes.append(reference)
        services.wait_for_http(f"http://127.0.0.1:{reference_port}/products", process=reference)
        reference_url = f"http://127.0.0.1:{reference_port}"
        scenarios = list_scenarios(urls["DATABASE_URL"])

        def load(base: str, requests: list[Request]) -> Summary:
            return asyncio.run(
                run_load(
                    base,
                    requests,
                    concurrency=args.concurrency,
                    total=args.requests,
                    warmup=args.warmup,
                    max_seconds=args.seconds,
                )
            )

        rows: list[dict[str, Any]] = []
        reference_list = load(reference_url, [Request("GET", f"/products?{q}") for q in scenarios])
        rows.append(row("reference: raw-SQL product list", reference_list, None))
        search_path = "/api/v2/storefront/search?formatted=1&page=1&per_page=10&order_by=1&order=desc&query="
        priorities = b'{"priorities": ["name", "ingredients"]}'
        searches = [Request("POST", search_path + quote(q), body=priorities) for q in SEARCH_QUERIES]
        reference_search = load(
            reference_url, [Request("POST", f"/search?query={quote(q)}") for q in SEARCH_QUERIES]
        )
        rows.append(row("reference: raw-SQL full-text search", reference_search, None))
        # No two alike: every request misses the reply cache and computes its page.
        distinct = [q.replace("page=1", f"page={page}") for page in range(1, 400) for q in scenarios]

        single: dict[str, Summary] = {}
        for count in counts:
            project = start_project(count, env, state)
            lists = [Request("GET", f"/api/v2/storefront/products?{q}") for q in scenarios]
            misses = [Request("GET", f"/api/v2/storefront/products?{q}") for q in distinct]
            try:
                if count == counts[0]:
                    check_same_answer(project.url, reference_url, scenarios[0])
                measured = {
                    "product list (3 groups, facets, by price)": (
                        measured_load(project, load, lists),
                        reference_list,
                    ),
                    "product list, no two alike (reply cache misses)": (
                        measured_load(project, load, misses),
                        reference_list,
                    ),
                    "search-as-you-type (10 queries, typos)": (
                        measured_load(project, load, searches),
                        reference_search,
                    ),
                }
            finally:
                project.stop()
            for name, ((summary, daphne_cores, nginx_cores), versus) in measured.items():
                result = row(name, summary, versus)
                result["processes"] = count
                # Cores used by the servers over the phase (warm-up included): with the load generator's
                # own, they say whether this 2-core machine was full.
                result["daphne_cores"], result["nginx_cores"] = round(daphne_cores, 2), round(nginx_cores, 2)
                if count == 1:
                    single[name] = summary
                elif name in single:
                    result["throughput_ratio_vs_1_process"] = round(
                        summary.throughput / single[name].throughput, 2
                    )
                rows.append(result)

        print_table(rows)
        RESULTS.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        out = RESULTS / f"catalog-{stamp}.json"
        report = {
            "benchmark": "catalog",
            "at": stamp,
            "products": args.products,
            "concurrency": args.concurrency,
            "processes": counts,
            "seed_seconds": round(seed_seconds, 1),
            "rows": rows,
        }
        out.write_text(json.dumps(report, indent=2))
        print(f"written {out.relative_to(REPO)}")
    finally:
        for process in processes:
            process.terminate()
            process.wait(timeout=10)
        if not reuse:
            services.down(state)


if __name__ == "__main__":
    main()
