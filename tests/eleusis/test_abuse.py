"""Someone tries to break it: one test per way found in issue 18's probe.

Each test makes the abuse for real through HTTP (or, for races, through parallel threads on the
real cache) and checks that it fails without harming anyone else.
"""

import threading

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from classroom.models import Action, Assignment, GameSession, Round, Seat
from classroom.selectors.games import current_round
from classroom.services.rounds import engine_round
from classroom.throttle import (
    RESET_MAILS_PER_EMAIL,
    SOLO_STARTS_PER_STUDENT,
    Limit,
    throttle_over,
)
from tests.factories import (
    ALTERNATE_COLORS,
    ClassroomFactory,
    StudentFactory,
    TeacherFactory,
    deal_order,
    student_client,
)

pytestmark = pytest.mark.django_db(transaction=True)


def _table(students, bots, *, students_deal=False, rule_text=ALTERNATE_COLORS):
    from classroom.services.games import (
        assignment_create,
        session_open,
        session_start,
        table_create,
    )

    classroom = ClassroomFactory()
    assignment = assignment_create(
        classroom=classroom,
        title="t",
        rule_text=rule_text,
        students_deal=students_deal,
    )
    session = session_open(assignment=assignment)
    people = [StudentFactory(classroom=classroom) for _ in range(students)]
    table = table_create(session=session, students=people, bots=list(bots))
    session_start(session=session, seed=11)
    return table, list(table.seats.select_related("student").order_by("position"))


def _play_data(table, seat, *, key):
    round_row = current_round(table=table)
    engine = engine_round(round_row)
    player = round_row.player_of(seat.position)
    assert engine.state.turn == player, "the test expects this seat's turn"
    return round_row, {
        "op": "play",
        "round": round_row.pk,
        "seq": round_row.version,
        "key": key,
        "card": engine.state.hands[player][0].code,
        "hypothesis": "colors alternate",
        "prediction": "accepted",
    }


# Idempotency keys ------------------------------------------------------------------------------


def test_a_student_s_key_never_takes_the_place_of_a_bot_s_move():
    # The student plays first, then two bots. The probe froze such a table for ever by playing
    # with the key the bots would use for their next move.
    table, seats = _table(students=1, bots=["random", "random"])
    round_row, data = _play_data(table, seats[0], key="bot:2")  # the first bot's key, seq 2

    response = student_client(seats[0].student).post(
        reverse("classroom:table_move", args=[table.pk]), data, HTTP_HX_REQUEST="true"
    )

    assert response.status_code == 200
    round_row.refresh_from_db()
    # The student's move and then both bots' moves are in the log (bots run on commit, eagerly).
    movers = list(round_row.actions.order_by("seq").values_list("seat__position", flat=True))
    assert movers[:3] == [0, 1, 2], movers
    assert engine_round(round_row).state.turn == 0  # the student's turn again: nothing froze


# A move carries the state it was made against -------------------------------------------------


def test_a_stale_move_is_refused_when_the_table_moved_on():
    table, seats = _table(students=2, bots=[])
    student = seats[0]
    round_row, data = _play_data(table, student, key="first")
    client = student_client(student.student)
    url = reverse("classroom:table_move", args=[table.pk])
    assert client.post(url, data, HTTP_HX_REQUEST="true").status_code == 200
    # Seat 1 plays; then seat 0's turn comes back. A queued copy of seat 0's first move, with a
    # new key but the old state, arrives now: it must not land.
    _round, second = _play_data(table, seats[1], key="second")
    student_client(seats[1].student).post(url, second, HTTP_HX_REQUEST="true")
    version = Round.objects.get(pk=round_row.pk).version
    stale = {**data, "key": "a-retry-with-a-new-key"}
    response = client.post(url, stale, HTTP_HX_REQUEST="true")

    assert "moved on" in response.content.decode()
    assert Round.objects.get(pk=round_row.pk).version == version
    assert Action.objects.filter(round=round_row, seat=student).count() == 1


# Teacher log-in ---------------------------------------------------------------------------------


