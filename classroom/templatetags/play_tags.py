"""Template helpers for the game pages: cards drawn with rank and suit symbol, never color alone.

Why one long module: every game page loads this one library, and the table's news (from
`table_news` on) is worded with the same card words as the cards above it. The news is the
cut to make when it grows again."""

import re
from functools import lru_cache

from django import template
from django.template.loader import render_to_string
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from eleusis.engine.cards import Card, Suit

register = template.Library()


def guess_words(text: str) -> str:
    """A guess as students read it: a rule in the rule language in words, else as written."""
    from classroom.templatetags.lang_tags import rule_in_words

    return str(rule_in_words(text) or text)


_SUIT_NAMES = {
    Suit.SPADES: lambda: _("spades"),
    Suit.HEARTS: lambda: _("hearts"),
    Suit.DIAMONDS: lambda: _("diamonds"),
    Suit.CLUBS: lambda: _("clubs"),
}
_RANK_NAMES = {
    1: lambda: _("ace"),
    11: lambda: _("jack"),
    12: lambda: _("queen"),
    13: lambda: _("king"),
}


@register.filter
def card_label(card: Card | str) -> str:
    """A card in words for screen readers: "queen of diamonds" (a card, or its code as a
    replay's log holds it)."""
    if isinstance(card, str):
        card = Card.parse(card)
    return _labels(card, get_language())[0]


@register.filter
def cards_label(printed: str) -> str:
    """A play's cards in words, as a replay prints them ("7♦ 5♠": one card, or a string of
    them in order): "7 of diamonds, 5 of spades"."""
    return ", ".join(card_label(part) for part in printed.split())


@register.filter
def play_label(card: Card) -> str:
    """A hand's button in words: "Play the queen of diamonds"."""
    return _labels(card, get_language())[1]


# 52 cards in a few languages: worked out once each (a page reads dozens of cards, each poll).
@lru_cache(maxsize=1024)
def _labels(card: Card, language: str | None) -> tuple[str, str]:
    rank = _RANK_NAMES.get(card.rank, lambda: str(card.rank))()
    label = _("%(rank)s of %(suit)s") % {"rank": rank, "suit": _SUIT_NAMES[card.suit]()}
    return label, _("Play the %(card)s") % {"card": label}


_CARD = "classroom/play/_card.html"


@register.simple_tag
def card(card: Card, rejected: bool = False) -> str:
    """A card on the table (`rejected`: below the mainline)."""
    return _drawn(_CARD, card, "rejected", rejected, get_language())


@register.simple_tag
def hand_card(card: Card, playable: bool) -> str:
    """A card of the student's hand: the button that plays it (disabled when not their turn)."""
    return _drawn("classroom/play/_hand_card.html", card, "playable", playable, get_language())


# A page draws dozens of cards at each poll, and a card is drawn alike each time: each is drawn
# once per template, card, state and language, then reused (a few hundred short strings).
@lru_cache(maxsize=2048)
def _drawn(template_name: str, card: Card, flag: str, value: bool, language: str | None) -> str:
    return render_to_string(template_name, {"card": card, flag: value})


# One seat's parts of an Express table's live fragment ---------------------------------------
#
# Everything else in the fragment is the same for every player at the table, so it is drawn once
# per table change and cached (play/table.html, `live`); these parts stand in it as slots, which
# `{% player_slots %}` fills for the seat whose page it is. A slot is written `<@name>`: escaped
# text can never hold a "<", so nothing a student or teacher typed can look like one.

_SLOT = re.compile(r"<@(hand|status|verdict|news|you:\d+)>")


@register.tag
def player_slots(parser, token):
    """`{% player_slots board message %}…{% endplayer_slots %}`: draws what it holds, then fills
    the slots with this seat's parts (`fill_player_slots`)."""
    bits = token.split_contents()
    if len(bits) != 3:
        raise template.TemplateSyntaxError(f"{bits[0]} takes a board and a message")
    _tag, board, message = bits
    nodelist = parser.parse(("endplayer_slots",))
    parser.delete_first_token()
    return PlayerSlotsNode(nodelist, parser.compile_filter(board), parser.compile_filter(message))


