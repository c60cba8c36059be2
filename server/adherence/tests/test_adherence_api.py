"""Adherence for the practitioner and the client, the client's export and erasure, the calendar feed, the
printable week and the daily e-mail's one-click links (docs/decisions/0043-the-day-schedule.md)."""

import re
from datetime import timedelta

import pytest
from django.core import mail

from server.adherence.mail import TakenLink, day_mail_send, taken_link
from server.adherence.models import CheckIn, DaySettings
from server.events.models import Event

MINE = "/v2/account/clients"


def check(client, people, protocol, day, slot, state="taken"):
    reply = client.post(
        f"{MINE}/check-ins",
        json={"date": str(day), "slot": slot, "protocol_id": protocol.id, "state": state},
        headers=people.patient.headers,
    )
    assert reply.status_code == 200, reply.json()


def test_the_practitioner_sees_taken_skipped_missed_and_pending_per_protocol(client, people, shared, today):
    morning, *_ = shared
    yesterday = today - timedelta(days=1)
    check(client, people, morning, yesterday, "breakfast")
    check(client, people, morning, yesterday, "bedtime", "skipped")
    check(client, people, morning, today, "breakfast")

    reply = client.get(
        f"/v2/account/practitioners/clients/{people.patient.user.id}/adherence?days=2",
        headers=people.certified.headers,
    )

    assert reply.status_code == 200
    by_name = {row["name"]: row for row in reply.json()["protocols"]}
    assert (by_name["Morning"]["taken"], by_name["Morning"]["skipped"], by_name["Morning"]["missed"]) == (
        2,
        1,
        0,
    )
    assert by_name["Morning"]["share"] == round(2 / 3, 4)
    assert by_name["Morning"]["days"] == [
        {"date": str(yesterday), "slots": {"breakfast": "taken", "bedtime": "skipped"}},
        {"date": str(today), "slots": {"breakfast": "taken", "bedtime": "pending"}},
    ]
    assert (by_name["Cycle"]["missed"], by_name["Cycle"]["share"]) == (1, 0.0)
    assert by_name["Cycle"]["days"][1] == {"date": str(today), "slots": {"lunch": "pending"}}


def test_a_practitioner_sees_only_their_clients_who_share_with_them(client, people, shared):
    path = "/v2/account/practitioners/clients/{}/adherence"

    rival = client.get(path.format(people.patient.user.id), headers=people.rival.headers)
    stranger = client.get(path.format(people.stranger.user.id), headers=people.certified.headers)
    as_client = client.get(path.format(people.patient.user.id), headers=people.patient.headers)

    assert (rival.status_code, stranger.status_code, as_client.status_code) == (404, 404, 403)
    assert client.get(path.format(people.patient.user.id)).status_code == 401


@pytest.mark.parametrize("days", [0, 91, "x"])
def test_a_window_out_of_range_is_refused(client, people, shared, days):
    reply = client.get(
        f"/v2/account/practitioners/clients/{people.patient.user.id}/adherence?days={days}",
        headers=people.certified.headers,
    )

    assert reply.status_code == 422


def test_the_streak_counts_whole_days_taken_up_to_today(client, people, shared, today):
    morning, cycle, *_ = shared
    for back in (1, 2):
        day = today - timedelta(days=back)
        for protocol, slot in ((morning, "breakfast"), (morning, "bedtime"), (cycle, "lunch")):
            check(client, people, protocol, day, slot)
    streak = client.get(f"{MINE}/adherence?days=7", headers=people.patient.headers).json()["streak"]

    assert streak == 2


def test_a_client_exports_their_check_ins_and_erases_them(client, people, shared, today):
    morning, *_ = shared
    check(client, people, morning, today, "breakfast")

    exported = client.get(f"{MINE}/check-ins.csv", headers=people.patient.headers)
    erased = client.delete(f"{MINE}/check-ins", headers=people.patient.headers)

    assert exported.status_code == 200 and exported["Content-Type"].startswith("text/csv")
    rows = exported.content.decode().splitlines()
    assert rows[0] == "date,slot,protocol_id,protocol,state,recorded_at"
    assert rows[1].startswith(f"{today},breakfast,{morning.id},Morning,taken,")
    assert erased.json() == {"message": "Your check-ins are deleted.", "deleted": 1}
    assert not CheckIn.objects.exists()
    last = Event.objects.filter(user=people.certified.user, topic="adherence.updated").order_by("-seq")[0]
    assert last.data == {"client_id": people.patient.user.id, "protocol_id": None, "date": None}


