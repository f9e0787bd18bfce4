"""The rule checker speaks every language the app speaks (issue 36, point 5): its parse errors
and its warnings come from the engine as codes with parameters (eleusis/engine/rules/errors.py,
RuleWarning), and the rule editor words them in the reader's language, as refusals are
(tests/classroom/test_refusal_languages.py). Only the rule's own words stay as written: the rule
language is the same in every language."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import trans_real

from eleusis.engine.rules import ast, errors
from eleusis.engine.rules.parser import CONSTANTS, FUNCTIONS, KNOWN_NAMES
from eleusis.web.rule_check import rule_check

LANGUAGES = ("es", "el", "ru", "th")

# A mistake of each kind a dealer makes, each answered by a different message.
MISTAKES = (
    "colour != last.color",
    "rank == k",
    "suit == h",
    "last.colour == red",
    "color < last.color",
    "color + 1 == 2",
    "rank",
    "suit",
    "last == red",
    "7.rank == 2",
    "last.accepted",
    "color == red &",
    "color == red | black",
    "!red",
    "'red'",
    "a: red",
    "rank == 7 ==",
    "color == red and",
    "if red then black",
    "if red black else red",
    "rank in 2",
    "red and (rank == 2",
    "rank == 7 8",
    "start: last.rank == 2\nrule: red",
    "start: previous.rank == 1\nrule: red",
    "start: count(red) > 1\nrule: red",
    "start: sum(value of last 2) > 1\nrule: red",
    "last9.rank == 2",
    "rank == 2000",
    "rank % 0 == 1",
    "rank in {}",
    "rank in {2, red}",
    "color in 2 .. 8",
    "(if red then 2 else black) == 2",
    "next(rank, [1, 2])",
    "suit == next(last.suit, [spades, hearts, clubs])",
    "suit == next(last.suit, [spades, spades, hearts, clubs, diamonds])",
    "card(1).rank == 2",
    "sum(color of last 2) == 3",
    "count(7) > 2",
    "abs(1, 2) == 1",
    "mainline == 2",
    "previous2.rank == 3",
    "absolute(rank) == 1",
    "rank in [2, 3]",
    "red and if last is red then black else red",
    "last is a red",
    "last.rank is red",
    "red)",
    "rank == 2 +",
    "(" * 45 + "red" + ")" * 45,
    "rank is prime",
    "prime(last.rank)",
    "absolute(rank - last.rank) > 2",
    "last is red then black else red",
)
# Rules the guidelines warn of: too strict with a dead end, too loose, never playable, no
# starter, a dead branch each way, previous for last.
WARNED = (
    "rank > last.rank",
    "suit != last.suit",
    "rank != K",
    "start: false rule: color != last.color",
    "if position == 0 then hearts else color != last.color",
    "if rank >= 1 then red else black",
    "suit == previous.suit",
)

# The rule language's own words, which messages quote as written in every language.
_RULE_WORDS = {
    *KNOWN_NAMES,
    *FUNCTIONS,
    *CONSTANTS,
    *ast.PROPERTY_KIND,
    *("if", "then", "else", "and", "or", "not", "is", "in", "of", "wrap", "start", "rule"),
    *("mainline", "all", "face", "prime", "previous2", "true", "false", "position", "odd"),
    *("even", "low", "high", "colour", "absolute", "card"),  # the last two quoted from the mistakes
}
# Words that are the same in Spanish and English, or a rule's word in a Spanish message.
_SPANISH_AND_ENGLISH = {"no", "a", "color", "as", "de"}
_ASCII_WORD = re.compile(r"[A-Za-z]{2,}")


def _english_words(message: str, english: str, language: str) -> set[str]:
    """The English words of `message` outside the rule's own: for Spanish, the words of the
    English message it repeats; for the other scripts, any word in Latin letters."""
    words = {word.lower() for word in _ASCII_WORD.findall(message)} - _RULE_WORDS
    if language == "es":
        english_words = {word.lower() for word in _ASCII_WORD.findall(english)}
        return (words & english_words) - _SPANISH_AND_ENGLISH
    return words


def _error(text: str, language: str) -> str:
    with translation.override(language):
        check = rule_check(text)
    assert check.error is not None, text
    return check.error_message


def _warnings(text: str, language: str) -> str:
    with translation.override(language):
        return " ".join(rule_check(text).warnings)


def test_the_mistakes_reach_every_message_of_the_parser():
    codes = {phrase.code for text in MISTAKES for phrase in rule_check(text).error.phrases}
    top = {"unknown_name", "did_you_mean", "did_you_mean_letter", "unexpected_character"}
    assert len(codes) >= 40 and top <= codes


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rule_message_is_in_the_catalog(language):
    """Each template the engine words a rule's mistake with, and each word filling one."""
    catalog = trans_real.translation(language)._catalog
    missing = []
    for template in errors.TEMPLATES:
        if template.code == "other" or not _ASCII_WORD.search(template):
            continue
        key = f"{template.context}\x04{template}" if template.context else str(template)
        if key not in catalog:
            missing.append(str(template))
    assert missing == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_parse_error_reads_english(language):
    english = {
        text: _english_words(_error(text, language), _error(text, "en"), language)
        for text in MISTAKES
    }
    assert {text: words for text, words in english.items() if words} == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_warning_reads_english(language):
    english = {
        text: _english_words(_warnings(text, language), _warnings(text, "en"), language)
        for text in WARNED
    }
    assert {text: words for text, words in english.items() if words} == {}


