"""The app's own refusals: what the classroom refuses before the engine is asked (a paused
table, a finished session, a page that is out of date…) and what the teacher's and the
dealer's services refuse. Each is a code with parameters, like the engine's (`Refusal`): a
service raises `IllegalActionError(TABLE_PAUSED)` (or `SeatingError(...)`), never English
meant for a reader, and `classroom/refusals.py` words every code in the reader's language.
The English template is the exception's message for logs and tests only.
"""

from __future__ import annotations

from eleusis.engine.variants import Refusal

# A move at the table (every game: the one move path) --------------------------------------
ROUND_NOT_CURRENT = Refusal("round_not_current", "round {round} is no longer the table's round")
STALE_VERSION = Refusal(
    "stale_version", "the table moved on: made at move {made}, the table is at move {now}"
)
VERSION_MISSING = Refusal("version_missing", "the move does not say which move it follows")
TABLE_PAUSED = Refusal("table_paused", "the table is paused: wait for your teacher")
SESSION_FINISHED = Refusal("session_finished", "the session is finished")
KEY_USED = Refusal("key_used", "that move was sent twice and counted once")
HYPOTHESIS_REQUIRED = Refusal("hypothesis_required", "write a hypothesis before this play")
PREDICTION_REQUIRED = Refusal("prediction_required", "predict the verdict before this play")
SEAT_LEFT = Refusal("seat_left", "this seat left the table")
JOINS_NEXT_ROUND = Refusal("joins_next_round", "this seat joins the game at the next round")
DEALER_DOES_NOT_PLAY = Refusal("dealer_does_not_play", "the dealer of this round does not play")
NO_SUCH_MOVE = Refusal("no_such_move", "this game has no move {move!r}")
SOLO_GUESS_IN_WORDS = Refusal(
    "solo_guess_in_words", "practising alone, a guess must be a rule the app can check"
)
NOT_THE_PROPHET = Refusal("not_the_prophet", "only the prophet judges the plays")
STALE_CARD = Refusal("stale_card", "{card} has been placed already: look at the next card")
NOT_THE_ORACLE = Refusal("not_the_oracle", "{seat} is not the oracle of this round")

# The teacher's and the dealing student's services -----------------------------------------
REVEAL_BEFORE_OVER = Refusal("reveal_before_over", "end the round before revealing its rule")
OTHER_CLASS_SESSION = Refusal("other_class_session", "this session belongs to another class")
OTHER_CLASS_ASSIGNMENT = Refusal(
    "other_class_assignment", "this assignment belongs to another class"
)
PLAYED_LIVE = Refusal("played_live", "this assignment is played live in class, not alone")
SESSION_SEATED = Refusal("session_seated", "the session has started: its tables are set")
NO_TABLES_GIVEN = Refusal("no_tables_given", "no tables given")
STUDENT_AT_TWO_TABLES = Refusal("student_at_two_tables", "a student is at two tables")
STUDENT_NOT_IN_LOBBY = Refusal("student_not_in_lobby", "a student at a table is not in the lobby")
UNKNOWN_SEATING = Refusal("unknown_seating", "unknown seating {method!r}")
SESSION_NOT_UNDER_WAY = Refusal("session_not_under_way", "the session is not under way")
TABLE_FULL = Refusal("table_full", "that table is full")
LIBRARY_EXHAUSTED = Refusal("library_exhausted", "every library rule was revealed in this session")
SESSION_STARTED = Refusal("session_started", "the session has already started")
SEAT_FIRST = Refusal("seat_first", "seat the students at tables first")
UNKNOWN_BOT = Refusal("unknown_bot", "unknown bot {bot!r}: expected one of {known}")
ROUND_BEING_PLAYED = Refusal("round_being_played", "the round at this table is still being played")
DEALER_NEEDS_PLAYER = Refusal("dealer_needs_player", "a student dealer needs at least one player")
TEACHER_CHOSE_RULE = Refusal("teacher_chose_rule", "the teacher chose the rule of this game")
GAME_NOT_RUNNING = Refusal("game_not_running", "the game is not running")
NOT_YOUR_DEAL = Refusal("not_your_deal", "it is another student's turn to deal")
STUDENT_DEALS = Refusal("student_deals", "the next dealer at this table writes the next rule")
STUDENTS_CANNOT_DEAL = Refusal("students_cannot_deal", "in this game the app deals")
TABLE_GAME_OVER = Refusal(
    "table_game_over", "the game at this table is over: every round of it has been played"
)
RULE_REVEALED = Refusal("rule_revealed", "that rule was revealed: choose the next rule")
RULE_WORDS_NEEDED = Refusal("rule_words_needed", "write your rule in words first")
RULE_TEXT_NEEDED = Refusal("rule_text_needed", "write your rule in the rule language first")

APP_REFUSALS: tuple[Refusal, ...] = tuple(
    value for value in list(globals().values()) if isinstance(value, Refusal)
)
