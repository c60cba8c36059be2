"""A Daphne process SIGKILLed while the rooms it serves are under load (PostgreSQL log, Redis layer): every
edit any client made is in the document and in the projection after the restart
(docs/decisions/0021-the-real-time-core-under-load.md, the durability argument). Runs in the PostgreSQL +
Redis pass of the test command.

Five protocols, three stock Yjs clients each; every client appends its own letter to one line's notes,
one edit every 25 ms, 120 times, and the server is killed in the middle of it. The clients keep editing
while it is down, reconnect, and send what the restarted server lacks."""

import time
from typing import Any

import pytest

from realtime.tests.yroom import Server, YClient, expected_lines, postgres_and_redis_env, seed, wait_until
from scripts.cluster import migrate

pytestmark = pytest.mark.cluster

EMAIL = "yroom-kill@example.com"
ROOMS = 5
CLIENTS_PER_ROOM = 3
EDITS = 120
EVERY_MS = 25
LETTERS = "xyz"


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    env = postgres_and_redis_env()
    migrate(env)
    variants = seed(env, EMAIL)
    server = Server(env=env, log_path=tmp_path_factory.mktemp("yroom-kill") / "daphne.log").start()
    try:
        yield server, variants
    finally:
        server.stop()


def test_a_server_killed_under_load_loses_no_edit_any_client_made(world):
    server, variants = world
    token = server.login(EMAIL)
    line = variants[0]
    rooms: dict[int, list[YClient]] = {server.new_protocol(token, variants): [] for _ in range(ROOMS)}
    clients: list[YClient] = []
    try:
        for protocol_id, members in rooms.items():
            for _ in range(CLIENTS_PER_ROOM):
                members.append(YClient(server, protocol_id, token).synced())
            clients += members
        # Given every client editing at once
        for members in rooms.values():
            for letter, client in zip(LETTERS, members, strict=True):
                client.do("burst", variant=line["id"], text=letter, count=EDITS, every=EVERY_MS)
        time.sleep(EDITS * EVERY_MS / 1000 / 2)

        # When the server dies in the middle of it and comes back
        server.kill()
        server.start()

        # Then every edit of every client is in every member's document, a newcomer's and the rows
        wait_until(
            lambda: all(client.do("bursting")["bursting"] == 0 for client in clients),
            what="every burst to end",
            timeout=30,
        )
        for protocol_id, members in rooms.items():
            state = _room_holds_every_edit(server, token, protocol_id, members, line["id"])
            newcomer = YClient(server, protocol_id, token).synced()
            clients.append(newcomer)
            _newcomer_and_rows_follow(server, token, protocol_id, newcomer, state)
    finally:
        for client in clients:
            client.quit()


def _room_holds_every_edit(
    server: Server, token: str, protocol_id: int, members: list[YClient], variant_id: int
) -> dict[str, Any]:
    def agreed() -> dict[str, Any] | None:
        states = [member.state() for member in members]
        return states[0] if all(state == states[0] for state in states) else None

    state: dict[str, Any] = wait_until(
        agreed, what=f"the clients of protocol {protocol_id} to agree", timeout=30
    )
    notes = state["items"][str(variant_id)]["notes"]
    assert {letter: notes.count(letter) for letter in LETTERS} == dict.fromkeys(LETTERS, EDITS)
    return state


def _newcomer_and_rows_follow(
    server: Server, token: str, protocol_id: int, newcomer: YClient, state: dict[str, Any]
) -> None:
    wait_until(lambda: newcomer.state() == state, what="a newcomer to get the document")
    wait_until(
        lambda: server.lines(protocol_id, token) == expected_lines(state),
        what="the rows, projected by the restarted server",
        timeout=30,
    )
