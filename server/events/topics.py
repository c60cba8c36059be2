"""Every topic of the events socket and the shape of its data (docs/api.md "Topics" documents each; the web
app's union in web/src/lib/realtime mirrors this list). An event is a refetch hint, not a copy of the data:
devices may show other regions or languages, so they read the change through the API."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, TypedDict


class Topic(StrEnum):
    CART_UPDATED = "cart.updated"
    WISHLIST_UPDATED = "wishlist.updated"
    SESSION_LOGGED_OUT = "session.logged_out"
    USER_SESSIONS_REVOKED = "user.sessions_revoked"
    PROFILE_UPDATED = "profile.updated"
    MILESTONES_UPDATED = "milestones.updated"
    PROTOCOL_CREATED = "protocol.created"
    PROTOCOL_DUPLICATED = "protocol.duplicated"
    PROTOCOL_UPDATED = "protocol.updated"
    PROTOCOL_DELETED = "protocol.deleted"
    PROTOCOL_SHARED = "protocol.shared"
    CLIENT_PROTOCOL_DELETED = "client_protocol.deleted"
    STORE_UPDATED = "store.updated"
    ORDER_UPDATED = "order.updated"
    EARNINGS_UPDATED = "earnings.updated"
    REFILL_DUE = "refill.due"
    STOCK_UPDATED = "stock.updated"
    STOCK_ALERTS_UPDATED = "stock_alerts.updated"
    SUBSCRIPTION_UPDATED = "subscription.updated"
    ADHERENCE_UPDATED = "adherence.updated"
    MEDICINES_UPDATED = "medicines.updated"


class CartUpdated(TypedDict):
    total_items: int


class WishlistUpdated(TypedDict):
    count: int


class SessionLoggedOut(TypedDict):
    session_id: str
    reason: Literal["logout", "refresh_reuse"]


class SessionsRevoked(TypedDict):
    reason: Literal["password_reset"]


class ProfileUpdated(TypedDict):
    user_type_id: int
    certificate_status: str


class MilestonesUpdated(TypedDict):
    milestone_id: int


class ProtocolRef(TypedDict):
    """protocol.created, .updated and .deleted, and client_protocol.deleted."""

    protocol_id: int


class ProtocolDuplicated(TypedDict):
    protocol_id: int
    source_id: int


class ProtocolShared(TypedDict):
    protocol_id: int
    practitioner_id: int


class StoreUpdated(TypedDict):
    store_id: int


class OrderUpdated(TypedDict):
    number: str
    state: str


class EarningsUpdated(TypedDict):
    currency: str


class RefillDue(TypedDict):
    """A protocol the client bought is about to run out
    (docs/decisions/0032-refills-timed-to-the-bottle.md)."""

    protocol_id: int


class StockUpdated(TypedDict):
    """What buyers see of these variants' stock changed (sent to every socket, not logged per user:
    docs/decisions/0040-stock-a-ledger-below-orders.md)."""

    product_ids: list[int]
    product_variant_ids: list[int]


class StockAlertsUpdated(TypedDict):
    """One of the user's back-in-stock alerts changed (made, cancelled, or the product is back)."""

    alert_id: int


class SubscriptionUpdated(TypedDict):
    """An automatic refill changed (its state, lines, next parcel or a parcel's outcome): to the client's
    devices and their practitioner's (docs/decisions/0042-automatic-refills.md)."""

    subscription_id: int
    state: str


class AdherenceUpdated(TypedDict):
    """A client checked a slot in (or their check-ins were erased): to the client's devices and to the
    owner of the protocol (docs/decisions/0043-the-day-schedule.md). `date` is null for an erasure."""

    client_id: int
    protocol_id: int | None
    date: str | None


class MedicinesUpdated(TypedDict):
    """A client changed their medicines: to their devices and their practitioners', whose interaction
    warnings hold them (docs/decisions/0043-the-day-schedule.md)."""

    client_id: int


TopicData = (
    CartUpdated
    | WishlistUpdated
    | SessionLoggedOut
    | SessionsRevoked
    | ProfileUpdated
    | MilestonesUpdated
    | ProtocolRef
    | ProtocolDuplicated
    | ProtocolShared
    | StoreUpdated
    | OrderUpdated
    | EarningsUpdated
    | RefillDue
    | StockUpdated
    | StockAlertsUpdated
    | SubscriptionUpdated
    | AdherenceUpdated
    | MedicinesUpdated
)

DATA_OF: dict[Topic, type[TopicData]] = {
    Topic.CART_UPDATED: CartUpdated,
    Topic.WISHLIST_UPDATED: WishlistUpdated,
    Topic.SESSION_LOGGED_OUT: SessionLoggedOut,
    Topic.USER_SESSIONS_REVOKED: SessionsRevoked,
    Topic.PROFILE_UPDATED: ProfileUpdated,
    Topic.MILESTONES_UPDATED: MilestonesUpdated,
    Topic.PROTOCOL_CREATED: ProtocolRef,
    Topic.PROTOCOL_DUPLICATED: ProtocolDuplicated,
    Topic.PROTOCOL_UPDATED: ProtocolRef,
    Topic.PROTOCOL_DELETED: ProtocolRef,
    Topic.PROTOCOL_SHARED: ProtocolShared,
    Topic.CLIENT_PROTOCOL_DELETED: ProtocolRef,
    Topic.STORE_UPDATED: StoreUpdated,
    Topic.ORDER_UPDATED: OrderUpdated,
    Topic.EARNINGS_UPDATED: EarningsUpdated,
    Topic.REFILL_DUE: RefillDue,
    Topic.STOCK_UPDATED: StockUpdated,
    Topic.STOCK_ALERTS_UPDATED: StockAlertsUpdated,
    Topic.SUBSCRIPTION_UPDATED: SubscriptionUpdated,
    Topic.ADHERENCE_UPDATED: AdherenceUpdated,
    Topic.MEDICINES_UPDATED: MedicinesUpdated,
}

# Sent once to every socket (the catalogue group), with no sequence number: a refetch hint for what anyone
# may be looking at. A socket that was away refetches anyway when it reconnects.
BROADCAST_TOPICS = frozenset({Topic.STOCK_UPDATED})

# After these a socket asks the database whether its login still stands, and closes with 4401 if not.
REVOKING_TOPICS = frozenset({Topic.SESSION_LOGGED_OUT, Topic.USER_SESSIONS_REVOKED})


def data_check(topic: Topic, data: TopicData) -> None:
    """A programming error, caught by the tests: the data must have exactly the keys of its topic."""
    expected = DATA_OF[topic].__annotations__.keys()
    if data.keys() != expected:
        raise TypeError(f"{topic} takes {sorted(expected)}, not {sorted(data)}")
