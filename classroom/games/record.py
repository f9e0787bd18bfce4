"""What the web app knows of one game, in one record (see `classroom.games`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.module_loading import import_string

from eleusis.engine.games import EngineGame


@dataclass(frozen=True)
class MoveInput:
    """A student's move as the move form read it, for the game's `action_from`: the button
    (`op`), the form's cleaned data, the engine's number of the player, their hypothesis (the
    words logged with the play, and its checkable form when built from a sentence) and their
    prediction."""

    op: str
    data: Mapping[str, Any]
    player: int
    hypothesis: str | None = None
    checkable: str = ""
    prediction: bool | None = None
    solo: bool = False  # practising alone: no teacher to judge a guess in words


# action_from(move, view) -> the engine's action, or IllegalActionError with a code. `view` is
# the engine's view of the player's round. It builds the action only: the engine judges it.
ActionFrom = Callable[[MoveInput, Any], Any]
# outcome(events, player, student_deals) -> what became of the player's move, in their words
# (`student_deals`: a student deals the round, so the dealer, not the teacher, judges a guess).
MoveOutcome = Callable[[list[dict[str, Any]], int, bool], str]


@dataclass(frozen=True)
class WebGame:
    """One game on the web: the assignment form's choice, the student's page, the live view,
    its bots' moves and its review.

    The callables are dotted paths, resolved when first used: the views, selectors and tasks
    that draw and play a game look it up here, so the record cannot import them back.
    """

    engine: EngineGame
    label: Any  # the assignment form's choice (lazy translation)
    # The whole class at one table (the app deals; everyone predicts on their device): no
    # table size, no Express settings, no solo practice.
    whole_class: bool
    # The student's page, with its fragments as inline partials (`#board_update` for htmx).
    table_template: str
    # board(table=, seat=, seats=None, round_row=UNREAD): what the page shows one seat
    board_path: str
    context_path: str  # context(board, assignment): what else the page needs
    moves: frozenset[str]  # the move views the table takes
    live_tables_path: str  # live_tables(session): the live view's data
    live_template: str  # the fragment that draws one table on the live view
    # bots_play(round_id) -> moves, when the game's bots play otherwise than by turns.
    bots_play_path: str = ""
    # The review's insight analyses its rounds (the others have their own report).
    analysed: bool = False
    # The assignment form's Express settings (hand size, decks, hints…) apply; otherwise the
    # game is dealt with its source's settings (its engine config's defaults).
    express_settings: bool = False
    # The teacher may let the students deal in turn, each writing the rule (the app judges it,
    # or the dealing student does by hand); otherwise the app deals every round.
    students_may_deal: bool = False
    # A game played in turns from a hand (play/turns.html): its sections template (the status,
    # the table, the hand, the move buttons; the live view's summary and players too) and the
    # URL name of its move.
    sections_template: str = ""
    move_url: str = ""
    # A game lasts one round for each player at the table unless the teacher sets a number: the
    # source's "everyone deals once", when the app deals every round (docs/rules.md §2, §4).
    round_per_player: bool = False
    # The student's move (the one move view, `classroom:table_move`; docs/architecture.md):
    # its form, the action each of its buttons makes, the buttons that are plays (a hypothesis
    # and a prediction may be required with them: their hypothesis is logged) and the words for
    # what became of it. A game without `action_from` has no move at that view.
    move_form: type | None = None
    action_from: ActionFrom | None = None
    play_ops: frozenset[str] = frozenset({"play", "no_play"})
    # The assignment may require a hypothesis and a prediction with a play; otherwise the
    # play is the prediction and a hypothesis is optional (Delphi's token).
    thinking_required: bool = True
    outcome: MoveOutcome | None = None
    # `manage.py demo` seeds a live session of this game with a table of bots under this title
    # (neutral: students see it, so it never names the rule). Empty: the demo makes its own.
    demo_title: str = ""
    # The most players a table of this game takes (the engine's limit; None: the form's).
    max_table: int | None = None

    @property
    def id(self) -> str:
        return self.engine.id

    @property
    def board(self) -> Callable[..., Any]:
        return import_string(self.board_path)

    @property
    def context(self) -> Callable[..., dict]:
        return import_string(self.context_path)

    @property
    def live_tables(self) -> Callable[..., list]:
        return import_string(self.live_tables_path)

    @property
    def bots_play(self) -> Callable[[int], int] | None:
        return import_string(self.bots_play_path) if self.bots_play_path else None


def turns_game(
    *,
    engine: EngineGame,
    label: Any,
    move: str,
    demo_title: str,
    move_form: type,
    action_from: ActionFrom,
    outcome: MoveOutcome,
    max_table: int | None = None,
) -> WebGame:
    """A game played in turns from a hand (docs/architecture.md, "Adding a game"): its page is
    `play/turns.html` with its sections in `play/<id>.html`, its board and live tables come from
    `classroom.selectors.<id>` (`<id>_board`, `<id>_tables`) and its moves go through the one
    move view (`classroom:table_move`, also reachable under its old name `table_<move>`). The
    app deals, one round for each player by default."""
    name = engine.id
    return WebGame(
        engine=engine,
        label=label,
        whole_class=False,
        table_template="classroom/play/turns.html",
        board_path=f"classroom.selectors.{name}.{name}_board",
        context_path="classroom.views.play.express_context",
        moves=frozenset({move, "move"}),
        live_tables_path=f"classroom.selectors.{name}.{name}_tables",
        live_template="classroom/teach/_turns_table.html",
        bots_play_path="classroom.tasks.record_bots_play",
        sections_template=f"classroom/play/{name}.html",
        move_url="classroom:table_move",
        move_form=move_form,
        action_from=action_from,
        outcome=outcome,
        round_per_player=True,
        demo_title=demo_title,
        max_table=max_table,
    )
