"""docs/api.md's table of calls and handlers is the API's (server/config/routes.py)."""

from server.config.api import api
from server.config.routes import DOC, END, START, doc_with_routes, routes


def test_the_table_of_calls_in_the_docs_is_the_apis():
    current = DOC.read_text()
    assert START in current and END in current
    assert doc_with_routes(current, api) == current, "run scripts/api-routes"


def test_each_checkout_call_is_handled_by_the_checkout_app():
    handlers = {f"{route.method} {route.path}": route.handler for route in routes(api)}
    assert handlers["POST /api/v2/checkout/orders"] == "server.checkout.api.order_place"
    assert handlers["GET /api/v2/account/orders/{number}/payment"] == "server.checkout.api.order_payment"
    assert handlers["POST /api/v2/payments/{provider}/webhook"] == "server.payments.api.webhook"
