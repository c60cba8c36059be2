"""Payouts (docs/decisions/0020-practitioner-earnings.md): a practitioner's payout details, and the monthly
payout run staff start in the admin. A run pays each balance (as it stood when the month ended) that reaches
the minimum, to the practitioners whose store has a payout method with its details; the others are listed and
told by e-mail."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal
from functools import partial

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.utils import timezone

from server.accounts.models import MilestoneId, User
from server.accounts.services import milestone_reach
from server.core.errors import Conflict, InvalidInput
from server.core.mail import send_templated_email
from server.core.pricing import money_text, round_money
from server.earnings.models import EntryKind, LedgerEntry, Payout, PayoutAccount, PayoutRun, PayoutSettings
from server.earnings.services.ledger import earnings_tell
from server.stores.models import PayoutMethod, Store

IBAN_SHAPE = re.compile(r"^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$")


class MonthNotOver(Conflict):
    message = "A month is paid out once it is over."


class RunAlreadyMade(Conflict):
    message = "The payouts of this month have been run already."


def iban_valid(iban: str) -> bool:
    """ISO 13616: the shape, then the check digits (the number mod 97 is 1)."""
    if not IBAN_SHAPE.match(iban):
        return False
    moved = iban[4:] + iban[:4]
    return int("".join(str(int(char, 36)) for char in moved)) % 97 == 1


@transaction.atomic
def payout_account_set(
    *, practitioner: User, account_holder: str, iban: str, paypal_email: str
) -> PayoutAccount:
    holder = account_holder.strip()
    iban = re.sub(r"\s+", "", iban).upper()
    email = paypal_email.strip().lower()
    errors: dict[str, list[str]] = {}
    if len(holder) > 120:
        errors["account_holder"] = ["too long"]
    if iban and not iban_valid(iban):
        errors["iban"] = ["invalid"]
    if iban and not holder:
        errors["account_holder"] = ["required"]
    if email:
        try:
            validate_email(email)
        except ValidationError:
            errors["paypal_email"] = ["invalid"]
    if errors:
        raise InvalidInput("Check the payout details.", errors=errors)
    account, _ = PayoutAccount.objects.update_or_create(
        practitioner=practitioner, defaults={"account_holder": holder, "iban": iban, "paypal_email": email}
    )
    return account


@dataclass
class RunResult:
    run: PayoutRun
    payouts: list[Payout]
    # Balances that reached the minimum but have nowhere to go: (practitioner, currency, balance).
    waiting: list[tuple[User, str, Decimal]] = field(default_factory=list)


def _destination(method: str, account: PayoutAccount | None) -> str:
    if account is None:
        return ""
    if method == PayoutMethod.BANK_ACCOUNT:
        return account.iban
    if method == PayoutMethod.PAYPAL:
        return account.paypal_email
    return ""


def payout_month_check(*, month: date, today: date | None = None) -> tuple[date, date]:
    """The month's first day and the day after it, once the month is over and not yet paid out."""
    first = date(month.year, month.month, 1)
    end = date(first.year + first.month // 12, first.month % 12 + 1, 1)
    if (today or timezone.now().date()) < end:
        raise MonthNotOver(errors={"month": ["not over"]})
    if PayoutRun.objects.filter(month=first).exists():
        raise RunAlreadyMade(errors={"month": ["already run"]})
    return first, end


def payout_run_start(*, month: date, by: User, today: date | None = None) -> RunResult:
    """Run the payouts of `month` (any day of it). Refused while the month is not over and when it was run
    already; two runs started at once make one (the month is unique, the loser gets a 409)."""
    first, end = payout_month_check(month=month, today=today)
    try:
        result = _run(first=first, end=datetime(end.year, end.month, end.day, tzinfo=UTC), by=by)
    except IntegrityError as exc:
        raise RunAlreadyMade(errors={"month": ["already run"]}) from exc
    for practitioner, currency, balance in result.waiting:
        transaction.on_commit(partial(_tell_no_method, practitioner, currency, balance))
    return result


@transaction.atomic
def _run(*, first: date, end: datetime, by: User) -> RunResult:
    if PayoutRun.objects.filter(month=first).exists():
        raise RunAlreadyMade(errors={"month": ["already run"]})
    run = PayoutRun.objects.create(month=first, by=by)
    limits, _ = PayoutSettings.objects.get_or_create(pk=1)
    balances = (
        LedgerEntry.objects.filter(at__lt=end)
        .values("practitioner", "currency")
        .annotate(total=Sum("amount"))
        .order_by("practitioner", "currency")
    )
    due = [
        (row["practitioner"], row["currency"], round_money(row["total"]))
        for row in balances
        if round_money(row["total"]) >= limits.minimum(row["currency"])
    ]
    people = {user.pk: user for user in User.objects.filter(pk__in={p for p, _, _ in due})}
    methods = dict(Store.objects.filter(owner_id__in=people).values_list("owner_id", "payout_method"))
    accounts = {a.practitioner_id: a for a in PayoutAccount.objects.filter(practitioner_id__in=people)}
    now = timezone.now()
    result = RunResult(run=run, payouts=[])
    for practitioner_id, currency, balance in due:
        method = methods.get(practitioner_id, PayoutMethod.NOT_SET)
        account = accounts.get(practitioner_id)
        destination = _destination(method, account)
        if not destination:
            result.waiting.append((people[practitioner_id], currency, balance))
            continue
        payout = Payout.objects.create(
            run=run,
            practitioner_id=practitioner_id,
            currency=currency,
            amount=balance,
            method=method,
            account_holder=(account.account_holder if account else "") or _name(people[practitioner_id]),
            destination=destination,
        )
        LedgerEntry.objects.create(
            practitioner_id=practitioner_id,
            kind=EntryKind.PAID_OUT,
            amount=-balance,
            currency=currency,
            reference=f"payout:{payout.pk}",
            by=by,
            at=now,
        )
        earnings_tell({practitioner_id}, currency)
        # The first payout sets the practitioner's tier: an earning practitioner
        # (docs/decisions/0020-practitioner-earnings.md).
        milestone_reach(user=people[practitioner_id], milestone=MilestoneId.TIER_ID)
        result.payouts.append(payout)
    return result


def _name(user: User) -> str:
    return f"{user.first_name} {user.last_name}".strip() or user.email


def _tell_no_method(practitioner: User, currency: str, balance: Decimal) -> None:
    send_templated_email(
        to=practitioner.email,
        texts="payout_method_missing",
        language=practitioner.language,
        context={
            "first_name": practitioner.first_name or practitioner.email,
            "amount": money_text(balance, currency),
            "link": f"{settings.PUBLIC_URL}/{practitioner.language}/account/practitioner/store",
        },
    )
