"""``judgedesk servers``: the local servers and model files that could judge."""

from __future__ import annotations

import argparse
from typing import Any

from judgedesk.cli import language
from judgedesk.cli.common import EXIT_OK
from judgedesk.core.messages import say

HELP = "list the model servers running on this machine and the model files found"
DESCRIPTION = (
    "Ask this machine's usual ports (Ollama 11434, LM Studio 1234, llama.cpp server 8080, "
    "vLLM 8000, text-generation-webui 5000) which models they offer, and list the GGUF "
    "model files in LM Studio's and Ollama's model folders (and $OLLAMA_MODELS). Nothing "
    "is sent to another machine and no file is changed. Exit code 0."
)


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = 0
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (1 to 65535)")
    return port


def add_servers_command(sub: Any) -> None:
    """Register ``servers`` on the command line's subparsers."""
    servers = sub.add_parser("servers", help=HELP, description=DESCRIPTION)
    servers.add_argument(
        "--port",
        action="append",
        type=_port,
        metavar="N",
        help="ask this port on this machine instead of the usual ones; repeatable",
    )
    servers.add_argument(
        "--json", action="store_true", help="print the servers and model files as JSON"
    )
    servers.set_defaults(func=cmd_servers)


def cmd_servers(args: argparse.Namespace) -> int:
    # Imported here: the other commands need neither the HTTP client nor the file search.
    import asyncio
    import json

    from judgedesk.core.judge import find_model_files, find_servers, size_text

    ports = (
        [(say("cli.servers.port", "port {port}", port=port), port) for port in args.port]
        if args.port
        else None
    )
    servers = asyncio.run(find_servers(ports))
    files = find_model_files()
    if args.json:
        report = {
            "servers": [
                {
                    "title": s.title,
                    "base_url": s.base_url,
                    "models": s.models,
                    "milliseconds": s.milliseconds,
                }
                for s in servers
            ],
            "model_files": [
                {
                    "name": f.name,
                    "path": str(f.path),
                    "source": f.source,
                    "size": f.size,
                    "description": f.description,
                }
                for f in files
            ],
        }
        print(json.dumps(report, ensure_ascii=False, indent=2))
        return EXIT_OK
    if servers:
        print(language.text(say("cli.servers.servers", "Servers:")))
        for server in servers:
            where = say(
                "cli.servers.server",
                "{title} at {url} ({ms} ms)",
                title=server.title,
                url=server.base_url,
                ms=server.milliseconds,
            )
            print(f"  {language.text(where)}")
            no_model = say("cli.servers.no_model", "(no model loaded)")
            for model in server.models or [language.text(no_model)]:
                print(f"    {model}")
    else:
        none = say(
            "cli.servers.none",
            "No server answered. Start one (`ollama serve`, LM Studio's local server, or "
            "`llama-server -m <model.gguf>`) and ask again.",
        )
        print(language.text(none))
    if files:
        print(language.text(say("cli.servers.files", "Model files:")))
        for file in files:
            print(f"  {file.name}  {size_text(file.size)}  {file.source}")
            print(f"    {file.path}")
    else:
        no_files = say(
            "cli.servers.no_files",
            "No model file found in LM Studio's or Ollama's folders. Download a .gguf "
            "model (e.g. from Hugging Face) to judge with a model file.",
        )
        print(language.text(no_files))
    return EXIT_OK
