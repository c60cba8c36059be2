"""OpenAPI links (3.1, "Link Object"): which call's answer names the object that other calls take. They tell
a client, and a stateful fuzzer, that the `protocol_id` a create answers is the `{protocol_id}` of the
protocol's own calls, and so on (create -> read -> update -> delete chains). django-ninja writes
none, so the served document is completed here, in one table."""

from __future__ import annotations

from typing import Any

PROTOCOL = "/v2/account/practitioners/protocols/{protocol_id}"
SERVICE = "/v2/account/store/services/{service_id}"
PACKAGE = "/v2/account/store/packages/{package_id}"
ORDER = "/v2/account/orders/{number}"

# (method, path, status) of the producing call -> {target (method, path): {parameter: runtime expression}}
LINKS: dict[tuple[str, str, int], dict[tuple[str, str], dict[str, str]]] = {
    ("post", "/v2/account/practitioners/protocols/create", 201): {
        (method, path): {"protocol_id": "$response.body#/protocol_id"}
        for method, path in (
            ("get", PROTOCOL),
            ("put", f"{PROTOCOL}/update"),
            ("post", f"{PROTOCOL}/products"),
            ("put", f"{PROTOCOL}/products"),
            ("delete", f"{PROTOCOL}/products"),
            ("post", f"{PROTOCOL}/link"),
            ("delete", f"{PROTOCOL}/link"),
            ("delete", PROTOCOL),
        )
    },
    ("post", "/v2/account/practitioners/protocols/duplicate", 201): {
        ("get", PROTOCOL): {"protocol_id": "$response.body#/protocol_id"},
        ("delete", PROTOCOL): {"protocol_id": "$response.body#/protocol_id"},
    },
    ("post", "/v2/account/store/services", 201): {
        (method, path): {"service_id": "$response.body#/id"}
        for method, path in (("put", SERVICE), ("put", f"{SERVICE}/reorder"), ("delete", SERVICE))
    },
    ("post", "/v2/account/store/packages", 201): {
        (method, path): {"package_id": "$response.body#/id"}
        for method, path in (
            ("put", PACKAGE),
            ("put", f"{PACKAGE}/reorder"),
            ("post", f"{PACKAGE}/features"),
            ("put", f"{PACKAGE}/features"),
            ("delete", f"{PACKAGE}/features"),
            ("delete", PACKAGE),
        )
    },
    ("post", "/v2/checkout/orders", 201): {
        (method, path): {"number": "$response.body#/number"}
        for method, path in (
            ("get", ORDER),
            ("get", f"{ORDER}/payment"),
            ("post", f"{ORDER}/cancel"),
            ("post", f"{ORDER}/buy-again"),
        )
    },
}


def _pointer(method: str, path: str) -> str:
    return "#/paths/" + path.replace("~", "~0").replace("/", "~1") + "/" + method


def _link_name(method: str, path: str) -> str:
    words = [part.strip("{}") for part in path.removeprefix("/v2/").split("/")]
    return method.capitalize() + "".join(
        word.replace("-", " ").replace("_", " ").title().replace(" ", "") for word in words
    )


def add_links(schema: dict[str, Any]) -> None:
    """Adds LINKS to the producing calls' responses, in place; a link whose call is gone fails loudly."""
    paths = schema["paths"]
    # The served document names paths with the API's mount point; a document built without it does not.
    prefix = "/api" if any(path.startswith("/api/") for path in paths) else ""
    for (method, path, status), targets in LINKS.items():
        responses = paths[prefix + path][method]["responses"]
        response = responses[status if status in responses else str(status)]
        links = response.setdefault("links", {})
        for (target_method, target_path), parameters in targets.items():
            full = prefix + target_path
            assert target_method in paths[full], f"no {target_method.upper()} {full}"
            links[_link_name(target_method, target_path)] = {
                "operationRef": _pointer(target_method, full),
                "parameters": parameters,
            }
