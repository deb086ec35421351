"""Control and bidi characters are neutralised in the HTML report as in the terminal
(issue 18, item 7): a U+202E in a quote cannot reverse what the page shows, and an ESC
or NUL cannot hide in it. Replacements are one character for one, so every anchor holds."""

from __future__ import annotations

from corroborate.report.html import render_html
from corroborate.report.safe import visible_controls
from tests.report.builders import hand_made

BIDI = "\u202e"  # RIGHT-TO-LEFT OVERRIDE: "gamble" would read "elbmag"
INVISIBLE = ["\u202a", "\u202b", "\u202c", "\u202d", BIDI, "\u2066", "\u2067", "\u2068", "\u2069", "\x1b", "\x00", "\x7f", "\x85"]


def with_hidden_characters() -> object:
    analysis = hand_made()
    first = analysis.articles[0]
    # In the text, a space becomes the override (same length: the quotes' offsets hold).
    hidden_text = first.text.replace(" ", BIDI, 1)
    article = first.model_copy(update={"title": f"Bridge{BIDI} vote\x1b[31m", "outlet": "One\u2066 News", "text": hidden_text})
    return analysis.model_copy(update={"articles": (article, *analysis.articles[1:])})


def test_a_right_to_left_override_in_title_outlet_and_text_is_made_visible() -> None:
    html = render_html(with_hidden_characters())  # type: ignore[arg-type]
    for character in INVISIBLE:
        assert character not in html, repr(character)
    assert "Bridge\ufffd vote\u241b[31m" in html


def test_the_replacement_keeps_the_length() -> None:
    text = "".join(INVISIBLE) + "plain\ttext\n"
    assert len(visible_controls(text)) == len(text)
    assert visible_controls("a\x1bb") == "a\u241bb"
    assert visible_controls("plain\ttext\r\n") == "plain\ttext\r\n"


def test_a_report_without_hidden_characters_is_unchanged() -> None:
    analysis = hand_made()
    assert render_html(analysis) == render_html(analysis.model_copy())