def test_a_misspelt_word_in_spanish_keeps_the_rule_words():
    assert _error("colour != last.color", "es") == (
        "palabra desconocida: 'colour' — ¿querías decir 'color'?"
    )
    assert _error("rank == k", "ru") == (
        "неизвестное слово: 'k' — может быть, 'K' (король)? Буквы карт пишутся заглавными"
    )


def test_a_dead_branch_is_worded_in_greek():
    text = _warnings("if rank >= 1 then red else black", "el")
    assert "Νεκρός κλάδος: στο «if rank >= 1 then …» η συνθήκη ισχύει πάντα" in text


def test_warnings_name_cards_in_words():
    dead_end = _warnings("rank > last.rank", "es")
    assert "rey de picas" in dead_end
    assert "K♠" not in dead_end and "KS" not in dead_end
    never = _warnings("rank != K", "en")
    assert "king of spades, king of hearts, king of diamonds, king of clubs" in never


@pytest.mark.django_db
def test_the_teachers_rule_check_answers_in_russian(client, django_user_model):
    teacher = django_user_model.objects.create_user("t@example.com", "t@example.com", "pw-123456")
    client.force_login(teacher)
    response = client.post(
        reverse("classroom:rule_check"),
        {"rule_text": "colour != last.color"},
        HTTP_ACCEPT_LANGUAGE="ru",
        HTTP_HX_REQUEST="true",
    )
    page = html.unescape(response.content.decode())
    assert "неизвестное слово: 'colour' — может быть, 'color'?" in page
    assert "unknown word" not in page


@pytest.mark.django_db
def test_a_student_dealer_reads_the_check_and_the_refusal_in_greek():
    from tests.classroom.views.test_golden_game import students_deal_table
    from tests.factories import deal_order, student_client

    table, seats = students_deal_table(players=4)
    seats = deal_order(table, seats)
    dealer = student_client(seats[0].student, HTTP_ACCEPT_LANGUAGE="el")
    data = {"rule_text": "colour != last.color"}
    check = dealer.post(reverse("classroom:table_rule_check", args=[table.pk]), data)
    deal = dealer.post(reverse("classroom:table_deal", args=[table.pk]), data)
    for response in (check, deal):
        page = html.unescape(response.content.decode())
        assert "άγνωστη λέξη: 'colour' — μήπως εννοείς 'color';" in page
        assert "unknown word" not in page


def test_the_dead_end_count_agrees_with_its_noun():
    assert "(1 situación así)" in _warnings("rank > last.rank", "es")
    assert "(1 τέτοια κατάσταση)" in _warnings("rank > last.rank", "el")
    assert "(1 такая ситуация)" in _warnings("rank > last.rank", "ru")
    assert "(1 situation like this)" in _warnings("rank > last.rank", "en")
