"""The light path (`nlp.light`): text no real article holds is read for direct quotations
by their marks, with a warning, instead of the full parse (issue 18)."""

from __future__ import annotations

import re

import pytest

import corroborate.nlp.light as light
import corroborate.nlp.segments as segments
from corroborate.assess.citations import _finditer, _outlet_names
from corroborate.ingest import OutletRegistry
from corroborate.model import Quote, Speaker
from corroborate.nlp.light import (
    LIGHT_KEY,
    LIGHT_LINE_CHARS,
    LIGHT_RUN_CHARS,
    PARSE_BUDGET_CHARS,
    PARSE_BUDGET_MARKS,
    _speaker,
    light_regions,
    masked,
)
from corroborate.nlp.pipeline import parse_articles
from corroborate.nlp.quotes import _without_caption_repeats
from corroborate.pipeline import analyze_articles, extract_articles
from tests.empty_store import EmptyStore
from tests.nlp.helpers import article_of
from tests.work import CountingPattern, ScannedText, assert_linear, lines_run, parsed_texts

REGISTRY = OutletRegistry.load()
REPEATED = '"We will fix it," the mayor said. '
ORDINARY = "The council met on Monday to talk about the harbour. " * 8 + "“We will fix it,” Dana Whitfield said."


def one_sentence(size: int) -> str:
    """A headline, then about `size` characters of words with no sentence-ending mark, then a full stop."""
    words = ("the pier in Velden", "Dana Whitfield said", "and the ferry would open", "for 40 crowns")
    return "Harbour plan\n\n" + " ".join(words[i % 4] for i in range(size // 20)) + ".\n"


def ordinary_article(paragraphs: int) -> str:
    return "Harbour plan\n\n" + "\n\n".join([ORDINARY] * paragraphs) + "\n"


def test_a_normal_multi_paragraph_text_does_not_take_the_light_path() -> None:
    text = ordinary_article(60)  # about 28,000 characters
    assert len(text) > LIGHT_RUN_CHARS and light_regions(text) == []


def test_a_list_of_short_lines_without_full_stops_under_the_threshold_stays_parsed() -> None:
    text = "Features\n\n" + "\n".join(f"Feature number {i} with a case" for i in range(500)) + "\n"
    assert 2_000 < len(text) < LIGHT_RUN_CHARS and light_regions(text) == []


def test_one_sentence_of_40_kb_is_one_light_stretch_of_whole_lines() -> None:
    text = one_sentence(40_000)
    assert light_regions(text) == [(0, len(text) - 1)]  # the headline is on its run: no sentence end


def test_a_line_of_40_kb_between_ordinary_paragraphs_is_the_only_light_stretch() -> None:
    line = REPEATED * (40_000 // len(REPEATED))
    text = f"{ORDINARY}\n\n{line}\n\n{ORDINARY}\n"
    start = text.index(line)
    assert len(line) > LIGHT_LINE_CHARS
    assert light_regions(text) == [(start, start + len(line.rstrip()) + 1)]


def test_text_past_the_parse_budget_is_light_from_a_paragraph_break() -> None:
    # Line breaks every few sentences: neither a run-on nor a long line, only the budget bounds it.
    paragraph = "The council met on Monday to talk about the harbour. " * 10
    text = "\n\n".join([paragraph] * (PARSE_BUDGET_CHARS // len(paragraph) + 200))
    ((start, end),) = light_regions(text)
    assert end == len(text) and start <= PARSE_BUDGET_CHARS
    assert text[start - 2 : start] == "\n\n" and PARSE_BUDGET_CHARS - start < len(paragraph) + 2


def test_quotations_past_the_mark_budget_are_light_from_a_paragraph_break() -> None:
    paragraph = (REPEATED * 20).rstrip()  # 40 marks
    text = "\n\n".join([paragraph] * (PARSE_BUDGET_MARKS // 40 + 10))
    ((start, end),) = light_regions(text)
    assert end == len(text) and text[start - 2 : start] == "\n\n"
    assert text[:start].count('"') == PARSE_BUDGET_MARKS  # the paragraphs whose marks fit, whole


def test_a_short_text_of_3000_quotation_marks_is_light_past_the_mark_budget() -> None:
    text = '"a" ' * 1_500
    assert len(text) < LIGHT_RUN_CHARS
    ((start, end),) = light_regions(text)
    assert end == len(text) and text[:start].count('"') == PARSE_BUDGET_MARKS  # no line break: cut at the mark


def test_masked_text_keeps_its_length_and_blanks_only_the_light_stretches() -> None:
    text = "abc\n" + "x" * 10 + "\ndef"
    assert masked(text, [(4, 14)]) == "abc\n" + " " * 10 + "\ndef"


def _run_ons_between_paragraphs(size: int) -> str:
    """About `size` characters: run-on stretches, each followed by an ordinary paragraph (many light regions)."""
    block = one_sentence(LIGHT_RUN_CHARS + 2_000) + "\n" + ORDINARY + "\n\n"
    return block * max(1, size // len(block))


@pytest.mark.parametrize("make", [one_sentence, _run_ons_between_paragraphs], ids=["one-sentence", "many-stretches"])
def test_a_megabyte_finds_its_light_stretches_in_a_few_passes(monkeypatch: pytest.MonkeyPatch, make: object) -> None:
    # Each pattern scans the text (or one stretch of it) once; the budget counts each mark once.
    scanned = [0]
    for module, name in [(light, "_LONG_LINE"), (light, "_QUOTE_MARK"), (light, "_PARAGRAPH_BREAK"), (segments, "_SENTENCE_END")]:
        monkeypatch.setattr(module, name, CountingPattern(getattr(module, name), scanned))
    text = ScannedText(make(1_000_000))  # type: ignore[operator]
    regions = light_regions(text)
    assert len(regions) == text.count("Harbour plan")  # one stretch per run-on sentence
    assert scanned[0] + text.scanned <= 6 * len(text)

    def work(size: int) -> int:
        made = make(size)  # type: ignore[operator]
        return lines_run(lambda: light_regions(made))[1]

    assert_linear(work, 250_000)


def test_the_long_line_pattern_starts_only_at_line_starts() -> None:
    # A line just under the threshold: an unanchored pattern would retry from every position
    # of it (quadratic inside the regex engine, which no counter sees), so it must be anchored.
    line = "Word. " * (LIGHT_LINE_CHARS // 6 - 1)
    assert light_regions(line + "\n" + line) == []
    long_line = "x" * (LIGHT_LINE_CHARS + 10)
    assert light._LONG_LINE.search(long_line, 1) is None and light._LONG_LINE.search(long_line) is not None
    assert light._LONG_LINE.search("ab\n" + long_line, 1).start() == 3  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "name", "description", "cue"),
    [
        ("“We will fix it,” said Omar Petrova, who chairs the panel.", "Omar Petrova", None, "said"),
        ("“We will fix it,” Lena Marrow told reporters.", "Lena Marrow", None, "told"),
        ("“We will fix it,” the mayor said.", None, "the mayor", "said"),
        ("“We will fix it,” he said.", None, None, "said"),
        ("Kofi Bellamy warned: “We will fix it.”", "Kofi Bellamy", None, "warned"),
        ("“We will fix it,” the report on the pier.", None, None, None),
        ("“We will fix it,” Kofi Bellamy admitted.", "Kofi Bellamy", None, "admitted"),
        ("“We will fix it,” the mayor echoes.", None, "the mayor", "echoes"),
        ("Lena Marrow wrote: “We will fix it.”", "Lena Marrow", None, "wrote"),
        ("“We will fix it,” crew members said.", None, None, None),  # "crew" is no cue: crow's past is "crowed"
    ],
)
def test_the_plain_cue_pattern_beside_the_marks_gives_the_speaker(
    text: str, name: str | None, description: str | None, cue: str | None
) -> None:
    start = text.index("“") + 1
    end = text.index("”")
    speaker, found = _speaker(text, start, end)
    assert (speaker.name, speaker.description, found.text if found else None) == (name, description, cue)
    if found is not None:
        assert text[found.start : found.end] == found.text
    if speaker.mention is not None:
        assert text[speaker.mention.start : speaker.mention.end] == speaker.mention.text


def test_name_patterns_skip_long_blank_runs_and_find_the_same_names_elsewhere() -> None:
    names = _outlet_names(REGISTRY)
    ordinary = "The New York Times reported it, and CNN said so too.   Reuters agreed."
    assert [m.span() for m in _finditer(names, ordinary)] == [m.span() for m in names.finditer(ordinary)]
    blanked = ordinary + " " * 20_000 + ordinary
    assert [m.span() for m in _finditer(names, blanked)] == [m.span() for m in names.finditer(blanked)]


def _quote(n: int, text: str, zone: str) -> Quote:
    return Quote(
        id=f"a:q{n}", article="a", kind="direct", text=text, start=n * 100, end=n * 100 + len(text), zone=zone,
        speaker=Speaker(), rule="direct.no_cue", confidence=0.4,
    )  # fmt: skip


def test_a_caption_quotation_repeating_the_body_is_dropped_and_others_kept() -> None:
    quotes = [
        _quote(0, "We will fix the pier by March", "body"),
        _quote(1, "fix the pier", "caption"),
        _quote(2, "The ferry is late", "caption"),
        _quote(3, "pier by March. We", "caption"),  # spans the end of one body quotation only in words
    ]
    assert [q.id for q in _without_caption_repeats(quotes)] == ["a:q0", "a:q2", "a:q3"]
    assert _without_caption_repeats([quotes[1]]) == [quotes[1]]  # no body: nothing is a repeat


def _body_and_captions(count: int) -> list[Quote]:
    body = [_quote(i, f"The pier item {i} will open in week {i}", "body") for i in range(count)]
    return body + [_quote(count + i, f"The ferry item {i} is late", "caption") for i in range(count)]


def test_thousands_of_caption_quotations_are_checked_against_the_body_once_each() -> None:
    assert len(_without_caption_repeats(_body_and_captions(5_000))) == 10_000

    def work(count: int) -> int:
        quotes = _body_and_captions(count)
        return lines_run(lambda: _without_caption_repeats(quotes))[1]

    assert_linear(work, 500)  # one substring search of the joined body per caption, not one per body quotation


@pytest.mark.model
def test_a_normal_multi_paragraph_article_parses_with_no_light_stretch(nlp: object) -> None:
    text = ordinary_article(60)
    (doc,) = parse_articles(nlp, [article_of(text, REGISTRY)])  # type: ignore[arg-type]
    assert doc.text == text and LIGHT_KEY not in doc.user_data


@pytest.mark.model
def test_one_sentence_of_200_kb_is_analysed_lightly_with_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    text = one_sentence(200_000)
    parsed = parsed_texts(monkeypatch)
    analysis = analyze_articles([article_of(text, REGISTRY)], registry=REGISTRY)
    assert sum(len(piece.split()) for piece in parsed) <= 10  # the headline at most: the sentence is light
    codes = [w.code for w in analysis.warnings]
    assert codes.count("light_analysis") == 1
    message = next(w.message for w in analysis.warnings if w.code == "light_analysis")
    assert f"of {len(text):,} characters" in message
    assert analysis.claims == () and analysis.articles[0].text == text


@pytest.mark.model
def test_repeated_quote_paragraph_of_200_kb_gives_direct_quotes_by_their_marks(nlp: object) -> None:
    text = "Mayor promises repairs\n\n" + (REPEATED * (200_000 // len(REPEATED))).rstrip() + "\n"
    article = article_of(text, REGISTRY)
    (extraction,) = extract_articles(nlp, REGISTRY, [article], max_quotes=500)  # type: ignore[arg-type]
    assert len(extraction.quotes) == 500 and extraction.claims == []
    assert {w.code for w in extraction.warnings} == {"light_analysis", "too_many_quotes"}
    for quote in extraction.quotes:
        assert text[quote.start : quote.end] == quote.text == "We will fix it"
        assert quote.rule == "direct.light_cue" and quote.speaker.description == "the mayor"
        assert quote.cue is not None and text[quote.cue.start : quote.cue.end] == "said"
    assert len({q.id for q in extraction.quotes}) == 500


@pytest.mark.model
def test_a_line_of_40_kb_goes_light_and_the_paragraphs_around_it_are_parsed_as_before(nlp: object) -> None:
    line = ("“The pier will open,” said Omar Petrova. " * (40_000 // 41)).rstrip()
    last = ORDINARY.replace("“We will fix it,” Dana Whitfield", "“The ferry is late,” Kofi Bellamy")
    text = f"Harbour plan\n\n{ORDINARY}\n\n{line}\n\n{last}\n"
    (extraction,) = extract_articles(nlp, REGISTRY, [article_of(text, REGISTRY)])  # type: ignore[arg-type]
    parsed = [q for q in extraction.quotes if not q.rule.startswith("direct.light")]
    light = [q for q in extraction.quotes if q.rule.startswith("direct.light")]
    assert [q.speaker.name for q in parsed] == ["Dana Whitfield", "Kofi Bellamy"]
    assert len(light) == len(re.findall("“", line)) and {q.speaker.name for q in light} == {"Omar Petrova"}
    assert [q.start for q in extraction.quotes] == sorted(q.start for q in extraction.quotes)
    assert len({q.id for q in extraction.quotes}) == len(extraction.quotes)
    assert extraction.claims and all(
        c.end <= text.index(line) or c.start > text.index(line) + len(line) for c in extraction.claims
    )


@pytest.mark.model
def test_one_sentence_of_40_kb_sent_to_the_web_worker_is_analysed_lightly(nlp: object) -> None:
    from corroborate.settings import Settings
    from corroborate.web.jobs import analyse_with_store

    text = one_sentence(40_000)
    store = EmptyStore()
    analysis, _, _ = analyse_with_store(store, [article_of(text, REGISTRY)], Settings(), lambda *_: None)
    assert [w.code for w in analysis.warnings] == ["light_analysis"] and len(store.saved) == 1
    assert analysis.claims == ()
