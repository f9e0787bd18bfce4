"""axe-core (from the npm registry, injected into the page by the test; the app never serves it)
on every page state of the main flows, in English and in Thai, and again after htmx updates
(a refused play, a play, a classmate's play through a poll, a prediction, a hint, a pause, a
replay step, a rule typed in the editor, a student arriving in the lobby): no serious or
critical violation. Each run writes what it checked to test-artifacts/axe-*.json."""

import json
import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from classroom.selectors.games import current_round
from classroom.services.delphi import delphi_predict
from classroom.services.games import lobby_join
from classroom.services.rounds import HypothesisInput, engine_round, round_act
from eleusis.engine.variants import Play
from tests.browser import scene as class_scene
from tests.browser.conftest import ARTIFACTS
from tests.browser.marks import SLOW
from tests.factories import StudentFactory

pytestmark = SLOW

SEEN_MS = 4_000
BLOCKING = {"serious", "critical"}
RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return {
    passed: result.passes.length,
    violations: result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, count: v.nodes.length,
      nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ")),
    })),
  };
}"""


class Audit:
    """Runs axe on page states and keeps what it found."""

    def __init__(self, axe_source, name):
        self.axe_source = axe_source
        self.name = name
        self.states = []

    def check(self, page, state):
        page.wait_for_load_state("load")
        if page.evaluate("() => typeof window.axe") == "undefined":
            # Evaluated through the DevTools protocol: the page's CSP does not apply to it.
            page.evaluate(self.axe_source)
        result = page.evaluate(RUN)
        # axe really looked: a page of this app passes dozens of its rules.
        assert result["passed"] >= 15, (state, result)
        self.states.append({"state": state, "url": page.url, **result})

    def blocking(self):
        return [
            (s["state"], v["impact"], v["id"], v["nodes"])
            for s in self.states
            for v in s["violations"]
            if v["impact"] in BLOCKING
        ]

    def report(self):
        counts = {}
        for s in self.states:
            for v in s["violations"]:
                counts[v["impact"]] = counts.get(v["impact"], 0) + v["count"]
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"axe-{self.name}.json"
        path.write_text(json.dumps({"states": self.states, "nodes_by_impact": counts}, indent=1))
        print(f"\naxe {self.name}: {len(self.states)} page states; violations by impact: {counts}")
        return counts


@pytest.fixture
def scene(db):
    return class_scene.build()


def _page(browser, live_server, scene, who, language="en", viewport=None):
    context = browser.new_context(
        base_url=live_server.url, viewport=viewport or {"width": 1100, "height": 900}
    )
    context.set_default_timeout(15_000)
    cookies = [{"name": "django_language", "value": language, "url": live_server.url}]
    cookie = class_scene.cookie_for(scene, who, live_server.url)
    if cookie:
        cookies.append(cookie)
    context.add_cookies(cookies)
    return context, context.new_page()


@pytest.mark.parametrize("language", ["en", "th"])
def test_every_page_of_the_main_flows(browser, live_server, scene, axe_source, language):
    audit = Audit(axe_source, f"pages-{language}")
    for name, who, path in class_scene.pages(scene):
        context, page = _page(browser, live_server, scene, who, language)
        try:
            page.goto(path)
            audit.check(page, f"{name} ({language})")
        finally:
            context.close()
    audit.report()
    assert len(audit.states) == len(class_scene.pages(scene))
    assert audit.blocking() == []


def _seat_of(scene, table, seats):
    round_row = current_round(table=table)
    turn = engine_round(round_row).state.turn
    return round_row, turn, seats[round_row.position_of(turn)]


def _classmate_plays(round_row, seats):
    round_row.refresh_from_db()
    engine = engine_round(round_row)
    player = engine.state.turn
    hypothesis = HypothesisInput(text="red then black")
    round_act(
        round_id=round_row.pk,
        action=Play(player, engine.state.hands[player][0], hypothesis=hypothesis.summary),
        seat=seats[round_row.position_of(player)],
        hypothesis=hypothesis,
        schedule=False,
    )


def test_page_states_after_htmx_updates(browser, live_server, scene, axe_source):
    audit = Audit(axe_source, "updates")

    # The student's table: a refused play, a play, a classmate's play brought by a poll.
    round_row, _turn, seat = _seat_of(scene, scene.live, scene.live_seats)
    context, page = _page(browser, live_server, scene, seat.student.nickname)
    page.goto(reverse("classroom:table", args=[scene.live.pk]))
    page.locator("#hand-panel button[name=card]").first.click()
    expect(page.locator("#move-message.message-error")).to_be_visible()
    expect(page.locator("#id_hypothesis")).to_have_attribute("aria-invalid", "true")
    audit.check(page, "table: play refused, field marked")
    page.locator("#id_hypothesis").fill("colors take turns")
    page.get_by_label("It will be accepted").check()
    page.locator("#hand-panel button[name=card]").first.click()
    expect(page.locator("#move-message.message-success")).to_be_visible()
    audit.check(page, "table: after a play")
    _classmate_plays(round_row, scene.live_seats)
    expect(page.locator(".news [data-announce]")).not_to_have_count(0, timeout=SEEN_MS)
    page.wait_for_timeout(1_600)  # the next poll
    audit.check(page, "table: a classmate's play through a poll")
    context.close()

    # Delphi: a prediction, then the card placed by the others.
    table, seats = scene.delphi, scene.delphi_seats
    context, page = _page(browser, live_server, scene, seats[0].student.nickname)
    page.goto(reverse("classroom:table", args=[table.pk]))
    page.get_by_role("button", name="True: it fits").click()
    expect(page.locator("#predict-panel")).to_contain_text("Waiting for the others")
    audit.check(page, "Delphi: predicted, waiting")
    heading = page.locator("#current-heading").inner_text()
    delphi_round = current_round(table=table)
    card = engine_round(delphi_round).state.current
    for other in seats[1:]:
        delphi_predict(round_id=delphi_round.pk, seat=other, card=card, value=False, hypothesis="")
    expect(page.locator("#current-heading")).not_to_have_text(heading, timeout=SEEN_MS)
    audit.check(page, "Delphi: the card placed, the next on show")
    context.close()

    # The teacher: a hint, a pause, a poll after a student's play, the lobby, the replay.
    context, page = _page(browser, live_server, scene, "teacher")
    page.goto(reverse("classroom:session_live", args=[scene.live.session.pk]))
    page.get_by_label(re.compile("Hint for Table")).fill("Think about colors.")
    page.get_by_role("button", name="Send hint").click()
    expect(page.locator("#session-live .message-success")).to_be_visible()
    audit.check(page, "live view: hint sent")
    page.get_by_role("button", name=re.compile("^Pause")).first.click()
    expect(page.locator(".teach-table .badge", has_text="paused")).to_be_visible()
    audit.check(page, "live view: a table paused")
    page.get_by_role("button", name=re.compile("^Resume")).first.click()
    expect(page.locator(".teach-table .badge", has_text="paused")).to_have_count(0)
    cards = page.locator(".teach-table .layout .card")
    before = cards.count()
    _classmate_plays(round_row, scene.live_seats)
    expect(cards).to_have_count(before + 1, timeout=SEEN_MS)
    audit.check(page, "live view: a play through a poll")

    page.goto(reverse("classroom:session_detail", args=[scene.lobby.pk]))
    lobby_join(session=scene.lobby, student=StudentFactory(classroom=scene.classroom))
    expect(page.locator(".lobby-list li")).to_have_count(3, timeout=SEEN_MS)
    audit.check(page, "lobby: a student arrives through a poll")

    finished = scene.finished.rounds.get()
    page.goto(reverse("classroom:review_replay", args=[scene.finished.session.pk, finished.pk]))
    page.get_by_role("link", name="Next play ▶").click()
    expect(page.locator(".replay-step")).to_contain_text("Play 1 of")
    audit.check(page, "replay: a step forward")

    page.goto(reverse("lessons:editor"))
    page.locator("#id_rule_text").fill("color != last.color")
    page.wait_for_timeout(1_200)  # the editor checks as one types
    audit.check(page, "rule editor: a rule typed")
    page.locator("#id_rule_text").fill("colour != (")
    page.wait_for_timeout(1_200)
    audit.check(page, "rule editor: a rule with a mistake")
    context.close()

    # A phone: the student's table at 320 px.
    context, page = _page(
        browser, live_server, scene, seat.student.nickname, viewport={"width": 320, "height": 640}
    )
    page.goto(reverse("classroom:table", args=[scene.live.pk]))
    audit.check(page, "table at 320 px")
    context.close()

    # The round ends while the student looks: the page changes in place; the rule is revealed.
    from classroom.services.rounds import round_reveal
    from eleusis.engine.variants import End, EndReason

    context, page = _page(browser, live_server, scene, seat.student.nickname)
    page.goto(reverse("classroom:table", args=[scene.live.pk]))
    round_act(round_id=round_row.pk, action=End(reason=EndReason.TEACHER))
    expect(page.locator("#table-status")).to_have_text("The round is over.", timeout=SEEN_MS)
    audit.check(page, "table: the round over, changed in place")
    round_reveal(round_id=round_row.pk)
    expect(page.locator("#rule-heading")).to_be_visible(timeout=SEEN_MS)
    audit.check(page, "table: the rule revealed")
    context.close()

    audit.report()
    assert audit.blocking() == []


@pytest.mark.parametrize("variant", ["abbott", "russian"])
def test_turns_tables_through_plays_a_round_change_and_a_failed_request(
    browser, live_server, axe_source, variant
):
    """The games played in turns, as a student sees them: their turn, a classmate's play
    brought by a poll (announced), the round over (the page changed in place), the rule
    revealed, the next round, and the message of a request that failed."""
    from classroom.services.games import table_next_round
    from classroom.services.rounds import round_reveal
    from eleusis.engine.variants import End, EndReason, PlayString
    from tests.browser.signed_in import WIDE, student_page
    from tests.factories import live_table

    audit = Audit(axe_source, f"turns-{variant}")
    table, seats = live_table(players=3, variant=variant)
    round_row = current_round(table=table)
    engine = engine_round(round_row)
    turn = engine.state.turn
    other = next(s for s in seats if round_row.player_of(s.position) != turn)
    player = next(s for s in seats if round_row.player_of(s.position) == turn)
    context = browser.new_context(base_url=live_server.url, viewport=WIDE)
    context.set_default_timeout(15_000)
    page = student_page(lambda **options: context.new_page(), live_server, other.student)
    try:
        page.goto(reverse("classroom:table", args=[table.pk]))
        audit.check(page, f"{variant}: waiting for a classmate")
        card = engine.playable(turn)[0] if variant == "russian" else engine.state.hands[turn][0]
        action = (
            Play(turn, card, hypothesis="red then black", prediction=True)
            if variant == "russian"
            else PlayString(turn, (card,), hypothesis="red then black", prediction=True)
        )
        round_act(round_id=round_row.pk, action=action, seat=player, schedule=False)
        expect(page.locator(".news [data-announce]")).not_to_have_count(0, timeout=SEEN_MS)
        audit.check(page, f"{variant}: a classmate's play through a poll")

        page.route("**/play/tables/**", lambda route: route.abort("connectionrefused"))
        expect(page.get_by_role("alert")).not_to_have_text("", timeout=SEEN_MS)
        audit.check(page, f"{variant}: the connection lost")
        page.unroute("**/play/tables/**")

        round_act(round_id=round_row.pk, action=End(reason=EndReason.TEACHER))
        expect(page.locator("#table-status")).to_have_text("The round is over.", timeout=SEEN_MS)
        audit.check(page, f"{variant}: the round over, changed in place")
        round_reveal(round_id=round_row.pk)
        expect(page.get_by_text("The secret rule was:")).to_be_visible(timeout=SEEN_MS)
        audit.check(page, f"{variant}: the rule revealed")
        table_next_round(table=table, rule_text="suit == last.suit")
        expect(page.locator("#table-status")).not_to_have_text("The round is over.")
        audit.check(page, f"{variant}: the next round, changed in place")
    finally:
        context.close()
    audit.report()
    assert audit.blocking() == []
