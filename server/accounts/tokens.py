"""Access tokens (JWT, HS256, docs/architecture.md, "Accounts, tokens and socket tickets") and the random
secrets behind refresh and link tokens."""

from __future__ import annotations

import hashlib
import secrets
import uuid
from dataclasses import dataclass
from datetime import timedelta

import jwt
from django.conf import settings
from django.utils import timezone

from server.accounts.errors import InvalidToken, TokenExpired

ACCESS_TOKEN_LIFETIME = timedelta(minutes=60)
ALGORITHM = "HS256"
ACCESS_TYPE = "access"


@dataclass(frozen=True)
class AccessClaims:
    user_id: int
    session_id: uuid.UUID
    user_type_id: int


def _signing_key() -> str:
    # A key of its own, derived from SECRET_KEY, so a token can never pass for another signed value.
    return hashlib.sha256(f"shop-access-token:{settings.SECRET_KEY}".encode()).hexdigest()


def issue_access_token(*, user_id: int, session_id: uuid.UUID, user_type_id: int) -> str:
    now = timezone.now()
    claims = {
        "sub": str(user_id),
        "sid": str(session_id),
        "typ": ACCESS_TYPE,
        "ut": user_type_id,
        "iat": int(now.timestamp()),
        "exp": int((now + ACCESS_TOKEN_LIFETIME).timestamp()),
        "jti": secrets.token_hex(8),
    }
    return jwt.encode(claims, _signing_key(), algorithm=ALGORITHM)


def decode_access_token(token: str) -> AccessClaims:
    try:
        claims = jwt.decode(
            token,
            _signing_key(),
            algorithms=[ALGORITHM],  # one algorithm only: `none` and key-confusion tricks fail here
            options={"require": ["sub", "sid", "typ", "exp", "iat"]},
        )
    except jwt.ExpiredSignatureError as exc:
        raise TokenExpired() from exc
    except jwt.PyJWTError as exc:
        raise InvalidToken() from exc
    if claims.get("typ") != ACCESS_TYPE:
        raise InvalidToken()
    try:
        return AccessClaims(
            user_id=int(claims["sub"]),
            session_id=uuid.UUID(claims["sid"]),
            user_type_id=int(claims.get("ut", 0)),
        )
    except (TypeError, ValueError) as exc:
        raise InvalidToken() from exc


def new_secret() -> str:
    """256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()
