"""Every offset in an analysis indexes `article.text` exactly (the contract's core promise).

Each corpus is analysed once per module through the library entry point
(`corroborate.analysis.analyze_paths`); the tests then check every record.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from corroborate.analysis import AnalysisRun, analyze_paths
from corroborate.ingest import load_articles
from corroborate.model import Analysis
from corroborate.settings import Settings
from tests.conftest import AURORA, EXAMPLE, EXAMPLE_OUTLETS, require_shared

_FRONT_MATTER_START = re.compile(r"\A---[ \t]*\r?\n")


@pytest.fixture(scope="module")
def example_run() -> AnalysisRun:
    return analyze_paths([str(EXAMPLE)], Settings(outlet_files=(EXAMPLE_OUTLETS,)))


@pytest.fixture(scope="module")
def aurora_run() -> AnalysisRun:
    return analyze_paths([str(require_shared(AURORA))])


CORPORA = {"example": (EXAMPLE, "example_run", 4), "aurora": (AURORA, "aurora_run", 3)}


@pytest.fixture(params=sorted(CORPORA))
def corpus(request: pytest.FixtureRequest) -> tuple[Path, Analysis]:
    directory, fixture, _ = CORPORA[request.param]
    run: AnalysisRun = request.getfixturevalue(fixture)
    return directory, run.analysis


def _texts(analysis: Analysis) -> dict[str, str]:
    return {article.id: article.text for article in analysis.articles}


pytestmark = pytest.mark.model


@pytest.mark.parametrize(("name", "expected"), [(name, count) for name, (_, _, count) in CORPORA.items()])
def test_every_article_of_the_corpus_is_read_without_errors(request: pytest.FixtureRequest, name: str, expected: int) -> None:
    run: AnalysisRun = request.getfixturevalue(CORPORA[name][1])
    assert run.errors == []
    assert len(run.analysis.articles) == expected
    assert run.analysis.quotes, "a corpus of news stories with quotations gave no quotes"
    if name == "aurora":
        # expected.yaml sits beside the articles: skipped with a note, not read.
        assert any("expected.yaml" in note for note in run.notes)


def test_quote_offsets_index_the_article_text(corpus: tuple[Path, Analysis]) -> None:
    _, analysis = corpus
    texts = _texts(analysis)
    for quote in analysis.quotes:
        assert quote.article in texts, f"{quote.id} names unknown article {quote.article!r}"
        text = texts[quote.article]
        assert 0 <= quote.start < quote.end <= len(text), quote.id
        assert text[quote.start : quote.end] == quote.text, quote.id


def test_cue_offsets_index_the_article_text(corpus: tuple[Path, Analysis]) -> None:
    _, analysis = corpus
    texts = _texts(analysis)
    cues = [q for q in analysis.quotes if q.cue is not None]
    assert cues, "no quote in the corpus has a cue"
    for quote in cues:
        assert quote.cue is not None
        cue = quote.cue
        assert texts[quote.article][cue.start : cue.end] == cue.text, quote.id
        # The cue is outside the quotation it introduces.
        assert cue.end <= quote.start or cue.start >= quote.end, quote.id


def test_speaker_mention_offsets_index_the_article_text(corpus: tuple[Path, Analysis]) -> None:
    _, analysis = corpus
    texts = _texts(analysis)
    mentioned = [q for q in analysis.quotes if q.speaker.mention is not None]
    assert mentioned, "no quote in the corpus has a speaker mention"
    for quote in mentioned:
        mention = quote.speaker.mention
        assert mention is not None
        assert mention.text, quote.id
        assert texts[quote.article][mention.start : mention.end] == mention.text, quote.id


def test_entity_mention_offsets_index_the_article_text(corpus: tuple[Path, Analysis]) -> None:
    _, analysis = corpus
    texts = _texts(analysis)
    assert analysis.entities
    for entity in analysis.entities:
        assert entity.mentions, f"entity {entity.id} has no mentions"
        for mention in entity.mentions:
            assert mention.article in texts, entity.id
            assert texts[mention.article][mention.start : mention.end] == mention.text, (entity.id, mention)


def test_zones_are_nonempty_ordered_disjoint_and_in_bounds(corpus: tuple[Path, Analysis]) -> None:
    _, analysis = corpus
    for article in analysis.articles:
        assert article.zones, f"{article.id} has no zones"
        previous_end = 0
        for zone in article.zones:
            assert 0 <= zone.start < zone.end <= len(article.text), (article.id, zone)
            assert zone.start >= previous_end, f"{article.id}: zone {zone} overlaps or precedes the one before"
            assert article.text[zone.start : zone.end].strip(), (article.id, zone)
            previous_end = zone.end
        assert any(zone.kind == "body" for zone in article.zones), article.id


def test_quotes_carry_the_zone_they_sit_in(corpus: tuple[Path, Analysis]) -> None:
    _, analysis = corpus
    zones = {article.id: article.zones for article in analysis.articles}
    for quote in analysis.quotes:
        holding = [z for z in zones[quote.article] if z.start <= quote.start and quote.end <= z.end]
        assert len(holding) == 1, f"{quote.id} is not inside exactly one zone"
        assert quote.zone == holding[0].kind, quote.id


def test_quote_ids_are_unique_and_speaker_entities_exist(corpus: tuple[Path, Analysis]) -> None:
    _, analysis = corpus
    duplicates = [quote_id for quote_id, n in Counter(q.id for q in analysis.quotes).items() if n > 1]
    assert duplicates == []
    entity_ids = {entity.id for entity in analysis.entities}
    assert len(entity_ids) == len(analysis.entities), "entity ids repeat"
    linked = [q for q in analysis.quotes if q.speaker.entity is not None]
    assert linked, "no quote speaker was linked to an entity"
    for quote in linked:
        assert quote.speaker.entity in entity_ids, quote.id
    for quote in analysis.quotes:
        if quote.speaker.represents is not None:
            assert quote.speaker.represents in entity_ids, quote.id


def test_article_ids_are_unique_and_named_after_the_files(corpus: tuple[Path, Analysis]) -> None:
    directory, analysis = corpus
    ids = [article.id for article in analysis.articles]
    assert len(set(ids)) == len(ids)
    assert sorted(ids) == sorted(path.stem for path in directory.glob("*.txt"))


def test_article_text_is_the_file_content_exactly(corpus: tuple[Path, Analysis]) -> None:
    """Without front matter: the decoded file, unchanged; with it: the body after it, unchanged."""
    directory, analysis = corpus
    by_id = {article.id: article for article in analysis.articles}
    checked_plain = 0
    for path in sorted(directory.glob("*.txt")):
        decoded = path.read_bytes().decode("utf-8")
        article = by_id[path.stem]
        if _FRONT_MATTER_START.match(decoded):
            assert decoded.endswith(article.text), path.name
            assert "---" not in article.text[:4], path.name
        else:
            assert article.text == decoded, path.name
            checked_plain += 1
    # The example has one article without front matter (04-metro-daily); Aurora has none with it.
    assert checked_plain >= 1


# A small text of our own with everything that tempts a reader to normalise it.
AWKWARD_TEXT = (
    "\n  Dock\u00a0closed after storm  \r\n\r\n"
    "\u201cWe will not reopen the pier before Friday,\u201d harbour master Lena Ortiz said on Tuesday.\r\n\r\n"
    "\t'It is too dangerous,' she told the Harbour Post.   \r\n"
    "Residents' groups said the town's ferry  \u2014  the only link \u2014 would run.\n\n\n"
)


@pytest.fixture(scope="module")
def awkward_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("awkward") / "awkward.txt"
    path.write_bytes(AWKWARD_TEXT.encode("utf-8"))
    return path


@pytest.mark.parametrize(
    "content",
    [AWKWARD_TEXT, AWKWARD_TEXT.replace("\r\n", "\n"), "  leading and trailing spaces kept.  "],
    ids=["crlf-nbsp-tabs", "lf", "spaces"],
)
def test_txt_without_front_matter_keeps_its_decoded_bytes_exactly(tmp_path: Path, content: str) -> None:
    path = tmp_path / "story.txt"
    path.write_bytes(content.encode("utf-8"))
    loaded = load_articles([str(path)], Settings())
    assert loaded.errors == []
    [article] = loaded.articles
    assert article.text == path.read_bytes().decode("utf-8")
    assert article.id == "story"


def test_offsets_hold_on_a_crlf_text_with_curly_and_single_quotes(awkward_file: Path) -> None:
    run = analyze_paths([str(awkward_file)])
    assert run.errors == []
    [article] = run.analysis.articles
    text = article.text
    assert text == AWKWARD_TEXT
    quotes = run.analysis.quotes
    direct = [q.text for q in quotes if q.kind != "indirect"]
    assert direct == ["We will not reopen the pier before Friday", "It is too dangerous"]
    for quote in quotes:
        assert text[quote.start : quote.end] == quote.text
        if quote.cue is not None:
            assert text[quote.cue.start : quote.cue.end] == quote.cue.text
        if quote.speaker.mention is not None:
            assert text[quote.speaker.mention.start : quote.speaker.mention.end] == quote.speaker.mention.text
    for entity in run.analysis.entities:
        for mention in entity.mentions:
            assert text[mention.start : mention.end] == mention.text
    for zone in article.zones:
        assert text[zone.start : zone.end].strip() == text[zone.start : zone.end]
