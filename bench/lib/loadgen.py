"""A small closed-loop HTTP/1.1 load generator: N workers, each on one keep-alive connection, each sending
its next request when the previous answer has arrived. Standard library only, so the project's server and
the reference server are measured by exactly the same client."""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    body: bytes = b""
    headers: tuple[tuple[str, str], ...] = ()
    # The status that counts as an answer (a conditional read expects 304).
    expect: int = 200


@dataclass(frozen=True)
class Summary:
    requests: int
    errors: int
    seconds: float
    p50_ms: float
    p95_ms: float
    p99_ms: float
    mean_ms: float
    # CPU time this load generator spent in the measured phase: near `seconds`, the client was the limit.
    client_cpu_seconds: float = 0.0

    @property
    def throughput(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    def as_dict(self) -> dict[str, float | int]:
        return {
            "requests": self.requests,
            "errors": self.errors,
            "seconds": round(self.seconds, 3),
            "throughput_rps": round(self.throughput, 1),
            "p50_ms": round(self.p50_ms, 2),
            "p95_ms": round(self.p95_ms, 2),
            "p99_ms": round(self.p99_ms, 2),
            "mean_ms": round(self.mean_ms, 2),
            "client_cpu_share": round(self.client_cpu_seconds / self.seconds, 2) if self.seconds else 0.0,
        }


class Connection:
    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def send(self, request: Request) -> tuple[int, bytes]:
        if self.writer is None or self.writer.is_closing():
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        head = [f"{request.method} {request.path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        head += [f"{name}: {value}" for name, value in request.headers]
        if request.body:
            head += ["Content-Type: application/json", f"Content-Length: {len(request.body)}"]
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + request.body)
        await self.writer.drain()
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length, chunked, close = 0, False, False
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            name = name.strip().lower()
            if name == "content-length":
                length = int(value)
            elif name == "transfer-encoding" and "chunked" in value.lower():
                chunked = True
            elif name == "connection" and "close" in value.lower():
                close = True
        body = await self._chunked() if chunked else await self.reader.readexactly(length)
        if close:
            self.writer.close()
            self.writer = None
        return status, body

    async def _chunked(self) -> bytes:
        assert self.reader is not None
        parts: list[bytes] = []
        while True:
            size = int((await self.reader.readline()).strip().split(b";")[0], 16)
            if size == 0:
                await self.reader.readline()
                return b"".join(parts)
            parts.append(await self.reader.readexactly(size))
            await self.reader.readline()

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    if not sorted_values:
        return 0.0
    index = min(len(sorted_values) - 1, max(0, round(fraction * len(sorted_values)) - 1))
    return sorted_values[index]


async def run_load(
    base_url: str,
    requests: Sequence[Request],
    *,
    concurrency: int,
    total: int,
    warmup: int,
    max_seconds: float = 60.0,
) -> Summary:
    """Send `warmup` untimed requests, then `total` timed ones, cycling through `requests`. Each phase
    also stops after `max_seconds`, so a slow server bounds the run's time, not its request count."""
    parts = urlsplit(base_url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    latencies: list[float] = []
    errors = 0
    counter = 0

    async def worker(budget: int, record: bool, deadline: float) -> None:
        nonlocal errors, counter
        connection = Connection(host, port)
        try:
            for _ in range(budget):
                if time.perf_counter() > deadline:
                    break
                request = requests[counter % len(requests)]
                counter += 1
                started = time.perf_counter()
                try:
                    status, _ = await connection.send(request)
                except (OSError, asyncio.IncompleteReadError, ValueError, IndexError):
                    status = 0
                    connection.close()
                    connection = Connection(host, port)
                elapsed = (time.perf_counter() - started) * 1000
                if record:
                    latencies.append(elapsed)
                    if status != request.expect:
                        errors += 1
        finally:
            connection.close()

    def shares(count: int) -> list[int]:
        return [count // concurrency + (1 if i < count % concurrency else 0) for i in range(concurrency)]

    warmup_deadline = time.perf_counter() + max_seconds
    await asyncio.gather(*(worker(n, False, warmup_deadline) for n in shares(warmup)))
    started, cpu_started = time.perf_counter(), time.process_time()
    await asyncio.gather(*(worker(n, True, started + max_seconds) for n in shares(total)))
    seconds = time.perf_counter() - started
    client_cpu_seconds = time.process_time() - cpu_started
    ordered = sorted(latencies)
    return Summary(
        requests=len(latencies),
        errors=errors,
        seconds=seconds,
        p50_ms=percentile(ordered, 0.50),
        p95_ms=percentile(ordered, 0.95),
        p99_ms=percentile(ordered, 0.99),
        mean_ms=statistics.fmean(ordered) if ordered else 0.0,
        client_cpu_seconds=client_cpu_seconds,
    )
