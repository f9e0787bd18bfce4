"""`table_news`: what a screen reader hears of the table at an update, the latest plays of the
others, in the order they were made, each under a key that stays the same from poll to poll."""

from __future__ import annotations

from types import SimpleNamespace

from classroom.templatetags.play_tags import NEWS_LENGTH, table_news
from eleusis.engine.cards import Card
from eleusis.engine.variants.express.state import TableEntry

CARDS = [Card.parse(code) for code in ("2H", "3S", "4D", "5C", "6H", "7S", "8D", "9C", "TH", "JS")]


def _board(entries: list[TableEntry], *, me: int = 0):
    view = SimpleNamespace(table=entries, guesses=[], hints=[])
    seats = [SimpleNamespace(position=p, name=f"Seat{p}") for p in range(3)]
    round_row = SimpleNamespace(pk=7, position_of=lambda player: player)
    return SimpleNamespace(
        table_view=view, round=round_row, seats=seats, player=me, revealed_rule=None
    )


def test_a_long_round_tells_only_the_others_latest_plays_in_order():
    entries = [TableEntry(None, [CARDS[0]], True, "starter")]
    for turn in range(30):  # seats 1, 2 and 0 (me) in turn
        entries.append(TableEntry(turn % 3, [CARDS[turn % 10]], turn % 2 == 0, "play"))

    news = table_news(_board(entries))

    others = [i for i, e in enumerate(entries) if e.player not in (None, 0)]
    assert [key for key, _text in news] == [f"play-7-{i}" for i in others[-NEWS_LENGTH:]]
    last = entries[others[-1]]
    assert news[-1][1].startswith(f"Seat{last.player} played the ")
    assert news[-1][1].endswith("accepted." if last.accepted else "rejected.")


def test_a_short_round_tells_every_play_of_the_others():
    entries = [
        TableEntry(None, [CARDS[0]], True, "starter"),
        TableEntry(1, [CARDS[1]], True, "play"),
        TableEntry(0, [CARDS[2]], False, "play"),
        TableEntry(2, [CARDS[3], CARDS[4]], False, "no_play"),
    ]

    news = table_news(_board(entries))

    assert news == [
        ("play-7-1", "Seat1 played the 3 of spades: accepted."),
        ("play-7-3", "Seat2 said no card fits, and was wrong."),
    ]
