"""The Python reference of the Yjs room benchmark (docs/architecture.md, "Performance budget"):
pycrdt-websocket as shipped, its
`WebsocketServer` (in-memory rooms, no store) behind its `ASGIServer`, served by Uvicorn as its
documentation shows. The room is the URL path, so /ws/protocols/<id>/doc names the same rooms as on the
project's server.

    python -m bench.yjs.pycrdt_server --port 1235
"""

from __future__ import annotations

import argparse
import asyncio
import logging

import uvicorn
from pycrdt.websocket import ASGIServer, WebsocketServer, exception_logger


async def serve(host: str, port: int) -> None:
    # A client that goes away mid-frame is logged, not raised out of the server (as the docs advise).
    websocket_server = WebsocketServer(exception_handler=exception_logger)
    app = ASGIServer(websocket_server)
    # On SIGTERM Uvicorn waits for its connections' tasks to end; a room task left waiting (seen after a
    # burst of joins of one room) would keep the process alive, so that wait is bounded.
    config = uvicorn.Config(
        app, host=host, port=port, log_level="warning", access_log=False, timeout_graceful_shutdown=5
    )
    server = uvicorn.Server(config)
    async with websocket_server:
        await server.serve()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    asyncio.run(serve(args.host, args.port))


if __name__ == "__main__":
    main()
