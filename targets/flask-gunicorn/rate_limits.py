# Spec §8 on the flask-gunicorn target: Flask-Limiter (its in-memory fixed window) configured through its own
# options, and the ban of spec §8 rule 5 around it. Flask-Limiter writes every X-RateLimit-* header and the
# Retry-After; this module only chooses its options and keeps the ban's book.
import time

from flask import g, request
from flask_limiter import Limiter
from werkzeug.http import http_date

import zoo_contract


def install(app, env, error_response):
    """Registers, in the order Flask runs them: who the request is, the limiter, the ban gate."""
    bans = zoo_contract.BanWatch(env.ban_after, env.ban_seconds)

    @app.before_request
    def charge():
        token = zoo_contract.bearer_token(request.headers.get("Authorization"))
        g.client = zoo_contract.client_of(env.keys, token, request.remote_addr)
        bans.arrive(g.client, time.time())

    bad = env.misconfig
    every = [f"{env.rate_limit} per {env.window_seconds} second"]
    limiter = Limiter(
        lambda: g.client,
        app=app,
        storage_uri="memory://",
        strategy="fixed-window",
        # Off by default: "headers_enabled: whether X-RateLimit response headers are written".
        headers_enabled=bad != "limiter-headers-off",
        # Its delta-seconds Retry-After is int(reset - now), truncated: a client that waits it comes back
        # early about half the time. The HTTP-date of the reset is never early.
        retry_after="http-date",
        # One count per client across every route, unrouted requests (404, 405) included: by default a
        # request without an endpoint is exempt, and default_limits count each route apart.
        **(
            {"default_limits": every}
            if bad == "default-limits"
            else {"application_limits": every, "request_identifier": lambda: request.endpoint or "unrouted"}
        ),
    )

    @app.before_request
    def refuse_banned():
        until = bans.banned_until(g.client, time.time())
        if until is not None:
            # Flask-Limiter keeps the later of this and its own reset when it writes Retry-After.
            return error_response(429, "banned", "Too many requests after a 429: banned for a while.", {"Retry-After": http_date(until)})
        if env.proxied and request.headers.get("X-Proxy-Rate-Limited") == "1":
            # nginx's own limit_req refused it and asks the app to answer, with the app's count in the headers;
            # nginx's bucket lets the next request through within a second.
            return error_response(429, "rate_limited", "Too many requests from this address; wait for Retry-After.", {"Retry-After": http_date(time.time() + 1)})
        return None

    @app.after_request
    def note_refusal(response):
        # Runs before Flask-Limiter's own after_request (Flask runs them last registered first).
        if response.status_code == 429:
            current = limiter.current_limit
            ban = bans.banned_until(g.client, time.time()) or 0
            bans.refused(g.client, max(ban, current.reset_at if current else time.time() + env.window_seconds))
        return response

    return limiter
