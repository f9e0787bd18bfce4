"""The engine's words, for the translation catalogs. GENERATED: do not edit by hand.

The pure engine cannot import Django, so `makemessages` finds its words here: the sentence frames
(eleusis/engine/rules/frames.py, translated at run time by eleusis/web/frames_i18n.py), the
library's rule names, the phrases of hints and explanations. `./manage.py engine_strings` rewrites
it; tests/classroom/test_engine_strings.py fails while it is stale. It is long because it is a
list, one entry for each string with its note for the translators, generated: no code to split.
"""

# ruff: noqa: E501

from django.utils.translation import gettext_noop, pgettext_lazy

# The sentence frames a student fills from drop-downs: each with its slots, then
# as printed on paper (___ for each slot).
FRAME_SENTENCES = (
    # Translators: a hypothesis sentence frame. Keep every {slot} as it is; the slots take these choices: {property}: color, suit, rank, odd/even, low/high
    gettext_noop("The next card must have a different {property} from the last card"),
    # Translators: the same sentence frame with ___ for each gap (as printed on paper); translate it like the sentence with the {slots}
    gettext_noop("The next card must have a different ___ from the last card"),
    # Translators: a hypothesis sentence frame. Keep every {slot} as it is; the slots take these choices: {property}: color, suit, rank, odd/even, low/high
    gettext_noop("The next card must have the same {property} as the last card"),
    # Translators: the same sentence frame with ___ for each gap (as printed on paper); translate it like the sentence with the {slots}
    gettext_noop("The next card must have the same ___ as the last card"),
    # Translators: a hypothesis sentence frame. Keep every {slot} as it is; the slots take these choices: {first}: color, suit, rank, odd/even, low/high; {second}: color, suit, rank, odd/even, low/high
    gettext_noop("The next card must have the same {first} or the same {second} as the last card"),
    # Translators: the same sentence frame with ___ for each gap (as printed on paper); translate it like the sentence with the {slots}
    gettext_noop("The next card must have the same ___ or the same ___ as the last card"),
    # Translators: a hypothesis sentence frame. Keep every {slot} as it is; the slots take these choices: {condition}: red, black, odd, even, low (A–7), high (8–K), face (J, Q, K), heart, diamond, spade, club; {then}: red, black, odd, even, low (A–7), high (8–K), face (J, Q, K), heart, diamond, spade, club; {otherwise}: red, black, odd, even, low (A–7), high (8–K), face (J, Q, K), heart, diamond, spade, club
    gettext_noop(
        "If the last card is {condition}, play a {then} card, otherwise a {otherwise} card"
    ),
    # Translators: the same sentence frame with ___ for each gap (as printed on paper); translate it like the sentence with the {slots}
    gettext_noop("If the last card is ___, play a ___ card, otherwise a ___ card"),
    # Translators: a hypothesis sentence frame. Keep every {slot} as it is; the slots take these choices: {condition}: red, black, odd, even, low (A–7), high (8–K), face (J, Q, K), heart, diamond, spade, club; {then}: red, black, odd, even, low (A–7), high (8–K), face (J, Q, K), heart, diamond, spade, club
    gettext_noop(
        "After a {condition} card, play a {then} card; after any other card, anything goes"
    ),
    # Translators: the same sentence frame with ___ for each gap (as printed on paper); translate it like the sentence with the {slots}
    gettext_noop("After a ___ card, play a ___ card; after any other card, anything goes"),
    # Translators: a hypothesis sentence frame. Keep every {slot} as it is; the slots take these choices: {quality}: red, black, odd, even, low (A–7), high (8–K), face (J, Q, K), heart, diamond, spade, club
    gettext_noop("Every card must be a {quality} card"),
    # Translators: the same sentence frame with ___ for each gap (as printed on paper); translate it like the sentence with the {slots}
    gettext_noop("Every card must be a ___ card"),
    # Translators: a hypothesis sentence frame. Keep every {slot} as it is; the slots take these choices: {quality}: red, black, odd, even, low (A–7), high (8–K), face (J, Q, K), heart, diamond, spade, club
    gettext_noop("The next card must never be a {quality} card"),
    # Translators: the same sentence frame with ___ for each gap (as printed on paper); translate it like the sentence with the {slots}
    gettext_noop("The next card must never be a ___ card"),
    # Translators: a hypothesis sentence frame. Keep every {slot} as it is; the slots take these choices: {relation}: higher than, lower than, the same as, higher than or the same as, lower than or the same as, one more than, one less than, one more, one less or the same as
    gettext_noop("The next card's rank must be {relation} the last card's rank"),
    # Translators: the same sentence frame with ___ for each gap (as printed on paper); translate it like the sentence with the {slots}
    gettext_noop("The next card's rank must be ___ the last card's rank"),
    # Translators: a hypothesis sentence frame. Keep every {slot} as it is; the slots take these choices: {steps}: 1, 2, 3, 4, 5, 6
    gettext_noop(
        "The next card's rank must be {steps} more than the last card's, going round from K to A"
    ),
    # Translators: the same sentence frame with ___ for each gap (as printed on paper); translate it like the sentence with the {slots}
    gettext_noop(
        "The next card's rank must be ___ more than the last card's, going round from K to A"
    ),
    # Translators: a hypothesis sentence frame. Keep every {slot} as it is; the slots take these choices: {low}: A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K; {high}: A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K
    gettext_noop("The next card's rank must be from {low} to {high}"),
    # Translators: the same sentence frame with ___ for each gap (as printed on paper); translate it like the sentence with the {slots}
    gettext_noop("The next card's rank must be from ___ to ___"),
    # Translators: a hypothesis sentence frame. Keep every {slot} as it is; the slots take these choices: {order}: ♠ → ♥ → ♦ → ♣, ♠ → ♥ → ♣ → ♦, ♠ → ♦ → ♥ → ♣, ♠ → ♦ → ♣ → ♥, ♠ → ♣ → ♥ → ♦, ♠ → ♣ → ♦ → ♥
    gettext_noop("The suits go round in the order {order}"),
    # Translators: the same sentence frame with ___ for each gap (as printed on paper); translate it like the sentence with the {slots}
    gettext_noop("The suits go round in the order ___"),
    # Translators: a hypothesis sentence frame. Keep every {slot} as it is; the slots take these choices: {right}: red, black, odd, even, low (A–7), high (8–K), face (J, Q, K), heart, diamond, spade, club; {wrong}: red, black, odd, even, low (A–7), high (8–K), face (J, Q, K), heart, diamond, spade, club
    gettext_noop(
        "If the last play was right, play a {right} card; if it was wrong, play a {wrong} card"
    ),
    # Translators: the same sentence frame with ___ for each gap (as printed on paper); translate it like the sentence with the {slots}
    gettext_noop("If the last play was right, play a ___ card; if it was wrong, play a ___ card"),
    # Translators: a hypothesis sentence frame. Keep every {slot} as it is; the slots take these choices: {length}: 1, 2, 3, 4
    gettext_noop("The colors come in runs of {length} cards"),
    # Translators: the same sentence frame with ___ for each gap (as printed on paper); translate it like the sentence with the {slots}
    gettext_noop("The colors come in runs of ___ cards"),
    # Translators: a hypothesis sentence frame. Keep every {slot} as it is; the slots take these choices: {condition}: red, black, odd, even, low (A–7), high (8–K), face (J, Q, K), heart, diamond, spade, club
    gettext_noop("If the last card is {condition}, play a higher card, otherwise a lower card"),
    # Translators: the same sentence frame with ___ for each gap (as printed on paper); translate it like the sentence with the {slots}
    gettext_noop("If the last card is ___, play a higher card, otherwise a lower card"),
    # Translators: a hypothesis sentence frame. Keep every {slot} as it is; the slots take these choices: {total}: 5, 8, 10, 12, 15; {then}: red, black, heart, diamond, spade, club; {otherwise}: red, black, heart, diamond, spade, club
    gettext_noop(
        "If the last two cards add up to {total} or less (J, Q, K count 10), play a {then} card, otherwise a {otherwise} card"
    ),
    # Translators: the same sentence frame with ___ for each gap (as printed on paper); translate it like the sentence with the {slots}
    gettext_noop(
        "If the last two cards add up to ___ or less (J, Q, K count 10), play a ___ card, otherwise a ___ card"
    ),
    # Translators: a hypothesis sentence frame. Keep every {slot} as it is; the slots take these choices: {property}: color, suit, rank, odd/even, low/high
    gettext_noop("The next card must have the same {property} as the card two before it"),
    # Translators: the same sentence frame with ___ for each gap (as printed on paper); translate it like the sentence with the {slots}
    gettext_noop("The next card must have the same ___ as the card two before it"),
)

