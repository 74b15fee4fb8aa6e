# The flask-gunicorn target: the Order Store Service v1 as a Flask app (gunicorn serves create_app()), with
# Flask-Limiter for spec §8. Routes under a Blueprint at the base path, a converter for int64 ids, JSON Error
# bodies for every HTTP error. Each misconfiguration is one switch here or in rate_limits.py; never writes a key.
from flask import Blueprint, Flask, g, jsonify, request
from werkzeug.exceptions import HTTPException
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import BaseConverter, ValidationError

import rate_limits
import settings
from orders import OrderStore

DEPRECATION = "@1767225600"  # RFC 9745: 2026-01-01T00:00:00Z
SUNSET = "Thu, 01 Jul 2027 00:00:00 GMT"


class Int64Converter(BaseConverter):
    """ASCII decimal digits within int64. Werkzeug's int converter matches r"\\d+", which in a str pattern is
    any Unicode decimal digit: /orders/%D9%A7 would be order 7."""

    regex = r"-?[0-9]{1,19}"

    def to_python(self, value):
        number = int(value)
        if not -(2**63) <= number < 2**63:
            raise ValidationError()
        return number

    def to_url(self, value):
        return str(value)


def error_response(status, code, message, headers=None):
    response = jsonify(code=code, message=message, status=status)
    response.status_code = status
    response.headers.update(headers or {})
    return response


def create_app():
    env = settings.load()
    store = OrderStore(env.seed_file)
    app = Flask(__name__)
    if env.proxied:
        # One proxy in front (targets/nginx): the client address is the one it forwards.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1)
    app.url_map.converters["int64"] = Int64Converter
    id_type = "int" if env.misconfig == "int-converter" else "int64"
    rate_limits.install(app, env, error_response)

    @app.before_request
    def require_key():
        if g.client.startswith("key#"):
            return None
        challenge = 'Bearer realm="order-store"'
        if request.headers.get("Authorization"):
            challenge += ', error="invalid_token"'
        return error_response(401, "unauthorized", "A valid API key is required: Authorization: Bearer <key>.", {"WWW-Authenticate": challenge})

    api = Blueprint("api", __name__, url_prefix=env.base_path)

    @api.get("/store/orders")
    def list_orders():
        return jsonify(store.list())

    @api.delete(f"/store/orders/<{id_type}:order_id>")
    def cancel_order(order_id):
        outcome = store.cancel(order_id)
        if outcome == "cancelled":
            return "", 204
        if outcome == "shipped":
            return error_response(409, "order_shipped", "The order has already shipped and cannot be cancelled.")
        return error_response(404, "order_not_found", "No order has this orderId.")

    @api.get(f"/pets/<{id_type}:pet_id>")
    def read_pet(pet_id):
        headers = {"Deprecation": DEPRECATION, "Sunset": SUNSET}
        if pet_id not in store.pets:
            return error_response(404, "pet_not_found", "No pet has this petId.", headers)
        response = jsonify(id=pet_id)
        response.headers.update(headers)
        return response

    app.register_blueprint(api)
    register_errors(app)
    return app


def register_errors(app):
    def as_json(e):
        if e.code < 400:
            return e  # a redirect (Werkzeug's merge_slashes 308) stays one
        response = e.get_response()  # keeps Allow on a 405
        body = error_response(e.code, e.name.lower().replace(" ", "_"), e.description)
        response.set_data(body.get_data())
        response.content_type = "application/json"
        return response

    app.register_error_handler(HTTPException, as_json)

    @app.errorhandler(429)
    def too_many(e):
        return error_response(429, "rate_limited", "Request rate limit exceeded; wait for Retry-After.")
