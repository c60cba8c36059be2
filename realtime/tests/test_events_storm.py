"""The events socket's reconnect storm on a real Daphne (PostgreSQL + Redis): 300 sockets cut at once come
back the way the web app's client does (backoff with jitter, `ready`, `resume`), each gets the one event
written for its user while it was away, none twice (docs/architecture.md, "The event log"). The same code
as `bench/realtime/run` measures 5,000. Runs in the PostgreSQL + Redis pass of the test command."""

import asyncio
import json
import os
import subprocess

import pytest

from bench.realtime.client import SocketSpec, close_all, open_many
from bench.realtime.storm import emit_during_storm, storm
from realtime.tests.yroom import Server, postgres_and_redis_env, seed
from scripts.cluster import REPO, migrate

pytestmark = pytest.mark.cluster

SOCKETS = 300


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    folder = tmp_path_factory.mktemp("events-storm")
    env = {**os.environ, **postgres_and_redis_env()}
    migrate(env)
    seed(env, "events-storm@example.com")  # an orderable product, which the users' seed looks for
    tokens = folder / "tokens.json"
    users = ["--idle-users", str(SOCKETS), "--out", str(tokens)]
    python = str(REPO / ".venv/bin/python")
    subprocess.run([python, "-m", "bench.realtime.seed", *users], cwd=REPO, env=env, check=True)
    # All 300 come from 127.0.0.1, as in the benchmark: the per-address limits (realtime/limits.py, tested on
    # their own) would refuse most of them.
    limits_off = {"SOCKETS_PER_ADDRESS": "0", "SOCKET_OPENS_PER_ADDRESS": "0"}
    server = Server(env={**env, **limits_off}, log_path=folder / "daphne.log").start()
    try:
        yield server, env, tokens
    finally:
        server.stop()


def test_sockets_cut_at_once_all_come_back_and_get_what_was_written_meanwhile(world):
    server, env, tokens = world
    users = json.loads(tokens.read_text())["idle"]
    url = f"{server.ws_url}/ws/events/"
    specs = [SocketSpec(url, server.http_url, ("bearer", user["token"])) for user in users]
    write_events = emit_during_storm(env, tokens)

    async def scenario():
        # Given every user's socket open
        opened = await open_many(specs, concurrency=32)
        assert {ready["seq"] for _, ready in opened} == {0}
        # When all are cut at once, and one event per user is written while they come back
        figures, back = await storm(
            sockets=[(spec, socket, 0) for spec, (socket, _) in zip(specs, opened, strict=True)],
            wants_event=True,
            during=write_events,
        )
        await close_all(back)
        return figures

    figures = asyncio.run(scenario())

    # Then every socket is back and got its event, once
    assert (figures["back"], figures["resumed"], figures["lost"]) == (SOCKETS, SOCKETS, 0)
    assert figures["duplicate_events"] == 0
    assert figures["errors"] == 0
    # Every handshake succeeded at its first try: `ready` came first, even with events arriving meanwhile.
    assert figures["failed_attempts"] == 0, figures["failure_kinds"]
    assert figures["all_resumed_s"] < 10, figures