def test_the_calendar_feed_has_one_event_per_slot_per_day_until_revoked(client, people, shared, today):
    url = client.get(f"{MINE}/calendar", headers=people.patient.headers).json()["url"]
    token = url.rsplit("/", 1)[1]

    feed = client.get(f"/v2/calendar/{token}")
    client.delete(f"{MINE}/calendar", headers=people.patient.headers)
    revoked = client.get(f"/v2/calendar/{token}")
    new_url = client.get(f"{MINE}/calendar", headers=people.patient.headers).json()["url"]

    assert feed.status_code == 200 and feed["Content-Type"].startswith("text/calendar")
    body = feed.content.decode()
    assert body.startswith("BEGIN:VCALENDAR\r\n") and body.endswith("END:VCALENDAR\r\n")
    assert f"DTSTART:{today:%Y%m%d}T080000" in body
    assert f"UID:day-{people.patient.user.id}-{today:%Y%m%d}-breakfast@" in body
    assert "Vitamin D3 Drops: 1" in body
    assert all(len(line.encode()) <= 75 for line in body.split("\r\n"))
    assert revoked.status_code == 404
    assert new_url != url and len(token.removesuffix(".ics")) >= 40


def test_the_printable_week_is_a_pdf(client, people, shared):
    reply = client.get(f"{MINE}/schedule.pdf", headers={**people.patient.headers, "Accept-Language": "de"})

    assert reply.status_code == 200 and reply["Content-Type"] == "application/pdf"
    assert reply.content.startswith(b"%PDF")


def test_the_daily_mail_lists_the_slots_and_its_link_records_the_slot_as_taken(client, people, shared, today):
    morning, *_ = shared
    switched = client.put(f"{MINE}/day-settings", json={"daily_email": True}, headers=people.patient.headers)
    mail.outbox.clear()

    sent = day_mail_send(client_id=people.patient.user.id, day=today)
    again = day_mail_send(client_id=people.patient.user.id, day=today)

    assert switched.json() == {"daily_email": True} and (sent, again) == (True, False)
    [message] = mail.outbox
    assert message.to == [people.patient.user.email]
    links = re.findall(r"http\S+/api(/v2/check-ins/taken/\S+)", str(message.body))
    assert len(links) == 3  # breakfast, lunch, bedtime
    opened = client.get(links[0])
    assert opened.status_code == 200
    assert list(CheckIn.objects.values_list("protocol_id", "slot", "state")) == [
        (morning.id, "breakfast", "taken")
    ]


def test_a_changed_or_old_taken_link_records_nothing(client, people, shared, today):
    morning, *_ = shared
    good = taken_link(TakenLink(people.patient.user.id, today, "breakfast", (morning.id,))).split("/api", 1)[
        1
    ]
    too_old = taken_link(
        TakenLink(people.patient.user.id, today - timedelta(days=9), "breakfast", (morning.id,))
    )

    tampered = client.get(good[:-3] + "abc")
    old = client.get(too_old.split("/api", 1)[1])

    assert (tampered.status_code, old.status_code) == (404, 404)
    assert not CheckIn.objects.exists()


def test_switching_the_mail_off_sends_nothing(client, people, shared, today):
    client.put(f"{MINE}/day-settings", json={"daily_email": True}, headers=people.patient.headers)
    client.put(f"{MINE}/day-settings", json={"daily_email": False}, headers=people.patient.headers)
    mail.outbox.clear()

    assert day_mail_send(client_id=people.patient.user.id, day=today) is False
    assert mail.outbox == []
    assert DaySettings.objects.get().daily_email is False
