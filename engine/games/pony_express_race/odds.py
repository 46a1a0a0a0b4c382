"""PER-3, PER-4, PER-6, PER-31: the odds table, odds movement, opening rows, bet payouts."""

from __future__ import annotations

from typing import Any

# row -> (price, payout multiple for 1st, 2nd, 3rd); None = stake lost, 0 = stake back.
ODDS_TABLE: dict[int, tuple[str, tuple[int | None, int | None, int | None]]] = {
    1: ("1-1", (1, 0, None)),
    2: ("2-1", (2, 1, None)),
    3: ("3-1", (3, 1, 0)),
    4: ("4-1", (4, 2, 0)),
    5: ("5-1", (5, 2, 1)),
    6: ("8-1", (8, 4, 2)),
    7: ("10-1", (10, 5, 2)),
    8: ("20-1", (20, 10, 5)),
}
TOP_ROW = 1
BOTTOM_ROW = 8


def rows_moved(difference: int) -> int:
    """PER-4: rows for |d| 0->0, 1-2->1, 3-4->2, 5-6->3, 7-8->4; sign of d (positive = up)."""
    size = (abs(difference) + 1) // 2
    return size if difference >= 0 else -size


def shift_row(row: int, new_value: int, previous_value: int) -> int:
    """PER-4: the marker's new row; up means a smaller row number; never off rows 1-8."""
    row -= rows_moved(new_value - previous_value)
    return max(TOP_ROW, min(BOTTOM_ROW, row))


def opening_row(value: int) -> int:
    """PER-6: first card 9->1, 8->2, 7->3, 6->4, 5->5, 4->6, 3->7, 2 or 1->8."""
    return min(BOTTOM_ROW, 10 - value)


def payout(stake: int, row: int, place: int | None) -> int:
    """PER-3/PER-31: chips returned for `stake` on a horse at `row` finishing `place` (1-3)."""
    if place is None:
        return 0
    multiple = ODDS_TABLE[row][1][place - 1]
    if multiple is None:
        return 0
    return stake + multiple * stake


def table_for_view() -> list[dict[str, Any]]:
    return [{"row": row, "price": price, "pays": list(pays)} for row, (price, pays) in ODDS_TABLE.items()]
