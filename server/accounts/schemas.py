from __future__ import annotations

from ninja import Field, Schema

from server.accounts.models import ExpertiseLevel, HealthProfession, OrganisationType


class LoginIn(Schema):
    email: str = Field(max_length=254)
    password: str = Field(max_length=256)
    # A page of the commerce provider's store to land on, signed in there by multipass.
    return_to: str | None = Field(default=None, max_length=2000)


class TokensOut(Schema):
    access_token: str
    refresh_token: str
    user_type_id: int


class RegisterIn(Schema):
    email: str = Field(max_length=254)
    password: str = Field(max_length=256)
    user_type_id: int | None = None
    first_name: str = Field(min_length=1, max_length=150)
    last_name: str = Field(min_length=1, max_length=150)
    health_profession: HealthProfession | None = None
    expertise_level: ExpertiseLevel | None = None
    organisation_type: OrganisationType | None = None
    phone: str = Field(default="", max_length=40)
    language: str | None = Field(default=None, max_length=8)


class RegisterOut(Schema):
    message: str
    user_id: int


class TokenIn(Schema):
    token: str = Field(max_length=200)


class EmailIn(Schema):
    email: str = Field(max_length=254)


class ResetIn(Schema):
    password: str = Field(max_length=256)
    confirm_password: str = Field(max_length=256)


class ResetOut(TokensOut):
    message: str


class MessageOut(Schema):
    message: str


class GeoOut(Schema):
    country: str | None
    country_code: str | None
