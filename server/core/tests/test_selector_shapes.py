"""What each selector builds (a TypedDict, checked by mypy) and what the API declares it answers (a ninja
schema, the OpenAPI contract) name the same fields, so the two descriptions of a reply cannot drift."""

import pytest
from ninja import Schema

from server.accounts import schemas as account_schemas
from server.accounts import selectors as account_selectors
from server.protocols import schemas as protocol_schemas
from server.protocols import selectors as protocol_selectors
from server.providers import schemas as provider_schemas
from server.providers import selectors as provider_selectors
from server.stores import schemas as store_schemas
from server.stores import selectors as store_selectors

PAIRS = [
    (protocol_selectors.ProtocolProduct, protocol_schemas.ProtocolProductOut),
    (protocol_selectors.ProtocolData, protocol_schemas.ProtocolOut),
    (protocol_selectors.ProtocolPage, protocol_schemas.ProtocolPageOut),
    (protocol_selectors.ClientOfPractitioner, protocol_schemas.ClientOut),
    (protocol_selectors.ClientListEntry, protocol_schemas.ClientListEntryOut),
    (protocol_selectors.ClientPage, protocol_schemas.ClientPageOut),
    (protocol_selectors.PractitionerData, protocol_schemas.PractitionerOut),
    (protocol_selectors.SharedProtocol, protocol_schemas.SharedProtocolOut),
    (protocol_selectors.LinkedProtocol, protocol_schemas.LinkedProtocolOut),
    (protocol_selectors.ShareableProtocol, store_schemas.ShareableProtocolOut),
    (provider_selectors.AdData, provider_schemas.AdOut),
    (provider_selectors.AdsPage, provider_schemas.AdsPageOut),
    (account_selectors.ReferenceOption, account_schemas.Option),
    (account_selectors.ReferenceData, account_schemas.ReferenceDataOut),
    (account_selectors.MilestoneReached, account_schemas.MilestoneOut),
    (account_selectors.PractitionerProfileData, account_schemas.PractitionerProfileOut),
    (account_selectors.PractitionerOfClient, account_schemas.PractitionerOfClient),
    (account_selectors.ClientProfileData, account_schemas.ClientProfileOut),
    (store_selectors.Availability, store_schemas.AvailabilityOut),
    (store_selectors.ServiceData, store_schemas.ServiceOut),
    (store_selectors.FeatureData, store_schemas.FeatureOut),
    (store_selectors.PackageData, store_schemas.PackageOut),
    (store_selectors.SectionData, store_schemas.SectionOut),
    (store_selectors.ImageSectionData, store_schemas.ImageSectionOut),
    (store_selectors.ApproachData, store_schemas.ApproachOut),
    (store_selectors.ContactData, store_schemas.ContactOut),
    (store_selectors.HoursData, store_schemas.HoursOut),
    (store_selectors.StoreData, store_schemas.StoreOut),
    (store_selectors.PublicStoreData, store_schemas.PublicStoreOut),
]


@pytest.mark.parametrize(("built", "declared"), PAIRS, ids=lambda kind: kind.__name__)
def test_a_selector_builds_exactly_the_fields_its_reply_declares(built: type, declared: type[Schema]):
    assert set(built.__annotations__) | set(getattr(built, "__required_keys__", ())) == set(
        declared.model_fields
    )