def test_teacher_log_in_is_limited_per_account_and_per_address(settings):
    # Issue 38: either limit used to lock the account for everyone; now each one stops the
    # guesser and nobody else (tests/eleusis/test_limits.py has the proxy's cases).
    from classroom.throttle import LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURES_PER_USERNAME

    victim = TeacherFactory(username="victim")
    victim.set_password("the-right-password-1")
    victim.save()
    url = reverse("classroom:login")
    for n in range(LOGIN_FAILURES_PER_USERNAME.max_failures):
        Client(REMOTE_ADDR=f"10.1.0.{n}").post(url, {"username": "victim", "password": f"x{n}"})

    # Per account, from many addresses: a new device is refused, with the way out said.
    response = Client(REMOTE_ADDR="10.1.1.1").post(
        url, {"username": "victim", "password": "the-right-password-1"}
    )
    assert response.status_code == 200
    assert "Log in from a device you used before" in response.content.decode()

    # Per address: one address spraying many accounts is stopped too.
    other = TeacherFactory(username="other")
    other.set_password("other-password-1")
    other.save()
    sprayer = Client(REMOTE_ADDR="10.2.0.1")
    for n in range(LOGIN_FAILURES_PER_ADDRESS.max_failures):
        sprayer.post(url, {"username": f"nobody{n}", "password": "x"})
    response = sprayer.post(url, {"username": "other", "password": "other-password-1"})
    assert response.status_code == 200 and "_auth_user_id" not in sprayer.session
    # Another address still logs in to that account.
    response = Client(REMOTE_ADDR="10.3.0.1").post(
        url, {"username": "other", "password": "other-password-1"}
    )
    assert response.status_code == 302


# Throttles: atomic, and never against the wrong student ---------------------------------------


