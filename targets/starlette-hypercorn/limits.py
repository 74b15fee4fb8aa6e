# Spec §8 and §5 on the starlette-hypercorn target as two Starlette middlewares (Debian has no limiter for
# Starlette): a fixed window per client from its first request with the ban of spec §8 rule 5 around it, then
# the bearer key. Listed limiter first, so it is the outer one and every answer, a 401 included, is counted.
import math
import time

from starlette.middleware.base import BaseHTTPMiddleware
from starlette.responses import JSONResponse

import zoo_contract


def error(status, code, message, headers=None):
    return JSONResponse({"code": code, "message": message, "status": status}, status_code=status, headers=headers)


def client_of(request, keys):
    token = zoo_contract.bearer_token(request.headers.get("authorization"))
    return zoo_contract.client_of(keys, token, request.client.host if request.client else None)


class RateLimitMiddleware(BaseHTTPMiddleware):
    def __init__(self, app, env):
        super().__init__(app)
        self.keys, self.limit, self.window = env.keys, env.rate_limit, env.window_seconds
        self.clients = {}  # client -> [window end, requests counted in it]; one event loop, no lock
        self.bans = zoo_contract.BanWatch(env.ban_after, env.ban_seconds)

    async def dispatch(self, request, call_next):
        client, now = client_of(request, self.keys), time.time()
        self.bans.arrive(client, now)
        state = self.clients.get(client)
        if state is None or now >= state[0]:
            state = self.clients[client] = [now + self.window, 0]
        state[1] += 1
        # Read now: concurrent requests count on while this one awaits the app.
        remaining, reset = max(0, self.limit - state[1]), state[0]
        banned_until = self.bans.banned_until(client, now)
        if banned_until is not None or state[1] > self.limit:
            reset = max(reset, banned_until or 0)
            wait = zoo_contract.whole_seconds_until(reset, now)
            self.bans.refused(client, now + wait)
            code = "banned" if banned_until is not None else "rate_limited"
            response = error(429, code, "Request rate limit exceeded; wait for Retry-After.", {"Retry-After": str(wait)})
        else:
            response = await call_next(request)
        response.headers["X-RateLimit-Limit"] = str(self.limit)
        response.headers["X-RateLimit-Remaining"] = str(remaining)
        response.headers["X-RateLimit-Reset"] = str(math.ceil(reset))
        return response


class BearerAuthMiddleware(BaseHTTPMiddleware):
    """Every path asks for the key before routing: 401 with an Error body and a Bearer challenge."""

    def __init__(self, app, env):
        super().__init__(app)
        self.keys = env.keys

    async def dispatch(self, request, call_next):
        if client_of(request, self.keys).startswith("key#"):
            return await call_next(request)
        challenge = 'Bearer realm="order-store"'
        if "authorization" in request.headers:
            challenge += ', error="invalid_token"'
        message = "A valid API key is required: Authorization: Bearer <key>."
        return error(401, "unauthorized", message, {"WWW-Authenticate": challenge})