class PlayerSlotsNode(template.Node):
    def __init__(self, nodelist, board, message) -> None:
        self.nodelist, self.board, self.message = nodelist, board, message

    def render(self, context) -> str:
        html = self.nodelist.render(context)
        return fill_player_slots(html, self.board.resolve(context), self.message.resolve(context))


def fill_player_slots(html: str, board, message) -> SafeString:
    """The fragment with `board`'s seat's parts in its slots: the hand's key the next poll
    sends (marked when a move's message shows), the status line, "(you)" in the players' list
    and the news for screen readers."""
    me = board.seat.position
    parts = {
        "hand": escape(board.hand_key + ("-m" if message else "")),
        "status": table_status(board),
        "verdict": verdict_html(board),
        "news": news_html(table_news(board)),
    }

    def part(found: re.Match) -> str:
        name = found[1]
        if name.startswith("you:"):
            return f" ({escape(_('you'))})" if int(name[4:]) == me else ""
        return parts[name]

    return mark_safe(_SLOT.sub(part, html))  # the parts are escaped, the rest was drawn so


@register.simple_tag
def player_rows(seats) -> SafeString:
    """The rows of an Express table's players: whose turn it is (a badge, and
    `aria-current`), the name with its "(you)" slot, the dealer, cards in hand and score.
    Built here: a template's loop over the seats, looking up each field by name, was a tenth of
    a play's CPU."""
    turn = f'<span class="badge">{escape(_("turn"))}</span> '
    dealer = f" · {escape(_('dealer'))}"
    rows = []
    for seat in seats:
        opening, badge = ('<tr aria-current="true">', turn) if seat.is_turn else ("<tr>", "")
        rows.append(
            f"{opening}<td>{badge}{escape(seat.name)}<@you:{int(seat.position)}>"
            f"{dealer if seat.is_dealer else ''}</td>"
            f"<td>{int(seat.hand_count)}</td><td>{int(seat.score)}</td></tr>"
        )
    return mark_safe("".join(rows))  # the names and words escaped, the numbers integers


def table_status(board) -> str:
    """What happens now at an Express table, for this seat: bold when it asks something of
    them or stops play. Translated sentences escaped, as `{% translate %}` draws them, and a
    nickname escaped in its sentence, as `{% blocktranslate %}` does."""
    text, strong = _status(board)
    return f"<strong>{text}</strong>" if strong else text


def _status(board) -> tuple[str, bool]:
    """(the sentence, whether it is bold): first what stops this seat's play, then the round's
    state as this seat sees it."""
    return _stopped_status(board) or _round_status(board, board.table_view)


def _stopped_status(board) -> tuple[str, bool] | None:
    """What stops play at the table or for this seat (the session, the game, a pause, a seat
    left or seated late, a rule to write), or None."""
    table = board.table
    if table.session.status == "finished":
        return escape(_("This game has ended.")), True
    if board.game is not None and board.game.over:
        return escape(_("The game is over.")), True
    if table.paused:
        return escape(_("Paused by your teacher.")), True
    if board.seat.left:
        return escape(_("You are no longer at this table.")), True
    if board.joins_next_round:
        return escape(_("You are seated: you join the game at the next round.")), True
    if board.must_write_rule:
        return escape(_("You deal the next round: write the secret rule.")), True
    return None


def _round_status(board, view) -> tuple[str, bool]:
    """The round as this seat sees it: over, a verdict or a guess waiting, whose turn."""
    if not view:
        return escape(_("Waiting for the first round.")), False
    if view.over:
        return escape(_("The round is over.")), True
    if board.pending_guess:
        return escape(_("A guess waits for your verdict.")), True
    if board.verdict:
        return escape(_("A card waits for your verdict.")), True
    if view.pending and view.pending.what == "guess":
        return escape(_("Waiting for the dealer to judge a guess.")), False
    if view.pending:
        return escape(_("Waiting for the dealer's verdict.")), False
    if board.must_decide:
        return escape(_("Your play was right: guess the rule, or pass.")), True
    if name := board.decider_name:
        return _("%(name)s may guess the rule, or pass.") % {"name": escape(name)}, False
    if board.dealer:
        return _("You are the dealer. %(name)s's turn.") % {"name": escape(board.turn_name)}, False
    if board.my_turn:
        return escape(_("Your turn!")), True
    return _("%(name)s's turn.") % {"name": escape(board.turn_name)}, False


