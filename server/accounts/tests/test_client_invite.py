import re
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from django.core import mail
from django.test import RequestFactory
from django.utils import timezone

from server.accounts.errors import InvalidToken
from server.accounts.models import (
    ClientProfile,
    OneTimeToken,
    PractitionerClient,
    TokenPurpose,
    User,
    UserType,
)
from server.accounts.services import (
    INVITATION_LIFETIME,
    InvalidCredentials,
    auth_login,
    client_invite,
    client_protocol_shared_notify,
    password_forgot,
    password_reset,
)
from server.accounts.tests.conftest import PASSWORD
from server.core.errors import Conflict, InvalidInput

NEW_PASSWORD = "Chosen-pass-2026!"


@pytest.fixture
def practitioner(db) -> User:
    return User.objects.create_user(
        "pat@example.com",
        PASSWORD,
        first_name="Pat",
        last_name="Lee",
        user_type_id=UserType.CERTIFIED_PRACTITIONER,
    )


def invite(practitioner: User, **changes) -> User:
    fields = {
        "practitioner": practitioner,
        "email": "  Grace@Example.COM ",
        "first_name": " Grace ",
        "last_name": "Hopper",
        "discount_rate": Decimal("15"),
        "protocol_name": "Morning routine",
        "language": "en",
        **changes,
    }
    return client_invite(**fields)


def invitation_token(message) -> str:
    match = re.search(r"/auth/reset-password/([A-Za-z0-9_-]+)", message.body)
    assert match, message.body
    return match.group(1)


def html_of(message) -> str:
    [(html, mimetype)] = getattr(message, "alternatives", [])
    assert mimetype == "text/html"
    return str(html)


def choose_password(token: str, password: str = NEW_PASSWORD):
    return password_reset(
        token=token, password=password, confirm_password=password, request=RequestFactory().post("/")
    )


def login(email: str = "grace@example.com", password: str = NEW_PASSWORD):
    return auth_login(email=email, password=password, request=RequestFactory().post("/"))


def test_an_invited_client_is_an_inactive_client_without_password_linked_with_the_discount(
    practitioner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        client = invite(practitioner)

    client.refresh_from_db()
    assert (client.email, client.first_name, client.last_name) == ("grace@example.com", "Grace", "Hopper")
    assert (client.user_type_id, client.is_active, client.language) == (UserType.CLIENT, False, "en")
    assert client.has_usable_password() is False
    assert ClientProfile.objects.filter(user=client).count() == 1
    assert list(PractitionerClient.objects.values_list("practitioner", "client", "discount_rate")) == [
        (practitioner.pk, client.pk, Decimal("15.00"))
    ]


def test_the_invitation_is_a_single_password_reset_token_that_lives_seven_days(practitioner, monkeypatch):
    now = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)
    monkeypatch.setattr(timezone, "now", lambda: now)

    client = invite(practitioner)

    [token] = OneTimeToken.objects.filter(user=client)
    assert (token.purpose, token.expires_at, token.used_at) == (
        TokenPurpose.PASSWORD_RESET,
        now + INVITATION_LIFETIME,
        None,
    )
    assert INVITATION_LIFETIME.days == 7


