# The starlette-hypercorn target: the Order Store Service v1 as a Starlette app (the red team's server of issue
# 37, on the zoo contract): routes under the base path, the limiter and the key as middlewares, exception handlers
# that give Starlette's own 404 and 405 an Error body. Each misconfiguration is one switch; never writes a key.
import re

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route

from limits import BearerAuthMiddleware, RateLimitMiddleware, error
from orders import OrderStore

MISCONFIGS = ("default-exception-handlers", "auth-outside-limiter", "int-convertor", "mount-base-path")
# ASCII digits to the end of the text: Starlette's route regexes end in "$", which also matches before a final
# newline, and int() strips it ("2\n" is 2); int() would also take "+2", " 2", "0_2" and "٢".
INT64 = re.compile(r"\A-?[0-9]{1,19}\Z")
DEPRECATION = "@1767225600"  # RFC 9745: 2026-01-01T00:00:00Z
SUNSET = "Thu, 01 Jul 2027 00:00:00 GMT"


def int64(raw):
    """The id a path segment names, or None (not a decimal int64: no such order, 404)."""
    if isinstance(raw, int):  # the int-convertor misconfiguration: Starlette already read it
        return raw
    if not INT64.match(raw) or not -(2**63) <= int(raw) < 2**63:
        return None
    return int(raw)


def create_app(env):
    store = OrderStore(env.seed_file)
    bad = env.misconfig

    async def list_orders(request):
        return JSONResponse(store.list())

    async def cancel_order(request):
        outcome = store.cancel(int64(request.path_params["order_id"]))
        if outcome == "missing":
            return error(404, "order_not_found", "No order has this orderId.")
        if outcome == "shipped":
            return error(409, "order_already_shipped", "The order has already shipped; it cannot be cancelled.")
        return Response(status_code=204)

    async def read_pet(request):
        headers = {"Deprecation": DEPRECATION, "Sunset": SUNSET}
        pet_id = int64(request.path_params["pet_id"])
        if pet_id not in store.pets:
            return error(404, "pet_not_found", "No pet has this petId.", headers)
        return JSONResponse({"id": pet_id}, headers=headers)

    async def not_found(request, exc):
        return error(404, "not_found", "No such resource.")

    async def method_not_allowed(request, exc):
        return error(405, "method_not_allowed", "Method not allowed.", exc.headers)

    async def http_error(request, exc):
        return error(exc.status_code, "http_error", str(exc.detail), exc.headers)

    id_part = ":int" if bad == "int-convertor" else ""
    # The base path in each route: a route's pattern ends in "$" too, but its "[^/]+" keeps a trailing newline
    # in the id, where INT64 refuses it. Mount's "^/v1/(?P<path>.*)$" does not: "." stops at the newline and "$"
    # matches before it, so the path Mount hands on has lost a trailing "%0A" ("2\n" reaches the route as "2").
    prefix = "" if bad == "mount-base-path" else env.base_path
    routes = [
        Route(f"{prefix}/store/orders", list_orders, methods=["GET"]),
        Route(f"{prefix}/store/orders/{{order_id{id_part}}}", cancel_order, methods=["DELETE"]),
        Route(f"{prefix}/pets/{{pet_id{id_part}}}", read_pet, methods=["GET"]),
    ]
    if bad == "mount-base-path":
        routes = [Mount(env.base_path, routes=routes)]
    limiter, auth = Middleware(RateLimitMiddleware, env=env), Middleware(BearerAuthMiddleware, env=env)
    handlers = {404: not_found, 405: method_not_allowed, HTTPException: http_error}
    return Starlette(
        routes=routes,
        # The first listed is the outermost: the limiter must see (and count) what auth refuses.
        middleware=[auth, limiter] if bad == "auth-outside-limiter" else [limiter, auth],
        # Starlette's own: PlainTextResponse("Not Found") and ("Method Not Allowed"), text/plain.
        exception_handlers={} if bad == "default-exception-handlers" else handlers,
    )