# What a person's verdict on the seat's own move says to them (the words of the move's own answer
# when the app judges it at once: classroom/move_words.py).
_VERDICT_WORDS = {
    ("play", True): gettext_lazy("Right! Your card joins the mainline."),
    ("play", False): gettext_lazy("Wrong: your card goes below the mainline and you draw a card."),
    ("no_play", True): gettext_lazy("You were right: no card in your hand could be played."),
    ("no_play", False): gettext_lazy(
        "Not quite: a card in your hand could be played. The dealer played it."
    ),
    ("guess", True): gettext_lazy("You found the rule!"),
    ("guess", False): gettext_lazy("That is not the rule. Keep experimenting!"),
}


def verdict_html(board) -> str:
    """The verdict a person gave on this seat's own move since its answer (`own_verdict`), as a
    message under the status line: read out once, never by color alone (its words say it)."""
    from classroom.selectors.games import own_verdict

    verdict = own_verdict(board)
    if verdict is None:
        return ""
    words = escape(_VERDICT_WORDS[verdict.what, verdict.correct])
    kind = "message-success" if verdict.correct else "message-error"
    return (
        f'<p id="own-verdict" class="message {kind}" data-announce="{escape(verdict.key)}">'
        f"{words}</p>"
    )


def news_html(news: list[tuple[str, str]]) -> str:
    """The news as the page's lasting live region reads it (site.js): each (key, sentence)."""
    if not news:
        return ""
    spans = "".join(
        f'<span data-announce="{escape(key)}" data-say="{escape(text)}"></span>'
        for key, text in news
    )
    return f'<div class="news" hidden>{spans}</div>'  # its keys and sentences escaped


@register.inclusion_tag("classroom/play/_student_games.html", takes_context=True)
def student_games(context, student):
    from classroom.selectors.games import (
        student_open_sessions,
        student_solo_assignments,
        student_tables,
    )

    return {
        "request": context.get("request"),
        "sessions": student_open_sessions(student=student),
        "solo_assignments": student_solo_assignments(student=student),
        "tables": student_tables(student=student)[:10],
        "csrf_token": context.get("csrf_token"),
    }


@register.simple_tag
def layout(columns, wording: str = "rejected") -> SafeString:
    """The mainline left to right (a list), each sideline under the card it followed (a list of
    its groups). `wording="fit"` for Delphi, where cards "did not fit" rather than were
    rejected. Built here rather than in a template: the table's page draws it at every change,
    a card at a time, and a template's loop over forty cards was a sixth of a play's CPU."""
    language = get_language()
    under = _("Did not fit after this card") if wording == "fit" else _("Rejected after this card")
    sideline_open = f'<ul class="sideline" aria-label="{escape(under)}">'
    parts = [f'<ol class="layout" aria-label="{escape(_("Mainline"))}">']
    for column in columns:
        parts.append('<li class="column">')
        parts.append(_drawn(_CARD, column.card, "rejected", False, language))
        if column.sideline:
            parts.append(sideline_open)
            for group in column.sideline:
                parts.append("<li>")
                parts.extend(_drawn(_CARD, card, "rejected", True, language) for card in group)
                parts.append("</li>")
            parts.append("</ul>")
        parts.append("</li>")
    parts.append("</ol>")
    return mark_safe("".join(parts))  # the cards drawn by their template, the labels escaped


