"""Caps that stop runaway work with a clear message, and the linear-time lookups
that replaced quadratic scans.

Caps and where each is tested:

- input size, ``--max-bytes`` (`Settings.max_bytes`, 5 MB): files, stdin
  (tests/ingest/test_bad_input.py) and URL responses with or without a
  Content-Length (tests/ingest/test_fetch.py); the 5 MB case in benchmarks/limits.py;
- URL redirects and time (`max_redirects`, ``--url-timeout``): tests/ingest/test_fetch.py;
- quotations per article (`Settings.max_quotes_per_article`, 10,000;
  `extract_quotes(max_quotes=…)`): here;
- parser memory: an article over `LONG_ARTICLE_CHARS` (50,000 characters) is parsed
  in pieces and joined into one Doc: here (and the 5 MB case of benchmarks/limits.py).

Nested quotation marks need no cap: pairing keeps one counter, no recursion, and
runs in linear time (tests/hardening/test_quote_pairing_properties.py).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from corroborate.ingest import OutletRegistry
from corroborate.ingest.zones import find_zones, zone_at
from corroborate.model import Quote, Speaker, TextSpan
from corroborate.nlp.dates import find_dates
from corroborate.nlp.indirect import _according_to_as_channel, _inside_its_statement, _without_nested_reports
from corroborate.nlp.pipeline import parse_articles, parse_long_text, text_pieces
from corroborate.nlp.quotes import extract_quotes
from corroborate.nlp.spans import SpanIndex, covered, overlapped
from corroborate.settings import DEFAULT_MAX_QUOTES_PER_ARTICLE, Settings
from tests.hardening.conftest import profile
from tests.nlp.helpers import article_of
from tests.work import assert_linear, lines_run

REGISTRY = OutletRegistry.load()
NAMES = ["Dana Whitfield", "Omar Castellanos", "Lena Petrova", "Marcus Bellamy"]


def quotation_paragraphs(count: int) -> str:
    """`count` distinct paragraphs, each a quotation with its speaker, and a reported one every third."""
    lines = []
    for i in range(count):
        name = NAMES[i % 4]
        if i % 3 == 2:
            lines.append(f"{name.split()[1]} said the pier budget for item {i} was approved on Monday.")
        else:
            lines.append(f"“The pier will reopen in week {i} of the works,” said {name}, the harbour manager.")
    return "\n\n".join(lines)


def test_the_quote_cap_is_a_setting_with_a_generous_default() -> None:
    assert Settings().max_quotes_per_article == DEFAULT_MAX_QUOTES_PER_ARTICLE == 10_000
    assert Settings().as_dict()["max_quotes_per_article"] == 10_000


@pytest.mark.model
def test_quotes_past_the_cap_are_dropped_with_a_clear_warning(nlp: object) -> None:
    text = quotation_paragraphs(12)
    article = article_of(text, REGISTRY)
    whole = extract_quotes(nlp(text), article, REGISTRY)  # type: ignore[operator]
    assert len(whole.quotes) > 6 and not [w for w in whole.warnings if w.code == "too_many_quotes"]
    capped = extract_quotes(nlp(text), article, REGISTRY, max_quotes=5)  # type: ignore[operator]
    assert len(capped.quotes) == 5
    assert [q.start for q in capped.quotes] == sorted(q.start for q in capped.quotes)
    (warning,) = [w for w in capped.warnings if w.code == "too_many_quotes"]
    assert warning.source == article.id
    assert "only the first 5 are analysed" in warning.message and "max_quotes_per_article" in warning.message
    for quote in capped.quotes:
        assert text[quote.start : quote.end] == quote.text


@pytest.mark.model
def test_direct_quotes_at_the_cap_leave_no_room_for_indirect_ones(nlp: object) -> None:
    text = quotation_paragraphs(12)
    capped = extract_quotes(nlp(text), article_of(text, REGISTRY), REGISTRY, max_quotes=2)  # type: ignore[operator]
    assert [q.kind for q in capped.quotes] == ["direct", "direct"]
    assert sum(w.code == "too_many_quotes" for w in capped.warnings) == 1


@pytest.mark.model
def test_thousands_of_quotations_in_one_article_extract_with_linear_work(nlp: object) -> None:
    # Regression: every cue, subject and name was checked against every quotation of
    # the article, and every paragraph's zone looked up by a scan: 1,500 quotation
    # paragraphs took 10.9 s to extract (after the parse), now about 1.5 s; 1,000
    # paragraphs took about 5 s, now under 1 s.
    # Counted as lines of the extractors run (the parse is outside): 4 times the paragraphs, about 4 times the work.
    def work(count: int) -> int:
        text = quotation_paragraphs(count)
        doc = nlp(text)  # type: ignore[operator]
        extraction, lines = lines_run(lambda: extract_quotes(doc, article_of(text, REGISTRY), REGISTRY))
        assert sum(q.kind == "direct" for q in extraction.quotes) == (2 * count + 2) // 3
        return lines

    assert_linear(work, 150)


spans_strategy = st.lists(st.tuples(st.integers(0, 60), st.integers(0, 15)).map(lambda p: (p[0], p[0] + p[1])), max_size=10)


@profile()
@given(spans_strategy, st.integers(-3, 80), st.integers(0, 12), st.integers(0, 2))
def test_the_span_index_answers_as_a_scan_of_every_span_does(
    spans: list[tuple[int, int]], position: int, width: int, slack: int
) -> None:
    index = SpanIndex(spans)
    assert index.covers(position, slack) == covered(list(spans), position, slack)
    assert index.overlaps(position, position + width) == overlapped(list(spans), position, position + width)
    contained = any(s - slack <= position and position + width <= e + slack for s, e in spans)
    assert index.contains(position, position + width, slack) == contained


@profile()
@given(st.lists(st.text("ab\n ", max_size=12), max_size=12), st.integers(0, 150))
def test_zone_lookup_by_bisection_agrees_with_a_scan(paragraphs: list[str], position: int) -> None:
    text = "\n\n".join(paragraphs)
    zones = find_zones(text)
    scanned = next((z.kind for z in zones if z.start <= position < z.end or z.start == position == z.end), "body")
    assert zone_at(zones, position) == scanned


def _quote(start: int, end: int, who: str) -> Quote:
    return Quote(
        id=f"q{start}-{end}-{who}", article="a", kind="indirect", text="x" * (end - start), start=start, end=end,
        zone="body", speaker=Speaker(name=who), rule="t", confidence=1.0,
    )  # fmt: skip


@profile()
@given(st.lists(st.tuples(st.integers(0, 30), st.integers(1, 10), st.sampled_from("AB")), max_size=12, unique_by=lambda t: t[:2]))
def test_nested_reports_are_dropped_as_the_pairwise_check_did(items: list[tuple[int, int, str]]) -> None:
    quotes = [_quote(s, s + w, who) for s, w, who in items]
    quotes = list({(q.start, q.end): q for q in quotes}.values())  # one report per span, as extraction gives
    expected = [
        q
        for q in quotes
        if not any(o is not q and o.start <= q.start and q.end <= o.end and o.speaker.name == q.speaker.name for o in quotes)
    ]
    assert _without_nested_reports(quotes) == expected


def test_nested_report_filter_is_linear_on_thousands_of_reports() -> None:
    def work(count: int) -> int:
        rng = random.Random(3)
        quotes = [_quote(s, s + rng.randint(1, 40), rng.choice("ABC")) for s in rng.sample(range(10 * count), count)]
        return lines_run(lambda: _without_nested_reports(quotes))[1]

    assert_linear(work, 1_250)


@profile()
@given(st.lists(st.sampled_from(["a", "b", " ", "\n", "\n\n", "“", "\u200d"]), max_size=200).map("".join), st.integers(1, 60))
def test_long_text_pieces_join_back_into_the_text_and_respect_the_size(text: str, size: int) -> None:
    pieces = list(text_pieces(text, size))
    assert "".join(pieces) == text
    assert all(0 < len(piece) <= size for piece in pieces) or text == ""


@pytest.mark.model
def test_an_article_over_the_piece_size_is_parsed_in_pieces_into_one_doc_with_its_exact_text(nlp: object) -> None:
    # Regression: a 230 KB article peaked at 1 GB in the parser (a 5 MB one would need
    # ~20 GB); long articles are now parsed in pieces and joined (peak 376 MiB).
    text = quotation_paragraphs(60) + "\n\n" + "x" * 3_000 + "\n\n" + "word " * 800
    doc = parse_long_text(nlp, text, piece_chars=1_500)  # type: ignore[arg-type]
    assert doc.text == text
    assert len(list(doc.sents)) >= 60 and any(ent.label_ == "PERSON" for ent in doc.ents)
    extraction = extract_quotes(doc, article_of(text, REGISTRY), REGISTRY)
    assert sum(q.kind == "direct" for q in extraction.quotes) == 40
    for quote in extraction.quotes:
        assert text[quote.start : quote.end] == quote.text


@pytest.mark.model
def test_articles_long_and_short_come_back_in_order(nlp: object, monkeypatch: pytest.MonkeyPatch) -> None:
    import corroborate.nlp.pipeline as pipeline

    monkeypatch.setattr(pipeline, "LONG_ARTICLE_CHARS", 400)
    texts = ["The dock reopened on Monday, the mayor said.", quotation_paragraphs(8), "Short one.", quotation_paragraphs(9)]
    articles = [article_of(text, REGISTRY) for text in texts]
    parsed: list[str] = []
    docs = parse_articles(nlp, articles, batch_size=2, on_parsed=lambda article: parsed.append(article.text))  # type: ignore[arg-type]
    assert [doc.text for doc in docs] == texts == parsed


@pytest.mark.model
def test_dates_of_each_sentence_are_the_date_entities_inside_it(nlp: object) -> None:
    # Regression: find_dates walked every entity of the article and rebuilt doc.text for
    # each sentence (claims ask once per sentence): 31 s of a 1,000-quotation article.
    text = (
        "On Tuesday, the council met. The pier closed on March 3, 2026 and reopens next week.\n\n"
        "“It will be ready by Friday,” Dana Whitfield said last month. Nothing happened in 1999 or yesterday."
    )
    doc = nlp(text)  # type: ignore[operator]
    windows = [(s.start_char, s.end_char) for s in doc.sents] + [(0, len(text)), (5, 60), (40, 41), (len(text), 0)]
    for start, end in windows:
        expected = [
            (e.start_char, e.end_char) for e in doc.ents if e.label_ == "DATE" and start <= e.start_char and e.end_char <= end
        ]
        found = list(find_dates(doc, "2026-03-10", start, end))
        assert [(d.start, d.end) for d in found] == expected
        assert all(text[d.start : d.end] == d.text for d in found)


def _report(start: int, end: int, rule: str, cue_at: int | None, who: str | None = None) -> Quote:
    cue = TextSpan(start=cue_at, end=cue_at + 1, text="x") if cue_at is not None else None
    return Quote(
        id=f"q{start}-{end}-{rule}-{cue_at}", article="a", kind="indirect", text="x" * (end - start), start=start, end=end,
        zone="body", speaker=Speaker(name=who), cue=cue, rule=rule, confidence=1.0,
    )  # fmt: skip


def _according_to_by_scan(quotes: list[Quote]) -> list[Quote]:
    """The pairwise version `_according_to_as_channel` replaced (no registry)."""
    dropped: set[str] = set()
    channels: dict[str, str | None] = {}
    for outer in quotes:
        if outer.rule != "indirect.according_to":
            continue
        inner = [q for q in quotes if q is not outer and q.cue and outer.start <= q.cue.start < outer.end]
        if inner and not _inside_its_statement(outer, inner):
            dropped.add(outer.id)
            channels.update({q.id: outer.speaker.name for q in inner if q.channel is None})
    return [q.model_copy(update={"channel": channels[q.id]}) if q.id in channels else q for q in quotes if q.id not in dropped]


reports = st.lists(
    st.builds(
        _report,
        st.integers(0, 40),
        st.integers(41, 80),
        st.sampled_from(["indirect.according_to", "indirect.clause"]),
        st.none() | st.integers(0, 90),
        st.sampled_from(["KMBK", "Ortiz", None]),
    ),
    max_size=8,
    unique_by=lambda q: q.id,
)


@profile()
@given(reports)
def test_according_to_channels_by_bisection_agree_with_the_pairwise_scan(quotes: list[Quote]) -> None:
    assert _according_to_as_channel(quotes, None) == _according_to_by_scan(quotes)


def test_according_to_channels_are_linear_on_thousands_of_reports() -> None:
    # Regression: every "according to" report scanned every quote of the article; a
    # 5 MB article with 20,000 of them spent minutes here.
    def work(count: int) -> int:
        quotes = [
            _report(100 * i, 100 * i + 90, "indirect.according_to" if i % 2 else "indirect.clause", 100 * i + 5)
            for i in range(count)
        ]
        return lines_run(lambda: _according_to_as_channel(quotes, None))[1]

    assert_linear(work, 1_500)
