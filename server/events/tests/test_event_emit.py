import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.test import override_settings

from scripts.services import free_port
from server.accounts.models import User
from server.events.models import Event
from server.events.services import event_emit, events_batched, group_send
from server.events.topics import Topic


@pytest.fixture
def two_users(db):
    return (User.objects.create_user("a@example.com", "x"), User.objects.create_user("b@example.com", "x"))


def test_each_user_has_their_own_gapless_sequence(two_users):
    a, b = two_users

    event_emit(user_id=a.id, topic=Topic.CART_UPDATED, data={"total_items": 1})
    event_emit(user_id=a.id, topic=Topic.WISHLIST_UPDATED, data={"count": 2})
    event_emit(user_id=b.id, topic=Topic.CART_UPDATED, data={"total_items": 5})

    assert list(Event.objects.values_list("user__email", "seq", "topic")) == [
        ("a@example.com", 1, "cart.updated"),
        ("a@example.com", 2, "wishlist.updated"),
        ("b@example.com", 1, "cart.updated"),
    ]


def test_the_event_is_published_to_the_users_group_after_commit(
    two_users, django_capture_on_commit_callbacks
):
    a, _ = two_users
    layer = get_channel_layer()
    mine = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(f"user.{a.id}", mine)

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        event_emit(user_id=a.id, topic=Topic.CART_UPDATED, data={"total_items": 3})

    assert len(callbacks) == 1  # the publish waited for the commit

    message = async_to_sync(layer.receive)(mine)
    assert message["type"] == "event.frame"
    frame = message["frame"]
    assert (frame["type"], frame["seq"], frame["topic"], frame["data"]) == (
        "event",
        1,
        "cart.updated",
        {"total_items": 3},
    )
    async_to_sync(layer.group_discard)(f"user.{a.id}", mine)


def test_a_failed_publish_never_fails_the_write(two_users, django_capture_on_commit_callbacks, caplog):
    a, _ = two_users
    dead = {"default": {"BACKEND": "channels_redis.core.RedisChannelLayer",
                        "CONFIG": {"hosts": [f"redis://127.0.0.1:{free_port()}/0"]}}}  # fmt: skip

    with override_settings(CHANNEL_LAYERS=dead), django_capture_on_commit_callbacks(execute=True):
        event_emit(user_id=a.id, topic=Topic.CART_UPDATED, data={"total_items": 1})

    assert Event.objects.get().seq == 1
    assert "clients catch up with resume" in caplog.text


def test_a_batch_job_publishes_its_committed_events_together_when_the_batch_ends(
    two_users, django_capture_on_commit_callbacks
):
    a, b = two_users
    layer = get_channel_layer()
    mine, theirs = async_to_sync(layer.new_channel)(), async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(f"user.{a.id}", mine)
    async_to_sync(layer.group_add)(f"user.{b.id}", theirs)

    with events_batched():
        with django_capture_on_commit_callbacks(execute=True):
            event_emit(user_id=a.id, topic=Topic.CART_UPDATED, data={"total_items": 1})
            event_emit(user_id=b.id, topic=Topic.CART_UPDATED, data={"total_items": 2})
        assert Event.objects.count() == 2  # committed and logged at once
        # a message sent straight to the group meanwhile arrives before the held events
        group_send(f"user.{a.id}", {"type": "marker"})

    assert async_to_sync(layer.receive)(mine)["type"] == "marker"
    assert async_to_sync(layer.receive)(mine)["frame"]["data"] == {"total_items": 1}
    assert async_to_sync(layer.receive)(theirs)["frame"]["data"] == {"total_items": 2}
    async_to_sync(layer.group_discard)(f"user.{a.id}", mine)
    async_to_sync(layer.group_discard)(f"user.{b.id}", theirs)