# How many of the latest events a page carries for the screen reader (it reads each once).
NEWS_LENGTH = 6
# A classmate's move in words, by its kind and whether it was right.
_NEWS_WORDS = {
    ("play", True): gettext_lazy("%(name)s played the %(card)s: accepted."),
    ("play", False): gettext_lazy("%(name)s played the %(card)s: rejected."),
    ("no_play", True): gettext_lazy("%(name)s said no card fits, and was right."),
    ("no_play", False): gettext_lazy("%(name)s said no card fits, and was wrong."),
    ("guess", True): gettext_lazy("%(name)s guessed the rule, “%(guess)s”: right."),
    ("guess", False): gettext_lazy("%(name)s guessed the rule, “%(guess)s”: wrong."),
}


def table_news(board) -> list[tuple[str, str]]:
    """What a screen reader hears when an update brings news at an Express table: the other
    players' plays with their verdicts, the hints, the guesses judged and the reveal. Each is
    (key, sentence); site.js reads a key once, so a poll that repeats it stays silent."""
    view = board.table_view
    round_row = board.round
    if view is None or round_row is None:
        return []
    names = {seat.position: seat.name for seat in board.seats}

    def name_of(player: int | None) -> str:
        if player is None:
            return _("The dealer")
        return names.get(round_row.position_of(player), "?")

    # The latest plays only, read from the end: a long round's table is not worded at each poll.
    news: list[tuple[str, str]] = []
    for index in range(len(view.table) - 1, -1, -1):
        if len(news) == NEWS_LENGTH:
            break
        entry = view.table[index]
        if entry.player is None or entry.player == board.player or not entry.cards:
            continue
        words = _NEWS_WORDS.get((entry.kind, entry.accepted))
        if words is None:
            continue
        values = {"name": name_of(entry.player), "card": card_label(entry.cards[0])}
        news.append((f"play-{round_row.pk}-{index}", str(words) % values))
    news.reverse()
    for index, guess in enumerate(view.guesses):
        if guess.player == board.player:
            continue
        # A guess in the rule language is said in words: students never read rule code.
        values = {"name": name_of(guess.player), "guess": guess_words(guess.text)}
        words = _NEWS_WORDS[("guess", guess.correct)]
        news.append((f"guess-{round_row.pk}-{index}", str(words) % values))
    for index, hint in enumerate(view.hints):
        news.append((f"hint-{round_row.pk}-{index}", _("Hint: %(hint)s") % {"hint": hint}))
    if board.revealed_rule and (said := rule_said(round_row)):
        news.append((f"reveal-{round_row.pk}", _("The secret rule was: %(said)s") % {"said": said}))
    return news


@register.filter
def rule_said(round_row) -> str:
    """The secret rule of a round the teacher revealed (only ever after the round, as
    `round_reveal` allows), as a student hears it: the rule language in words, else the words
    its writer typed, else as written. Empty for a round not revealed."""
    from classroom.templatetags.lang_tags import rule_in_words

    if round_row is None or not round_row.revealed:
        return ""
    said = rule_in_words(round_row.rule_text) or round_row.rule_words or round_row.rule_text
    return " ".join(str(said).split())


# The games played in turns (docs/rules.md §2, §4): what a screen reader hears of the others -----
#
# As at an Express table (`table_news`): each piece of news is (key, sentence), read once through
# the page's lasting live region, all the news a poll brings in one announcement. A seat's own
# move is worded by the answer to it (`#move-message`); what others did to it (the prophet's
# verdict on it) is news.


def _plays_sentence(name: str, cards: list[Card], accepted: bool) -> str:
    """ "Ben played the 3 of hearts: accepted." — a string of cards named card by card."""
    if len(cards) == 1:
        values = {"name": name, "card": card_label(cards[0])}
        if accepted:
            return _("%(name)s played the %(card)s: accepted.") % values
        return _("%(name)s played the %(card)s: rejected.") % values
    values = {"name": name, "count": len(cards), "cards": ", ".join(map(card_label, cards))}
    if accepted:
        return (
            ngettext(
                "%(name)s played a string of %(count)s card (%(cards)s): accepted.",
                "%(name)s played a string of %(count)s cards (%(cards)s): accepted.",
                len(cards),
            )
            % values
        )
    return (
        ngettext(
            "%(name)s played a string of %(count)s card (%(cards)s): rejected.",
            "%(name)s played a string of %(count)s cards (%(cards)s): rejected.",
            len(cards),
        )
        % values
    )


