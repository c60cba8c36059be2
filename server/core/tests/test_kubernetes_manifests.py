"""The Kubernetes manifests under deploy/kubernetes validate against Kubernetes' own schemas (strict: no
unknown field) and agree with each other and with the application."""

import copy
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml
from django.urls import resolve

FOLDER = Path(__file__).resolve().parents[3] / "deploy" / "kubernetes"
# The oldest version they must run on: the preStop `sleep` action is there from 1.30 on.
VERSION = "1.33.0"


def manifests() -> dict[str, dict[str, Any]]:
    listed = yaml.safe_load((FOLDER / "kustomization.yaml").read_text())["resources"]
    return {name: yaml.safe_load((FOLDER / name).read_text()) for name in listed}


def by_kind(kind: str, name: str) -> dict[str, Any]:
    return next(m for m in manifests().values() if m["kind"] == kind and m["metadata"]["name"] == name)


def test_the_kustomization_lists_every_manifest():
    files = {path.name for path in FOLDER.glob("*.yaml")} - {"kustomization.yaml"}

    assert set(manifests()) == files


@pytest.mark.parametrize("name", sorted(manifests()))
def test_each_manifest_validates_strictly(name):
    kubernetes_validate.validate(manifests()[name], VERSION, strict=True)


def test_the_validator_refuses_an_unknown_field_and_a_wrong_type():
    deployment = copy.deepcopy(by_kind("Deployment", "shop-web"))
    deployment["spec"]["replica"] = 2
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, VERSION, strict=True)

    deployment = copy.deepcopy(by_kind("Deployment", "shop-web"))
    deployment["spec"]["replicas"] = "two"
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, VERSION, strict=True)


def test_the_service_the_budget_and_the_autoscaler_find_the_web_pods():
    web = by_kind("Deployment", "shop-web")
    pod_labels = web["spec"]["template"]["metadata"]["labels"]

    assert by_kind("Service", "shop-web")["spec"]["selector"] == pod_labels
    assert by_kind("PodDisruptionBudget", "shop-web")["spec"]["selector"]["matchLabels"] == pod_labels
    assert by_kind("HorizontalPodAutoscaler", "shop-web")["spec"]["scaleTargetRef"]["name"] == "shop-web"
    ingress_backend = by_kind("Ingress", "shop")["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    assert ingress_backend["name"] == "shop-web"


def test_the_probes_ask_the_health_calls_that_exist():
    container = by_kind("Deployment", "shop-web")["spec"]["template"]["spec"]["containers"][0]

    assert container["readinessProbe"]["httpGet"]["path"] == "/api/health/ready"
    assert container["livenessProbe"]["httpGet"]["path"] == "/api/health/live"
    for probe in ("readinessProbe", "livenessProbe", "startupProbe"):
        assert resolve(container[probe]["httpGet"]["path"]).route.startswith("api/health")
