# Starts the starlette-hypercorn target: Hypercorn (asyncio worker, h11) serving the Starlette app (app.py) on
# ZOO_HOST:ZOO_PORT, and "ZOO listening <url>" once its socket listens (bound here, so port 0 is known).
# Hypercorn's defaults kept (no access log, errors to stderr, keep-alive 5 s). SIGTERM stops it.
import asyncio
import os
import signal
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]  # the app and targets/zoo_contract.py

from hypercorn.asyncio.run import worker_serve  # noqa: E402
from hypercorn.config import Config  # noqa: E402

import zoo_contract  # noqa: E402
from app import MISCONFIGS, create_app  # noqa: E402


async def main(env):
    config = Config()
    config.bind = [f"[{env.host}]:{env.port}" if ":" in env.host else f"{env.host}:{env.port}"]
    sockets = config.create_sockets()
    sock = sockets.insecure_sockets[0]
    sock.listen(config.backlog)  # connections wait in the backlog until the server accepts them
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    print(zoo_contract.listening_line("http", env.host, sock.getsockname()[1], env.base_path), flush=True)
    await worker_serve(create_app(env), config, sockets=sockets, shutdown_trigger=stop.wait)


asyncio.run(main(zoo_contract.load("starlette-hypercorn", MISCONFIGS)))