def _no_play_sentence(name: str, right: bool) -> str:
    values = {"name": name}
    if right:
        return _("%(name)s said no card fits, and was right.") % values
    return _("%(name)s said no card fits, and was wrong.") % values


def _names_by_player(board) -> dict[int, str]:
    round_row = board.round
    return {
        player: line.name
        for line in board.seats
        if (player := round_row.player_of(line.position)) is not None
    }


def _turns_news(board, words) -> SafeString:
    """The news at a table of a game played in turns, for this seat, in the game's words."""
    view, round_row = board.view, board.round
    if view is None or round_row is None:
        return mark_safe("")
    news = words(board, view, _names_by_player(board))
    for index, hint in enumerate(getattr(view, "hints", ())):  # the teacher's, as at Express
        news.append((f"hint-{round_row.pk}-{index}", _("Hint: %(hint)s") % {"hint": hint}))
    return mark_safe(news_html(news))  # escaped there


@register.simple_tag
def abbott_news(board) -> SafeString:
    """What a screen reader hears at an Abbott/Howell table (`_abbott_news`)."""
    return _turns_news(board, _abbott_news)


@register.simple_tag
def russian_news(board) -> SafeString:
    """What a screen reader hears at a Russian table (`_russian_news`)."""
    return _turns_news(board, _russian_news)


def _abbott_news(board, view, names: dict[int, str]) -> list[tuple[str, str]]:
    """The others' strings and "no play"s with their verdicts, the prophet's verdict on this
    seat's own move, who becomes and who stops being the prophet, and the offer to become it."""
    pk, me = board.round.pk, view.player
    news: list[tuple[str, str]] = []
    for index in range(len(view.table) - 1, -1, -1):
        if len(news) == NEWS_LENGTH:
            break
        entry = view.table[index]
        if entry.player is None or entry.kind not in ("attempt", "no_play"):
            continue
        judged = entry.prophet_judged is not None
        if entry.player == me:
            if not judged:
                continue  # the answer to the move said it
            text = (
                _("The prophet judged your play: accepted.")
                if entry.accepted
                else _("The prophet judged your play: rejected.")
            )
        else:
            name = names.get(entry.player, "?")
            if entry.kind == "attempt":
                text = _plays_sentence(name, entry.cards, entry.accepted)
            else:
                text = _no_play_sentence(name, entry.accepted)
            if judged:
                text += " " + _("The prophet judged it.")
        news.append((f"play-{pk}-{index}", text))
    news.reverse()
    for index, record in enumerate(view.prophets):
        name = names.get(record.player, "?")
        if record.player != me:
            news.append(
                (f"prophet-{pk}-{index}", _("%(name)s is the prophet now.") % {"name": name})
            )
        if record.fell:
            news.append(
                (f"fell-{pk}-{index}", _("The prophet judged it wrongly and was overthrown."))
            )
    if view.can_become_prophet:
        offer = _(
            "You may become the prophet now, until the next play: the button “Become the "
            "prophet” is below the table."
        )
        news.append((f"offer-{pk}-{len(view.table)}", offer))
    return news


def _russian_news(board, view, names: dict[int, str]) -> list[tuple[str, str]]:
    """The others' cards with their verdicts (a wrong card lies in front of its player)."""
    pk, me = board.round.pk, view.player
    news: list[tuple[str, str]] = []
    for index in range(len(view.plays) - 1, -1, -1):
        if len(news) == NEWS_LENGTH:
            break
        play = view.plays[index]
        if play.player == me:
            continue
        values = {"name": names.get(play.player, "?"), "card": card_label(play.card)}
        if play.from_wrong:
            text = (
                _("%(name)s played the %(card)s from their wrong cards: accepted.")
                if play.accepted
                else _("%(name)s played the %(card)s from their wrong cards: rejected.")
            ) % values
        else:
            text = (
                _("%(name)s played the %(card)s: accepted.")
                if play.accepted
                else _("%(name)s played the %(card)s: rejected.")
            ) % values
        news.append((f"play-{pk}-{index}", text))
    news.reverse()
    return news
