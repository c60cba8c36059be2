"""Property tests of the money rules (server/core/pricing.py): whatever the prices, quantities, discounts
and VAT rates, the parts add up to the whole, to the cent."""

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from server.core.pricing import (
    CENT,
    ZERO,
    commission_of,
    commission_reversed_by,
    line_amounts,
    money_text,
    order_totals,
    round_money,
    shipping_cost,
    vat_in,
)

prices = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("9999.99"), places=2)
quantities = st.integers(min_value=0, max_value=999)
rates = st.sampled_from([Decimal(rate) for rate in ("0", "5", "10", "15", "20")])
VAT_RATES = ("0", "5", "6", "9", "17", "19", "20", "21", "25", "27")
vat_rates = st.sampled_from([Decimal(rate) for rate in VAT_RATES])
lines = st.lists(st.tuples(prices, quantities, vat_rates), min_size=1, max_size=30)


def is_cents(value: Decimal) -> bool:
    return value == value.quantize(CENT)


@given(prices, quantities, rates, vat_rates)
def test_a_line_is_its_gross_less_its_discount_and_contains_its_vat(price, quantity, rate, vat_rate):
    line = line_amounts(unit_price=price, quantity=quantity, discount_rate=rate, vat_rate=vat_rate)

    assert line.gross == price * quantity
    assert line.total + line.discount == line.gross
    assert ZERO <= line.discount <= line.gross
    assert ZERO <= line.vat <= line.total
    assert all(is_cents(value) for value in (line.gross, line.discount, line.total, line.vat))


@given(lines, rates, prices, vat_rates)
@settings(max_examples=300)
def test_order_totals_are_the_sums_of_their_lines_and_shipping(items, rate, shipping, shipping_vat):
    amounts = [
        line_amounts(unit_price=price, quantity=quantity, discount_rate=rate, vat_rate=vat)
        for price, quantity, vat in items
    ]
    totals = order_totals(lines=amounts, shipping=shipping, shipping_vat_rate=shipping_vat)

    assert totals.subtotal == sum(line.gross for line in amounts)
    assert totals.discount == sum(line.discount for line in amounts)
    assert totals.total == totals.subtotal - totals.discount + shipping
    assert totals.total == sum(line.total for line in amounts) + shipping
    assert totals.vat == sum(line.vat for line in amounts) + vat_in(shipping, shipping_vat)
    assert totals.vat <= totals.total


@given(prices, vat_rates)
def test_vat_worked_out_of_a_price_that_includes_it_is_within_a_cent_of_the_true_share(net, rate):
    gross = round_money(net * (1 + rate / 100))

    assert abs(vat_in(gross, rate) - gross * rate / (100 + rate)) <= CENT / 2
    assert vat_in(gross, Decimal(0)) == ZERO


def test_rounding_is_half_up_to_the_cent():
    assert round_money(Decimal("0.005")) == Decimal("0.01")
    assert round_money(Decimal("2.675")) == Decimal("2.68")
    assert vat_in(Decimal("12.10"), Decimal(21)) == Decimal("2.10")
    line = line_amounts(
        unit_price=Decimal("9.99"), quantity=3, discount_rate=Decimal(15), vat_rate=Decimal(20)
    )
    assert (line.gross, line.discount, line.total, line.vat) == (
        Decimal("29.97"),
        Decimal("4.50"),
        Decimal("25.47"),
        Decimal("4.25"),
    )


def test_shipping_is_free_from_the_threshold_of_the_goods_after_discount():
    standard = {"price": Decimal("4.95"), "free_over": Decimal("50")}
    assert shipping_cost(**standard, goods_total=Decimal("49.99")) == Decimal("4.95")
    assert shipping_cost(**standard, goods_total=Decimal("50.00")) == ZERO
    assert shipping_cost(price=Decimal("9.95"), free_over=None, goods_total=Decimal("999")) == Decimal("9.95")


rates = st.decimals(min_value=0, max_value=50, places=2)


@given(prices, rates, st.sampled_from([Decimal(0), Decimal(5), Decimal(10), Decimal(15), Decimal(20)]))
def test_commission_is_the_rate_less_the_discount_of_the_net_to_the_cent(net, rate, discount):
    commission = commission_of(net=net, commission_rate=rate, discount_rate=discount)

    assert is_cents(commission)
    assert commission >= 0
    assert abs(commission - net * max(Decimal(0), rate - discount) / 100) <= CENT / 2


def test_commission_rounds_half_even_once_on_the_line():
    # 20 % - 10 % of 0.25 is 0.025: half even gives 0.02, half up would give 0.03; of 0.35, 0.035 -> 0.04.
    assert commission_of(
        net=Decimal("0.25"), commission_rate=Decimal(20), discount_rate=Decimal(10)
    ) == Decimal("0.02")
    assert commission_of(
        net=Decimal("0.35"), commission_rate=Decimal(20), discount_rate=Decimal(10)
    ) == Decimal("0.04")
    # A discount above the rate earns nothing (never a negative commission).
    assert commission_of(net=Decimal("100"), commission_rate=Decimal(10), discount_rate=Decimal(15)) == ZERO


@given(prices, prices, prices)
def test_refunds_take_back_commission_in_proportion_and_all_of_it_at_the_end(earned, refunded, total):
    taken = commission_reversed_by(earned=earned, refunded=min(refunded, total), total=total)

    assert is_cents(taken) and 0 <= taken <= earned
    assert commission_reversed_by(earned=earned, refunded=total, total=total) == earned


def test_money_is_written_as_the_region_writes_it():
    assert money_text(Decimal("1234.5"), "GBP") == "£1,234.50"
    assert money_text(Decimal("1234.5"), "EUR") == "1.234,50\u00a0€"
    assert money_text(Decimal("0.005"), "EUR") == "0,01\u00a0€"
