"""Equivalent products (docs/decisions/0041-substitutes.md): what staff marked as interchangeable, what the
admin proposes to mark (products whose supplement facts match within 10 % per serving), and how a
substitute's serving compares with the original's.

A product is equivalent as a whole; what is offered is one of its variants: the one whose serving is
closest to the original's among those that can be bought now."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from django.db import IntegrityError, transaction
from django.db.models import Count, Q

from server.accounts.models import User
from server.catalog.facts import VariantFacts, variant_facts
from server.catalog.models import Availability, Product, ProductVariant, SupplementFactAmount
from server.core.errors import InvalidInput
from server.stock.models import Equivalence

# Two servings "match" when they hold the same nutrients in the same forms, each amount within this share
# of the other's.
TOLERANCE = Decimal("0.10")
RATIO_PLACES = Decimal("0.01")

Reason = Literal["same_facts", "marked"]


def _per_nutrient(facts: VariantFacts) -> dict[str, Decimal]:
    totals: dict[str, Decimal] = {}
    for amount in facts.nutrient_amounts():
        totals[amount.nutrient] = totals.get(amount.nutrient, Decimal(0)) + amount.per_serving
    return totals


def dose_ratio(original: VariantFacts | None, substitute: VariantFacts | None) -> Decimal | None:
    """How much one serving of the substitute holds against one of the original: the mean, over the
    nutrients both hold, of substitute / original, to two places (1.00: the same; 0.50: half). None when
    either has no facts or they share no nutrient."""
    if original is None or substitute is None:
        return None
    mine, theirs = _per_nutrient(original), _per_nutrient(substitute)
    shared = [key for key in mine if key in theirs and mine[key] > 0]
    if not shared:
        return None
    mean = sum((theirs[key] / mine[key] for key in shared), Decimal(0)) / len(shared)
    return mean.quantize(RATIO_PLACES)


def facts_match(original: VariantFacts, candidate: VariantFacts) -> bool:
    """The same nutrients in the same forms, each within TOLERANCE of the original's amount per serving."""
    mine = {(a.nutrient, a.form): a.per_serving for a in original.nutrient_amounts()}
    theirs = {(a.nutrient, a.form): a.per_serving for a in candidate.nutrient_amounts()}
    if not mine or mine.keys() != theirs.keys():
        return False
    return all(abs(theirs[key] - amount) <= amount * TOLERANCE for key, amount in mine.items())


@dataclass(frozen=True)
class Candidate:
    """A product the admin proposes as an equivalent: `variant_id` matches the product's `matches_id`."""

    product_id: int
    product_name: str
    variant_id: int
    sku: str
    matches_id: int
    dose_ratio: Decimal | None


def equivalence_candidates(*, product_id: int, limit: int = 50) -> list[Candidate]:
    """Other products with a variant whose facts match one of this product's within TOLERANCE, not yet
    marked, closest first."""
    own = variant_facts(
        variant_ids=ProductVariant.objects.filter(product_id=product_id).values_list("id", flat=True)
    )
    marked = set(Equivalence.objects.filter(product_id=product_id).values_list("equivalent_id", flat=True))
    found: dict[int, tuple[int, Decimal | None]] = {}  # variant -> the own variant it matches, the ratio
    for facts in own.values():
        keys = {amount.nutrient for amount in facts.nutrient_amounts()}
        if not keys:
            continue
        # Facts holding exactly as many nutrients, all of them among this one's: the forms and amounts are
        # compared below on the few that remain.
        ids = (
            SupplementFactAmount.objects.exclude(facts__variant__product_id__in=[product_id, *marked])
            .values("facts_id")
            .annotate(total=Count("id"), shared=Count("id", filter=Q(nutrient__in=keys)))
            .filter(total=len(facts.amounts), shared=len(facts.amounts))
            .values_list("facts_id", flat=True)[:500]
        )
        for other in variant_facts(variant_ids=list(ids)).values():
            ratio = dose_ratio(facts, other)
            held = found.get(other.variant_id)
            if facts_match(facts, other) and (held is None or _distance(ratio) < _distance(held[1])):
                found[other.variant_id] = (facts.variant_id, ratio)
    by_product: dict[int, Candidate] = {}
    for row in ProductVariant.objects.filter(pk__in=found).values("id", "sku", "product_id", "product__name"):
        matches_id, ratio = found[row["id"]]
        candidate = Candidate(
            row["product_id"], row["product__name"], row["id"], row["sku"], matches_id, ratio
        )
        best = by_product.get(candidate.product_id)
        if best is None or _distance(ratio) < _distance(best.dose_ratio):
            by_product[candidate.product_id] = candidate
    ranked = sorted(
        by_product.values(), key=lambda c: (_distance(c.dose_ratio), c.product_name, c.product_id)
    )
    return ranked[:limit]


