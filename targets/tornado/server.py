# Starts the tornado target: an HTTPServer over the Application (app.py) on ZOO_HOST:ZOO_PORT, on the asyncio
# loop as Tornado 6 documents it, and "ZOO listening <url>" once its socket listens. SIGTERM stops the loop.
import asyncio
import os
import signal
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]  # the app and targets/zoo_contract.py

import tornado.httpserver  # noqa: E402
import tornado.netutil  # noqa: E402

import zoo_contract  # noqa: E402
from app import MISCONFIGS, make_app  # noqa: E402


async def main(env):
    sockets = tornado.netutil.bind_sockets(env.port, address=env.host)
    server = tornado.httpserver.HTTPServer(make_app(env))
    server.add_sockets(sockets)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    print(zoo_contract.listening_line("http", env.host, sockets[0].getsockname()[1], env.base_path), flush=True)
    await stop.wait()
    server.stop()


asyncio.run(main(zoo_contract.load("tornado", MISCONFIGS)))
