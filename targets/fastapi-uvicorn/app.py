# The fastapi-uvicorn target: the Order Store Service v1 as a FastAPI app. HTTPBearer reads the key (with
# auto_error off: its own answer to a missing key is 403), a path regex keeps ids to int64 spellings, and
# exception handlers give every error an Error body. Each misconfiguration is one switch; never writes a key.
import hmac
from http import HTTPStatus
from typing import List

from fastapi import APIRouter, Depends, FastAPI, HTTPException, Path, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.security import HTTPBearer
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

import rate_limit
from orders import OrderStore

MISCONFIGS = ("http-bearer-defaults", "regex-dollar", "default-validation-errors")
# ASCII digits: pydantic's int() would also take "+7", " 7", "0_7" and "٧". pydantic matches the pattern with
# re.match, where "$" also matches before a final newline ("7\n"): the end is "\Z".
INT64 = r"^-?[0-9]{1,19}\Z"
DEPRECATION = "@1767225600"  # RFC 9745: 2026-01-01T00:00:00Z
SUNSET = "Thu, 01 Jul 2027 00:00:00 GMT"


class Order(BaseModel):
    id: int
    petId: int
    quantity: int
    shipDate: str
    complete: bool
    status: str  # pending, shipped or cancelled: a field beside the five of spec §2


class Pet(BaseModel):
    id: int


def problem(status, code, message, headers=None):
    return HTTPException(status, detail={"code": code, "message": message}, headers=headers)


def create_app(env):
    store = OrderStore(env.seed_file)
    bad = env.misconfig
    app = FastAPI(title="Order Store Service", version="v1")
    rate_limit.install(app, env)
    bearer = HTTPBearer(auto_error=bad == "http-bearer-defaults")

    def require_key(credentials=Depends(bearer)):
        # HTTPBearer splits at the first space and keeps the rest (FastAPI strips it only from 2026, PR 14786):
        # "Bearer  <key>" is the key too, RFC 6750 §2.1 "Bearer" 1*SP b64token.
        token = credentials.credentials.lstrip(" ") if credentials else ""
        if any(hmac.compare_digest(token.encode(), k.encode()) for k in env.keys):
            return
        challenge = 'Bearer realm="order-store"' + (', error="invalid_token"' if credentials else "")
        raise problem(401, "unauthorized", "A valid API key is required: Authorization: Bearer <key>.", {"WWW-Authenticate": challenge})

    def int64(value):
        number = int(value)
        if not -(2**63) <= number < 2**63:
            raise problem(400, "invalid_order_id", "The id must be a 64-bit integer.")
        return number

    id_path = Path(regex=r"^-?[0-9]{1,19}$" if bad == "regex-dollar" else INT64)
    router = APIRouter(prefix=env.base_path, dependencies=[Depends(require_key)])

    @router.get("/store/orders", response_model=List[Order])
    def list_orders():
        return store.list()

    @router.delete("/store/orders/{order_id}", status_code=204, response_class=Response)
    def cancel_order(order_id: str = id_path):
        before = store.cancel(int64(order_id))
        if before is None:
            raise problem(404, "order_not_found", "No order has this orderId.")
        if before == "shipped":
            raise problem(409, "order_shipped", "The order has already shipped and cannot be cancelled.")
        if before != "pending":
            raise problem(409, "order_not_pending", "Only a pending order can be cancelled.")
        return Response(status_code=204)

    @router.get("/pets/{pet_id}", response_model=Pet)
    def read_pet(response: Response, pet_id: str = id_path):
        headers = {"Deprecation": DEPRECATION, "Sunset": SUNSET}
        if int64(pet_id) not in store.pets:
            raise problem(404, "pet_not_found", "No pet has this petId.", headers)
        response.headers.update(headers)
        return {"id": int64(pet_id)}

    app.include_router(router)
    install_error_handlers(app, bad)
    return app


def install_error_handlers(app, bad):
    @app.exception_handler(StarletteHTTPException)
    async def http_error(request, exc):
        detail = exc.detail if isinstance(exc.detail, dict) else None
        code = detail["code"] if detail else HTTPStatus(exc.status_code).phrase.lower().replace(" ", "_")
        message = detail["message"] if detail else str(exc.detail)
        body = {"code": code, "message": message, "status": exc.status_code}
        return JSONResponse(body, status_code=exc.status_code, headers=getattr(exc, "headers", None))

    if bad == "default-validation-errors":
        return  # FastAPI's own: 422 {"detail": [{"loc": ..., "msg": ..., "type": ...}]}

    @app.exception_handler(RequestValidationError)
    async def invalid(request, exc):
        body = {"code": "invalid_request", "message": "A path parameter is not a 64-bit integer.", "status": 400}
        return JSONResponse(body, status_code=400)
