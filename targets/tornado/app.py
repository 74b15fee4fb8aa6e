# The tornado target: the Order Store Service v1 as a tornado.web.Application. One RequestHandler base does the
# limiter and the key in prepare(); HTTPError carries every refusal and write_error renders it as an Error
# object. Tornado's defaults stay (Etag, Server, Date, no HEAD). Each misconfiguration is one switch here.
import json
import re
from http import HTTPStatus

import tornado.web
from tornado.log import app_log

import limits
import zoo_contract
from orders import OrderStore

MISCONFIGS = ("default-write-error", "headers-in-prepare", "default-405", "default-404-handler")
INT64 = re.compile(r"-?[0-9]{1,19}")  # ASCII digits: int() would also take "+7", " 7", "0_7" and "٧"
DEPRECATION = "@1767225600"  # RFC 9745: 2026-01-01T00:00:00Z
SUNSET = "Thu, 01 Jul 2027 00:00:00 GMT"


class ApiError(tornado.web.HTTPError):
    """An HTTPError with the Error object's code and the fields its answer carries."""

    def __init__(self, status, code, message, headers=None):
        super().__init__(status, reason=None, log_message=None)
        self.code, self.message, self.headers = code, message, headers or {}


def int64(raw):
    if not INT64.fullmatch(raw) or not -(2**63) <= int(raw) < 2**63:
        raise ApiError(400, "invalid_order_id", "The id must be a 64-bit integer.")
    return int(raw)


class ApiHandler(tornado.web.RequestHandler):
    """Every route's base: counts the request, then asks for the key, before any method runs."""

    ALLOW = ()  # the methods a route answers (Allow on its 405)
    quota = None

    def initialize(self, env, store, limiter):
        self.env, self.store, self.limiter = env, store, limiter

    def set_default_headers(self):
        # send_error() clears every header and calls this again: the count must be written here, or every
        # HTTPError answer (401, 404, 409, 429) would lose it.
        if self.quota is not None and self.env.misconfig != "headers-in-prepare":
            for name, value in limits.headers(self.quota).items():
                self.set_header(name, value)

    def prepare(self):
        token = zoo_contract.bearer_token(self.request.headers.get("Authorization"))
        client = zoo_contract.client_of(self.env.keys, token, self.request.remote_ip)
        self.quota = self.limiter.charge(client)
        if self.env.misconfig == "headers-in-prepare":
            for name, value in limits.headers(self.quota).items():
                self.set_header(name, value)
        else:
            self.set_default_headers()
        if self.quota.refusal:
            message = "Request rate limit exceeded; wait for Retry-After."
            raise ApiError(429, self.quota.refusal, message, {"Retry-After": str(self.quota.retry_after)})
        if not client.startswith("key#"):
            challenge = 'Bearer realm="order-store"'
            if "Authorization" in self.request.headers:
                challenge += ', error="invalid_token"'
            message = "A valid API key is required: Authorization: Bearer <key>."
            raise ApiError(401, "unauthorized", message, {"WWW-Authenticate": challenge})

    def log_exception(self, typ, value, tb):
        # Tornado logs its HTTPErrors (its own 400 "Invalid unicode in url") and uncaught exceptions with the
        # request's method and URI, a key in a query included: only the exception is worth a line.
        if not isinstance(value, tornado.web.HTTPError):
            app_log.error("uncaught %s in %s", typ.__name__, type(self).__name__, exc_info=(typ, value, tb))

    def write_error(self, status_code, **kwargs):
        if self.env.misconfig == "default-write-error":
            return super().write_error(status_code, **kwargs)  # "<html><title>404: Not Found</title>..."
        error = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(error, ApiError):
            code, message = error.code, error.message
            for name, value in error.headers.items():
                self.set_header(name, value)
        else:  # Tornado's own HTTPError (405, 400 for undecodable text) or an uncaught exception (500)
            code = HTTPStatus(status_code).phrase.lower().replace(" ", "_")
            message = self._reason
        if status_code == 405 and self.env.misconfig != "default-405":
            self.set_header("Allow", ", ".join(self.ALLOW))
        self.finish({"code": code, "message": message, "status": status_code})


class OrdersHandler(ApiHandler):
    ALLOW = ("GET",)

    def get(self):
        # write() takes a dict but refuses a list (a JSON array is a script a browser could run cross-site).
        self.set_header("Content-Type", "application/json; charset=UTF-8")
        self.finish(json.dumps(self.store.list()))


class OrderHandler(ApiHandler):
    ALLOW = ("DELETE",)

    def delete(self, raw_id):
        outcome = self.store.cancel(int64(raw_id))
        if outcome == "shipped":
            raise ApiError(409, "order_shipped", "The order has already shipped and cannot be cancelled.")
        if outcome == "missing":
            raise ApiError(404, "order_not_found", "No order has this orderId.")
        self.set_status(204)


class PetHandler(ApiHandler):
    ALLOW = ("GET",)

    def get(self, raw_id):
        self.set_header("Deprecation", DEPRECATION)
        self.set_header("Sunset", SUNSET)
        pet_id = int64(raw_id)
        if pet_id not in self.store.pets:
            headers = {"Deprecation": DEPRECATION, "Sunset": SUNSET}
            raise ApiError(404, "pet_not_found", "No pet has this petId.", headers)
        self.finish({"id": pet_id})


class NotFoundHandler(ApiHandler):
    """Application's default_handler_class: a path no route matches, after the limiter and the key."""

    def prepare(self):
        super().prepare()
        raise ApiError(404, "not_found", "No such resource.")


def make_app(env):
    shared = {"env": env, "store": OrderStore(env.seed_file), "limiter": limits.Limiter(env)}
    base = re.escape(env.base_path)
    routes = [
        (rf"{base}/store/orders", OrdersHandler, shared),
        (rf"{base}/store/orders/([^/]+)", OrderHandler, shared),
        (rf"{base}/pets/([^/]+)", PetHandler, shared),
    ]
    settings = {
        # Tornado's access log (tornado.access) writes every 4xx with its URI, a key in a query included.
        "log_function": lambda handler: None,
    }
    if env.misconfig != "default-404-handler":
        settings.update(default_handler_class=NotFoundHandler, default_handler_args=shared)
    return tornado.web.Application(routes, **settings)
