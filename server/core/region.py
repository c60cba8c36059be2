"""Region and money (docs/architecture.md, "HTTP API rules", spec
docs/spec-coverage.md#s9-currency-uk-gbp-en): GBP for the uk region, EUR for every other."""

from __future__ import annotations

import zoneinfo
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from typing import Protocol

from django.http import HttpRequest
from django.utils import timezone

CENT = Decimal("0.01")


class Region(StrEnum):
    UK = "uk"
    EU = "eu"

    @property
    def currency(self) -> str:
        return "GBP" if self is Region.UK else "EUR"

    @property
    def price_field(self) -> str:
        """The column of a product's or variant's price in this region's currency."""
        return "price_gbp" if self is Region.UK else "price_eur"

    @property
    def time_zone(self) -> zoneinfo.ZoneInfo:
        """The zone of the store's calendar days (parcels, schedules): London for the UK, Amsterdam for the
        EU."""
        return zoneinfo.ZoneInfo("Europe/London" if self is Region.UK else "Europe/Amsterdam")

    def today(self) -> date:
        return timezone.localdate(timezone=self.time_zone)

    def price_of(self, priced: Priced) -> Decimal:
        """A product's or variant's price in this region's currency."""
        return priced.price_gbp if self is Region.UK else priced.price_eur


class Priced(Protocol):
    price_eur: Decimal
    price_gbp: Decimal


def request_region(request: HttpRequest) -> Region:
    """The `X-Region` header the web app sends from its geo lookup; anything but `uk` means EUR."""
    return header_region(request.headers.get("X-Region", ""))


def header_region(header: str) -> Region:
    return Region.UK if header.strip().lower() == Region.UK else Region.EU


def money(value: Decimal | int | str) -> Decimal:
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)
