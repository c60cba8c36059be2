"""The money rules, in one place (docs/architecture.md, "Money"): line prices, the client's discount, VAT
included in prices, shipping, order totals and commission. The cart, checkout, orders and earnings all
call these functions, so a total shown in the cart is the total the order charges.

Every amount is a `Decimal` in the currency's major unit, rounded to the cent half up (commission half
even, as the issue of earnings asks), and every rule is
applied per line so that the parts always add up to the whole: an order's discount is the sum of its lines'
discounts, its VAT the sum of its lines' VAT plus the shipping's, and its total the sum of the line totals
plus shipping. Prices include VAT (a shop for consumers); VAT is worked out of a gross amount, never
added to it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
HUNDRED = Decimal(100)


def round_money(value: Decimal | int | str) -> Decimal:
    """Half up to the cent: 0.005 is 0.01, the rounding a shopper expects on a receipt."""
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


def percent_of(amount: Decimal, rate: Decimal) -> Decimal:
    """`rate` percent of `amount`, rounded to the cent."""
    return round_money(amount * rate / HUNDRED)


def vat_in(gross: Decimal, rate: Decimal) -> Decimal:
    """The VAT contained in a gross (VAT-included) amount at `rate` percent."""
    if rate <= 0:
        return ZERO
    return round_money(gross * rate / (HUNDRED + rate))


def stacked_rate(*rates: Decimal) -> Decimal:
    """Discounts that stack, as one rate: each taken off what the one before left (10 % and 5 % make
    14.5 %, never more than 100 %). The auto-refill discount stacks on the client's this way
    (docs/decisions/0042-automatic-refills.md)."""
    left = Decimal(1)
    for rate in rates:
        left *= max(Decimal(0), HUNDRED - rate) / HUNDRED
    return max(Decimal(0), HUNDRED - left * HUNDRED).quantize(Decimal("0.0001"))


@dataclass(frozen=True)
class LineAmounts:
    """One order line: `gross` is unit price x quantity, `total` what the buyer pays for it."""

    unit_price: Decimal
    quantity: int
    gross: Decimal
    discount: Decimal
    total: Decimal
    vat_rate: Decimal
    vat: Decimal


def line_amounts(
    *, unit_price: Decimal, quantity: int, discount_rate: Decimal, vat_rate: Decimal
) -> LineAmounts:
    """A line's money: the discount is taken off the line, and its VAT is worked out of what remains."""
    if quantity < 0:
        raise ValueError("a quantity is never negative")
    unit = round_money(unit_price)
    gross = round_money(unit * quantity)
    discount = min(percent_of(gross, discount_rate), gross)
    total = gross - discount
    return LineAmounts(unit, quantity, gross, discount, total, vat_rate, vat_in(total, vat_rate))


def shipping_cost(*, price: Decimal, free_over: Decimal | None, goods_total: Decimal) -> Decimal:
    """A method's price, or nothing once the goods (after discount) reach its free-shipping threshold."""
    if free_over is not None and goods_total >= free_over:
        return ZERO
    return round_money(price)


@dataclass(frozen=True)
class Totals:
    subtotal: Decimal  # the lines' gross amounts
    discount: Decimal
    shipping: Decimal
    vat: Decimal  # included in `total`
    total: Decimal


def order_totals(*, lines: Iterable[LineAmounts], shipping: Decimal, shipping_vat_rate: Decimal) -> Totals:
    """The order's totals as sums of its parts; shipping carries VAT at the destination's standard rate."""
    items = list(lines)
    subtotal = sum((line.gross for line in items), ZERO)
    discount = sum((line.discount for line in items), ZERO)
    goods = sum((line.total for line in items), ZERO)
    vat = sum((line.vat for line in items), ZERO) + vat_in(shipping, shipping_vat_rate)
    return Totals(subtotal, discount, shipping, vat, goods + shipping)


def round_money_even(value: Decimal) -> Decimal:
    """Half even to the cent (banker's rounding): for commission, so that over many lines the half cents
    do not all go one way."""
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_EVEN)


def commission_of(*, net: Decimal, commission_rate: Decimal, discount_rate: Decimal) -> Decimal:
    """A practitioner's commission on one paid line: its net amount (what the buyer paid, VAT excluded)
    times the commission rate less the client's discount rate (never below nothing), rounded half even to
    the cent once, on the line."""
    share = max(Decimal(0), commission_rate - discount_rate)
    return round_money_even(net * share / HUNDRED)


def commission_reversed_by(*, earned: Decimal, refunded: Decimal, total: Decimal) -> Decimal:
    """How much of a line's commission a refund of `refunded` (all refunds so far) out of the order's
    `total` takes back, in proportion, rounded half even; a full refund takes back all of it."""
    if total <= 0 or refunded >= total:
        return earned
    return round_money_even(earned * refunded / total)


def money_text(amount: Decimal, currency: str) -> str:
    """An amount as the region writes it (spec: docs/spec-coverage.md#s9-currency-uk-gbp-en): GBP as en-GB
    (`£1,234.50`), EUR as de-DE (`1.234,50 €`); for e-mails, which the web app's formatter cannot reach."""
    text = f"{round_money(amount):,.2f}"
    if currency == "GBP":
        return f"£{text}"
    return text.replace(",", " ").replace(".", ",").replace(" ", ".") + "\u00a0€"
