"""The Yjs benchmark's side of the Node client (bench/yjs/editors.mjs): who is measured, the options, and
starting, reading and stopping one client process."""

from __future__ import annotations

import asyncio
import json
import shutil
import statistics
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.lib.loadgen import percentile
from bench.lib.processes import cpu_seconds
from scripts import services

REPO = services.REPO
EDITORS = REPO / "bench" / "yjs" / "editors.mjs"
RUN_TIMEOUT = 30 * 60.0  # one client run; the pace bounds it far below this


@dataclass(frozen=True)
class Target:
    """One server under test: the client only needs where it is and whether to sign in."""

    name: str
    key: str  # "project", "node", "pycrdt"
    processes: tuple[subprocess.Popen[bytes], ...]  # the project may run as several; editors spread over them
    ports: tuple[int, ...]
    signs_in: bool

    @property
    def urls(self) -> list[str]:
        return [f"ws://127.0.0.1:{port}/ws/protocols" for port in self.ports]

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.ports[0]}"

    def cpu_seconds(self) -> float:
        return sum(cpu_seconds(process.pid) for process in self.processes)


@dataclass(frozen=True)
class Options:
    samples: int
    warmup: int
    rooms: int
    editors: int
    pace: tuple[int, int]
    settle: float
    max_seconds: float
    flood_rate: int  # 0: no flooded scenario
    processes: int  # Daphne processes serving the project
    embedded: bool  # the project on SQLite and the in-memory layer, as the run command starts it
    capacity: tuple[int, ...]  # edits/s steps of the capacity ramp; empty: no ramp
    capacity_seconds: float


class ClientFailed(RuntimeError):
    pass


def summary(latencies: list[float]) -> dict[str, float | int]:
    ordered = sorted(latencies)
    if not ordered:
        return {"samples": 0}
    return {
        "samples": len(ordered),
        "p50_ms": round(percentile(ordered, 0.50), 2),
        "p95_ms": round(percentile(ordered, 0.95), 2),
        "p99_ms": round(percentile(ordered, 0.99), 2),
        "max_ms": round(ordered[-1], 2),
        "mean_ms": round(statistics.fmean(ordered), 2),
    }


def client_config(target: Target, seeded: dict[str, Any], **mode: Any) -> str:
    rooms = [
        {"protocol_id": room["protocol_id"], "token": room["token"] if target.signs_in else None}
        for room in seeded["rooms"]
    ]
    return json.dumps(
        {"urls": target.urls, "origin": target.origin, "rooms": rooms, "keys": seeded["keys"], **mode}
    )


async def node_client(config: str, log: Path) -> asyncio.subprocess.Process:
    node = shutil.which("node") or "node"
    with log.open("ab") as errors:
        return await asyncio.create_subprocess_exec(
            node, str(EDITORS), config, cwd=REPO, limit=64 * 1024 * 1024,  # the load result is one long line
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=errors,
        )  # fmt: skip


async def read_event(process: asyncio.subprocess.Process, seconds: float) -> dict[str, Any]:
    assert process.stdout is not None
    line = await asyncio.wait_for(process.stdout.readline(), seconds)
    if not line:
        await process.wait()
        raise ClientFailed(f"the Node client ended ({process.returncode}) without a result; see editors.log")
    event: dict[str, Any] = json.loads(line)
    if event.get("event") == "error":
        raise ClientFailed(f"the Node client failed: {event.get('error')}")
    return event


async def run_client(config: str, log: Path) -> dict[str, Any]:
    process = await node_client(config, log)
    try:
        return await read_event(process, RUN_TIMEOUT)
    finally:
        if process.returncode is None:
            process.kill()
        await process.wait()


async def stop_client(process: asyncio.subprocess.Process) -> dict[str, Any]:
    """Says "stop" to a background client (load, flood) and reads its result."""
    try:
        assert process.stdin is not None
        process.stdin.write(b"stop\n")
        await process.stdin.drain()
        return await read_event(process, 60.0)
    finally:
        if process.returncode is None:
            try:
                await asyncio.wait_for(process.wait(), 10.0)
            except TimeoutError:
                process.kill()
                await process.wait()