# The choices in the drop-downs, put into the sentences above.
FRAME_OPTION_LABELS = (
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("color"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("suit"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("rank"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("odd/even"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("low/high"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("red"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("black"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("odd"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("even"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("low (A–7)"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("high (8–K)"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("face (J, Q, K)"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("heart"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("diamond"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("spade"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("club"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("higher than"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("lower than"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("the same as"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("higher than or the same as"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("lower than or the same as"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("one more than"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("one less than"),
    # Translators: a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the sentences it goes in
    gettext_noop("one more, one less or the same as"),
)

# The names of the library's secret rules.
LIBRARY_RULE_NAMES = (
    # Translators: the name of a secret rule in the rule library
    gettext_noop("Alternate colors"),
    # Translators: the name of a secret rule in the rule library
    gettext_noop("Suit cycle ♠ ♥ ♣ ♦"),
    # Translators: the name of a secret rule in the rule library
    gettext_noop("Odd and even"),
    # Translators: the name of a secret rule in the rule library
    gettext_noop("Same suit or rank"),
    # Translators: the name of a secret rule in the rule library
    gettext_noop("Even red, odd black"),
    # Translators: the name of a secret rule in the rule library
    gettext_noop("Low and high"),
    # Translators: the name of a secret rule in the rule library
    gettext_noop("Near rank"),
    # Translators: the name of a secret rule in the rule library
    gettext_noop("Suit by suit"),
    # Translators: the name of a secret rule in the rule library
    gettext_noop("Sum of the last two"),
    # Translators: the name of a secret rule in the rule library
    gettext_noop("Suit cycle ♠ ♥ ♦ ♣"),
    # Translators: the name of a secret rule in the rule library
    gettext_noop("Three red, three black"),
    # Translators: the name of a secret rule in the rule library
    gettext_noop("One to three up"),
    # Translators: the name of a secret rule in the rule library
    gettext_noop("Odd red, even black"),
    # Translators: the name of a secret rule in the rule library
    gettext_noop("Same color or rank"),
    # Translators: the name of a secret rule in the rule library
    gettext_noop("Black down, red up"),
    # Translators: the name of a secret rule in the rule library
    gettext_noop("Suit cycle ♣ ♦ ♥ ♠"),
    # Translators: the name of a secret rule in the rule library
    gettext_noop("After right red, after wrong black"),
    # Translators: the name of a secret rule in the rule library
    gettext_noop("Rank mod 4"),
)

# What the library shows of each rule: its seed's words (in English translation) and
# the app's reading of them, where it adds something (lessons/rules.py).
LIBRARY_RULE_TEXTS = (
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop("Alternate between one red card and one black card, repeating in that order."),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "A fixed order of suits: any spade (♠), then any heart (♥), then any club (♣), then a diamond (♦); the order keeps repeating this way."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "The suit that comes next is read from the last card of the mainline, so the cycle may start at any suit (the starter's)."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "If the card now showing has an even number, play one with an odd number, and if the card now showing is odd, play one with an even number."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "Numbers: A = 1, J = 11, Q = 12, K = 13 (the seed's own convention); “the card now showing” is the last card of the mainline."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "The card must be of the same suit or the same number as the last card on the mainline."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "If the card now showing has an even number, play a red card; if the card now showing is odd, play a black card."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "Numbers: A = 1, J = 11, Q = 12, K = 13; “the card now showing” is the last card of the mainline."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "If the card now showing is a low card (Ace to 7), play a high card (8 to King); if the card now showing is high, play a low one."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop("“The card now showing” is the last card of the mainline."),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "The next card played should be a number one higher, one lower, or equal to the card now showing."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "No wrap-around: after a K only a Q or a K, after an A only an A or a 2 (the seed does not say whether K and A meet)."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "If the card is a diamond, play a card of another suit. If the card is a club, play a red card. If the card is a spade, play a black card. If the card is a heart, play a card of the same rank."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop("“The card” is the last card of the mainline."),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "If the sum of the last two cards played is 2–8, play a spade. If the sum of the cards is 9–12, play [the suit is left blank in the seed]. If the sum is 13–16, play a diamond. If the sum is 17 or more, play a heart (count 10, Ace = 1)."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "For 9–12 the app plays ♣, the suit left over. “Count 10” is read as J, Q and K counting 10 and A counting 1. The last two cards are the last two of the mainline; with only the starter there, its value alone is the sum."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "If the last card was red, play a black card. If the last card was black, play a red card. [In all these rules, “the last card” means the last card put on the central row or, if none has been put there yet, the starting card.]"
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "If the last card was a spade, play a heart; if the last card was a heart, play a diamond; if the last was a diamond, play a club; and if the last was a club, play a spade."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "The cards in the central row must follow this pattern: three red cards, then three black, then three red, then three black, and so on."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "The starter opens the first run: play the last card's color until that run has three cards, then switch."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "If the last card is an odd number, play an even card. If the last is even, play an odd one. [When numbers are involved, the ace is usually taken as 1 (odd), the jack as 11 (odd), the queen as 12 (even) and the king as 13 (odd).]"
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "If the last card is a card from the ace to 7, play a card from 8 to the king. If the last is from 8 to the king, play a card from the ace to 7."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "Play a card with a number that is 1, 2 or 3 greater than the number of the last card. The numbers may go “round”."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "Going round: after a Q comes K, A or 2; after a K, A, 2 or 3 (A = 1, J = 11, Q = 12, K = 13)."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "If the last card is an odd number, play a red card. If the last card is even, play a black card."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop("The card played must be the same color or the same number as the last card."),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "If the last card is black, play a card with a number equal to or smaller than the number of the last card. If the last card is red, play a card equal to or greater than the last card."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "Numbers: A = 1, J = 11, Q = 12, K = 13, so an A is the lowest card and a K the highest."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop("On a black card a red one must be laid, and the other way round."),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "On a club a diamond must be laid, on a diamond a heart, on a heart a spade, on a spade a club."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop("On an even card an odd one must be laid, and the other way round."),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop("Numbers: A = 1, J = 11, Q = 12, K = 13."),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "On the cards from the ace to the seven, cards from the eight to the king must be laid, and the other way round."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop("On an even card a red one is always laid, and on an odd one a black one."),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "If the previous player played correctly, a red card must be laid; if they played wrongly, a black one."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "“The previous player played correctly” is read as: the most recent card tried was accepted. The starter counts as a right play."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "The value of the previous card must be divided by 4: if there is no remainder, a club is laid; if the remainder is one, a diamond; if 2, a heart; if 3, a spade."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop(
        "“The value” is the rank, A = 1, J = 11, Q = 12, K = 13 (a K leaves 1: a diamond); “the previous card” is the last card of the mainline."
    ),
    # Translators: a secret rule of the library as its seed text says it (quoted in translation), or how the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols
    gettext_noop("A teaching rule: red after black and black after red."),
)

# The phrases the hints suggested to the teacher are built from (see hints.py).
HINT_PHRASES = (
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. {what} is a place such as 'the last card' or 'the last two cards'
    gettext_noop("The rule looks only at {what}."),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. {what} is places joined by 'LEFT and at RIGHT'
    gettext_noop("The rule looks at {what}."),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This joins two places the rule looks at (in 'The rule looks at {what}.')
    gettext_noop("{left} and at {right}"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a whole hint sentence
    gettext_noop("The rule looks only at the card you play, not at the cards before it."),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a place the rule looks at; also a card in 'the {props} of {card}'
    gettext_noop("the last card"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a place the rule looks at; {count} is a number in words ('two')
    gettext_noop("the last {count} cards"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a place the rule looks at (in 'The rule looks only at {what}.')
    gettext_noop("the previous play, right or wrong"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a place the rule looks at (in 'The rule looks only at {what}.')
    gettext_noop("whether the previous play was right"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a whole hint sentence
    gettext_noop("whether the play before the previous one was right"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a whole hint sentence
    gettext_noop("all the cards already on the mainline"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a place the rule looks at (in 'The rule looks only at {what}.')
    gettext_noop("the position on the mainline"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. {props} is card properties such as 'color' or 'suit and rank'
    gettext_noop("It is about {props}."),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. {items} is one or more 'the {props} of {card}' joined by 'LEFT and at RIGHT'
    gettext_noop("It looks at {items}."),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. {props}: card properties ('color', 'suit and rank'); {card}: a card such as 'the card you play' or 'the last two cards'
    gettext_noop("the {props} of {card}"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a card, in 'the {props} of {card}'
    gettext_noop("the card you play"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a card, in 'The rule looks only at {what}.' and in 'the {props} of {card}'
    gettext_noop("the card before the last"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a card, in 'The rule looks only at {what}.' and in 'the {props} of {card}'; {n} is a number in digits (3 or more)
    gettext_noop("the card {n} back on the mainline"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a card, in 'the {props} of {card}'
    gettext_noop("the previous play"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This joins the last of a list of card properties ('suit, rank and color')
    gettext_noop("{left} and {right}"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. {fraction} is a share such as 'half' or 'a quarter'; {count} a number
    gettext_noop("Exactly {fraction} of all cards fit after any card ({count} of the 52)."),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. {fraction} is a share such as 'half' or 'a quarter'; {count} a number
    gettext_noop("About {fraction} of all cards fit after any card ({count} of the 52)."),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. {fraction} is a share such as 'half' or 'a quarter'; {low}, {high} numbers
    gettext_noop(
        "About {fraction} of all cards fit on average: from {low} to {high} of the 52, depending on the cards before."
    ),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a whole hint sentence
    gettext_noop("No card fits."),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a whole hint sentence
    gettext_noop("Every card fits, whatever came before."),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a card property, in 'It is about {props}.' and 'the {props} of {card}'
    gettext_noop("value (J, Q, K count 10)"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a card property, in 'It is about {props}.' and 'the {props} of {card}'
    gettext_noop("parity (odd or even)"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a card property, in 'It is about {props}.' and 'the {props} of {card}'
    gettext_noop("half (low A–7 or high 8–K)"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a card property, in 'It is about {props}.' and 'the {props} of {card}'
    gettext_noop("face (J, Q, K) or not"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a whole hint sentence
    gettext_noop("prime (2, 3, 5, 7, J, K) or not"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a share of the 52 cards, the {fraction} of 'Exactly {fraction} of all cards fit after any card'
    gettext_noop("one thirteenth"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a share of the 52 cards, the {fraction} of 'Exactly {fraction} of all cards fit after any card'
    gettext_noop("an eighth"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a share of the 52 cards, the {fraction} of 'Exactly {fraction} of all cards fit after any card'
    gettext_noop("a sixth"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a share of the 52 cards, the {fraction} of 'Exactly {fraction} of all cards fit after any card'
    gettext_noop("a quarter"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a share of the 52 cards, the {fraction} of 'Exactly {fraction} of all cards fit after any card'
    gettext_noop("a third"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a share of the 52 cards, the {fraction} of 'Exactly {fraction} of all cards fit after any card'
    gettext_noop("half"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a share of the 52 cards, the {fraction} of 'Exactly {fraction} of all cards fit after any card'
    gettext_noop("two thirds"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a share of the 52 cards, the {fraction} of 'Exactly {fraction} of all cards fit after any card'
    gettext_noop("three quarters"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a share of the 52 cards, the {fraction} of 'Exactly {fraction} of all cards fit after any card'
    gettext_noop("all"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a number in words, the {count} of 'the last {count} cards'
    gettext_noop("two"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a number in words, the {count} of 'the last {count} cards'
    gettext_noop("three"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a number in words, the {count} of 'the last {count} cards'
    gettext_noop("four"),
    # Translators: part of a hint the app suggests to the teacher, who may send it to the students. Keep every {placeholder} as it is. This is a number in words, the {count} of 'the last {count} cards'
    gettext_noop("five"),
)

# The phrases and words the explanation of a secret rule is built from (see explain.py).
EXPLANATION_PHRASES = (
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("A card may be played when {cond}."),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{text}."),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("Any card may be played."),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("No card may be played."),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("The mainline may start with a card when {cond}."),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("Any card may start the mainline."),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("The first card of the mainline is judged by the same rule."),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop(
        "A card the rule looks at that is not on the mainline yet is unknown: a card is refused only when the rest of the rule refuses it whatever that card would be."
    ),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("if {cond}, {then}; otherwise {otherwise}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("if {cond}, {then}; otherwise, {otherwise}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("any card will do"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("no card will do"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("always"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("never"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{left} or {right}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("({text})"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("it is not so that {cond}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{card} has the same {prop} as {other}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{card} has a different {prop} from {other}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{card} is {quality}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{card} is not {quality}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{card} is a face card (J, Q, K)"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{card} is not a face card"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the previous play was right"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the previous play was wrong"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the play before the previous one was right"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the play before the previous one was wrong"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{card} is prime (2, 3, 5, 7, J or K)"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{card} is not prime (2, 3, 5, 7, J or K)"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{left} exactly when {right}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("either {left} or {right}, but not both"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the number of {what} cards already on the mainline"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the number of cards already on the mainline"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the sum of the {prop}s of all the cards already on the mainline"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the highest {prop} of the cards already on the mainline"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the lowest {prop} of the cards already on the mainline"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("a card with the same {prop} as {card} is already on the mainline"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("no card with the same {prop} as {card} is on the mainline yet"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the same card (same rank and suit) is already on the mainline"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the same card (same rank and suit) is not on the mainline yet"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("a card with {prop} {value} is already on the mainline"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("no card with {prop} {value} is on the mainline yet"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the size of {value} (without its sign)"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop(
        "Until there has been a play before the previous one, whether that play was right is unknown: a card is refused only when the rest of the rule refuses it either way."
    ),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{item} is {choices}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{item} is not {choices}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{item} is from {low} to {high}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{item} is not from {low} to {high}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{items} or {last}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the card"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the first card of the mainline"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the previous play's {prop}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the card's {prop}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the last card's {prop}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the {prop} of the card before the last"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the {prop} of the card {n} back on the mainline"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the {prop} of the first card of the mainline"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the card's position on the mainline (the starter is 1)"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the sum of the {prop}s of the last {count} mainline cards"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{left} + {right}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{left} − {right}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{left} × {right}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the remainder of {left} divided by {right}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("−{value}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{value} counted round 1 to {modulus}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("the {kind} after {value} in the order {cycle}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{left} is {right}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{left} is not {right}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{left} is less than {right}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{left} is at most {right}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{left} is more than {right}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("{left} is at least {right}"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("({then} if {cond}, otherwise {otherwise})"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("value"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("face"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("prime"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("parity"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("a spade"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("a heart"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("a diamond"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("a club"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("spades"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("hearts"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("diamonds"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("clubs"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("low"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("high"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("no"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("yes"),
    # Translators: part of the explanation of a secret rule in words. Keep every {placeholder} as it is: {card} is a card ('the last card'), {prop} a property ('color'), {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.
    gettext_noop("prime (2, 3, 5, 7, J, K)"),
)

# The explanation's names of a card, the subject of a clause ('it is red').
EXPLANATION_CARDS = (
    # Translators: a card named in the explanation of a secret rule, as the subject of a clause ('the last card is red', 'the last card has the same color as the card'). The same words without this context are used where the card is an object
    pgettext_lazy("explanation", "the card"),
    # Translators: a card named in the explanation of a secret rule, as the subject of a clause ('the last card is red', 'the last card has the same color as the card'). The same words without this context are used where the card is an object
    pgettext_lazy("explanation", "the last card"),
    # Translators: a card named in the explanation of a secret rule, as the subject of a clause ('the last card is red', 'the last card has the same color as the card'). The same words without this context are used where the card is an object
    pgettext_lazy("explanation", "the card before the last"),
    # Translators: a card named in the explanation of a secret rule, as the subject of a clause ('the last card is red', 'the last card has the same color as the card'). The same words without this context are used where the card is an object
    pgettext_lazy("explanation", "the card {n} back on the mainline"),
    # Translators: a card named in the explanation of a secret rule, as the subject of a clause ('the last card is red', 'the last card has the same color as the card'). The same words without this context are used where the card is an object
    pgettext_lazy("explanation", "the previous play"),
)

# The sentence builder's words: the pieces a student's sentence is put together
# from, the drop-downs' questions and choices, and its messages (builder.py).
BUILDER_PHRASES = (
    # Translators: The start of a hypothesis sentence, before what to play; {what} is a kind of card ('a red card')
    gettext_noop("If the last card is {what},"),
    # Translators: The start of a hypothesis sentence, before what to play; {what} is a kind of card ('a red card')
    gettext_noop("If the card two back is {what},"),
    # Translators: The start of a hypothesis sentence, before what to play; {what} is a kind of card ('a red card')
    gettext_noop("If the last play was wrong,"),
    # Translators: The start of a hypothesis sentence, before what to play; {what} is a kind of card ('a red card')
    gettext_noop("If the last play was right,"),
    # Translators: The start of a hypothesis sentence, before what to play; {what} is a kind of card ('a red card')
    gettext_noop("On odd places of the line,"),
    # Translators: The start of a hypothesis sentence, before what to play; {what} is a kind of card ('a red card')
    gettext_noop("On even places of the line,"),
    # Translators: The start of a hypothesis sentence, before what to play; {what} is a kind of card ('a red card')
    gettext_noop("If the last two cards add up to an even number,"),
    # Translators: The start of a hypothesis sentence, before what to play; {what} is a kind of card ('a red card')
    gettext_noop("If the last two cards add up to an odd number,"),
    # Translators: A piece of a hypothesis sentence
    gettext_noop("play {what}"),
    # Translators: A piece of a hypothesis sentence
    gettext_noop("play anything but {what}"),
    # Translators: A piece of a hypothesis sentence
    gettext_noop("play the same {prop} as {ref}"),
    # Translators: A piece of a hypothesis sentence
    gettext_noop("play a different {prop} from {ref}"),
    # Translators: A piece of a hypothesis sentence
    gettext_noop("play the other color from {ref}"),
    # Translators: A piece of a hypothesis sentence
    gettext_noop("play a rank within {n} of {ref}"),
    # Translators: A piece of a hypothesis sentence
    gettext_noop("play a higher rank than {ref}"),
    # Translators: A piece of a hypothesis sentence
    gettext_noop("play a lower rank than {ref}"),
    # Translators: A piece of a hypothesis sentence
    gettext_noop("play {n} up from {ref} (K wraps to A)"),
    # Translators: A piece of a hypothesis sentence
    gettext_noop("play one up or one down from {ref} (K wraps to A)"),
    # Translators: A piece of a hypothesis sentence
    gettext_noop("play a card that adds up with {ref} to an even number"),
    # Translators: A piece of a hypothesis sentence
    gettext_noop("play a card that adds up with {ref} to an odd number"),
    # Translators: A piece of a hypothesis sentence
    gettext_noop("play the next suit after {ref}, in the order {order}"),
    # Translators: A piece of a hypothesis sentence
    gettext_noop("play any card"),
    # Translators: A whole hypothesis sentence; {first} and {second} are what to play, {condition} an 'If …,' start. Keep every {placeholder} as it is
    gettext_noop("{first}."),
    # Translators: A whole hypothesis sentence; {first} and {second} are what to play
    gettext_noop("{first} and {second}."),
    # Translators: A whole hypothesis sentence; {first} and {second} are what to play
    gettext_noop("{first} or {second}."),
    # Translators: The start of a hypothesis sentence, before what to play; {what} is a kind of card ('a red card')
    gettext_noop("{condition} {first}; otherwise any card goes."),
    # Translators: The start of a hypothesis sentence, before what to play; {what} is a kind of card ('a red card')
    gettext_noop("{condition} {first} and {second}; otherwise any card goes."),
    # Translators: The start of a hypothesis sentence, before what to play; {what} is a kind of card ('a red card')
    gettext_noop("{condition} {first} or {second}; otherwise any card goes."),
    # Translators: The start of a hypothesis sentence, before what to play; {what} is a kind of card ('a red card')
    gettext_noop("{condition} {first}; otherwise {second}."),
    # Translators: A card property inside 'play the same {prop} as {ref}'
    gettext_noop("color"),
    # Translators: A card property inside 'play the same {prop} as {ref}'
    gettext_noop("suit"),
    # Translators: A card property inside 'play the same {prop} as {ref}'
    gettext_noop("rank"),
    # Translators: A card property inside 'play the same {prop} as {ref}'
    gettext_noop("odd/even kind"),
    # Translators: A card property inside 'play the same {prop} as {ref}'
    gettext_noop("low/high half"),
    # Translators: A card property inside 'play the same {prop} as {ref}'
    gettext_noop("face/number kind"),
    # Translators: An earlier card inside 'play the same {prop} as {ref}'
    gettext_noop("the last card"),
    # Translators: An earlier card inside 'play the same {prop} as {ref}'
    gettext_noop("the card two back"),
    # Translators: An earlier card inside 'play the same {prop} as {ref}'
    gettext_noop("the card three back"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a red card"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a black card"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a heart"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a diamond"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a spade"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a club"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("an odd card (A, 3, 5, 7, 9, J, K)"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("an even card (2, 4, 6, 8, 10, Q)"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a low card (A–7)"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a high card (8–K)"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a face card (J, Q, K)"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a number card (A–10)"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a prime card (2, 3, 5, 7, J, K)"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("an ace (A)"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a 2"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a 3"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a 4"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a 5"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a 6"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a 7"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("an 8"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a 9"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a 10"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a jack (J)"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a queen (Q)"),
    # Translators: A kind of card, in 'If the last card is {what},' (the subject's case)
    gettext_noop("a king (K)"),
    # Translators: The label of a drop-down of the sentence builder
    gettext_noop("When"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("Always"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("If the last card is …"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("If the card two back is …"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("If the last play was wrong"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("If the last play was right"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("On odd places of the line"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("On even places of the line"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("If the last two cards add up to …"),
    # Translators: The label of a drop-down of the sentence builder
    gettext_noop("what the card is"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("red"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("black"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("heart"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("diamond"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("spade"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("club"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("odd"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("even"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("low (A–7)"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("high (8–K)"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("face (J, Q, K)"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("number (A–10)"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("prime (2, 3, 5, 7, J, K)"),
    # Translators: The label of a drop-down of the sentence builder
    gettext_noop("Play"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("play a … card"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("play anything but a … card"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("the same … as …"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("a different … from …"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("the other color from …"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("a rank within … of …"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("higher than …"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("lower than …"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("… up from …, K wraps to A"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("one up or one down from …, K wraps to A"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("adds up with … to an odd/even number"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("the next suit after …, in the order …"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("any card"),
    # Translators: The label of a drop-down of the sentence builder
    gettext_noop("what kind of card"),
    # Translators: The label of a drop-down of the sentence builder
    gettext_noop("which property"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("odd/even"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("low/high"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("face/number"),
    # Translators: The label of a drop-down of the sentence builder
    gettext_noop("how many"),
    # Translators: The label of a drop-down of the sentence builder
    gettext_noop("which card before"),
    # Translators: The label of a drop-down of the sentence builder
    gettext_noop("in which order"),
    # Translators: The label of a drop-down of the sentence builder
    gettext_noop("Then"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("(nothing more)"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("and"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("or"),
    # Translators: A choice in a drop-down of the sentence builder
    gettext_noop("otherwise"),
    # Translators: The label of a drop-down of the sentence builder
    gettext_noop("Second part"),
    # Translators: The label of a drop-down of the sentence builder
    gettext_noop("what kind of card (second part)"),
    # Translators: The label of a drop-down of the sentence builder
    gettext_noop("which property (second part)"),
    # Translators: The label of a drop-down of the sentence builder
    gettext_noop("how many (second part)"),
    # Translators: The label of a drop-down of the sentence builder
    gettext_noop("which card before (second part)"),
    # Translators: The label of a drop-down of the sentence builder
    gettext_noop("in which order (second part)"),
    # Translators: What a student reads when their built sentence is unfinished or impossible. Keep every {placeholder} as it is
    gettext_noop(
        "Choose what to play: start with “play a … card”, “the same … as …” or another part."
    ),
    # Translators: What a student reads when their built sentence is unfinished or impossible. Keep every {placeholder} as it is
    gettext_noop(
        "Say what the card in your “if …” is: choose a color, a suit, a rank or a kind of card."
    ),
    # Translators: What a student reads when their built sentence is unfinished or impossible. Keep every {placeholder} as it is
    gettext_noop("Two cards add up to a number: choose “even” or “odd” for it."),
    # Translators: What a student reads when their built sentence is unfinished or impossible. Keep every {placeholder} as it is
    gettext_noop("Say which card: choose a color, a suit, a rank or a kind of card."),
    # Translators: What a student reads when their built sentence is unfinished or impossible. Keep every {placeholder} as it is
    gettext_noop(
        "Say what is the same or different: color, suit, rank, odd/even, low/high or face/number."
    ),
    # Translators: What a student reads when their built sentence is unfinished or impossible. Keep every {placeholder} as it is
    gettext_noop("Say how many ranks: choose a number."),
    # Translators: What a student reads when their built sentence is unfinished or impossible. Keep every {placeholder} as it is
    gettext_noop("Say which card before: the last card, the card two back or the card three back."),
    # Translators: What a student reads when their built sentence is unfinished or impossible. Keep every {placeholder} as it is
    gettext_noop("Say in which order the suits go round."),
    # Translators: What a student reads when their built sentence is unfinished or impossible. Keep every {placeholder} as it is
    gettext_noop("You chose “{join}”: now build the second part."),
    # Translators: What a student reads when their built sentence is unfinished or impossible. Keep every {placeholder} as it is
    gettext_noop("Join the two parts with “and”, “or” or “otherwise”."),
    # Translators: What a student reads when their built sentence is unfinished or impossible. Keep every {placeholder} as it is
    gettext_noop(
        "“Otherwise” needs an “if …” first: choose a condition at the start, or join the parts with “and” or “or”."
    ),
    # Translators: What a student reads when their built sentence is unfinished or impossible. Keep every {placeholder} as it is
    gettext_noop("Both parts say the same thing: change one of them."),
    # Translators: What a student reads when their built sentence is unfinished or impossible. Keep every {placeholder} as it is
    gettext_noop("No card can ever be played that way: {words} Change one of the parts."),
    # Translators: What a student reads when their built sentence is unfinished or impossible. Keep every {placeholder} as it is
    gettext_noop(
        "Both sides of “otherwise” say the same thing, so the “if” changes nothing: change one of them."
    ),
    # Translators: What a student reads when their built sentence is unfinished or impossible. Keep every {placeholder} as it is
    gettext_noop(
        "“Any card” with another part says only the other part: choose “(nothing more)” or another part."
    ),
    # Translators: What a student reads when their built sentence is unfinished or impossible. Keep every {placeholder} as it is
    gettext_noop("There is no part called {name}."),
)

# What to play, as the object of 'play {what}' (builder.py: OBJECT_CONTEXT), and
# the places and cards a hint says the rule looks at (hints.py: OBJECT_CONTEXT).
OBJECT_PHRASES = (
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a red card"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a black card"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a heart"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a diamond"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a spade"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a club"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "an odd card (A, 3, 5, 7, 9, J, K)"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "an even card (2, 4, 6, 8, 10, Q)"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a low card (A–7)"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a high card (8–K)"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a face card (J, Q, K)"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a number card (A–10)"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a prime card (2, 3, 5, 7, J, K)"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "an ace (A)"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a 2"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a 3"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a 4"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a 5"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a 6"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a 7"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "an 8"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a 9"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a 10"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a jack (J)"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a queen (Q)"),
    # Translators: a kind of card as the object of 'play {what}' and 'play anything but {what}' in a sentence a student builds (the case of an object)
    pgettext_lazy("what to play", "a king (K)"),
    # Translators: a place or card a hint says the rule looks at, the object of 'The rule looks at {what}.' and 'It looks at {items}.' (the case of an object)
    pgettext_lazy("what the rule looks at", "the last card"),
    # Translators: a place or card a hint says the rule looks at, the object of 'The rule looks at {what}.' and 'It looks at {items}.' (the case of an object)
    pgettext_lazy("what the rule looks at", "the last {count} cards"),
    # Translators: a place or card a hint says the rule looks at, the object of 'The rule looks at {what}.' and 'It looks at {items}.' (the case of an object)
    pgettext_lazy("what the rule looks at", "the previous play, right or wrong"),
    # Translators: a place or card a hint says the rule looks at, the object of 'The rule looks at {what}.' and 'It looks at {items}.' (the case of an object)
    pgettext_lazy("what the rule looks at", "whether the previous play was right"),
    # Translators: a place or card a hint says the rule looks at, the object of 'The rule looks at {what}.' and 'It looks at {items}.' (the case of an object)
    pgettext_lazy("what the rule looks at", "whether the play before the previous one was right"),
    # Translators: a place or card a hint says the rule looks at, the object of 'The rule looks at {what}.' and 'It looks at {items}.' (the case of an object)
    pgettext_lazy("what the rule looks at", "all the cards already on the mainline"),
    # Translators: a place or card a hint says the rule looks at, the object of 'The rule looks at {what}.' and 'It looks at {items}.' (the case of an object)
    pgettext_lazy("what the rule looks at", "the position on the mainline"),
    # Translators: a place or card a hint says the rule looks at, the object of 'The rule looks at {what}.' and 'It looks at {items}.' (the case of an object)
    pgettext_lazy("what the rule looks at", "the card you play"),
    # Translators: a place or card a hint says the rule looks at, the object of 'The rule looks at {what}.' and 'It looks at {items}.' (the case of an object)
    pgettext_lazy("what the rule looks at", "the card before the last"),
    # Translators: a place or card a hint says the rule looks at, the object of 'The rule looks at {what}.' and 'It looks at {items}.' (the case of an object)
    pgettext_lazy("what the rule looks at", "the card {n} back on the mainline"),
    # Translators: a place or card a hint says the rule looks at, the object of 'The rule looks at {what}.' and 'It looks at {items}.' (the case of an object)
    pgettext_lazy("what the rule looks at", "the previous play"),
)

# The rule checker's messages (errors.py, parser.py, compiler.py): each template
# by its code, put together and filled by eleusis/web/rule_check.py.
RULE_MESSAGES = (
    # Translators: part of what the rule checker says about a mistake in a secret rule (code empty_rule). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("the rule is empty: write a test such as color != last.color"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code too_long). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("the rule is too long: at most {limit} characters"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code too_deep). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("the rule is nested too deeply: at most {limit} levels"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code too_big). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("the rule is too big: at most {limit} parts"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code unknown_name). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("unknown word '{name}'"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code unknown_property). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("unknown property '{name}'"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code did_you_mean). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(" — did you mean '{suggestion}'?"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code did_you_mean_letter). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(" — did you mean '{letter}' ({meaning})? Card letters are capitals"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code cannot_compare). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("{left} cannot be compared with {right}"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code not_ordered). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("{kind} has no order: only numbers can be compared with {op}"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code needs_number). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("{kind} cannot be used in arithmetic: '{op}' needs numbers"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code needs_test). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("{kind} is not a yes/no test{hint}"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code card_needs_property). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("'{name}' is a card: say which of its properties you mean, like {name}.rank"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code only_cards_have_properties). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("only cards have properties: {kind} has no '.{name}'"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code verdict_only_previous). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(
        "only the previous play can be right or wrong: write previous.{name} (mainline cards are always right)"
    ),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code unexpected_character). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("unexpected character '{char}'"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code unexpected_token). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("unexpected '{token}'"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code unexpected_end). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("the rule ends too early"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code expected). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(": expected {what}"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code expected_two). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(": expected {first} or {second}"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code expected_three). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(": expected {first}, {second} or {third}"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code if_needs_then). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(": an if needs a then, like: if last is red then black else red"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code if_needs_else). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(": an if needs an else, like: if last is red then black else red"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code in_needs_set). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(": after 'in' write a set such as {hearts, diamonds} or a range like 2 .. 8"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code list_only_in_next). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(
        "a list in square brackets is only used in next(...); for a choice of values write a set such as {hearts, diamonds}"
    ),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code only_rank_or_value). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(": only rank or value can be added up"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code compare_it). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(": compare it with something, like rank == 7"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code compare_it_with). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(": compare it with something, like {name} == last.{name}"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code cycle_listed_twice). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("{item} is listed twice"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code cycle_add). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("add {items}"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code chained_comparison). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("comparisons cannot be chained: write a == b and b == c"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code start_looks_back). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("the start clause judges the first card of the mainline: there is no {what} yet"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code too_far_back). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("a rule may look at most {limit} cards back"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code number_too_big). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("numbers above {limit} are not allowed"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code modulus_not_number). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("the number after '{op}' must be a whole number from 1 to {limit}, like 4"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code set_mixed). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("a set holds one kind of thing: this is {kind}, the first item is {first}"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code set_empty). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("a set needs at least one item"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code range_needs_numbers). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("a range like 2 .. 8 is made of numbers, not {kind}"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code branches_differ). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("both branches of an if must give the same kind of thing: {then} and {other}"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code cycle_needs_quality). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(
        "next(...) cycles through suits, colors, odd/even or low/high, not {kind}; for ranks use wrap, like (last.rank + 1) wrap 13"
    ),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code cycle_incomplete). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("the cycle must list every {kind_word} exactly once: {problem}"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code cycle_shape). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("write a cycle like next(last.suit, [spades, hearts, clubs, diamonds])"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code card_argument). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(
        "count back with a minus sign: card(-1) is the last card, card(-2) the one before"
    ),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code sum_shape). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("write a sum like sum(value of last 2) or sum(rank of mainline)"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code count_shape). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(
        "write a count like count(red), count(clubs), count(odd), count(face), count(prime) or count(all): how many cards already on the mainline are so"
    ),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code extreme_shape). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(
        "write the highest or lowest so far like max(rank of mainline) or min(value of mainline)"
    ),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code played_shape). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(
        "write played(rank), played(suit), played(card), played(king) or played(hearts): whether a card already on the mainline has it"
    ),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code test_of_the_card). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(
        "'{word}' is a yes/no test of a whole card: for the card you play write just '{word}' (or 'card is {word}')"
    ),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code test_of_a_card). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("'{word}' is a yes/no test of a whole card: write '{card} is {word}'"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code write_instead). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(" — write '{right}'"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code start_with_if). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(": a choice starts with 'if', like: if last is red then black else red"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code abs_shape). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("write abs with one number inside, like abs(rank - last.rank)"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code mainline_only_in_sum). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(
        "'mainline' is only used in sum(rank of mainline); to count its cards write count(all)"
    ),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code previous2_only_verdict). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(
        "of the play before the previous one only previous2.accepted and previous2.rejected can be read, not '{name}'"
    ),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code unknown_function). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("unknown function '{name}'"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code set_with_braces). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(
        "a set of values is written with braces, like {2, 3, 5} or {hearts, clubs}; square brackets are only for the cycle of next(...)"
    ),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code if_needs_parentheses). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(
        "an if after '{word}' needs parentheses around it, like: {word} (if last is red then black else red)"
    ),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code no_article). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("no '{article}' is needed: write 'last is {word}'"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code missing_operator). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(": perhaps a word such as and, or, == or a bracket is missing before it"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code is_on_property). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(
        "'is' needs a card on its left: write '{card} is {word}' (or '{property} == {word}'), not '{prop} is {word}'"
    ),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code is_needs_quality). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop("after '{card} is' write a quality such as red, odd, high, face or hearts"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "a word"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "a number"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "a suit"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "a comparison such as =="),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "'sum', 'max' or 'min'"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "the end of the rule"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "a test or a value, like color or 7"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "this"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code no_quotes). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(" — no quotes are needed: write red, not 'red'"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code write_and). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(" — write 'and'"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code write_or). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(" — write 'or'"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code write_not). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(" — write 'not', or != for 'is not'"),
    # Translators: part of what the rule checker says about a mistake in a secret rule (code colon). Keep every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are: rules are written in English words in every language. A part that starts with ':' or ' — ' follows another part
    gettext_noop(" — only 'start:' and 'rule:' take a colon"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "ace"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "jack"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "queen"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "king"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "spades"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "hearts"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "diamonds"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "clubs"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "a yes/no test"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "a color"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "odd/even"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "low/high"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "a card"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "suit"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "color"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "earlier card"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "mainline"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "previous play"),
    # Translators: words that fill a {placeholder} of the rule checker's messages: what a part of a rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in any of those messages (in the base form; the messages are worded around them)
    pgettext_lazy("rule message", "last card"),
)
