"""Counts read right in every language (issue 43, item 4): every key whose English words put a
number before a counted noun ("{n} games finished") is a plural key (`<key>.one` /
`<key>.other`, picked by the language's rule as Intl.PluralRules does in the browser), and
each one, rendered with 0, 1, 2 and 5, never says "1 games" or "2 game" in English, "1 jogos"
or "2 jogo" in Portuguese (where 0 and 1 take the singular). Chinese has one form, the same
words under both keys (tests/i18n/test_catalogues.py)."""

from __future__ import annotations

import re

import pytest

from app import i18n

from .test_catalogues import PLURAL

COUNTS = (0, 1, 2, 5)
# English counted nouns: singular -> plural.
EN_NOUNS = {
    "game": "games", "chip": "chips", "card": "cards", "round": "rounds", "seat": "seats", "point": "points",
    "minute": "minutes", "second": "seconds", "die": "dice", "garnet": "garnets", "space": "spaces",
    "player": "players", "share": "shares", "horse": "horses", "Indian": "Indians", "step": "steps",
    "bet": "bets", "bot": "bots",
}  # fmt: skip
PT_NOUNS = {
    "jogo": "jogos", "ficha": "fichas", "carta": "cartas", "rodada": "rodadas", "lugar": "lugares",
    "ponto": "pontos", "minuto": "minutos", "dado": "dados", "granada": "granadas", "casa": "casas",
    "jogador": "jogadores", "parte": "partes", "passo": "passos", "segundo": "segundos",
}  # fmt: skip
NOUNS = {"en": EN_NOUNS, "pt": PT_NOUNS}
# A number, maybe one word ("advantage", "more"), then a counted noun.
COUNTED = re.compile(
    r"\{\w+\} (?:[a-z]+ )?(" + "|".join(map(re.escape, [*EN_NOUNS, *EN_NOUNS.values()])) + r")\b"
)
# Keys with a number before a noun that is never a count of one, or is not a count at all.
NOT_COUNTS = {
    "home.players_range": "a range of seats ({min}-{max}), at least 2",
    "lobby.game": "a range of seats ({min} to {max}), at least 2",
    "pip.play_bet": "{card} is a card's name",
    "pip.pony_at": "{distance}: a track's length, 4 to 12",
    "pip.log.spy_result": "{cards}: the cards' names",
    "tote.payout": "{x} per chip: a rate",
    "peb.log.item_marked_hidden": "{die}: a die's number",
    "hr.log.scratch_repeat": "{horse}: a horse's number",
    "hr.log.scratch_repeat_paid": "{horse}: a horse's number",
    "hr.log.pay": "{horse}: a horse's number",
    "hr.log.joker_forward": "{horse}: a horse's number",
    "hr.log.joker_back": "{horse}: a horse's number",
    "hr.turn_owe": "{horse}: a horse's number",
    "hr.turn_passed_to_you": "{horse}: a horse's number",
    "hr.dice_moved": "{horse}: a horse's number",
    "hr.dice_scratched": "{horse}: a horse's number",
    "hr.passed_text": "{horse}: a horse's number",
    "hr.action.joker_forward": "{horse}: a horse's number",
    "hr.action.joker_back": "{horse}: a horse's number",
    "hr.end_detail": "{won}, {penalties}: chip amounts named as such",
    "per.caption_at": "{horse}: a horse's name",
    "seat_ask.give": "{name}: a player's name",
    "group.approve": "{name} a bot's seat: a name, not a count",
    # Error words come through errorText with the server's parameters: bounds far above one.
    "error.slow_down": "a wait in seconds, shown only above a second",
    "error.tote_chips": "{chips}: the chips left, shown only when a bet is over them",
    "error.too_many_games": "{max}: the cap on games running per address (ROOMS_PER_ADDRESS, 50)",
    "error.seat_requests_address": "{n}: the live requests one address may hold in a room (2)",
}


# The count of a plural key whose words hold several numbers before nouns.
COUNT_PARAM = {
    "hr.settle_shares": "cards",
    "per.explain_paid": "stake",
    "per.log.bet": "chips",  # "{name} bets": a verb
}


def count_param(key: str) -> str | None:
    """The placeholder that picks the form: the one before a counted noun in the English words."""
    if key in COUNT_PARAM:
        return COUNT_PARAM[key]
    found = {m.group(0)[1:].split("}")[0] for m in COUNTED.finditer(i18n.catalogue("en")[f"{key}.other"])}
    assert len(found) <= 1, f"{key}: say which of {found} counts (COUNT_PARAM)"
    return found.pop() if found else None


def plural_groups() -> list[str]:
    return sorted({m.group(1) for key in i18n.catalogue("en") if (m := PLURAL.match(key))})


def test_every_key_that_counts_a_noun_is_a_plural_key():
    table = i18n.catalogue("en")
    single = [key for key, text in table.items() if not PLURAL.match(key) and COUNTED.search(text)]
    assert sorted(set(single) - set(NOT_COUNTS)) == [], "counts without plural forms"
    assert sorted(set(NOT_COUNTS) - set(single)) == [], "stale exceptions"


def wrong_form(lang: str, count: int) -> re.Pattern[str]:
    """The noun in the form `count` must not take, right after the number (or one word on)."""
    nouns = NOUNS[lang]
    words = list(nouns.values()) if i18n.plural_form(lang, count) == "one" else list(nouns)
    return re.compile(rf"(?<![\d.,]){count} (?:[a-zà-ú]+ )?(" + "|".join(map(re.escape, words)) + r")\b")


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("key", plural_groups())
def test_every_plural_key_reads_right_with_0_1_2_and_5(lang, key):
    table = i18n.catalogue(lang)
    assert f"{key}.one" in table and f"{key}.other" in table, key
    counted = count_param(key)
    if counted is None:
        return  # names or words, no number before a noun ("{names} win")
    others = dict.fromkeys(i18n.placeholders(table[f"{key}.other"]), "7")
    for count in COUNTS:
        text = i18n.translate_plural(lang, key, count, **{**others, counted: str(count)})
        assert not wrong_form(lang, count).search(text), (lang, key, count, text)
