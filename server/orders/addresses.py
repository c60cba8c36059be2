"""Shipping and billing addresses: the fields every country needs, and the postcode rules of the countries
the shop ships to most (GB, NL, BE, DE, FR); elsewhere a postcode only has to be there."""

from __future__ import annotations

import re
from typing import TypedDict

from server.core.errors import InvalidInput

MAX_LENGTHS = {"first_name": 80, "last_name": 80, "line1": 120, "line2": 120, "city": 80, "postcode": 16}
REQUIRED = ("first_name", "last_name", "line1", "city", "postcode", "country")

# Postcode shapes, compared upper-case with runs of spaces made single.
POSTCODES: dict[str, re.Pattern[str]] = {
    # Royal Mail's outward and inward codes (e.g. SW1A 1AA, M1 1AE); the space is optional when typed.
    "GB": re.compile(r"^(GIR ?0AA|[A-Z]{1,2}[0-9][0-9A-Z]? ?[0-9][A-Z]{2})$"),
    "NL": re.compile(r"^[1-9][0-9]{3} ?(?!SA|SD|SS)[A-Z]{2}$"),
    "BE": re.compile(r"^[1-9][0-9]{3}$"),
    "DE": re.compile(r"^(?!00)[0-9]{5}$"),
    "FR": re.compile(r"^(?:0[1-9]|[1-8][0-9]|9[0-8])[0-9]{3}$"),
}


class AddressOut(TypedDict):
    first_name: str
    last_name: str
    line1: str
    line2: str
    city: str
    postcode: str
    country: str


Address = AddressOut


def postcode_normalise(country: str, postcode: str) -> str:
    """Upper case, single spaces; GB and NL get their usual space (SW1A1AA is SW1A 1AA, 1234AB 1234 AB)."""
    code = " ".join(postcode.upper().split())
    if country == "GB" and " " not in code and len(code) >= 5:
        code = f"{code[:-3]} {code[-3:]}"
    if country == "NL" and " " not in code and len(code) == 6:
        code = f"{code[:4]} {code[4:]}"
    return code


def address_clean(data: dict[str, object], *, field: str, countries: set[str]) -> Address:
    """The address with its texts trimmed and its postcode normalised, or InvalidInput naming each field
    (`shipping_address.postcode: ["invalid"]`). `countries`: where the caller's store ships to."""
    errors: dict[str, list[str]] = {}
    values: dict[str, str] = {}
    for name in (*REQUIRED, "line2"):
        raw = data.get(name, "")
        text = raw.strip() if isinstance(raw, str) else ""
        if not isinstance(raw, str | type(None)):
            errors[f"{field}.{name}"] = ["invalid"]
        elif name in REQUIRED and not text:
            errors[f"{field}.{name}"] = ["required"]
        elif name in MAX_LENGTHS and len(text) > MAX_LENGTHS[name]:
            errors[f"{field}.{name}"] = ["too long"]
        values[name] = text
    country = values["country"].upper()
    if country and country not in countries:
        errors[f"{field}.country"] = ["not shipped to"]
    postcode = postcode_normalise(country, values["postcode"])
    rule = POSTCODES.get(country)
    if values["postcode"] and rule is not None and not rule.match(postcode):
        errors[f"{field}.postcode"] = ["invalid"]
    if errors:
        raise InvalidInput("Please check the address.", errors=errors)
    return {
        "first_name": values["first_name"],
        "last_name": values["last_name"],
        "line1": values["line1"],
        "line2": values["line2"],
        "city": values["city"],
        "postcode": postcode,
        "country": country,
    }
