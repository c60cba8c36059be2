"""The web benchmark (docs/architecture.md, "Performance budget", "Web"), one command:

    bench/web/run [--runs 7]

Builds the web app, starts its own PostgreSQL and Redis and one production-mode Daphne with the full demo
catalogue, then loads `/en/products` cold in Chromium (a fresh profile per run) and measures the compressed
JavaScript transferred and the Largest Contentful Paint. The reference, in the same run and browser, is a
static HTML page of the same 26 product names served by the same server (no JavaScript). Budget: at most
200 KiB of compressed JavaScript, LCP at most 1.5 s. Prints a table and writes JSON under bench/results/.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import statistics
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.lib.server_env import production_env
from scripts import services

REPO = services.REPO
RESULTS = REPO / "bench" / "results"
REFERENCE_PAGE = "bench-reference.html"
JS_BUDGET_KIB = 200
LCP_BUDGET_MS = 1500
LCP_RATIO_BUDGET = 3


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run(
        [str(REPO / ".venv/bin/python"), "-m", "server.manage", *args], cwd=REPO, env=env, check=True
    )


def write_reference(env: dict[str, str], dist: Path) -> None:
    """The first page of the list (26 names, newest first) as plain HTML: the list without an app.

    Written before the server starts: in production WhiteNoise reads the file list once."""
    names_json = subprocess.run(
        [str(REPO / ".venv/bin/python"), "-m", "server.manage", "shell", "-c", NAMES],
        cwd=REPO, env=env, check=True, capture_output=True, text=True,
    ).stdout.strip().splitlines()[-1]  # fmt: skip
    items = "".join(f"<li>{html.escape(name)}</li>" for name in json.loads(names_json))
    page = f"<!doctype html><html lang=en><title>Products</title><h1>Products</h1><ul>{items}</ul></html>"
    (dist / REFERENCE_PAGE).write_text(page, encoding="utf-8")


NAMES = (
    "import json; from server.catalog.models import Product; "
    "print(json.dumps(list(Product.objects.filter(practitioner_only=False)"
    ".order_by('-id').values_list('name', flat=True)[:26])))"
)


def measure(url: str, runs: int) -> dict[str, Any]:
    done = subprocess.run(
        ["node", str(REPO / "bench/web/measure.mjs"), url, str(runs)],
        cwd=REPO / "web",  # playwright-core resolves from the web workspace
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    lcps = [run["lcp_ms"] for run in result["runs"]]
    result["lcp_median_ms"] = statistics.median(lcps)
    result["lcp_max_ms"] = max(lcps)
    result["js_kib"] = round(max(run["js_bytes"] for run in result["runs"]) / 1024, 1)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()

    load_before = [round(value, 2) for value in os.getloadavg()]
    subprocess.run([str(REPO / "scripts/build-web")], cwd=REPO, check=True)
    state = Path(tempfile.mkdtemp(prefix="shop-bench-web-"))
    urls = services.up(state)
    daphne = None
    reference_file = REPO / "web/dist" / REFERENCE_PAGE
    try:
        env = production_env(urls, state)
        manage(env, "migrate", "--noinput", "-v", "0")
        manage(env, "seed_demo", "--force")
        write_reference(env, REPO / "web/dist")
        port = services.free_port()
        daphne = services.start_daphne(port=port, env=env, log_path=state / "daphne.log")
        base = f"http://127.0.0.1:{port}"
        app = measure(f"{base}/en/products", args.runs)
        reference = measure(f"{base}/{REFERENCE_PAGE}", args.runs)
    finally:
        if daphne is not None:
            daphne.terminate()
            daphne.wait(timeout=20)
        reference_file.unlink(missing_ok=True)
        services.down(state)

    # Other work on the machine slows the browser and the server alike; the figures say how busy it was.
    load = {"before": load_before, "after": [round(value, 2) for value in os.getloadavg()]}
    ratio = (
        round(app["lcp_median_ms"] / reference["lcp_median_ms"], 2) if reference["lcp_median_ms"] else None
    )
    rows = [
        ("product list /en/products", app["js_kib"], app["lcp_median_ms"], app["lcp_max_ms"]),
        (
            "reference: static HTML, same names",
            reference["js_kib"],
            reference["lcp_median_ms"],
            reference["lcp_max_ms"],
        ),
    ]
    print(f"{'page':38} {'JS KiB (gzip)':>14} {'LCP median ms':>14} {'LCP max ms':>11}")
    for name, kib, median, worst in rows:
        print(f"{name:38} {kib:>14} {median:>14} {worst:>11}")
    print(f"LCP ratio to the reference: {ratio}")
    print(f"load average (1, 5, 15 min) before: {load['before']}, after: {load['after']}")
    verdicts = [
        ("JS <= 200 KiB", app["js_kib"] <= JS_BUDGET_KIB),
        ("LCP <= 1.5 s", app["lcp_max_ms"] <= LCP_BUDGET_MS),
        (f"LCP <= {LCP_RATIO_BUDGET}x the static page", ratio is not None and ratio <= LCP_RATIO_BUDGET),
    ]
    for label, ok in verdicts:
        print(f"{'met   ' if ok else 'MISSED'}  {label}")
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / f"web-{stamp}.json"
    out.write_text(json.dumps({"benchmark": "web", "at": stamp, "app": app, "reference": reference,
                               "lcp_ratio": ratio, "load_average": load}, indent=2) + "\n")  # fmt: skip
    print(f"written {out.relative_to(REPO)}")


if __name__ == "__main__":
    main()
