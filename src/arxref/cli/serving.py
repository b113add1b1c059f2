"""`arxref serve`: the record service (citation records, /status, /failures, /metrics) run by uvicorn."""

from __future__ import annotations

import argparse

from arxref.settings import Settings


def cmd_serve(args: argparse.Namespace, settings: Settings) -> int:
    import uvicorn

    from arxref.web.app import create_app

    print(f"arxref: serving {settings.database_url} on http://{args.host}:{args.port}/", flush=True)
    uvicorn.run(create_app(settings), host=args.host, port=args.port, log_level="info")
    return 0
