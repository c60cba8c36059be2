"""The replies' value lists (what the web app's generated types are built from) are the models' choices."""

from typing import get_args

from server.stores import selectors as schemas
from server.stores.models import PayoutMethod, StoreTheme, StoreType
from server.stores.services import DAYS


def test_the_reply_schemas_name_exactly_the_stored_choices():
    assert set(get_args(schemas.StoreTypeValue)) == set(StoreType.values)
    assert set(get_args(schemas.StoreThemeValue)) == set(StoreTheme.values)
    assert set(get_args(schemas.PayoutMethodValue)) == set(PayoutMethod.values)
    assert get_args(schemas.DayValue) == DAYS
