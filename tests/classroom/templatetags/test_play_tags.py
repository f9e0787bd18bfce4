"""The game pages' tags: `table_news`, what a screen reader hears of the table at an update (the
latest plays of the others, in the order they were made, each under a key that stays the same
from poll to poll); `layout`, the mainline and its sidelines; `player_rows`, the players."""

from __future__ import annotations

import re
from types import SimpleNamespace

from django.test import override_settings
from django.utils import translation

from classroom.selectors.games import SeatInfo
from classroom.templatetags.play_tags import (
    NEWS_LENGTH,
    cards_label,
    layout,
    news_html,
    player_rows,
    table_news,
)
from eleusis.engine.cards import Card
from eleusis.engine.variants.express.state import TableEntry
from eleusis.engine.variants.table import LayoutColumn

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


def test_the_news_is_escaped_as_it_is_read_out():
    html = news_html([("hint-7-0", 'Hint: <b>"red" & black</b>')])

    assert html == (
        '<div class="news" hidden><span data-announce="hint-7-0" '
        'data-say="Hint: &lt;b&gt;&quot;red&quot; &amp; black&lt;/b&gt;"></span></div>'
    )
    assert news_html([]) == ""


# The layout -------------------------------------------------------------------------------------


def _columns() -> list[LayoutColumn]:
    return [
        LayoutColumn(CARDS[0]),
        LayoutColumn(CARDS[1], ((CARDS[2],), (CARDS[3], CARDS[4]))),
        LayoutColumn(CARDS[5]),
    ]


def _labels(html: str) -> list[str]:
    return re.findall(r'aria-label="([^"]*)"', html)


def test_the_layout_is_the_mainline_in_order_with_each_sideline_under_its_card():
    html = layout(_columns())

    assert html.startswith('<ol class="layout" aria-label="Mainline">') and html.endswith("</ol>")
    columns = html.split('<li class="column">')[1:]
    assert len(columns) == 3
    assert _labels(columns[0]) == ["2 of hearts"]
    # The second card's two rejected groups, in one list under it, each card marked rejected.
    assert _labels(columns[1]) == [
        "3 of spades",
        "Rejected after this card",
        "4 of diamonds, rejected",
        "5 of clubs, rejected",
        "6 of hearts, rejected",
    ]
    sideline = columns[1].split('<ul class="sideline"', 1)[1]
    assert sideline.count("<li>") == 2
    assert len(re.findall(r'class="card[^"]*\brejected"', sideline)) == 3
    assert _labels(columns[2]) == ["7 of spades"]
    assert "sideline" not in columns[0] + columns[2]


def test_delphis_layout_says_the_cards_did_not_fit():
    assert "Did not fit after this card" in _labels(layout(_columns(), "fit"))


def test_an_empty_layout_is_an_empty_mainline():
    assert layout([]) == '<ol class="layout" aria-label="Mainline"></ol>'


@override_settings(LANGUAGE_CODE="el")
def test_the_layout_speaks_the_pages_language():
    with translation.override("el"):
        html = layout(_columns())

    labels = _labels(html)
    assert "Mainline" not in labels and "Rejected after this card" not in labels
    assert not any(label.endswith("hearts") for label in labels)


# The players ------------------------------------------------------------------------------------


def test_the_players_rows_say_whose_turn_it_is_and_who_deals_in_words():
    seats = [
        SeatInfo(0, "Ana", False, 0, 4, False, is_dealer=True),
        SeatInfo(1, "Bo <b>&", False, 7, 2, True),
        SeatInfo(2, "Cy", False, 6, 0, False),
    ]

    rows = player_rows(seats).split("</tr>")[:-1]

    assert rows[0] == "<tr><td>Ana<@you:0> · dealer</td><td>0</td><td>4</td>"
    assert rows[1] == (
        '<tr aria-current="true"><td><span class="badge">turn</span> '
        "Bo &lt;b&gt;&amp;<@you:1></td><td>7</td><td>2</td>"
    )
    assert rows[2] == "<tr><td>Cy<@you:2></td><td>6</td><td>0</td>"


def test_the_players_rows_speak_the_pages_language():
    with translation.override("es"):
        html = player_rows([SeatInfo(0, "Ana", False, 3, 1, True, is_dealer=True)])

    assert "turn<" not in html and "· dealer" not in html


def test_a_replays_play_is_said_in_words_a_string_card_by_card():
    with translation.override("en"):
        assert cards_label(str(Card.parse("AH"))) == "ace of hearts"
        assert cards_label("7♦ 5♠") == "7 of diamonds, 5 of spades"
