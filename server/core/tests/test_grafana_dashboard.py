"""The Grafana dashboard under deploy/ reads only series this code exports (server/core/metrics.py)."""

import json
import re
from pathlib import Path

from server.core.metrics import registry

DASHBOARD = Path(__file__).resolve().parents[3] / "deploy" / "grafana" / "shop.json"
SERIES = re.compile(r"\b(shop_[a-z_]+)")


def exported_names() -> set[str]:
    names = set()
    for family in registry.collect():
        names.add(family.name)
        names.update(sample.name for sample in family.samples)
        if family.type == "histogram":
            names.update(f"{family.name}_{suffix}" for suffix in ("bucket", "count", "sum"))
        if family.type == "counter":
            names.add(f"{family.name}_total")
    return names


def test_every_panel_queries_series_that_exist():
    dashboard = json.loads(DASHBOARD.read_text())
    exported = exported_names()
    queried = [SERIES.findall(target["expr"]) for panel in dashboard["panels"] for target in panel["targets"]]

    assert len(dashboard["panels"]) == 11
    assert all(queried)
    assert {name for names in queried for name in names} <= exported
    assert len({panel["id"] for panel in dashboard["panels"]}) == len(dashboard["panels"])
