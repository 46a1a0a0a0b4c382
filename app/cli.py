"""The `paddock` command: one subcommand per module in app/commands (see COMMANDS there)."""

from __future__ import annotations

import argparse

from app.commands import COMMANDS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="paddock", description="Paddock: horse-race board games online.")
    subcommands = parser.add_subparsers(dest="command", required=True)
    for command in COMMANDS:
        command.add_parser(subcommands)
    args = parser.parse_args(argv)
    return int(args.run(args) or 0)
