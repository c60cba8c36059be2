"""The benchmark's one client, used unchanged against the project and the Node relay: opening sockets and
waiting for their `ready` frame, and timing a write on "device A" until its event reaches "device B"."""

from __future__ import annotations

import asyncio
import json
import statistics
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus
from websockets.typing import Origin, Subprotocol

from bench.lib.loadgen import Connection, Request

READY_TIMEOUT = 30.0
FRAME_TIMEOUT = 10.0


@dataclass(frozen=True)
class SocketSpec:
    """Where one socket connects, and how it proves who it is (sub-protocols, or the URL for the relay)."""

    url: str
    origin: str
    subprotocols: tuple[str, ...] = ()


class SocketFailed(RuntimeError):
    pass


async def open_socket(spec: SocketSpec) -> tuple[ClientConnection, dict[str, Any]]:
    """Connect and wait for the `ready` frame; the socket is registered for events from then on."""
    try:
        socket = await connect(
            spec.url,
            origin=Origin(spec.origin),
            subprotocols=[Subprotocol(p) for p in spec.subprotocols] or None,
            # A browser sends no pings and both servers keep frames uncompressed; the client adds neither.
            compression=None,
            ping_interval=None,
            proxy=None,
            open_timeout=READY_TIMEOUT,
            # Short: at the end (or on Ctrl-C, when the servers may be gone) thousands close at once.
            close_timeout=2.0,
            max_queue=64,
        )
    except InvalidStatus as exc:
        raise SocketFailed(f"{spec.url}: handshake answered HTTP {exc.response.status_code}") from exc
    except (OSError, TimeoutError, InvalidHandshake) as exc:
        raise SocketFailed(f"{spec.url}: {exc!r}") from exc
    try:
        if spec.subprotocols and socket.subprotocol != spec.subprotocols[0]:
            raise SocketFailed(f"server chose sub-protocol {socket.subprotocol!r}")
        frame = json.loads(await asyncio.wait_for(socket.recv(), READY_TIMEOUT))
    except ConnectionClosed as exc:
        raise SocketFailed(f"closed before ready: code {exc.rcvd.code if exc.rcvd else None}") from exc
    except BaseException:
        await socket.close()
        raise
    if not isinstance(frame, dict) or frame.get("type") != "ready":
        await socket.close()
        raise SocketFailed(f"first frame is not ready: {frame!r}"[:200])
    return socket, frame


async def open_many(
    specs: Sequence[SocketSpec], *, concurrency: int
) -> list[tuple[ClientConnection, dict[str, Any]]]:
    """Open every socket, at most `concurrency` handshakes at a time, and return each with its `ready`
    frame, in the order of `specs`. The gate keeps the open-time figure about the server's handshakes,
    not about a burst queued in the accept backlog (the reconnect storm measures that)."""
    gate = asyncio.Semaphore(concurrency)

    async def one(spec: SocketSpec) -> tuple[ClientConnection, dict[str, Any]]:
        async with gate:
            return await open_socket(spec)

    results = await asyncio.gather(*(one(spec) for spec in specs), return_exceptions=True)
    opened: list[tuple[ClientConnection, dict[str, Any]]] = []
    failures: list[BaseException] = []
    for result in results:
        if isinstance(result, BaseException):
            failures.append(result)
        else:
            opened.append(result)
    if failures:
        await close_all([socket for socket, _ in opened])
        raise SocketFailed(f"{len(failures)} of {len(specs)} sockets failed, first: {failures[0]!r}")
    return opened


async def close_all(sockets: Sequence[ClientConnection], *, concurrency: int = 500) -> None:
    gate = asyncio.Semaphore(concurrency)

    async def one(socket: ClientConnection) -> None:
        async with gate:
            await socket.close()

    await asyncio.gather(*(one(socket) for socket in sockets), return_exceptions=True)


@dataclass(frozen=True)
class Latency:
    samples: int
    stray_frames: int
    p50_ms: float
    p95_ms: float
    p99_ms: float
    mean_ms: float
    max_ms: float
    # Until device A's HTTP answer: tells the write's own cost from the delivery's.
    answer_p50_ms: float
    answer_p99_ms: float

    def as_dict(self) -> dict[str, float | int]:
        return {
            "samples": self.samples,
            "stray_frames": self.stray_frames,
            "p50_ms": round(self.p50_ms, 2),
            "p95_ms": round(self.p95_ms, 2),
            "p99_ms": round(self.p99_ms, 2),
            "mean_ms": round(self.mean_ms, 2),
            "max_ms": round(self.max_ms, 2),
            "answer_p50_ms": round(self.answer_p50_ms, 2),
            "answer_p99_ms": round(self.answer_p99_ms, 2),
        }


def _nearest_rank(ordered: Sequence[float], fraction: float) -> float:
    # The same percentile definition as bench.lib.loadgen, so the benchmarks read alike.
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))
    return ordered[index]


def _matches(raw: str | bytes, total_items: int) -> bool:
    frame = json.loads(raw)
    return (
        isinstance(frame, dict)
        and frame.get("type") == "event"
        and frame.get("topic") == "cart.updated"
        and isinstance(frame.get("data"), dict)
        and frame["data"].get("total_items") == total_items
    )


async def measure(
    *,
    device_b: ClientConnection,
    device_a: Connection,
    write: Callable[[int], Request],
    warmup: int,
    samples: int,
    before: Callable[[], Awaitable[None]] | None = None,
) -> Latency:
    """Sequential samples: send write(k) on device A's keep-alive connection, stop the clock when device B
    receives the `cart.updated` frame saying the cart holds k items. The frame is published on commit,
    before the HTTP answer is written, so the answer is read concurrently and only checked afterwards.
    Frames of other totals (e.g. of an earlier write) are skipped and counted as strays."""
    if before is not None:
        await before()
    latencies: list[float] = []
    answers: list[float] = []
    strays = 0

    async def send(request: Request) -> tuple[int, bytes, float]:
        status, body = await device_a.send(request)
        return status, body, time.perf_counter()

    for k in range(1, warmup + samples + 1):
        request = write(k)
        started = time.perf_counter()
        answer = asyncio.create_task(send(request))
        try:
            while not _matches(await asyncio.wait_for(device_b.recv(), FRAME_TIMEOUT), k):
                strays += 1
        except TimeoutError as exc:
            answer.cancel()
            raise SocketFailed(
                f"no cart.updated frame with total_items={k} in {FRAME_TIMEOUT:.0f} s"
            ) from exc
        elapsed = (time.perf_counter() - started) * 1000
        status, body, answered = await answer
        if status != 200:
            raise SocketFailed(f"{request.method} {request.path} answered {status}: {body[:300]!r}")
        if k > warmup:
            latencies.append(elapsed)
            answers.append((answered - started) * 1000)
    ordered, answers = sorted(latencies), sorted(answers)
    return Latency(
        samples=len(ordered),
        stray_frames=strays,
        p50_ms=_nearest_rank(ordered, 0.50),
        p95_ms=_nearest_rank(ordered, 0.95),
        p99_ms=_nearest_rank(ordered, 0.99),
        mean_ms=statistics.fmean(ordered),
        max_ms=ordered[-1],
        answer_p50_ms=_nearest_rank(answers, 0.50),
        answer_p99_ms=_nearest_rank(answers, 0.99),
    )
