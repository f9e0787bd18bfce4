"""Phones (issue 33, "phones"): every game's hand and controls are usable on a 360 px and a
390 px wide phone. For the student whose turn it is at a table of each game (Express,
Abbott/Howell, the Russian rules, Delphi), and for the teacher's live view of the same
session: the page does not scroll sideways, each card's tick box sits on the same line as
its own card (Abbott/Howell's boxes once wrapped to the line above their card), and every
button of the hand and the move forms lies inside the screen where a thumb reaches it
(scrolled into view, nothing else on top of it)."""

import pytest
from django.urls import reverse

from classroom.selectors.games import current_round
from classroom.selectors.rounds import engine_round
from classroom.services.games import (
    assignment_create,
    lobby_join,
    session_open,
    session_seat,
    session_start,
)
from tests.browser.marks import SLOW
from tests.browser.signed_in import student_page, teacher_page
from tests.browser.test_reflow import OVERFLOW
from tests.factories import ALTERNATE_COLORS, ClassroomFactory, StudentFactory

pytestmark = SLOW

PHONES = [360, 390]
GAMES = ["express", "abbott", "russian", "delphi"]

# Each labelled tick box whose line box is not its card's: the box's vertical middle must lie
# within its own card's top and bottom, and the box must be left of its card.
ASTRAY_TICKS = """() => {
  const astray = [];
  for (const label of document.querySelectorAll("label")) {
    const box = label.querySelector("input[type=checkbox], input[type=radio]");
    const card = label.querySelector(".card");
    if (!box || !card) continue;
    const b = box.getBoundingClientRect(), c = card.getBoundingClientRect();
    const middle = (b.top + b.bottom) / 2;
    if (middle < c.top || middle > c.bottom || b.right > c.left + 1) {
      astray.push(card.getAttribute("aria-label") + ": box at " + Math.round(b.top)
                  + ", card " + Math.round(c.top) + "-" + Math.round(c.bottom));
    }
  }
  return astray;
}"""

# Each enabled button of the page's forms that a thumb cannot reach: scrolled into view, it
# lies beyond the screen's left or right edge, or something else covers its middle.
UNREACHABLE = """() => {
  const width = document.documentElement.clientWidth;
  const missed = [];
  for (const button of document.querySelectorAll("main form button:not([disabled])")) {
    if (!button.checkVisibility({visibilityProperty: true})) continue;  // in a closed <details>
    button.scrollIntoView({block: "center", inline: "center"});
    const r = button.getBoundingClientRect();
    const name = (button.getAttribute("aria-label") || button.textContent).trim().slice(0, 40);
    if (r.left < 0 || r.right > width + 1) {
      missed.push(name + ": " + Math.round(r.left) + "-" + Math.round(r.right));
      continue;
    }
    const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (!top || !(top === button || button.contains(top))) {
      missed.push(name + ": covered by " + (top ? top.tagName + "." + top.className : "nothing"));
    }
  }
  window.scrollTo(0, 0);
  return missed;
}"""


def _table(variant):
    """A started table of four of `variant`; returns it and the student whose turn it is."""
    classroom = ClassroomFactory()
    students = [
        StudentFactory(classroom=classroom, nickname=name) for name in ("Ana", "Ben", "Cleo", "Dev")
    ]
    assignment = assignment_create(
        classroom=classroom,
        title=f"Phones {variant}",
        rule_text=ALTERNATE_COLORS,
        variant=variant,
        config={"starter": "until_legal"} if variant == "delphi" else None,
    )
    session = session_open(assignment=assignment)
    for student in students:
        lobby_join(session=session, student=student)
    (table,) = session_seat(session=session, method="arrival")
    session_start(session=session, seed=7)
    round_row = current_round(table=table)
    turn = getattr(engine_round(round_row).state, "turn", 0)
    seat = table.seats.select_related("student").get(position=round_row.position_of(turn))
    return table, seat.student


def _problems(page):
    found = []
    overflow = page.evaluate(OVERFLOW)
    if overflow["over"] > 0:
        found.append(f"the page scrolls sideways by {overflow['over']} px: {overflow['culprits']}")
    astray = page.evaluate(ASTRAY_TICKS)
    if astray:
        found.append(f"tick boxes beside another line: {astray[:4]}")
    missed = page.evaluate(UNREACHABLE)
    if missed:
        found.append(f"buttons out of reach: {missed[:4]}")
    return found


@pytest.mark.parametrize("variant", GAMES)
def test_every_game_is_playable_on_a_phone(new_page, live_server, variant):
    table, student = _table(variant)
    found = []
    for width in PHONES:
        viewport = {"width": width, "height": 740}
        page = student_page(new_page, live_server, student, viewport=viewport, is_mobile=True)
        page.goto(reverse("classroom:table", args=[table.pk]))
        assert page.locator("main form button:not([disabled])").count() > 0
        if variant == "abbott":
            assert page.locator("label.hand-card input[type=checkbox]").count() > 0
        found += [f"student at {width} px: {problem}" for problem in _problems(page)]
        teacher = teacher_page(
            new_page, live_server, table.session.assignment.classroom.teacher, viewport=viewport
        )
        teacher.goto(reverse("classroom:session_live", args=[table.session.pk]))
        found += [f"teacher at {width} px: {problem}" for problem in _problems(teacher)]
    assert not found, "\n".join(found)
