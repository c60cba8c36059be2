"""A local HTTP server that answers as Mollie's Payments API v2 does (the request and reply shapes of
docs.mollie.com: payments create and get, payment refunds create, customers create, a customer's mandates
get and revoke, and its error replies), so the Mollie provider is tested through the official client without
the network. `pay()` plays the buyer at Mollie's hosted checkout: a `first` payment paid makes a valid
mandate for its customer and names it on the payment, as Mollie does. A `recurring` payment needs the
customer's valid mandate (else Mollie's 422) and is `charge_status` at once ("paid"; "failed" when
`fail_charges`; "pending" as SEPA Direct Debit stays for days). `revoke()` plays the buyer revoking the
mandate at their bank. Like Mollie, it answers a POST repeated with the same Idempotency-Key with the first
reply (and the Idempotent-Replayed header), keeps a refund's metadata, and lists a payment's refunds.
`lose_replies` makes it do what a POST asks and then drop the connection, as a timeout does."""

from __future__ import annotations

import json
import re
import secrets
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

API_KEY = "test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM"
HAL = "application/hal+json"


@dataclass
class FakeMollie:
    base_url: str = ""
    payments: dict[str, dict[str, Any]] = field(default_factory=dict)
    requests: list[tuple[str, str, dict[str, Any] | None]] = field(default_factory=list)
    refunds: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    customers: dict[str, dict[str, Any]] = field(default_factory=dict)
    mandates: dict[str, dict[str, Any]] = field(default_factory=dict)
    replies_by_key: dict[str, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    down: bool = False
    lose_replies: bool = False
    charge_status: str = "paid"
    fail_charges: bool = False

    def pay(self, payment_id: str, *, status: str = "paid", method: str = "ideal") -> None:
        payment = self.payments[payment_id]
        payment["status"] = status
        payment["method"] = method
        if status == "paid" and payment["sequenceType"] == "first":
            mandate = self._mandate(payment["customerId"], method)
            payment["mandateId"] = mandate["id"]

    def revoke(self, mandate_id: str) -> None:
        self.mandates[mandate_id]["status"] = "invalid"

    def _mandate(self, customer_id: str, method: str) -> dict[str, Any]:
        mandate_id = f"mdt_{secrets.token_hex(5)}"
        # A card's first payment makes a `creditcard` mandate; a bank transfer's (iDEAL, Bancontact) makes
        # a SEPA Direct Debit one.
        kind = "creditcard" if method == "creditcard" else "directdebit"
        mandate = {
            "resource": "mandate",
            "id": mandate_id,
            "mode": "test",
            "status": "valid",
            "method": kind,
            "details": {"consumerName": "T. TEST", "consumerAccount": "NL55INGB0000000000"},
            "mandateReference": None,
            "signatureDate": "2026-11-25",
            "createdAt": "2026-11-25T10:10:00+00:00",
            "customerId": customer_id,
            "_links": {
                "self": {
                    "href": f"{self.base_url}/v2/customers/{customer_id}/mandates/{mandate_id}",
                    "type": HAL,
                },
                "customer": {"href": f"{self.base_url}/v2/customers/{customer_id}", "type": HAL},
            },
        }
        self.mandates[mandate_id] = mandate
        return mandate


def _error(status: int, title: str, detail: str, field_name: str | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {
        "status": status,
        "title": title,
        "detail": detail,
        "_links": {
            "documentation": {"href": "https://docs.mollie.com/overview/handling-errors", "type": "text/html"}
        },
    }
    if field_name:
        body["field"] = field_name
    return body


def _handler(state: FakeMollie) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            return

        def _no_content(self) -> None:
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def _reply(self, status: int, body: dict[str, Any], *, replayed: bool = False) -> None:
            key = self.headers.get("Idempotency-Key", "") if self.command == "POST" else ""
            if key and not replayed and status < 500:
                state.replies_by_key[key] = (status, body)
            if state.lose_replies and self.command == "POST" and not replayed:
                self.close_connection = True  # done, but the caller never hears of it
                return
            raw = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", HAL)
            if replayed:
                self.send_header("Idempotent-Replayed", "true")
            self.send_header("Content-Length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)

        def _body(self) -> dict[str, Any] | None:
            length = int(self.headers.get("Content-Length") or 0)
            return json.loads(self.rfile.read(length)) if length else None

        def _route(self, method: str) -> None:
            body = self._body()
            state.requests.append((method, self.path, body))
            key = self.headers.get("Idempotency-Key", "") if method == "POST" else ""
            if key and key in state.replies_by_key and not state.down:
                status, reply = state.replies_by_key[key]
                self._reply(status, reply, replayed=True)
                return
            if state.down:
                self._reply(
                    503, _error(503, "Service Unavailable", "The service is temporarily unavailable.")
                )
                return
            if self.headers.get("Authorization") != f"Bearer {API_KEY}":
                self._reply(
                    401,
                    _error(401, "Unauthorized Request", "Missing authentication, or failed to authenticate"),
                )
                return
            if method == "POST" and self.path == "/v2/payments":
                self._create(body or {})
                return
            if method == "POST" and self.path == "/v2/customers":
                self._customer(body or {})
                return
            mandate_path = re.fullmatch(r"/v2/customers/([^/?]+)/mandates/([^/?]+)", self.path)
            if mandate_path:
                self._mandate(method, *mandate_path.groups())
                return
            match = re.fullmatch(r"/v2/payments/([^/?]+)(/refunds)?(\?.*)?", self.path)
            payment = state.payments.get(match.group(1)) if match else None
            if payment is None:
                token = match.group(1) if match else self.path
                self._reply(404, _error(404, "Not Found", f"No payment exists with token {token}."))
            elif method == "GET" and match and not match.group(2):
                self._reply(200, payment)
            elif method == "GET" and match and match.group(2):
                listed = state.refunds.get(payment["id"], [])
                self._reply(200, {"count": len(listed), "_embedded": {"refunds": listed}, "_links": {}})
            elif method == "POST" and match and match.group(2):
                self._refund(payment, body or {})
            else:
                self._reply(404, _error(404, "Not Found", "The resource does not exist."))

        def _create(self, body: dict[str, Any]) -> None:
            amount = body.get("amount") or {}
            if not re.fullmatch(r"\d+\.\d{2}", str(amount.get("value", ""))):
                self._reply(422, _error(422, "Unprocessable Entity", "The amount is invalid.", "amount"))
                return
            sequence_type = body.get("sequenceType") or "oneoff"
            customer_id = body.get("customerId")
            if sequence_type != "oneoff" and customer_id not in state.customers:
                detail = "The customer id is invalid"
                self._reply(422, _error(422, "Unprocessable Entity", detail, "customerId"))
                return
            mandate_id = None
            status = "open"
            if sequence_type == "recurring":
                mandate = state.mandates.get(body.get("mandateId") or "")
                if mandate is None or mandate["customerId"] != customer_id or mandate["status"] != "valid":
                    detail = "The customer does not have a valid mandate"
                    self._reply(422, _error(422, "Unprocessable Entity", detail, "mandateId"))
                    return
                mandate_id = mandate["id"]
                status = "failed" if state.fail_charges else state.charge_status
            payment_id = f"tr_{secrets.token_hex(5)}"
            links: dict[str, Any] = {
                "self": {"href": f"{state.base_url}/v2/payments/{payment_id}", "type": HAL},
            }
            if sequence_type != "recurring":  # a recurring payment has no checkout: nobody pays it there
                links["checkout"] = {
                    "href": f"https://www.mollie.com/checkout/select-method/{payment_id[3:]}",
                    "type": "text/html",
                }
            payment = {
                "resource": "payment",
                "id": payment_id,
                "mode": "test",
                "createdAt": "2026-11-25T10:00:00+00:00",
                "amount": amount,
                "amountRefunded": {"value": "0.00", "currency": amount["currency"]},
                "description": body.get("description"),
                "method": state.mandates[mandate_id]["method"] if mandate_id else None,
                "metadata": None,
                "status": status,
                "isCancelable": False,
                "locale": body.get("locale"),
                "profileId": "pfl_QkEhN94Ba",
                "sequenceType": sequence_type,
                "redirectUrl": body.get("redirectUrl"),
                "webhookUrl": body.get("webhookUrl"),
                "_links": links,
            }
            if customer_id:
                payment["customerId"] = customer_id
            if mandate_id:
                payment["mandateId"] = mandate_id
            state.payments[payment_id] = payment
            self._reply(201, payment)

        def _customer(self, body: dict[str, Any]) -> None:
            customer_id = f"cst_{secrets.token_hex(5)}"
            customer = {
                "resource": "customer",
                "id": customer_id,
                "mode": "test",
                "name": body.get("name"),
                "email": body.get("email"),
                "locale": body.get("locale"),
                "metadata": body.get("metadata"),
                "createdAt": "2026-11-25T09:55:00+00:00",
                "_links": {"self": {"href": f"{state.base_url}/v2/customers/{customer_id}", "type": HAL}},
            }
            state.customers[customer_id] = customer
            self._reply(201, customer)

        def _mandate(self, method: str, customer_id: str, mandate_id: str) -> None:
            mandate = state.mandates.get(mandate_id)
            if customer_id not in state.customers:
                self._reply(404, _error(404, "Not Found", f"No customer exists with token {customer_id}."))
            elif mandate is None or mandate["customerId"] != customer_id:
                self._reply(404, _error(404, "Not Found", f"No mandate exists with token {mandate_id}."))
            elif method == "GET":
                self._reply(200, {key: value for key, value in mandate.items() if key != "customerId"})
            elif method == "DELETE" and mandate["status"] != "invalid":
                mandate["status"] = "invalid"
                self._no_content()
            elif method == "DELETE":  # revoked before: this fake answers as for a mandate that is gone
                self._reply(404, _error(404, "Not Found", f"No mandate exists with token {mandate_id}."))
            else:
                self._reply(404, _error(404, "Not Found", "The resource does not exist."))

        def _refund(self, payment: dict[str, Any], body: dict[str, Any]) -> None:
            amount = Decimal(str((body.get("amount") or {}).get("value", "0")))
            refunded = Decimal(payment["amountRefunded"]["value"])
            if payment["status"] != "paid":
                self._reply(
                    422, _error(422, "Unprocessable Entity", "The payment cannot be refunded.", "amount")
                )
                return
            if amount <= 0 or amount + refunded > Decimal(payment["amount"]["value"]):
                detail = "The amount is higher than the amount that is refundable for this payment"
                self._reply(422, _error(422, "Unprocessable Entity", detail, "amount"))
                return
            payment["amountRefunded"]["value"] = f"{refunded + amount:.2f}"
            refund = {
                "resource": "refund",
                "id": f"re_{secrets.token_hex(5)}",
                "amount": body["amount"],
                "metadata": body.get("metadata"),
                "status": "pending",
                "createdAt": "2026-11-25T10:05:00+00:00",
                "paymentId": payment["id"],
                "_links": {
                    "self": {"href": f"{state.base_url}/v2/payments/{payment['id']}/refunds", "type": HAL}
                },
            }
            state.refunds.setdefault(payment["id"], []).append(refund)
            self._reply(201, refund)

        def do_GET(self) -> None:
            self._route("GET")

        def do_POST(self) -> None:
            self._route("POST")

        def do_DELETE(self) -> None:
            self._route("DELETE")

    return Handler


def serve() -> Iterator[FakeMollie]:
    state = FakeMollie()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    state.base_url = f"http://127.0.0.1:{server.server_port}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
