# Starts the fastapi-uvicorn target: uvicorn.Server with the FastAPI app (app.py) on ZOO_HOST:ZOO_PORT, and
# "ZOO listening <url>" once its socket listens. Uvicorn's defaults kept but the access log, which would
# write request lines (queries included) to stdout. SIGTERM stops it (uvicorn's own handler).
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]  # the app and targets/zoo_contract.py

import uvicorn  # noqa: E402

import zoo_contract  # noqa: E402
from app import MISCONFIGS, create_app  # noqa: E402


class Server(uvicorn.Server):
    async def startup(self, sockets=None):
        await super().startup(sockets)
        if self.started:
            port = self.servers[0].sockets[0].getsockname()[1]
            print(zoo_contract.listening_line("http", env.host, port, env.base_path), flush=True)


env = zoo_contract.load("fastapi-uvicorn", MISCONFIGS)
Server(uvicorn.Config(create_app(env), host=env.host, port=env.port, access_log=False, log_level="warning")).run()
