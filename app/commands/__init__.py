"""Subcommands of `paddock`. Each module has `add_parser(subparsers)` that sets `run`;
adding a command is one import and one entry in COMMANDS."""

from app.commands import board_odds, rooms, serve

COMMANDS = [serve, board_odds, rooms]
