"""What the generated products are made of: the delivery forms with their pack sizes and excipients
(`forms`), and the active ingredients with the names, claims, categories and health goals that go with them,
in the order of the shop's top-level categories (`nutrients`, then `specialties`)."""

from server.demo.catalog.ingredients.forms import FORMS, PLANT_SOFTGEL_EXCIPIENTS, Active, Diet, Form, Shape
from server.demo.catalog.ingredients.nutrients import NUTRIENTS
from server.demo.catalog.ingredients.specialties import SPECIALTIES

# The order matters: the seeded generator walks it, so the demo catalogue stays the same run after run.
ACTIVES: tuple[Active, ...] = (*NUTRIENTS, *SPECIALTIES)

__all__ = ["ACTIVES", "FORMS", "PLANT_SOFTGEL_EXCIPIENTS", "Active", "Diet", "Form", "Shape"]
