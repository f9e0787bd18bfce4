"""By keyboard alone, through live updates: focus stays where the person put it when a poll or
an answer replaces part of the page, and an error takes focus on the field it is about.

A student plays three cards while a classmate plays; a Delphi student predicts five cards while
classmates predict; a teacher sends a hint, pauses a table and steps through the replay. Every
move of the person under test is a key press (Tab, arrows, Space, Enter, typing)."""

import re

from django.urls import reverse
from playwright.sync_api import expect

from classroom.selectors.games import current_round
from classroom.services.delphi import delphi_predict
from classroom.services.rounds import HypothesisInput, engine_round, round_act
from classroom.templatetags.play_tags import card_label
from eleusis.engine.variants import End, Play
from tests.browser.marks import LIVE
from tests.browser.signed_in import student_page, teacher_page
from tests.classroom.services.test_delphi import delphi_table, on_show
from tests.factories import live_table

pytestmark = LIVE

SEEN_MS = 4_000  # pages poll every 1.5 s
VIEWPORT = {"width": 1100, "height": 800}

# What has focus, described for assertions.
ACTIVE = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return {tag: "BODY"};
  return {
    tag: a.tagName, id: a.id, name: a.getAttribute("name"), value: a.getAttribute("value"),
    text: (a.getAttribute("aria-label") || a.textContent).trim(), disabled: !!a.disabled,
    inHand: !!a.closest("#hand-panel"), inPredict: !!a.closest("#predict-panel"),
    invalid: a.getAttribute("aria-invalid"), describedby: a.getAttribute("aria-describedby"),
  };
}"""


def spoken(page) -> str:
    """The text of the page's lasting live region as the accessibility tree holds it: what a
    screen reader is given (site.js writes it where a text search of the page does not look)."""
    cdp = page.context.new_cdp_session(page)
    try:
        root = cdp.send("DOM.getDocument")["root"]["nodeId"]
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": "#live-announcer"})
        backend = cdp.send("DOM.describeNode", {"nodeId": node["nodeId"]})["node"]["backendNodeId"]
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    by_id = {n["nodeId"]: n for n in nodes}
    region = next(n for n in nodes if n.get("backendDOMNodeId") == backend)
    assert region["role"]["value"] == "status"
    texts, stack = [], list(region.get("childIds", []))
    while stack:
        child = by_id.get(stack.pop(0))
        if child is None:
            continue
        if child.get("role", {}).get("value") == "StaticText":
            texts.append(child["name"]["value"])
        stack.extend(child.get("childIds", []))
    return " ".join(texts)


def wait_spoken(page, text, timeout_ms=SEEN_MS):
    for _ in range(timeout_ms // 100):
        if text in spoken(page):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"never announced: {text!r}; last: {spoken(page)!r}")


def active(page):
    return page.evaluate(ACTIVE)


def tab_to(page, test, *, limit=80, key="Tab"):
    """Press Tab until `test(active element)` holds; fails after `limit` presses."""
    for _ in range(limit):
        page.keyboard.press(key)
        now = active(page)
        if test(now):
            return now
    raise AssertionError(f"never reached by {key}; last focus: {active(page)}")


def predict_accepted_by_keys(page):
    """The prediction: Tab reaches the group, arrows move to "accepted", Space checks it."""
    radio = tab_to(page, lambda now: now.get("name") == "prediction")
    for _ in range(3):
        if radio["value"] == "accepted":
            break
        page.keyboard.press("ArrowDown")
        radio = active(page)
    page.keyboard.press("Space")
    expect(page.get_by_label("It will be accepted")).to_be_checked()


def _is_card(now):
    return now.get("tag") == "BUTTON" and now.get("name") == "card" and not now.get("disabled")


def _play_as(seat, player, round_row):
    """A classmate's play, made through the same service their browser's request reaches."""
    engine = engine_round(round_row)
    card = engine.state.hands[player][0]
    accepted = engine.judge(engine.state.history, card)
    hypothesis = HypothesisInput(text="red then black")
    round_act(
        round_id=round_row.pk,
        action=Play(player, card, hypothesis=hypothesis.summary, prediction=True),
        seat=seat,
        hypothesis=hypothesis,
        schedule=False,
    )
    return card, accepted


def test_a_student_plays_three_cards_by_keyboard_while_a_classmate_plays(new_page, live_server):
    table, seats = live_table(players=2)
    round_row = current_round(table=table)
    turn = engine_round(round_row).state.turn
    me = next(s for s in seats if round_row.player_of(s.position) == turn)
    other = next(s for s in seats if s != me)
    other_player = round_row.player_of(other.position)
    page = student_page(new_page, live_server, me.student, viewport=VIEWPORT)
    page.goto(f"/play/tables/{table.pk}/")
    expect(page.locator("#table-status")).to_have_text("Your turn!")

    # A card pressed with no hypothesis: refused, the message beside the field, focus on it.
    tab_to(page, _is_card)
    page.keyboard.press("Enter")
    message = page.locator("#move-message")
    expect(message).to_have_text(
        "Write your hypothesis before you play: what do you think the rule is?"
    )
    page.wait_for_function("() => document.activeElement.id === 'id_hypothesis'")
    now = active(page)
    assert now["invalid"] == "true"
    assert "move-message" in now["describedby"].split()
    assert message.is_visible()
    box = message.bounding_box()
    assert 0 <= box["y"] <= VIEWPORT["height"] - box["height"]  # where the student looks

    page.keyboard.type("red and black take turns")
    expect(page.locator("#id_hypothesis")).not_to_have_attribute("aria-invalid", "true")
    for play in range(3):
        if play:  # each move sends the form empty again: back up to the hypothesis
            tab_to(page, lambda now: now.get("id") == "id_hypothesis", key="Shift+Tab")
            page.keyboard.type(f"red and black take turns ({play})")
        predict_accepted_by_keys(page)
        played = tab_to(page, _is_card)
        page.keyboard.press("Enter")
        expect(message).to_contain_text(re.compile("Right!|Wrong"))
        # Focus stays in the hand (the played card is gone; the turn has passed).
        page.wait_for_function("() => !!document.activeElement.closest('#hand-panel')")
        expect(page.locator("#table-status")).not_to_have_text("Your turn!")

        # The classmate plays; this page's poll brings it and the turn back.
        round_row.refresh_from_db()
        card, accepted = _play_as(other, other_player, round_row)
        expect(page.locator("#table-status")).to_have_text("Your turn!", timeout=SEEN_MS)
        # A screen reader hears the classmate's play and its verdict, and that it is our turn.
        verdict = "accepted" if accepted else "rejected"
        wait_spoken(page, f"{other.name} played the {card_label(card)}: {verdict}.")
        assert "Your turn!" in spoken(page)
        # Focus is on a card of the hand again, ready for Enter: no Tab needed.
        page.wait_for_function(
            "() => { const a = document.activeElement;"
            " return a.name === 'card' && !a.disabled && !!a.closest('#hand-panel'); }"
        )
        assert active(page)["value"] != played["value"]

        # Polls that change nothing else keep it there too.
        page.wait_for_timeout(1_700)
        assert _is_card(active(page))


def test_a_delphi_student_predicts_five_cards_by_keyboard_while_classmates_predict(
    new_page, live_server
):
    table, seats = delphi_table(players=4)
    me, *others = seats
    page = student_page(new_page, live_server, me.student, viewport=VIEWPORT)
    page.goto(f"/play/tables/{table.pk}/")
    expect(page.locator("#table-status")).to_have_text("Your turn to predict!")
    token = tab_to(page, lambda now: now.get("name") == "value" and not now.get("disabled"))
    assert token["value"] == "true"

    for _card_number in range(5):
        round_row, card, fits = on_show(table)
        heading = page.locator("#current-heading")
        shown = heading.inner_text()
        # Two classmates predict: the page updates (their marks), focus stays on the token.
        for seat in others[:2]:
            delphi_predict(round_id=round_row.pk, seat=seat, card=card, value=True, hypothesis="")
        expect(page.locator(".delphi-chips").get_by_text("✓ predicted")).to_have_count(
            2, timeout=SEEN_MS
        )
        now = active(page)
        assert (now["name"], now["value"], now["disabled"]) == ("value", "true", False), now

        # Arrow-free: Tab once to False, Enter.
        page.keyboard.press("Tab")
        assert active(page)["value"] == "false"
        page.keyboard.press("Enter")
        expect(page.locator("#predict-panel")).to_contain_text("You said: ✗ False.")
        # The tokens are disabled while the others think: focus stays in the prediction panel.
        page.wait_for_function("() => !!document.activeElement.closest('#predict-panel')")

        # The last classmate predicts, the card is placed and the next one shows: focus is back
        # on the token the student pressed, ready for the next Enter.
        delphi_predict(round_id=round_row.pk, seat=others[2], card=card, value=True, hypothesis="")
        expect(heading).not_to_have_text(shown, timeout=SEEN_MS)
        verdict = "fits the rule" if fits else "does not fit the rule"
        said = "you were wrong" if fits else "you were right"  # the student said False
        wait_spoken(page, f"The {card_label(card)} {verdict}: {said}.")
        page.wait_for_function(
            "() => document.activeElement.name === 'value' && !document.activeElement.disabled"
        )
        assert active(page)["value"] == "false"
        page.keyboard.press("Shift+Tab")
        assert active(page)["value"] == "true"
    expect(page.locator(".delphi-outcomes li")).to_have_count(5)


def test_a_teacher_sends_a_hint_pauses_and_steps_the_replay_by_keyboard(new_page, live_server):
    table, seats = live_table(players=3)
    session = table.session
    page = teacher_page(
        new_page, live_server, session.assignment.classroom.teacher, viewport=VIEWPORT
    )
    page.goto(reverse("classroom:session_live", args=[session.pk]))

    # The hint: typed, Enter; the box is emptied and keeps focus; a student's play changes the
    # table meanwhile and focus stays.
    hint = tab_to(page, lambda now: now.get("id") == f"hint-{table.pk}")
    assert hint["tag"] == "INPUT"
    page.keyboard.type("look at the colors")
    page.keyboard.press("Enter")
    expect(page.locator("#session-live .message")).to_be_visible()
    expect(page.locator(f"#hint-{table.pk}")).to_have_value("")
    assert active(page)["id"] == f"hint-{table.pk}"
    page.keyboard.press("Tab")
    assert active(page)["text"] == "Send hint"
    cards = page.locator(f"#table-{table.number} .layout .card")
    before = cards.count()
    round_row = current_round(table=table)
    engine = engine_round(round_row)
    _play_as(seats[engine.state.turn], engine.state.turn, round_row)
    expect(cards).to_have_count(before + 1, timeout=SEEN_MS)
    assert active(page)["text"] == "Send hint"

    # Pause: Enter on it; focus moves to the button that replaced it (Resume).
    tab_to(page, lambda now: now.get("text", "").startswith("Pause"))
    page.keyboard.press("Enter")
    expect(page.locator(f"#table-{table.number} .badge", has_text="paused")).to_be_visible()
    page.wait_for_function("() => document.activeElement.textContent.trim().startsWith('Resume')")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.textContent.trim().startsWith('Pause')")

    # The replay: "Next play" keeps focus at every step.
    for _ in range(3):
        round_row.refresh_from_db()
        engine = engine_round(round_row)
        _play_as(seats[engine.state.turn], engine.state.turn, round_row)
    round_act(round_id=round_row.pk, action=End("time is up"))
    page.goto(reverse("classroom:review_replay", args=[session.pk, round_row.pk]))
    tab_to(page, lambda now: now.get("text", "").startswith("Next play"))
    for step in range(1, 4):
        page.keyboard.press("Enter")
        expect(page.locator(".replay-step")).to_contain_text(f"Play {step} of")
        wait_spoken(page, f"Play {step} of")
        page.wait_for_function(
            "() => document.activeElement.textContent.trim().startsWith('Next play')"
        )
    page.keyboard.press("Shift+Tab")
    assert active(page)["text"].startswith("◀")


# The sentence builder by keyboard ---------------------------------------------------------

SETTLED = """(id) => {
  const a = document.activeElement;
  return a && a.id === id && !document.querySelector('.htmx-request');
}"""


def choose_by_keys(page, select_id, value):
    """With focus on the builder's drop-down `select_id`, move its choice to `value` with the
    arrow keys (each change asks the server for the parts that follow), then wait until the
    answers have settled: the drop-down shows `value` and still has focus."""
    now = active(page)
    assert now.get("id") == select_id, now
    options = page.locator(f"#{select_id} option").evaluate_all("els => els.map(e => e.value)")
    current = page.locator(f"#{select_id}").input_value()
    steps = options.index(value) - options.index(current)
    for _ in range(abs(steps)):
        page.keyboard.press("ArrowDown" if steps > 0 else "ArrowUp")
    expect(page.locator(f"#{select_id}")).to_have_value(value, timeout=SEEN_MS)
    page.wait_for_function(SETTLED, arg=select_id, timeout=SEEN_MS)


def _tab_to_id(page, element_id, key="Tab"):
    """Focus on `element_id` by Tab (or Shift+Tab); no key press when it already has focus."""
    now = active(page)
    if now.get("id") == element_id:
        return now
    return tab_to(page, lambda now: now.get("id") == element_id, key=key, limit=120)


def build_by_keys(page, *, play="other-color", ref="last"):
    """ "Play the other color from the last card", built by keyboard from the "Play" drop-down."""
    _tab_to_id(page, "id_b_then")
    choose_by_keys(page, "id_b_then", play)
    _tab_to_id(page, "id_b_then-ref")
    choose_by_keys(page, "id_b_then-ref", ref)
    expect(page.locator("#builder-says")).to_contain_text(
        "Your sentence: “Play the other color from the last card.”", timeout=SEEN_MS
    )


def test_a_student_joins_builds_sentences_and_plays_three_cards_by_keyboard(new_page, live_server):
    """Joins from their page, builds each hypothesis with the sentence builder (Tab, arrows),
    predicts and plays while a classmate plays; an impossible sentence is refused with focus on
    the part to change; live updates never take focus away."""
    from classroom.services.games import (
        assignment_create,
        lobby_join,
        session_open,
        session_seat,
        session_start,
    )
    from tests.factories import ALTERNATE_COLORS, ClassroomFactory, StudentFactory

    classroom = ClassroomFactory()
    me, classmate = (StudentFactory(classroom=classroom, nickname=n) for n in ("Ana", "Ben"))
    assignment = assignment_create(
        classroom=classroom, title="Mystery rule 1", rule_text=ALTERNATE_COLORS, table_size=3
    )
    session = session_open(assignment=assignment)
    lobby_join(session=session, student=classmate)

    # Joining: from the student's own page, Tab to the game's button, Enter.
    page = student_page(new_page, live_server, me, viewport=VIEWPORT)
    page.goto(reverse("classroom:student_home"))
    tab_to(page, lambda now: now.get("text") == "Go to the game")
    page.keyboard.press("Enter")
    expect(page.get_by_text("You are in the lobby.")).to_be_visible()
    (table,) = session_seat(session=session, method="arrival")
    session_start(session=session, seed=7)
    expect(page.locator("#table-status")).to_be_visible(timeout=SEEN_MS)  # the lobby moved on

    seats = list(table.seats.select_related("student"))
    mine = next(s for s in seats if s.student_id == me.pk)
    other = next(s for s in seats if s != mine)
    round_row = current_round(table=table)
    other_player = round_row.player_of(other.position)
    if engine_round(round_row).state.turn == other_player:
        _play_as(other, other_player, round_row)
    expect(page.locator("#table-status")).to_have_text("Your turn!", timeout=SEEN_MS)

    # An impossible sentence: "If the last card is …" with no kind of card. The builder says so
    # and marks the part; focus stays on the drop-down the student is using.
    _tab_to_id(page, "id_b_if")
    choose_by_keys(page, "id_b_if", "last")
    says = page.locator("#builder-says")
    expect(says).to_contain_text("Say what the card in your “if …” is")
    expect(page.locator("#id_b_if-is")).to_have_attribute("aria-invalid", "true")
    assert active(page)["id"] == "id_b_if"
    # Playing with it is refused: the message says what to change, and focus goes to the part
    # it is about, marked invalid and described by the message; nothing was played.
    tab_to(page, _is_card, limit=120)
    page.keyboard.press("Enter")
    message = page.locator("#move-message")
    expect(message).to_contain_text("Say what the card in your “if …” is")
    page.wait_for_function("() => document.activeElement.id === 'id_b_if-is'")
    now = active(page)
    assert now["invalid"] == "true" and "move-message" in now["describedby"].split()
    box = message.bounding_box()
    assert 0 <= box["y"] <= VIEWPORT["height"] - box["height"]
    expect(page.locator("#table-status")).to_have_text("Your turn!")
    # The student goes back and says "Always" instead.
    _tab_to_id(page, "id_b_if", key="Shift+Tab")
    choose_by_keys(page, "id_b_if", "always")
    expect(page.locator("#id_b_if-is")).to_have_count(0)

    for play in range(3):
        build_by_keys(page)
        predict_accepted_by_keys(page)
        played = tab_to(page, _is_card, limit=120)
        page.keyboard.press("Enter")
        expect(page.locator("#move-message")).to_contain_text(re.compile("Right!|Wrong"))
        page.wait_for_function("() => !!document.activeElement.closest('#hand-panel')")
        expect(page.locator("#table-status")).not_to_have_text("Your turn!")
        latest = current_round(table=table).actions.filter(kind="play").order_by("-seq").first()
        assert latest.hypothesis.checkable == "color != last.color", play
        assert latest.hypothesis.frame_id == "builder"

        # While the classmate thinks, the student starts the next sentence; the classmate's
        # play arrives by the page's poll and focus stays on the drop-down.
        _tab_to_id(page, "id_b_then", key="Shift+Tab")
        round_row.refresh_from_db()
        card, accepted = _play_as(other, other_player, round_row)
        verdict = "accepted" if accepted else "rejected"
        wait_spoken(page, f"{other.name} played the {card_label(card)}: {verdict}.")
        expect(page.locator("#table-status")).to_have_text("Your turn!", timeout=SEEN_MS)
        assert active(page)["id"] == "id_b_then"
        expect(page.locator(f'#hand-panel [name=card][value="{played["value"]}"]')).to_have_count(0)
