"""The protocol-document room on two Daphne processes sharing PostgreSQL and Redis (scripts/cluster):
a stock Yjs client on each process, both editing one protocol at once, converge through the channel
layer, and the relational protocol follows. Runs in the PostgreSQL + Redis pass of the test command."""

import pytest
import redis

from realtime.tests.yroom import Server, YClient, expected_lines, postgres_and_redis_env, seed, wait_until
from scripts.cluster import migrate

pytestmark = pytest.mark.cluster

EMAIL = "yroom-cluster@example.com"


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory):
    env = postgres_and_redis_env()
    migrate(env)
    variants = seed(env, EMAIL)
    folder = tmp_path_factory.mktemp("yroom-cluster")
    servers: list[Server] = []
    try:
        for name in ("first", "second"):
            servers.append(Server(env=env, log_path=folder / f"{name}.log").start())
        yield servers, variants, env["REDIS_URL"]
    finally:
        for server in servers:
            server.stop()


def test_clients_on_two_processes_edit_one_protocol_and_converge(two_servers):
    (first_server, second_server), (a, b, c, d), redis_url = two_servers
    token = first_server.login(EMAIL)
    protocol_id = first_server.new_protocol(token, [a, b, c])
    first = YClient(first_server, protocol_id, token).synced()
    second = YClient(second_server, protocol_id, token).synced()
    try:
        # The room of each process listens on the document's publish/subscribe channel (the `rooms` layer).
        channel = f"shop-rooms__group__ydoc.{protocol_id}"
        with redis.Redis.from_url(redis_url) as client:
            assert client.pubsub_numsub(channel) == [(channel.encode(), 2)]
        first.do("rename", name="Across processes")
        second.do("note", variant=a["id"], text=" daily")
        first.do("quantity", variant=b["id"], value=6)
        second.do("add", variant=d["id"], product=d["product_id"], quantity=2, notes="from the second")
        first.do("remove", variant=c["id"])
        second.do("move", variant=b["id"], index=0)

        def converged():
            one, two = first.state(), second.state()
            return one if one == two and one["name"] == "Across processes" else None

        state = wait_until(converged, what="the clients on both processes to converge")
        assert state["order"][0] == str(b["id"]) and str(c["id"]) not in state["items"]
        assert state["items"][str(d["id"])]["notes"] == "from the second"
        wait_until(
            lambda: second_server.lines(protocol_id, token) == expected_lines(state),
            what="the relational rows to follow the document",
        )
        # Presence crosses processes too.
        first.do("presence", name="On the first")
        wait_until(lambda: second.do("peers")["peers"] == ["On the first"], what="presence on the second")
        # A REST write through one process reaches the client held by the other.
        second_server.call(
            "PUT",
            f"/v2/account/practitioners/protocols/{protocol_id}/update",
            {"name": "Renamed by REST"},
            token,
        )
        wait_until(lambda: first.state()["name"] == "Renamed by REST", what="the REST write on process one")
    finally:
        first.quit()
        second.quit()