def test_parallel_requests_cannot_slip_past_a_limit():
    limit = Limit("race-test", max_failures=10, window_seconds=60)
    allowed = []
    barrier = threading.Barrier(22)

    def guess():
        barrier.wait()
        if not throttle_over(limit, "one-key"):
            allowed.append(1)

    threads = [threading.Thread(target=guess) for _ in range(22)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert len(allowed) == limit.max_failures


def test_parallel_wrong_codes_reveal_at_most_the_limit_and_a_right_code_still_joins():
    from classroom.throttle import CODE_GUESSES

    classroom = ClassroomFactory()
    statuses = []
    barrier = threading.Barrier(22)

    def guess(n):
        client = Client(REMOTE_ADDR="10.4.0.1")
        barrier.wait()
        response = client.post(reverse("classroom:signin"), {"code": "ACDEF" + "3467"[n % 4]})
        statuses.append(response.status_code)

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(22)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert statuses.count(400) <= CODE_GUESSES.max_failures
    assert statuses.count(429) >= 22 - CODE_GUESSES.max_failures
    right = Client(REMOTE_ADDR="10.4.0.1").post(
        reverse("classroom:signin"), {"code": classroom.join_code}
    )
    assert right.status_code == 302


def test_parallel_picture_guesses_reveal_at_most_the_limit_and_another_student_signs_in():
    from classroom.throttle import PICTURE_GUESSES_NEW_DEVICES_STUDENT as PER_STUDENT

    classroom = ClassroomFactory()
    target, other = StudentFactory.create_batch(2, classroom=classroom)
    keys = target.picture_password.split("-")
    wrong = {"picture_1": keys[1], "picture_2": keys[0], "picture_3": keys[2]}
    url = reverse("classroom:signin_pictures", args=[classroom.join_code, target.pk])
    statuses = []
    barrier = threading.Barrier(22)

    def guess(n):
        client = Client(REMOTE_ADDR=f"10.8.0.{n}")  # from many devices at once
        barrier.wait()
        statuses.append(client.post(url, wrong).status_code)

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(22)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert statuses.count(400) == PER_STUDENT.max_failures  # checked, wrong
    assert statuses.count(429) == 22 - PER_STUDENT.max_failures
    # Another student of the class, from the same school address, signs in at once.
    other_keys = other.picture_password.split("-")
    right = dict(zip(("picture_1", "picture_2", "picture_3"), other_keys, strict=True))
    response = Client(REMOTE_ADDR="10.8.0.1").post(
        reverse("classroom:signin_pictures", args=[classroom.join_code, other.pk]), right
    )
    assert response.status_code == 302


def test_guessing_codes_from_many_addresses_is_limited_but_a_right_code_still_joins():
    # A wrong code names no class, so many addresses are counted together (CODE_GUESSES_ALL):
    # once they pass it, each address is refused every code after CODE_GUESSES wrong ones in
    # its hour, instead of after CODE_GUESSES_HARD.
    from classroom.throttle import CODE_GUESSES, CODE_GUESSES_ALL, CODE_GUESSES_HARD

    classroom = ClassroomFactory()
    wrong = "ACDEFG" if classroom.join_code != "ACDEFG" else "HJKMNP"
    url = reverse("classroom:join")
    careless = Client(REMOTE_ADDR="10.6.1.1")  # a child who typed the code wrong twice
    for _ in range(2):
        assert careless.post(url, {"code": wrong, "nickname": "Ana"}).status_code == 400
    per_address = CODE_GUESSES.max_failures
    addresses = -(-(CODE_GUESSES_ALL.max_failures - 2) // per_address)  # enough to pass it
    guessers = [Client(REMOTE_ADDR=f"10.6.{2 + n // 200}.{n % 200}") for n in range(addresses)]
    statuses = [
        guesser.post(url, {"code": wrong, "nickname": "Bot"}).status_code
        for guesser in guessers
        for _ in range(per_address)
    ]
    assert statuses.count(400) == len(statuses)  # each address's first ten: checked, refused

    # Each guessing address has had its ten: now no code of its is checked, not even a right
    # one (without the site-wide count it would have had CODE_GUESSES_HARD, ten times more).
    blocked = [
        guesser.post(url, {"code": classroom.join_code, "nickname": "Bot"}) for guesser in guessers
    ]
    assert {response.status_code for response in blocked} == {429}
    assert "Too many wrong class codes have come from this device" in blocked[0].content.decode()
    assert CODE_GUESSES_HARD.max_failures > per_address
    # The child who made two typos, and a new device, still join with the right code.
    assert careless.post(url, {"code": classroom.join_code, "nickname": "Ana"}).status_code == 302
    new = Client(REMOTE_ADDR="10.6.200.1")
    assert new.post(url, {"code": classroom.join_code, "nickname": "Ben"}).status_code == 302
    assert sorted(classroom.students.values_list("nickname", flat=True)) == ["Ana", "Ben"]


def test_one_device_s_wrong_codes_get_a_clear_message_and_its_right_code_still_works():
    from classroom.throttle import CODE_GUESSES

    classroom = ClassroomFactory()
    device = Client(REMOTE_ADDR="10.6.250.1")
    url = reverse("classroom:signin")
    for _ in range(CODE_GUESSES.max_failures):
        device.post(url, {"code": "ACDEFG" if classroom.join_code != "ACDEFG" else "HJKMNP"})
    response = device.post(url, {"code": "HJKMNP" if classroom.join_code != "HJKMNP" else "ACDEFG"})

    assert response.status_code == 429
    assert "the right code still works" in response.content.decode()
    assert device.post(url, {"code": classroom.join_code}).status_code == 302


def test_no_student_s_network_address_is_kept_anywhere(settings, caplog):
    # Everything a student does that could note where they come from: wrong codes, joining,
    # wrong pictures, signing in, playing. Then the address is searched for in every row of
    # every table, in the cache's keys and values, and in what was logged.
    import logging
    import pickle

    from django.apps import apps
    from django.core import serializers
    from django.core.cache import cache

    settings.CACHES = {
        **settings.CACHES,
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    }
    caplog.set_level(logging.DEBUG)
    address = "198.51.100.73"
    table, seats = _table(students=2, bots=[])
    classroom = table.session.assignment.classroom
    device = Client(REMOTE_ADDR=address)
    wrong = "ACDEFG" if classroom.join_code != "ACDEFG" else "HJKMNP"
    device.post(reverse("classroom:join"), {"code": wrong, "nickname": "Cleo"})
    assert (
        device.post(
            reverse("classroom:join"), {"code": classroom.join_code, "nickname": "Cleo"}
        ).status_code
        == 302
    )
    student = seats[0].student
    pictures = reverse("classroom:signin_pictures", args=[classroom.join_code, student.pk])
    keys = student.picture_password.split("-")
    device.post(pictures, {"picture_1": keys[1], "picture_2": keys[0], "picture_3": keys[2]})
    signed_in = device.post(
        pictures, {"picture_1": keys[0], "picture_2": keys[1], "picture_3": keys[2]}
    )
    assert signed_in.status_code == 302
    _round, data = _play_data(table, seats[0], key="from-school")
    move = device.post(
        reverse("classroom:table_move", args=[table.pk]), data, HTTP_HX_REQUEST="true"
    )
    assert (
        move.status_code == 200
        and Action.objects.filter(idempotency_key__endswith="from-school").exists()
    )

    forms = {address, address.encode().hex()}
    for model in apps.get_models():
        dumped = serializers.serialize("json", model._default_manager.all())
        assert not any(form in dumped for form in forms), model.__name__
    # Sessions are signed and encoded in their rows: read them decoded too.
    from django.contrib.sessions.models import Session

    decoded = [str(session.get_decoded()) for session in Session.objects.all()]
    assert decoded and not any(address in text for text in decoded)
    stored = pickle.dumps(dict(cache._cache))
    assert address.encode() not in stored and address not in str(list(cache._cache))
    assert address not in caplog.text


# Mail, sign-up, solo practice ------------------------------------------------------------------


def test_password_reset_mail_is_rate_limited(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    TeacherFactory(email="teacher@school.example")
    url = reverse("classroom:password_reset")
    for n in range(20):
        response = Client(REMOTE_ADDR=f"10.5.0.{n}").post(url, {"email": "teacher@school.example"})
        assert response.status_code == 302  # the same answer every time

    assert len(mail.outbox) == RESET_MAILS_PER_EMAIL.max_failures


def test_a_forged_host_cannot_send_a_teachers_reset_link_elsewhere(settings):
    """`make run` answers any host name on the school network; the reset link is on SITE_URL
    whatever Host the request named."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.ALLOWED_HOSTS = ["*"]
    settings.SITE_URL = "http://192.168.1.23:8000"
    TeacherFactory(email="teacher@school.example")
    response = Client().post(
        reverse("classroom:password_reset"),
        {"email": "teacher@school.example"},
        HTTP_HOST="evil.example:8000",
    )
    assert response.status_code == 302
    (sent,) = mail.outbox
    assert "http://192.168.1.23:8000/" in sent.body and "evil.example" not in sent.body


def test_sign_up_does_not_tell_whether_an_email_has_an_account():
    TeacherFactory(email="known@school.example")
    url = reverse("classroom:signup")

    def sign_up(username, email):
        return Client().post(
            url,
            {
                "username": username,
                "email": email,
                "password1": "a-long-teacher-password-1",
                "password2": "a-long-teacher-password-1",
            },
        )

    known, unknown = sign_up("one", "known@school.example"), sign_up("two", "new@school.example")
    assert known.status_code == unknown.status_code == 302
    assert known["Location"] == unknown["Location"]


def test_solo_practice_sessions_are_limited_per_student():
    from classroom.services.games import assignment_create

    classroom = ClassroomFactory()
    assignment = assignment_create(
        classroom=classroom, title="Alone", rule_text=ALTERNATE_COLORS, mode=Assignment.Mode.SOLO
    )
    student = StudentFactory(classroom=classroom)
    client = student_client(student)
    url = reverse("classroom:solo_start", args=[assignment.pk])
    statuses = [
        client.post(url).status_code for _ in range(SOLO_STARTS_PER_STUDENT.max_failures + 5)
    ]

    assert statuses.count(302) == SOLO_STARTS_PER_STUDENT.max_failures
    assert statuses[-1] == 429
    assert GameSession.objects.filter(assignment=assignment).count() == (
        SOLO_STARTS_PER_STUDENT.max_failures
    )
    # Another student of the class may still practise.
    other = student_client(StudentFactory(classroom=classroom))
    assert other.post(url).status_code == 302


# NUL bytes --------------------------------------------------------------------------------------


def test_nul_bytes_in_the_dealer_s_hint_the_key_and_the_rule_are_a_4xx_and_change_nothing():
    table, seats = _table(students=4, bots=[], students_deal=True, rule_text="")
    dealer = student_client(deal_order(table, seats)[0].student)
    deal = reverse("classroom:table_deal", args=[table.pk])
    move = reverse("classroom:table_dealer_move", args=[table.pk])

    response = dealer.post(deal, {"rule_text": "color != last.color\x00"})
    assert 400 <= response.status_code < 500
    assert not Round.objects.filter(table=table).exclude(rule_text="").exists()

    assert dealer.post(deal, {"rule_text": "color != last.color"}).status_code == 302
    round_row = current_round(table=table)
    version = round_row.version
    for data in (
        {"op": "hint", "hint": "think of\x00 colours", "key": "k1"},
        {"op": "hint", "hint": "think of colours", "key": "k\x002"},
    ):
        response = dealer.post(move, data, HTTP_HX_REQUEST="true")
        assert 400 <= response.status_code < 500, data
    round_row.refresh_from_db()
    assert round_row.version == version
    # A NUL in a student's move key too.
    player_seat = Seat.objects.get(table=table, position=round_row.position_of(0))
    response = student_client(player_seat.student).post(
        reverse("classroom:table_move", args=[table.pk]),
        {
            "op": "no_play",
            "round": round_row.pk,
            "seq": round_row.version,
            "key": "a\x00b",
            "hypothesis": "h",
        },
    )
    assert 400 <= response.status_code < 500


# Private pages ----------------------------------------------------------------------------------


def test_private_pages_are_never_kept_by_a_shared_cache():
    table, seats = _table(students=2, bots=[])
    student_page = student_client(seats[0].student).get(reverse("classroom:table", args=[table.pk]))
    teacher = Client()
    teacher.force_login(table.session.assignment.classroom.teacher)
    dashboard = teacher.get(reverse("classroom:dashboard"))
    poll = student_client(seats[0].student).get(
        reverse("classroom:table", args=[table.pk]) + "?stamp=x", HTTP_HX_REQUEST="true"
    )

    for response in (student_page, dashboard, poll):
        assert response.status_code == 200
        directives = {d.strip() for d in response["Cache-Control"].split(",")}
        assert {"private", "no-store"} <= directives
