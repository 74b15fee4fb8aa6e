# The python-stdlib zoo target: the Order Store Service v1 on http.server's ThreadingHTTPServer and json,
# standard library only, with the stack's defaults kept (HTTP/1.0 responses, one connection per request).
# It writes only the ZOO events on stdout, and never a key (the access log is off: it would print queries).
import hmac
import json
import re
import socket
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

import config
from limiter import FixedWindowLimiter
from orders import OrderStore

INT64 = re.compile(r"-?[0-9]{1,19}")  # ASCII digits only: int() alone would take "+7", " 7", "7_0", "٧"
REALM = 'Bearer realm="order-store"'


def error(status, code, message):
    return {"code": code, "message": message, "status": status}


class OrderStoreHandler(BaseHTTPRequestHandler):
    rate = None  # this request's limiter verdict, written by end_headers on every response

    def log_message(self, format, *args):
        # The default access log writes the request line, query string included: a key sent as ?api_key=
        # would land on stderr.
        pass

    def do_GET(self):
        self.handle_api()

    do_HEAD = do_DELETE = do_POST = do_PUT = do_PATCH = do_OPTIONS = do_GET

    def end_headers(self):
        if self.rate is not None:
            self.send_header("X-RateLimit-Limit", str(self.rate.limit))
            self.send_header("X-RateLimit-Remaining", str(self.rate.remaining))
            self.send_header("X-RateLimit-Reset", str(self.rate.reset))
        super().end_headers()

    def handle_api(self):
        self.rate = None
        self.drain_body()
        srv = self.server
        key_label = self.key_label()
        if srv.config.misconfig == "limit-after-auth" and key_label is None:
            return self.unauthorized()
        self.rate = srv.limiter.hit(key_label or self.client_address[0], time.time())
        if self.rate.retry_after is not None:
            return self.too_many()
        if key_label is None:
            return self.unauthorized()
        self.route(urlsplit(self.path).path)

    def route(self, path):
        collection = self.server.config.base_path + "/store/orders"
        if path == collection:
            if self.command not in ("GET", "HEAD"):
                return self.not_allowed("GET, HEAD")
            return self.send_json(200, self.server.store.list())
        if path.startswith(collection + "/") and "/" not in path[len(collection) + 1 :]:
            if self.command != "DELETE":
                return self.not_allowed("DELETE")
            return self.cancel(path[len(collection) + 1 :])
        self.not_found("no_such_route", "No operation is served at this path.")

    def cancel(self, segment):
        order_id = int(segment) if INT64.fullmatch(segment) else None
        if order_id is None or not -(2**63) <= order_id < 2**63:
            if self.server.config.misconfig == "send-error-html":
                return self.send_error(400, "Invalid order id")
            return self.send_json(400, error(400, "invalid_order_id", "orderId must be a 64-bit integer."))
        outcome = self.server.store.cancel(order_id)
        if outcome == "cancelled":
            self.send_response(204)
            self.end_headers()
        elif outcome == "shipped":
            self.send_json(409, error(409, "order_shipped", "The order has shipped and cannot be cancelled."))
        else:
            self.not_found("order_not_found", "No order has this id.")

    def key_label(self):
        """'key#N' for a valid bearer key (N its place in ZOO_KEYS), else None. Scheme is case-insensitive.

        headers.get() reads the first of repeated Authorization lines, as the stack does.
        """
        parts = (self.headers.get("Authorization") or "").split()
        if len(parts) != 2 or parts[0].lower() != "bearer":
            return None
        token = parts[1].encode()
        for i, key in enumerate(self.server.config.keys):
            if hmac.compare_digest(token, key.encode()):
                return f"key#{i + 1}"
        return None

    def unauthorized(self):
        has_token = bool(self.headers.get("Authorization"))
        challenge = REALM + (', error="invalid_token"' if has_token else "")
        body = error(401, "unauthorized", "A valid API key is required: Authorization: Bearer <key>.")
        self.send_json(401, body, {"WWW-Authenticate": challenge})

    def too_many(self):
        if self.rate.banned:
            body = error(429, "banned", "Too many requests after a 429: this client is temporarily banned.")
        else:
            body = error(429, "rate_limited", "Request rate limit exceeded.")
        retry_after = str(self.rate.retry_after)
        if self.server.config.misconfig == "retry-after-float":
            retry_after = str(self.rate.reset - time.time())
        self.send_json(429, body, {"Retry-After": retry_after})

    def not_allowed(self, allow):
        self.send_json(405, error(405, "method_not_allowed", "Method not allowed here."), {"Allow": allow})

    def not_found(self, code, message):
        if self.server.config.misconfig == "send-error-html":
            return self.send_error(404, "Not found")
        self.send_json(404, error(404, code, message))

    def send_json(self, status, payload, headers=None):
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def drain_body(self):
        # http.server leaves a request body unread; closing a socket with unread bytes resets it, which can
        # destroy the response before the client reads it.
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = 0
        if length > 0:
            self.rfile.read(min(length, 1 << 20))


def main():
    cfg = config.load()

    class Server(ThreadingHTTPServer):
        address_family = socket.AF_INET6 if ":" in cfg.host else socket.AF_INET
        # socketserver's listen backlog is 5: a burst of simultaneous clients past it sits in SYN
        # retransmission for seconds. A server meant to take concurrent clients raises it.
        request_queue_size = 128

    def announce(event):
        print(f"ZOO {event}", flush=True)

    httpd = Server((cfg.host, cfg.port), OrderStoreHandler)
    httpd.config = cfg
    httpd.store = OrderStore(cfg.seed)
    httpd.limiter = FixedWindowLimiter(cfg.rate_limit, cfg.rate_window, cfg.ban_after, cfg.ban_seconds, announce)
    host = f"[{cfg.host}]" if ":" in cfg.host else cfg.host
    announce(f"listening http://{host}:{httpd.server_address[1]}{cfg.base_path}")
    httpd.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
