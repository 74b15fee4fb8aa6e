# Spec §8 on the fastapi-uvicorn target: Debian packages no limiter for FastAPI or Starlette (slowapi is not
# there), so a small one as an HTTP middleware: a fixed window per client that opens at its first request,
# counted before routing, so every response (404, 405, 401 and 429 included) carries the headers.
import math
import threading
import time

from fastapi.responses import JSONResponse
from fastapi.security.utils import get_authorization_scheme_param

import zoo_contract


class FixedWindow:
    def __init__(self, limit, window):
        self.limit, self.window = limit, window
        self._lock = threading.Lock()
        self._clients = {}  # client -> [window end, requests counted in it]

    def hit(self, client, now):
        """(requests left, window end, allowed)."""
        with self._lock:
            state = self._clients.get(client)
            if state is None or now >= state[0]:
                state = self._clients[client] = [now + self.window, 0]
            state[1] += 1
            return max(0, self.limit - state[1]), state[0], state[1] <= self.limit


def install(app, env):
    windows = FixedWindow(env.rate_limit, env.window_seconds)
    bans = zoo_contract.BanWatch(env.ban_after, env.ban_seconds)

    @app.middleware("http")
    async def rate_limit(request, call_next):
        # The credential read as HTTPBearer will read it: "<scheme> <param>", split at the first space.
        scheme, token = get_authorization_scheme_param(request.headers.get("Authorization"))
        # The spaces after the first one are stripped, as require_key strips them (RFC 6750 §2.1: 1*SP).
        key = token.lstrip(" ") if scheme.lower() == "bearer" else None
        client = zoo_contract.client_of(env.keys, key, request.client.host if request.client else None)
        now = time.time()
        bans.arrive(client, now)
        remaining, reset, allowed = windows.hit(client, now)
        banned_until = bans.banned_until(client, now)
        if banned_until is not None or not allowed:
            until = max(reset, banned_until or 0)
            bans.refused(client, now + zoo_contract.whole_seconds_until(until, now))
            code = "banned" if banned_until is not None else "rate_limited"
            body = {"code": code, "message": "Too many requests; wait for Retry-After.", "status": 429}
            response = JSONResponse(body, status_code=429)
            response.headers["Retry-After"] = str(zoo_contract.whole_seconds_until(until, now))
            reset = until
        else:
            response = await call_next(request)
        response.headers["X-RateLimit-Limit"] = str(env.rate_limit)
        response.headers["X-RateLimit-Remaining"] = str(remaining)
        response.headers["X-RateLimit-Reset"] = str(math.ceil(reset))
        return response
