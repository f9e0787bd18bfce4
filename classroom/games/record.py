"""What the web app knows of one game, in one record (see `classroom.games`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.functional import SimpleLazyObject
from django.utils.module_loading import import_string

from classroom.builder_i18n import builder_state
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


def hand_context(board: Any, assignment: Any) -> dict:
    """What the page of a game played from a hand needs beyond its board: the sentence builder
    (drawn only with the inputs, which a poll does not draw, then cached) and whether the next
    play needs a hypothesis. Nothing of the last move comes back in the inputs: a sentence or
    words left selected would be sent again with the next play without the student choosing
    them."""
    return {
        "builder": SimpleLazyObject(lambda: builder_state({})),
        "hypothesis_required": assignment.hypothesis_required_at(board.plays_made + 1),
    }


def no_context(board: Any, assignment: Any) -> dict:
    """A page that needs nothing beyond its board (Delphi's)."""
    return {}


@dataclass(frozen=True)
class WebGame:
    """One game on the web: the assignment form's choice, the student's page, the live view,
    its bots' moves and its review.

    Its move (form, `action_from`, `outcome`) and its page's context are callables. Its board,
    live tables and bots' play are dotted paths, resolved when first used, for a reason: they
    live in the selectors and the tasks, which look games up here (`web_game`), and the
    project's import contract forbids a cycle between `classroom`'s modules (pyproject.toml,
    "No import cycles between the modules of a package"); `tests/classroom/test_game_registry.py`
    resolves every one of them.
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
    moves: frozenset[str]  # the move views the table takes
    live_tables_path: str  # live_tables(session): the live view's data
    live_template: str  # the fragment that draws one table on the live view
    # bots_play(round_id) -> moves, when the game's bots play otherwise than by turns.
    bots_play_path: str = ""
    # context(board, assignment): what else the page needs.
    context: Callable[[Any, Any], dict] = no_context
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
    board_path: str,
    live_tables_path: str,
    max_table: int | None = None,
) -> WebGame:
    """A game played in turns from a hand (docs/architecture.md, "Adding a game"): its page is
    `play/turns.html` with its sections in `play/<id>.html`, its board and live tables come from
    its selectors (`classroom/selectors/<id>.py`, named in full so that a search finds them)
    and its moves go through the one move view (`classroom:table_move`, also reachable under
    its old name `table_<move>`). The app deals, one round for each player by default."""
    name = engine.id
    return WebGame(
        engine=engine,
        label=label,
        whole_class=False,
        table_template="classroom/play/turns.html",
        board_path=board_path,
        context=hand_context,
        moves=frozenset({move, "move"}),
        live_tables_path=live_tables_path,
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
