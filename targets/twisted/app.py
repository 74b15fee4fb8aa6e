# The twisted target: the Order Store Service v1 as a twisted.web resource tree. The root counts the request and
# asks for the key before the tree is walked (getChildWithDefault); each resource renders its methods, errors are
# Error objects. Twisted's defaults stay (Server, Date, keep-alive, HEAD from GET). One switch per misconfiguration.
import json
import re
import time

from twisted.web import resource, server
from twisted.web.error import UnsupportedMethod

import limits
import zoo_contract
from orders import OrderStore

MISCONFIGS = ("twisted-error-pages", "default-content-type", "int-segment")
# ASCII digits (a bytes pattern): int() would also take b"+7", b" 7", b"7\n" and b"0_7".
INT64 = re.compile(rb"-?[0-9]{1,19}")
DEPRECATION = b"@1767225600"  # RFC 9745: 2026-01-01T00:00:00Z
SUNSET = b"Thu, 01 Jul 2027 00:00:00 GMT"


def answer(request, env, status, document):
    """A JSON answer: the status, the document, Content-Type (unless the misconfiguration forgets it)."""
    request.setResponseCode(status)
    if env.misconfig != "default-content-type":
        request.setHeader(b"Content-Type", b"application/json")
    return json.dumps(document).encode()


def error(request, env, status, code, message):
    return answer(request, env, status, {"code": code, "message": message, "status": status})


class ErrorResource(resource.Resource):
    """A leaf that answers every method with one Error object (a refusal, an unknown path, a bad id)."""

    isLeaf = True

    def __init__(self, env, status, code, message, headers=None):
        super().__init__()
        self.env, self.status, self.code, self.message, self.headers = env, status, code, message, headers or {}

    def render(self, request):
        for name, value in self.headers.items():
            request.setHeader(name, value)
        return error(request, self.env, self.status, self.code, self.message)


class ApiResource(resource.Resource):
    """Every resource of the tree: an unknown child and a method it lacks are Error objects, not Twisted's pages."""

    def __init__(self, env, store):
        super().__init__()
        self.env, self.store = env, store

    def getChild(self, path, request):
        if self.env.misconfig == "twisted-error-pages":
            return super().getChild(path, request)  # NoResource: "No Such Resource", text/html
        return ErrorResource(self.env, 404, "not_found", "No such resource.")

    def render(self, request):
        try:
            return super().render(request)
        except UnsupportedMethod as e:
            # Twisted answers HEAD from render_GET itself; anything else is its HTML 405 (for GET, HEAD, POST)
            # or 501 "Huh?" (for any other method).
            if (request.method == b"HEAD" and b"GET" in e.allowedMethods) or self.env.misconfig == "twisted-error-pages":
                raise
            if not e.allowedMethods:  # a step of the base path, not a resource of the API
                return error(request, self.env, 404, "not_found", "No such resource.")
            request.setHeader(b"Allow", b", ".join(e.allowedMethods))
            return error(request, self.env, 405, "method_not_allowed", "Method not allowed.")

    def int64(self, raw):
        """The int64 a path segment names (already percent-decoded by Twisted), or None."""
        if self.env.misconfig == "int-segment":
            try:
                return int(raw)  # int() takes bytes, and with them b"+2", b" 2", b"2\n", b"0_2"
            except ValueError:
                return None
        if not INT64.fullmatch(raw) or not -(2**63) <= int(raw) < 2**63:
            return None
        return int(raw)


class OrdersResource(ApiResource):
    allowedMethods = (b"GET", b"HEAD")

    def render_GET(self, request):
        return answer(request, self.env, 200, self.store.list())

    def getChild(self, path, request):
        if path == b"":
            return super().getChild(path, request)
        return OrderResource(self.env, self.store, path)


class OrderResource(ApiResource):
    allowedMethods = (b"DELETE",)

    def __init__(self, env, store, raw_id):
        super().__init__(env, store)
        self.raw_id = raw_id

    def render_DELETE(self, request):
        order_id = self.int64(self.raw_id)
        if order_id is None:
            return error(request, self.env, 400, "invalid_order_id", "The orderId must be a 64-bit integer.")
        outcome = self.store.cancel(order_id)
        if outcome == "missing":
            return error(request, self.env, 404, "order_not_found", "No order has this orderId.")
        if outcome == "shipped":
            return error(request, self.env, 409, "order_shipped", "The order has already shipped.")
        # A 204 has no body: finish here. Returning b"" would make Twisted add "Content-Length: 0".
        request.setResponseCode(204)
        request.finish()
        return server.NOT_DONE_YET


class PetsResource(ApiResource):
    def getChild(self, path, request):
        if path == b"":
            return super().getChild(path, request)
        return PetResource(self.env, self.store, path)


class PetResource(ApiResource):
    allowedMethods = (b"GET", b"HEAD")

    def __init__(self, env, store, raw_id):
        super().__init__(env, store)
        self.raw_id = raw_id

    def render_GET(self, request):
        request.setHeader(b"Deprecation", DEPRECATION)
        request.setHeader(b"Sunset", SUNSET)
        pet_id = self.int64(self.raw_id)
        if pet_id is None:
            return error(request, self.env, 400, "invalid_pet_id", "The petId must be a 64-bit integer.")
        if pet_id not in self.store.pets:
            return error(request, self.env, 404, "pet_not_found", "No pet has this petId.")
        return answer(request, self.env, 200, {"id": pet_id})


class GuardedRoot(ApiResource):
    """The Site's root: the limiter, then the key, for every request, before any child is looked up."""

    def __init__(self, env, store, limiter):
        super().__init__(env, store)
        self.limiter = limiter

    def getChildWithDefault(self, path, request):
        token = zoo_contract.bearer_token((request.getHeader(b"authorization") or b"").decode("latin-1"))
        client = zoo_contract.client_of(self.env.keys, token, request.getClientAddress().host)
        quota = self.limiter.charge(client, time.time())
        for name, value in limits.headers(quota).items():
            request.setHeader(name, value)
        if quota.refusal:
            message = "Request rate limit exceeded; wait for Retry-After."
            retry = {b"Retry-After": b"%d" % quota.retry_after}
            return ErrorResource(self.env, 429, quota.refusal, message, retry)
        if not client.startswith("key#"):
            challenge = b'Bearer realm="order-store"'
            if request.getHeader(b"authorization") is not None:
                challenge += b', error="invalid_token"'
            message = "A valid API key is required: Authorization: Bearer <key>."
            return ErrorResource(self.env, 401, "unauthorized", message, {b"WWW-Authenticate": challenge})
        return super().getChildWithDefault(path, request)


def make_site(env):
    store = OrderStore(env.seed_file)
    root = GuardedRoot(env, store, limits.Limiter(env))
    # The base path as a chain of children: /v1, or /api/store/v1.
    parent = root
    for segment in env.base_path.strip("/").split("/"):
        child = ApiResource(env, store)
        parent.putChild(segment.encode(), child)
        parent = child
    store_resource = ApiResource(env, store)
    parent.putChild(b"store", store_resource)
    store_resource.putChild(b"orders", OrdersResource(env, store))
    parent.putChild(b"pets", PetsResource(env, store))
    return server.Site(root)