def _distance(ratio: Decimal | None) -> Decimal:
    return abs(ratio - 1) if ratio is not None else Decimal(1_000_000)


class NotItsOwnEquivalent(InvalidInput):
    message = "A product cannot be its own equivalent."


@transaction.atomic
def equivalence_mark(*, product_id: int, equivalent_id: int, by: User | None) -> None:
    """Mark two products as equivalent, both ways; marking a pair again changes nothing."""
    if product_id == equivalent_id:
        raise NotItsOwnEquivalent(errors={"equivalent": ["the product itself"]})
    for one, other in ((product_id, equivalent_id), (equivalent_id, product_id)):
        try:
            with transaction.atomic():
                Equivalence.objects.get_or_create(
                    product_id=one, equivalent_id=other, defaults={"marked_by": by}
                )
        except IntegrityError:  # marked at the same moment by someone else
            continue


@transaction.atomic
def equivalence_unmark(*, product_id: int, equivalent_id: int) -> None:
    Equivalence.objects.filter(
        Q(product_id=product_id, equivalent_id=equivalent_id)
        | Q(product_id=equivalent_id, equivalent_id=product_id)
    ).delete()


@dataclass(frozen=True)
class Offer:
    """A variant offered in place of a sold-out one."""

    variant_id: int
    product_id: int
    reason: Reason
    dose_ratio: Decimal | None


def shop_equivalents(*, variant_id: int, public: bool) -> list[Offer]:
    """The shop's offers for a variant: one buyable variant of each product marked equivalent to its
    product (hidden practitioner-only products left out for the public), those whose facts match first,
    then by how close their serving is."""
    product_id = ProductVariant.objects.filter(pk=variant_id).values_list("product_id", flat=True).first()
    if product_id is None:
        return []
    products = Product.objects.filter(
        pk__in=Equivalence.objects.filter(product_id=product_id).values("equivalent_id")
    )
    if public:
        products = products.filter(practitioner_only=False)
    rows = list(
        ProductVariant.objects.filter(product__in=products, availability=Availability.AVAILABLE)
        .order_by("product_id", "position", "id")
        .values_list("id", "product_id")
    )
    facts = variant_facts(variant_ids=[variant_id, *(row[0] for row in rows)])
    return _best_per_product(facts.get(variant_id), rows, facts)


def _best_per_product(
    original: VariantFacts | None, rows: Iterable[tuple[int, int]], facts: Mapping[int, VariantFacts]
) -> list[Offer]:
    best: dict[int, Offer] = {}
    for candidate_id, product_id in rows:
        theirs = facts.get(candidate_id)
        same = original is not None and theirs is not None and facts_match(original, theirs)
        offer = Offer(
            candidate_id, product_id, "same_facts" if same else "marked", dose_ratio(original, theirs)
        )
        held = best.get(product_id)
        if held is None or _rank(offer) < _rank(held):
            best[product_id] = offer
    return sorted(best.values(), key=_rank)


def _rank(offer: Offer) -> tuple[int, Decimal, int]:
    return (0 if offer.reason == "same_facts" else 1, _distance(offer.dose_ratio), offer.variant_id)
