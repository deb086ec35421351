"""Run-on text is bounded: a text that is one long sentence, or one paragraph of the
same quotation thousands of times, costs time and memory in proportion to its length
(issue 18; the full-size figures are in benchmarks/limits.py)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import corroborate.nlp.segments as segments
from corroborate.align.claim_denials import denied_claims
from corroborate.align.claims import _same_utterance_pairs
from corroborate.align.quote_groups import _candidate_pairs
from corroborate.align.segments import Segment, segments_of
from corroborate.ingest import OutletRegistry
from corroborate.model import Claim, GroupMember, Quote, QuoteGroup, Speaker, TextSpan
from corroborate.nlp.pipeline import needs_pieces, parse_articles
from corroborate.nlp.segments import _SENTENCE_END, MAX_RUN_CHARS, bounded_pieces, has_run_on, run_cuts
from tests.empty_store import EmptyStore
from tests.hardening.conftest import profile
from tests.nlp.helpers import article_of
from tests.work import CountingPattern, ScannedText, assert_linear, lines_run

REGISTRY = OutletRegistry.load()
REPEATED = '"We will fix it," the mayor said. '


def one_sentence(size: int) -> str:
    """About `size` characters of words with no sentence-ending mark, then one full stop."""
    words = ("the pier in Velden", "Dana Whitfield said", "and the ferry would open", "for 40 crowns")
    text = " ".join(words[i % 4] for i in range(size // 20))
    return "Harbour plan\n\n" + text + ".\n"


def _stretches(text: str, cuts: list[int]) -> list[str]:
    bounds = [0, *cuts, len(text)]
    return [text[a:b] for a, b in itertools.pairwise(bounds)]


@profile()
@given(
    st.lists(st.sampled_from(["word", " ", "\n", "\n\n", ".", ". ", "!\u201d ", "\u201c", "é"]), max_size=300).map("".join),
    st.integers(1, 40),
)
def test_run_on_pieces_join_back_and_no_stretch_passes_the_cap(text: str, cap: int) -> None:
    pieces = list(bounded_pieces([text], cap))
    assert "".join(pieces) == text
    cuts = run_cuts(text, cap)
    assert cuts == sorted(set(cuts)) and all(0 < cut < len(text) for cut in cuts)
    # Between two sentence ends or cuts, no stretch is longer than the cap.
    bounds = sorted({0, len(text), *cuts, *(m.end() for m in _SENTENCE_END.finditer(text))})
    assert all(b - a <= cap for a, b in itertools.pairwise(bounds))


def test_ordinary_paragraphs_are_never_cut() -> None:
    paragraph = "The council met on Monday. " * 30 + "\u201cWe will fix it,\u201d the mayor said."
    text = "\n\n".join([paragraph] * 40)
    assert not has_run_on(text) and run_cuts(text) == []
    assert not needs_pieces(text)


def test_one_sentence_of_20_kb_is_cut_into_stretches_under_the_cap() -> None:
    text = one_sentence(20_000)
    assert has_run_on(text) and needs_pieces(text)
    cuts = run_cuts(text)
    assert len(cuts) >= len(text) // MAX_RUN_CHARS
    stretches = _stretches(text, cuts)
    assert "".join(stretches) == text
    assert all(len(s) <= MAX_RUN_CHARS for s in stretches)
    assert all(s.endswith(" ") for s in stretches[:-1])  # cut after a space, never inside a word


def test_one_sentence_of_a_megabyte_is_cut_in_one_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    # The sentence ends are found once, and each cut looks back over its own stretch only.
    scanned = [0]
    monkeypatch.setattr(segments, "_SENTENCE_END", CountingPattern(segments._SENTENCE_END, scanned))
    text = ScannedText(one_sentence(1_000_000))
    cuts = run_cuts(text)
    assert len(cuts) >= len(text) // MAX_RUN_CHARS
    assert scanned[0] + text.scanned <= 3 * len(text)

    def work(size: int) -> int:
        sentence = one_sentence(size)
        return lines_run(lambda: run_cuts(sentence))[1]

    assert_linear(work, 250_000)


@pytest.mark.model
def test_one_sentence_of_12_kb_parses_into_sentences_no_longer_than_the_cap(nlp: object) -> None:
    # Regression (issue 18): a 1 MB text that was one sentence grew past 13.9 GB.
    text = one_sentence(12_000)
    article = article_of(text, REGISTRY)
    (doc,) = parse_articles(nlp, [article])  # type: ignore[arg-type]
    assert doc.text == text
    assert max(len(s.text) for s in doc.sents) <= MAX_RUN_CHARS
    for token in doc:
        assert text[token.idx : token.idx + len(token)] == token.text


@pytest.mark.model
def test_an_ordinary_article_parses_as_one_doc_exactly_as_before(nlp: object) -> None:
    text = "Harbour plan\n\n" + "\n\n".join(
        f"\u201cThe pier will open in week {i},\u201d Dana Whitfield said." for i in range(20)
    )
    (doc,) = parse_articles(nlp, [article_of(text, REGISTRY)])  # type: ignore[arg-type]
    whole = nlp(text)  # type: ignore[operator]
    assert [(t.text, t.dep_, t.head.i, t.is_sent_start) for t in doc] == [
        (t.text, t.dep_, t.head.i, t.is_sent_start) for t in whole
    ]


def _quote(n: int, start: int, end: int, article: str = "a", cue: str = "said", entity: str | None = "e1") -> Quote:
    return Quote(
        id=f"{article}:q{n}",
        article=article,
        text="x" * (end - start),
        start=start,
        end=end,
        kind="direct",
        zone="body",
        speaker=Speaker(name="the mayor" if entity else None, entity=entity),
        cue=TextSpan(text=cue, start=end + 2, end=end + 2 + len(cue)),
        rule="test",
        confidence=0.9,
    )


def _claim(n: int, start: int, end: int, article: str = "a") -> Claim:
    return Claim(id=f"{article}:c{n}", article=article, text="y" * (end - start), start=start, end=end, rule="test")


def _repeated_quote_paragraph(count: int, article: str = "a") -> tuple[list[Quote], list[Claim]]:
    """The quotations and claims of one paragraph repeating `REPEATED` `count` times."""
    width = len(REPEATED)
    quotes = [_quote(i, i * width + 1, i * width + 15, article) for i in range(count)]
    claims = [_claim(i, i * width + 1, i * width + 15, article) for i in range(count)]
    return quotes, claims


def _one_group(quotes: list[Quote]) -> QuoteGroup:
    return QuoteGroup(
        id="g1",
        quotes=tuple(q.id for q in quotes),
        members=tuple(GroupMember(quote=q.id, start=q.start, end=q.end) for q in quotes),
        difference="identical",
    )


def test_repeated_quote_paragraph_of_3000_quotes_makes_a_bounded_number_of_claim_pairs() -> None:
    # Regression (issue 18): 3,000 claims of one utterance in one article made 4.5 M pairs.
    quotes, claims = _repeated_quote_paragraph(3_000)
    pairs = _same_utterance_pairs(claims, quotes, [_one_group(quotes)])
    assert 0 < len(pairs) <= 40 * 39 // 2
    assert all(a < b < 40 for a, b in pairs)  # the first claims in reading order are kept

    def work(count: int) -> int:
        quotes, claims = _repeated_quote_paragraph(count)
        return lines_run(lambda: _same_utterance_pairs(claims, quotes, [_one_group(quotes)]))[1]

    assert_linear(work, 750)  # each claim's parts found by bisection, not by a scan of the article's


def test_a_repeated_utterance_still_pairs_across_articles() -> None:
    quotes_a, claims_a = _repeated_quote_paragraph(100, "a")
    quotes_b, claims_b = _repeated_quote_paragraph(2, "b")
    claims = claims_a + claims_b
    pairs = _same_utterance_pairs(claims, quotes_a + quotes_b, [_one_group(quotes_a + quotes_b)])
    assert (100, 101) in pairs and (0, 100) in pairs and (39, 101) in pairs
    assert not any(b == 40 or a == 40 for a, b in pairs)


def test_few_claims_of_one_utterance_in_one_article_all_pair() -> None:
    quotes, claims = _repeated_quote_paragraph(5)
    assert _same_utterance_pairs(claims, quotes, [_one_group(quotes)]) == {(a, b) for a in range(5) for b in range(a + 1, 5)}


def _denial_paragraph(count: int) -> tuple[list[Quote], list[Claim]]:
    quotes, claims = _repeated_quote_paragraph(count)
    return [q.model_copy(update={"cue": TextSpan(text="denied", start=q.end + 2, end=q.end + 8)}) for q in quotes], claims


def test_repeated_denial_paragraph_of_5000_denials_is_linear() -> None:
    quotes, claims = _denial_paragraph(5_000)
    assert denied_claims(claims, quotes) == {i: "e1" for i in range(5_000)}

    def work(count: int) -> int:
        quotes, claims = _denial_paragraph(count)
        return lines_run(lambda: denied_claims(claims, quotes))[1]

    assert_linear(work, 1_250)


def test_the_last_overlapping_denial_names_the_claims_entity() -> None:
    first = _quote(0, 0, 50, cue="denied", entity="e1")
    second = _quote(1, 10, 20, cue="denies", entity="e2")
    unnamed = _quote(2, 12, 18, cue="denied", entity=None)
    claims = [_claim(0, 12, 18), _claim(1, 30, 40), _claim(2, 60, 70)]
    assert denied_claims(claims, [first, second, unnamed]) == {0: "e2", 1: "e1"}
    assert denied_claims(claims, [second, first, unnamed]) == {0: "e1", 1: "e1"}


def _numbered_quotes(count: int, article: str) -> list[Quote]:
    """`count` different quotations of one article, all about the pier."""
    texts = [f"The pier budget item {i + 10} reopens" for i in range(count)]
    return [_quote(i, 1000 * i, 1000 * i + len(text), article).model_copy(update={"text": text}) for i, text in enumerate(texts)]


def _segments(quotes: list[Quote]) -> list[Segment]:
    segments: list[Segment] = []
    for quote in quotes:
        segments.extend(segments_of(quote, len(segments)))
    return segments


def test_one_sentence_of_many_said_fragments_pairs_quotes_of_one_article_on_rare_stems_only() -> None:
    # Regression (issue 18): a run-on article of 3,800 quotes compared 611,000 pairs.
    quotes = _numbered_quotes(300, "a") + _numbered_quotes(2, "b")
    segments = _segments(quotes)
    pairs = _candidate_pairs(segments)
    same_article = {(x, y) for x, y in pairs if segments[x].quote.article == segments[y].quote.article}
    # "pier", "budget", "item", "reopen" are in all 300 of article a: no pairs among them there;
    # the numbers are rare and pair the two quotes of each number across articles.
    assert same_article == {(300, 301)}
    assert (0, 300) in pairs and (1, 301) in pairs


def test_few_quotes_of_one_article_still_pair_on_shared_stems() -> None:
    quotes = _numbered_quotes(5, "a")
    segments = _segments(quotes)
    assert _candidate_pairs(segments) == {(a, b) for a in range(5) for b in range(a + 1, 5)}


@pytest.mark.model
def test_one_sentence_of_12_kb_sent_to_the_web_worker_is_parsed_in_bounded_pieces(
    nlp: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    import corroborate.nlp.pipeline as pipeline
    from corroborate.settings import Settings
    from corroborate.web.jobs import analyse_with_store

    parsed: list[int] = []
    real = pipeline.parse_long_text

    def recording(nlp: object, text: str, *args: object, **kwargs: object) -> object:
        parsed.append(len(text))
        return real(nlp, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pipeline, "parse_long_text", recording)
    text = one_sentence(12_000)
    store = EmptyStore()
    analysis, _, _ = analyse_with_store(store, [article_of(text, REGISTRY)], Settings(), lambda *_: None)
    assert parsed == [len(text)] and len(store.saved) == 1
    assert all(text[q.start : q.end] == q.text for q in analysis.quotes)
