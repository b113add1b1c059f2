"""`arxref serve`: the record service (citation records, /status, /failures, /metrics) run by uvicorn.

The socket is bound here, before anything is printed, and handed to uvicorn: a port in use, a port
this user may not take, a port out of range or a host that is no address of this machine is one line
(exit 3), not uvicorn's error among its INFO lines after "serving on".
"""

from __future__ import annotations

import argparse
import errno
import socket

from arxref.cli._common import require_database
from arxref.cli._exits import InputError
from arxref.settings import Settings


def cmd_serve(args: argparse.Namespace, settings: Settings) -> int:
    import uvicorn

    from arxref.web.app import create_app

    require_database(settings)  # the service only reads: an empty new database would serve nothing
    sock = listen(args.host, args.port)
    print(f"arxref: serving {settings.database_url} on http://{args.host}:{args.port}/", flush=True)
    config = uvicorn.Config(create_app(settings), log_level="info")
    uvicorn.Server(config).run(sockets=[sock])
    return 0


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on host:port, or InputError saying in one line why there can be none."""
    if not 1 <= port <= 65535:
        raise InputError(f"--port {port}: a TCP port is a number from 1 to 65535")
    where = f"{host}:{port}"
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        return socket.create_server((host, port), family=family)
    except socket.gaierror as exc:
        raise InputError(f"--host {host!r}: not a host name or address ({exc.strerror})") from exc
    except PermissionError as exc:
        why = f"this user may not listen on port {port} (below 1024 needs privileges)"
        raise InputError(f"{where}: {why}") from exc
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise InputError(f"{where}: port {port} is in use; choose another with --port") from exc
        if exc.errno == errno.EADDRNOTAVAIL:
            raise InputError(f"--host {host}: not an address of this machine") from exc
        raise InputError(f"{where}: cannot listen ({exc.strerror})") from exc
