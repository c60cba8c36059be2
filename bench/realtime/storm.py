"""The reconnect storm (docs/architecture.md, "Performance budget"): every idle socket is cut at once, as
when a proxy restarts or a network drops, and each comes back the way the web app's realtime client does:
after the browser's backoff (half a second to a second for the first try, doubling after each failure,
with jitter), a new socket, `ready`, then `resume` from the last sequence number it saw.

Meanwhile (the project only) one `cart.updated` event per user is written to the log by another process
(bench/realtime/emit.py): a socket counts as resumed once that event has reached it, by the replay or
live. The Node relay has no log: a socket of it counts as back at `ready`.
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import time
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from bench.realtime.client import SocketFailed, SocketSpec, open_socket
from scripts.services import REPO

# web/src/lib/realtime/realtime-client.ts: BACKOFF_BASE_MS, BACKOFF_MAX_MS and backoffDelay's equal jitter.
BACKOFF_BASE_S = 1.0
BACKOFF_MAX_S = 30.0
GIVE_UP_S = 60.0


def backoff_delay(attempt: int, rng: random.Random) -> float:
    step: float = min(BACKOFF_MAX_S, BACKOFF_BASE_S * 2**attempt)
    return step / 2 + rng.random() * (step / 2)


@dataclass
class Resumer:
    spec: SocketSpec
    socket: ClientConnection
    last_seq: int
    # The project: resumed once an event past `last_seq` arrived. The relay: back at `ready`.
    wants_event: bool
    failed_attempts: int = 0
    last_failure: str | None = None
    back_at: float | None = None
    resumed_at: float | None = None
    seen: list[int] = field(default_factory=list)

    async def come_back(self, *, dropped_at: float, rng: random.Random) -> None:
        attempt = 0
        while time.perf_counter() - dropped_at < GIVE_UP_S:
            await asyncio.sleep(backoff_delay(attempt, rng))
            try:
                self.socket, _ready = await open_socket(self.spec)
            except (SocketFailed, OSError, TimeoutError) as exc:
                self.last_failure = repr(exc)[:200]
                self.failed_attempts += 1
                attempt += 1
                continue
            self.back_at = time.perf_counter()
            if not self.wants_event:
                self.resumed_at = self.back_at
                return
            try:
                await self.socket.send(json.dumps({"type": "resume", "since": self.last_seq}))
                await self._await_event(deadline=dropped_at + GIVE_UP_S)
            except ConnectionClosed:
                self.failed_attempts += 1
                attempt += 1
                continue
            return

    async def _await_event(self, *, deadline: float) -> None:
        while self.resumed_at is None:
            raw = await asyncio.wait_for(self.socket.recv(), max(0.1, deadline - time.perf_counter()))
            frame = json.loads(raw)
            if isinstance(frame, dict) and frame.get("type") == "event" and frame["seq"] > self.last_seq:
                self.seen.append(frame["seq"])
                self.resumed_at = time.perf_counter()


def _percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


async def storm(
    *,
    sockets: Sequence[tuple[SocketSpec, ClientConnection, int]],
    wants_event: bool,
    during: Callable[[], Coroutine[Any, Any, float]] | None = None,
    seed: int = 1,
) -> tuple[dict[str, Any], list[ClientConnection]]:
    """Cut every socket at once and time them back. Returns the figures and the sockets now open."""
    rng = random.Random(seed)
    resumers = [Resumer(spec, socket, seq, wants_event) for spec, socket, seq in sockets]
    dropped_at = time.perf_counter()
    for resumer in resumers:
        resumer.socket.transport.abort()
    side: asyncio.Task[float] | None = asyncio.create_task(during()) if during is not None else None
    results = await asyncio.gather(
        *(r.come_back(dropped_at=dropped_at, rng=rng) for r in resumers), return_exceptions=True
    )
    side_seconds = await side if side is not None else None
    errors = [r for r in results if isinstance(r, BaseException)]
    back = [r.back_at - dropped_at for r in resumers if r.back_at is not None]
    resumed = [r.resumed_at - dropped_at for r in resumers if r.resumed_at is not None]
    figures: dict[str, Any] = {
        "sockets": len(resumers),
        "back": len(back),
        "resumed": len(resumed),
        "lost": len(resumers) - len(resumed),
        "failed_attempts": sum(r.failed_attempts for r in resumers),
        "failure_kinds": sorted({r.last_failure.split(":")[0][:80] for r in resumers if r.last_failure}),
        "errors": len(errors),
        "first_error": repr(errors[0])[:300] if errors else None,
        "back_p50_s": round(_percentile(back, 0.5), 2) if back else None,
        "all_back_s": round(max(back), 2) if back else None,
        "all_resumed_s": round(max(resumed), 2) if len(resumed) == len(resumers) else None,
        "events_written_s": round(side_seconds, 2) if side_seconds is not None else None,
    }
    if wants_event:
        figures["duplicate_events"] = sum(len(r.seen) - len(set(r.seen)) for r in resumers)
    open_now = [r.socket for r in resumers if r.back_at is not None]
    return figures, open_now


def emit_during_storm(env: dict[str, str], tokens: Path) -> Callable[[], Coroutine[Any, Any, float]]:
    """Starts the writer of one event per idle user (bench/realtime/emit.py) and returns what tells it to
    write, at the drop: Django's start-up stays out of the storm's figures."""
    python = str(REPO / ".venv/bin/python")
    process = subprocess.Popen(
        [python, "-m", "bench.realtime.emit", "--tokens", str(tokens)],
        cwd=REPO, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert process.stdin is not None and process.stdout is not None
    if process.stdout.readline().strip() != "ready":
        raise RuntimeError(f"bench.realtime.emit did not start (exit {process.poll()})")

    async def write() -> float:
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()
        out, _ = await asyncio.to_thread(process.communicate)
        if process.returncode != 0:
            raise RuntimeError(f"bench.realtime.emit exited with {process.returncode}")
        return float(out.strip().splitlines()[-1])

    return write
