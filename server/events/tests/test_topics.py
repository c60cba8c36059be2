"""Every topic is documented, and an event's data has exactly the keys of its topic."""

import re
from pathlib import Path

import pytest

from server.events.topics import DATA_OF, Topic, data_check

API_DOC = Path(__file__).resolve().parents[3] / "docs" / "api.md"


def documented_topics() -> dict[str, set[str]]:
    """The topics table of docs/api.md: topic -> the keys its data example names."""
    text = API_DOC.read_text(encoding="utf-8")
    section = text.split("## Topics", 1)[1].split("\n## ", 1)[0]
    table: dict[str, set[str]] = {}
    for row in re.finditer(r"^\| `([a-z_.]+)` \| [^|]+ \| `(\{.*?\})` \|", section, re.MULTILINE):
        table[row.group(1)] = set(re.findall(r'"([a-z_]+)":', row.group(2)))
    return table


def test_every_topic_is_documented_with_its_data_keys_and_nothing_else_is():
    documented = documented_topics()

    assert set(documented) == {str(topic) for topic in Topic}
    for topic, keys in documented.items():
        assert keys == set(DATA_OF[Topic(topic)].__annotations__), topic


def test_data_with_missing_or_extra_keys_is_a_programming_error():
    data_check(Topic.CART_UPDATED, {"total_items": 1})

    with pytest.raises(TypeError, match=r"cart\.updated takes"):
        data_check(Topic.CART_UPDATED, {"count": 1})
    with pytest.raises(TypeError):
        data_check(Topic.PROTOCOL_SHARED, {"protocol_id": 1})