def test_the_english_invitation_names_practitioner_and_protocol_and_links_to_choosing_a_password(
    practitioner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        invite(practitioner)

    [message] = mail.outbox
    assert message.subject == "Pat Lee invites you to Practitioner Supplements"
    assert message.to == ["grace@example.com"]
    assert message.body.startswith("Hello Grace,\n\n")
    assert (
        "Pat Lee has shared the protocol “Morning routine” with you and created an account for you at "
        "Practitioner Supplements. Choose a password with the button below: this activates your account, "
        "where you will find the protocol." in message.body
    )
    link = f"http://127.0.0.1:8000/en/auth/reset-password/{invitation_token(message)}"
    assert f"Choose a password and activate my account: {link}\n" in message.body
    assert "This link works once and expires in 7 days." in message.body
    html = html_of(message)
    assert f'href="{link}"' in html
    assert "Pat Lee has shared the protocol “Morning routine” with you" in html


def test_the_invitation_is_written_in_the_given_language(practitioner, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        client = invite(practitioner, language="de")

    [message] = mail.outbox
    assert client.language == "de"
    assert message.subject == "Pat Lee lädt Sie zu Practitioner Supplements ein"
    assert message.body.startswith("Hallo Grace,\n\n")
    assert "Pat Lee hat das Protokoll „Morning routine“ mit Ihnen geteilt" in message.body
    assert "http://127.0.0.1:8000/de/auth/reset-password/" in message.body
    assert "Dieser Link kann nur einmal verwendet werden und läuft in 7 Tagen ab." in message.body


def test_an_unknown_language_falls_back_to_english(practitioner, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        client = invite(practitioner, language="xx")

    assert client.language == "en"
    assert mail.outbox[0].subject == "Pat Lee invites you to Practitioner Supplements"
    assert "http://127.0.0.1:8000/en/auth/reset-password/" in mail.outbox[0].body


def test_the_practitioner_is_named_by_e_mail_when_they_have_no_name(
    practitioner, django_capture_on_commit_callbacks
):
    practitioner.first_name = practitioner.last_name = ""
    practitioner.save()

    with django_capture_on_commit_callbacks(execute=True):
        invite(practitioner)

    assert mail.outbox[0].subject == "pat@example.com invites you to Practitioner Supplements"


def test_the_protocol_name_is_escaped_in_the_html_and_kept_on_one_line(
    practitioner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        invite(practitioner, protocol_name="Sleep &\n<b>rest</b>")

    [message] = mail.outbox
    assert "the protocol “Sleep & <b>rest</b>” with you" in message.body
    assert "the protocol “Sleep &amp; &lt;b&gt;rest&lt;/b&gt;” with you" in html_of(message)


def test_an_invited_client_cannot_sign_in_before_choosing_a_password(
    practitioner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        invite(practitioner)

    with pytest.raises(InvalidCredentials):
        login(password="")
    with pytest.raises(InvalidCredentials):
        login(password=NEW_PASSWORD)


def test_choosing_a_password_through_the_invitation_activates_the_account_and_allows_sign_in(
    practitioner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        client = invite(practitioner)
    token = invitation_token(mail.outbox[0])

    tokens = choose_password(token)

    client.refresh_from_db()
    assert client.is_active is True
    assert client.check_password(NEW_PASSWORD) is True
    assert tokens.user_type_id == UserType.CLIENT
    assert login().user_type_id == UserType.CLIENT


def test_the_invitation_link_works_once(practitioner, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        invite(practitioner)
    token = invitation_token(mail.outbox[0])
    choose_password(token)

    with pytest.raises(InvalidToken) as refused:
        choose_password(token, password="Another-pass-2026!")

    assert refused.value.message == "This link is not valid or has expired."
    assert login().user_type_id == UserType.CLIENT


def test_an_expired_invitation_link_is_refused_and_the_account_stays_inactive(
    practitioner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        client = invite(practitioner)
    OneTimeToken.objects.filter(user=client).update(expires_at=timezone.now())

    with pytest.raises(InvalidToken):
        choose_password(invitation_token(mail.outbox[0]))

    client.refresh_from_db()
    assert client.is_active is False


def test_an_invited_client_whose_invitation_expired_gets_a_new_link_from_forgot_password(
    practitioner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        client = invite(practitioner)
    OneTimeToken.objects.filter(user=client).update(expires_at=timezone.now())
    mail.outbox.clear()

    with django_capture_on_commit_callbacks(execute=True):
        password_forgot(email="grace@example.com")
    choose_password(invitation_token(mail.outbox[0]))

    client.refresh_from_db()
    assert client.is_active is True


def test_an_account_an_admin_switched_off_is_not_switched_back_on_by_a_reset_link(
    practitioner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        password_forgot(email="pat@example.com")
    User.objects.filter(pk=practitioner.pk).update(is_active=False)

    with pytest.raises(InvalidToken):
        choose_password(invitation_token(mail.outbox[0]))
    with django_capture_on_commit_callbacks(execute=True):
        password_forgot(email="pat@example.com")

    practitioner.refresh_from_db()
    assert (practitioner.is_active, practitioner.check_password(PASSWORD)) == (False, True)
    assert len(mail.outbox) == 1  # the second request mailed nothing


@pytest.mark.parametrize("email", ["GRACE@example.com", "pat@example.com"])
def test_inviting_an_existing_address_is_a_409_conflict_and_changes_nothing(
    practitioner, django_capture_on_commit_callbacks, email
):
    with django_capture_on_commit_callbacks(execute=True):
        invite(practitioner)

    with django_capture_on_commit_callbacks(execute=True), pytest.raises(Conflict) as refused:
        invite(practitioner, email=email, first_name="Other")

    assert refused.value.status == 409
    assert refused.value.message == (
        "An account with this e-mail address exists already. Choose them from your clients instead."
    )
    assert refused.value.errors == {"email": ["exists"]}
    assert User.objects.count() == 2
    assert PractitionerClient.objects.count() == 1
    assert len(mail.outbox) == 1


@pytest.mark.parametrize(
    ("changes", "message", "errors"),
    [
        ({"email": "not-an-email"}, "Enter a valid e-mail address.", {"email": ["invalid"]}),
        ({"email": "   "}, "Enter a valid e-mail address.", {"email": ["invalid"]}),
        (
            {"email": "a" * 64 + "@" + "b" * 63 + "." + "c" * 63 + "." + "d" * 63 + ".com"},
            "Enter a valid e-mail address.",
            {"email": ["invalid"]},
        ),
        ({"first_name": ""}, "Enter the first name.", {"first_name": ["required"]}),
        ({"first_name": "   "}, "Enter the first name.", {"first_name": ["required"]}),
        ({"last_name": " \t"}, "Enter the last name.", {"last_name": ["required"]}),
        (
            {"last_name": "x" * 151},
            "The last name can have at most 150 characters.",
            {"last_name": ["too long"]},
        ),
        (
            {"discount_rate": Decimal("-5")},
            "The discount is a percentage from 0 to 100.",
            {"discount_rate": ["invalid"]},
        ),
    ],
)
def test_invalid_fields_are_invalid_input_naming_the_field_and_create_nothing(
    practitioner, django_capture_on_commit_callbacks, changes, message, errors
):
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(InvalidInput) as refused:
        invite(practitioner, **changes)

    assert (refused.value.status, refused.value.message, refused.value.errors) == (422, message, errors)
    assert list(User.objects.values_list("email", flat=True)) == ["pat@example.com"]
    assert mail.outbox == []


def test_names_of_150_characters_are_accepted(practitioner):
    client = invite(practitioner, first_name="f" * 150, last_name=" " + "l" * 150 + " ")

    assert (len(client.first_name), client.last_name) == (150, "l" * 150)


def test_sharing_with_an_active_client_mails_them_in_their_language(
    practitioner, django_capture_on_commit_callbacks
):
    client = User.objects.create_user(
        "ada@example.com", PASSWORD, first_name="Ada", user_type_id=UserType.CLIENT, language="de"
    )

    with django_capture_on_commit_callbacks(execute=True):
        client_protocol_shared_notify(client=client, practitioner=practitioner, protocol_name="Evening calm")

    [message] = mail.outbox
    assert message.to == ["ada@example.com"]
    assert message.subject == "Pat Lee hat ein Protokoll mit Ihnen geteilt"
    assert message.body.startswith("Hallo Ada,\n\n")
    assert "Pat Lee hat das Protokoll „Evening calm“ mit Ihnen geteilt." in message.body
    assert "Meine Protokolle ansehen: http://127.0.0.1:8000/de/account/protocols\n" in message.body
    assert 'href="http://127.0.0.1:8000/de/account/protocols"' in html_of(message)


def test_the_english_shared_protocol_mail(practitioner, django_capture_on_commit_callbacks):
    client = User.objects.create_user(
        "ada@example.com", PASSWORD, first_name="Ada", user_type_id=UserType.CLIENT
    )

    with django_capture_on_commit_callbacks(execute=True):
        client_protocol_shared_notify(client=client, practitioner=practitioner, protocol_name="Evening calm")

    [message] = mail.outbox
    assert message.subject == "Pat Lee has shared a protocol with you"
    assert "Pat Lee has shared the protocol “Evening calm” with you." in message.body
    assert "View my protocols: http://127.0.0.1:8000/en/account/protocols\n" in message.body


def test_an_inactive_client_gets_no_shared_protocol_mail(practitioner, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        invited = invite(practitioner)
    mail.outbox.clear()

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        client_protocol_shared_notify(client=invited, practitioner=practitioner, protocol_name="Evening calm")

    assert callbacks == []
    assert mail.outbox == []
