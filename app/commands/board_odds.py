"""`paddock board-odds --board classic --races 100000 --seed 1 [--json]`: HR-2 win chances of a board.

Prints each horse's steps and estimated chance to win (scratches and race
simulated, see engine.games.horse_racing.odds), or with --json
{"board": ..., "races": N, "win": {"2": 0.2, ...}}.
"""

from __future__ import annotations

import argparse
import json

from engine.games.horse_racing.board import HORSES, board_steps, check_board
from engine.games.horse_racing.odds import estimate


def _board_arg(text: str) -> str | list[int]:
    """A preset name, or 11 comma-separated step counts."""
    value: str | list[int] = text
    if "," in text:
        try:
            value = [int(part) for part in text.split(",")]
        except ValueError:
            raise argparse.ArgumentTypeError("step counts must be whole numbers") from None
    try:
        return check_board(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("board-odds", help="estimate each horse's chance to win on a board")
    parser.add_argument(
        "--board",
        type=_board_arg,
        default="classic",
        help="preset name or 11 comma-separated step counts (default: classic)",
    )
    parser.add_argument("--races", type=int, default=100_000, help="races to simulate (default: 100000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default: 1)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.races < 1:
        print("--races must be at least 1")
        return 2
    result = estimate(args.board, args.races, args.seed)
    if args.json:
        print(json.dumps({"board": result["board"], "races": result["races"], "win": result["win"]}))
        return 0
    steps = board_steps(args.board)
    name = args.board if isinstance(args.board, str) else ",".join(map(str, steps))
    print(f"board {name}, {args.races} races, seed {args.seed}")
    print("horse  steps   win")
    for horse, count in zip(HORSES, steps, strict=True):
        print(f"{horse:>5}  {count:>5}  {result['win'][str(horse)]:6.2%}")
    return 0
