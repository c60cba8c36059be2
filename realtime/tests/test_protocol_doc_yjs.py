"""Stock Node clients (yjs + y-websocket) against a real Daphne serving the protocol-document room:
concurrent edits converge and the relational protocol matches, a killed server loses nothing its clients
hold, a malformed frame ends only its own socket (docs/architecture.md, "The protocol-document room" and
"Reliability and security")."""

from dataclasses import dataclass

import pytest

from realtime.tests.yroom import Server, YClient, expected_lines, manage, seed, wait_until

EMAIL = "yroom@example.com"


@dataclass
class World:
    server: Server
    variants: list[dict[str, int]]
    token: str


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    folder = tmp_path_factory.mktemp("yroom")
    env = {"DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}", "REDIS_URL": "", "MEDIA_ROOT": str(folder)}
    manage(env, "migrate", "--noinput", "-v", "0")
    variants = seed(env, EMAIL)
    server = Server(env=env, log_path=folder / "daphne.log").start()
    try:
        yield World(server=server, variants=variants, token=server.login(EMAIL))
    finally:
        server.stop()


@pytest.fixture
def clients():
    started: list[YClient] = []
    yield started
    for client in started:
        client.quit()


def converged(first: YClient, second: YClient):
    one, two = first.state(), second.state()
    return one if one == two else None


def test_two_clients_edit_one_protocol_at_once_converge_and_the_rows_match(world, clients):
    server, (a, b, c, d) = world.server, world.variants
    protocol_id = server.new_protocol(world.token, world.variants)
    first = YClient(server, protocol_id, world.token).synced()
    second = YClient(server, protocol_id, world.token).synced()
    clients += [first, second]
    assert first.state()["order"] == [str(c["id"]), str(b["id"]), str(a["id"])]

    # Both at once, without waiting for each other: name, notes, quantities, order, add and remove.
    first.do("rename", name="Deep sleep")
    second.do("note", variant=a["id"], text=" and water")
    first.do("quantity", variant=b["id"], value=7)
    second.do("add", variant=d["id"], product=d["product_id"], quantity=2, notes="new")
    first.do("remove", variant=c["id"])
    second.do("describe", text=", before bed")
    first.do("move", variant=a["id"], index=0)
    second.do("quantity", variant=a["id"], value=4)
    first.do("note", variant=b["id"], text=" twice")

    state = wait_until(lambda: converged(first, second), what="both clients to converge")
    assert state["name"] == "Deep sleep"
    assert state["description"] == "Evening, before bed"
    assert set(state["order"]) == {str(a["id"]), str(b["id"]), str(d["id"])}
    assert state["items"][str(a["id"])] == {
        "product_id": a["product_id"],
        "quantity": 4,
        "notes": "note 1 and water",
    }
    assert state["items"][str(b["id"])]["quantity"] == 7
    assert state["items"][str(b["id"])]["notes"] == "note 2 twice"
    assert str(c["id"]) not in state["items"]
    lines = wait_until(
        lambda: server.lines(protocol_id, world.token) == expected_lines(state) and expected_lines(state),
        what="the relational rows to follow the document",
    )
    assert len(lines) == 3
    protocol = server.protocol(protocol_id, world.token)
    assert (protocol["name"], protocol["description"]) == ("Deep sleep", "Evening, before bed")


def test_a_rest_write_reaches_open_clients_and_bad_values_do_not_break_the_rows(world, clients):
    server, (a, b, c, _) = world.server, world.variants
    protocol_id = server.new_protocol(world.token, world.variants)
    first = YClient(server, protocol_id, world.token).synced()
    second = YClient(server, protocol_id, world.token).synced()
    clients += [first, second]

    server.call(
        "PUT",
        f"/v2/account/practitioners/protocols/{protocol_id}/products",
        {"product_variant_id": b["id"], "quantity": 9, "notes": "by REST"},
        world.token,
    )
    wait_until(lambda: first.state()["items"][str(b["id"])]["quantity"] == 9, what="the REST write")
    first.do("quantity", variant=a["id"], value="lots")
    first.do("quantity", variant=c["id"], value=-3)
    first.do("add", variant=999999, product=1, quantity=1, notes="no such variant")

    wait_until(lambda: converged(first, second), what="both clients to converge")
    assert second.state()["items"][str(b["id"])]["notes"] == "by REST"
    wait_until(
        lambda: (
            server.lines(protocol_id, world.token)
            == [(c["id"], 1, "note 3"), (b["id"], 9, "by REST"), (a["id"], 1, "note 1")]
        ),
        what="the rows, with bad quantities as 1 and the unknown variant left out",
    )


def test_a_killed_server_loses_nothing_its_clients_hold(world, clients):
    server, (a, _, _, d) = world.server, world.variants
    protocol_id = server.new_protocol(world.token, world.variants)
    writer = YClient(server, protocol_id, world.token).synced()
    watcher = YClient(server, protocol_id, world.token).synced()
    clients += [writer, watcher]
    writer.do("rename", name="Survives")
    writer.do("add", variant=d["id"], product=d["product_id"], quantity=5, notes="kept")
    writer.do("note", variant=a["id"], text=" too")
    # The server sends an update on before it commits it: what the watcher has may not be logged yet.
    held = wait_until(lambda: converged(writer, watcher), what="the watcher to see every edit")
    writer.do("rename", name="Survives the kill")  # killed at once: perhaps never logged, nor even sent

    server.kill()
    server.start()

    # Both clients reconnect and send what the restarted server lacks (their answer to its sync step 1).
    held = {**held, "name": "Survives the kill"}
    reader = YClient(server, protocol_id, world.token).synced()
    clients.append(reader)
    wait_until(lambda: reader.state() == held, what="a new client to get every edit the others held")
    wait_until(
        lambda: server.lines(protocol_id, world.token) == expected_lines(held),
        what="the rows, projected by the restarted server",
    )


def test_a_malformed_frame_closes_that_socket_and_the_other_client_carries_on(world, clients):
    server, (a, _, _, _) = world.server, world.variants
    protocol_id = server.new_protocol(world.token, world.variants)
    rogue = YClient(server, protocol_id, world.token).synced()
    other = YClient(server, protocol_id, world.token).synced()
    clients += [rogue, other]
    rogue.do("presence", name="Rogue")
    other.do("presence", name="Other")
    wait_until(lambda: other.do("peers")["peers"] == ["Rogue"], what="presence")

    rogue.do("garbage")
    wait_until(lambda: rogue.do("closes")["closes"] == [4400], what="the rogue socket to be closed")
    other.do("quantity", variant=a["id"], value=8)

    assert other.do("closes")["closes"] == []
    # y-websocket does not retry after a 44xx close by itself; reconnected, it catches up.
    rogue.do("reconnect")
    wait_until(lambda: converged(rogue, other), what="the reconnected client to catch up")
    assert other.state()["items"][str(a["id"])]["quantity"] == 8
