import base64
import hashlib
import hmac
import os
from datetime import timedelta

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from django.utils import timezone
from hypothesis import given, settings
from hypothesis import strategies as st
from ninja.testing import TestClient

from server.accounts.models import User, UserType
from server.config.api import api
from server.core.multipass import InvalidMultipass, decode, encode
from server.providers.models import Ad, MarketingEvent

SECRET = "shop-multipass-secret"
client = TestClient(api)


@pytest.fixture
def multipass_secret(settings):
    settings.MULTIPASS_SECRETS = {"shopify": SECRET}


def fresh_payload(**extra):
    return {
        "email": "Buyer@Example.com",
        "created_at": timezone.now().isoformat(),
        "first_name": "Bo",
        **extra,
    }


def sign_raw(plain: bytes) -> str:
    """Encrypt bytes as they are (no padding added) and sign them, to reach the padding check."""
    material = hashlib.sha256(SECRET.encode()).digest()
    iv = os.urandom(16)
    encryptor = Cipher(algorithms.AES(material[:16]), modes.CBC(iv)).encryptor()
    ciphertext = iv + encryptor.update(plain) + encryptor.finalize()
    return base64.urlsafe_b64encode(
        ciphertext + hmac.new(material[16:], ciphertext, hashlib.sha256).digest()
    ).decode()


def post_multipass(token: str, provider: str = "shopify"):
    return client.post(f"/v2/providers/{provider}/multipass", json={"multipass": token})


def test_a_multipass_token_round_trips():
    assert decode(encode({"email": "a@b.c"}, secret=SECRET), secret=SECRET) == {"email": "a@b.c"}


@pytest.mark.django_db
def test_a_new_customer_is_created_and_signed_in(multipass_secret):
    response = post_multipass(encode(fresh_payload(), secret=SECRET))

    assert response.status_code == 200
    user = User.objects.get(email="buyer@example.com")
    assert (user.user_type_id, user.is_active, user.first_name, user.has_usable_password()) == (
        4,
        True,
        "Bo",
        False,
    )
    assert response.json()["user_type_id"] == 4


@pytest.mark.django_db
def test_an_existing_customer_is_signed_in_not_duplicated(multipass_secret):
    User.objects.create_user("buyer@example.com", "Demo-pass-2026!", user_type_id=UserType.CLIENT)

    assert post_multipass(encode(fresh_payload(), secret=SECRET)).status_code == 200
    assert User.objects.count() == 1


@pytest.mark.django_db
def test_a_replayed_token_is_refused(multipass_secret):
    token = encode(fresh_payload(), secret=SECRET)

    first, second = post_multipass(token), post_multipass(token)

    assert (first.status_code, second.status_code) == (200, 401)
    assert second.json()["message"] == "This multipass token was used already."


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("token_of", "message"),
    [
        (lambda: encode(fresh_payload(), secret="another-secret"), "The multipass token is not valid."),
        (lambda: encode(fresh_payload(), secret=SECRET)[:-4] + "AAAA", "The multipass token is not valid."),
        (lambda: sign_raw(b"x" * 32), "The multipass token is not valid."),
        (
            lambda: encode(
                fresh_payload(created_at=(timezone.now() - timedelta(minutes=6)).isoformat()), secret=SECRET
            ),
            "The multipass token has expired.",
        ),
        (
            lambda: encode(
                fresh_payload(created_at=(timezone.now() + timedelta(hours=1)).isoformat()), secret=SECRET
            ),
            "The multipass token has expired.",
        ),
        (
            lambda: encode(fresh_payload(created_at="yesterday"), secret=SECRET),
            "The multipass token has no valid created_at time.",
        ),
        (
            lambda: encode(fresh_payload(email="not-an-email"), secret=SECRET),
            "The multipass token has no valid e-mail address.",
        ),
        (lambda: "%%%not-base64%%%", "The multipass token is not valid."),
        (lambda: "", "The multipass token is not valid."),
    ],
)
def test_bad_tokens_are_a_401_and_create_no_account(multipass_secret, token_of, message):
    response = post_multipass(token_of())

    assert response.status_code == 401
    assert response.json()["message"] == message
    assert not User.objects.exists()


@pytest.mark.django_db
def test_an_unknown_provider_is_a_404(multipass_secret):
    assert post_multipass(encode(fresh_payload(), secret=SECRET), provider="nope").status_code == 404


@given(
    st.one_of(
        st.text(max_size=300), st.binary(max_size=300).map(lambda b: base64.urlsafe_b64encode(b).decode())
    )
)
@settings(max_examples=300)
def test_the_decoder_refuses_any_unsigned_input_with_its_own_error(token):
    with pytest.raises(InvalidMultipass):
        decode(token, secret=SECRET)


@pytest.mark.django_db
def test_ads_are_paged_by_type_and_need_a_sign_in(django_user_model):
    for position in range(3):
        Ad.objects.create(title=f"Ad {position}", ad_type=2, position=position)
    Ad.objects.create(title="Banner", ad_type=1)
    Ad.objects.create(title="Retired", ad_type=2, is_active=False)
    django_user_model.objects.create_user("ada@example.com", "Demo-pass-2026!")
    credentials = {"email": "ada@example.com", "password": "Demo-pass-2026!"}
    token = client.post("/v2/auth/login", json=credentials).json()
    signed_in = {"Authorization": f"Bearer {token['access_token']}"}

    page = client.get("/v2/providers/local/account/ads?page=2&limit=2", headers=signed_in)
    anonymous = client.get("/v2/providers/local/account/ads")

    assert [ad["title"] for ad in page.json()["data"]] == ["Ad 2"]
    assert (page.json()["total_results"], page.json()["total_pages"]) == (3, 2)
    assert anonymous.status_code == 401


@pytest.mark.django_db
def test_marketing_events_are_recorded_for_visitors_and_users():
    response = client.post(
        "/v2/providers/local/marketing-event/create", json={"marketing_event_trigger_id": 7}
    )
    refused = client.post(
        "/v2/providers/local/marketing-event/create", json={"marketing_event_trigger_id": -1}
    )
    unknown = client.post(
        "/v2/providers/other/marketing-event/create", json={"marketing_event_trigger_id": 7}
    )

    assert response.status_code == 201
    event = MarketingEvent.objects.get()
    assert (event.trigger_id, event.user) == (7, None)
    assert (refused.status_code, unknown.status_code) == (422, 404)


@pytest.mark.django_db
def test_sign_in_records_the_logged_in_event_of_the_user_type(django_user_model):
    django_user_model.objects.create_user(
        "pat@example.com", "Demo-pass-2026!", user_type_id=UserType.PRACTITIONER
    )

    client.post("/v2/auth/login", json={"email": "pat@example.com", "password": "Demo-pass-2026!"})

    assert list(MarketingEvent.objects.values_list("trigger_id", flat=True)) == [13]


@pytest.mark.django_db
def test_a_manager_adds_an_ad_in_the_admin_and_it_is_served(django_user_model):
    from django.test import Client as BrowserClient

    boss = django_user_model.objects.create_superuser("boss@example.com", "Demo-pass-2026!")
    browser = BrowserClient()
    browser.force_login(boss)

    added = browser.post(
        "/admin/providers/ad/add/",
        {"provider": "local", "ad_type": 2, "title": "Autumn immunity", "body": "New range", "position": 0,
         "is_active": "on"},
    )  # fmt: skip

    assert added.status_code == 302
    assert list(Ad.objects.values_list("title", flat=True)) == ["Autumn immunity"]
