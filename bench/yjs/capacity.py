"""The capacity ramp of the Yjs benchmark (`bench/yjs/run --capacity`): the largest load a server holds with
every edit's p99 under the target, nothing lost and no socket closed."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bench.yjs.client import Options, Target, client_config, node_client, read_event, stop_client, summary

TARGET_ALL_P99_MS = 50.0  # every edit's p99, as in the loaded scenario


def ramp_pace(options: Options, rate: int) -> list[int]:
    """The pace (low, high ms) at which every editor of every room together makes `rate` edits a second,
    spread like the default 200..500 ms (low = 4/7 and high = 10/7 of the mean)."""
    mean = options.rooms * options.editors * 1000 / rate
    return [round(mean * 4 / 7), round(mean * 10 / 7)]


async def ramp(
    target: Target, seeded: dict[str, Any], options: Options, *, log: Path
) -> list[dict[str, Any]]:
    """The largest load the server holds: every editor of every room editing at a pace that makes each step's
    edits/s, for `capacity_seconds` after the settle, until a step misses (every edit's p99 over 50 ms, an
    edit lost, a socket closed, or the client falling 10 % short of the step's rate)."""
    steps = []
    everyone = [[room, editor] for room in range(options.rooms) for editor in range(options.editors)]
    for rate in options.capacity:
        settle_ms = round(options.settle * 1000)
        config = client_config(
            target, seeded, mode="load", editors=everyone, pace=ramp_pace(options, rate), settle_ms=settle_ms
        )
        cpu_before = target.cpu_seconds()
        load = await node_client(config, log)
        try:
            assert (await read_event(load, 120.0))["event"] == "ready"
            await asyncio.sleep(options.settle + options.capacity_seconds)
        finally:
            result = await stop_client(load)
        every = summary(result["latencies_ms"])
        achieved = round(result["edits"] / result["seconds"], 1)
        step = {
            "server": target.name,
            "key": target.key,
            "target_edits_per_s": rate,
            "edits_per_s": achieved,
            "all_p50_ms": every.get("p50_ms"),
            "all_p99_ms": every.get("p99_ms"),
            "diverged": result["diverged"],
            "drain_seconds": round(result["drain_seconds"], 1),
            "closes": len(result["closes"]),
            "server_cpu_s": round(target.cpu_seconds() - cpu_before, 1),
        }
        step["held"] = (
            every.get("p99_ms") is not None
            and every["p99_ms"] <= TARGET_ALL_P99_MS
            and step["diverged"] == 0
            and step["closes"] == 0
            and achieved >= 0.9 * rate
        )
        steps.append(step)
        print(
            f"  capacity: {target.name} at {rate} edits/s: {achieved} edits/s, p99 {step['all_p99_ms']} ms, "
            f"{'held' if step['held'] else 'missed'}",
            flush=True,
        )
        await asyncio.sleep(3.0)
        if not step["held"]:
            break
    return steps


def largest_held(steps: list[dict[str, Any]], key: str) -> float | None:
    held = [step["edits_per_s"] for step in steps if step["key"] == key and step["held"]]
    return max(held) if held else None
