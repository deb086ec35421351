"""The library entry point keeps going when one article's extraction fails."""

from __future__ import annotations

from pathlib import Path

import pytest

import corroborate.pipeline as pipeline_module
from corroborate.analysis import analyze_paths

pytestmark = pytest.mark.model


def test_one_failing_article_keeps_the_others(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "good.txt").write_text('"The ferry runs again," Lena Ortiz said.\n', "utf-8")
    (tmp_path / "bad.txt").write_text('"The dock is shut," Omar Reyes said.\n', "utf-8")
    real = pipeline_module.extract_quotes

    def failing_for_bad(doc, article, registry=None, **options):
        if article.id == "bad":
            raise RuntimeError("boom")
        return real(doc, article, registry, **options)

    monkeypatch.setattr(pipeline_module, "extract_quotes", failing_for_bad)
    run = analyze_paths([str(tmp_path)])
    assert [a.id for a in run.analysis.articles] == ["bad", "good"]
    assert [q.article for q in run.analysis.quotes if q.kind == "direct"] == ["good"]
    [warning] = [w for w in run.analysis.warnings if w.code == "extraction_failed"]
    assert warning.source == "bad" and "RuntimeError: boom" in warning.message


def test_an_article_whose_quotes_failed_keeps_its_claims(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its statements are still claims (as the batch store extracts them), only none is a quotation's."""
    (tmp_path / "bad.txt").write_text("The ferry carried about 300 passengers across the bay on Sunday.\n", "utf-8")

    def failing(doc, article, registry=None, **options):
        raise RuntimeError("boom")

    monkeypatch.setattr(pipeline_module, "extract_quotes", failing)
    run = analyze_paths([str(tmp_path)])
    assert [c.text for c in run.analysis.claims] == ["The ferry carried about 300 passengers across the bay on Sunday."]
    assert all(c.quote is None for c in run.analysis.claims)


def test_a_failing_claim_extractor_keeps_the_article_and_its_quotes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "good.txt").write_text('"The ferry runs again," Lena Ortiz said.\n', "utf-8")

    def failing(doc, article, quotes):
        raise RuntimeError("claims boom")

    monkeypatch.setattr(pipeline_module, "extract_claims", failing)
    run = analyze_paths([str(tmp_path)])
    assert [q.speaker.name for q in run.analysis.quotes] == ["Lena Ortiz"] and run.analysis.claims == ()
    [warning] = [w for w in run.analysis.warnings if w.code == "extraction_failed"]
    assert "claim extraction failed" in warning.message and "claims boom" in warning.message


def test_the_order_the_files_are_named_in_changes_no_finding() -> None:
    """Ties in the grouping steps are broken by position: the story's articles are
    taken in id order, so naming the example's files backwards gives the same analysis."""
    example = Path(__file__).resolve().parents[1] / "examples" / "millbrook-bridge"
    files = sorted(str(p) for p in example.glob("*.txt"))
    forward = analyze_paths(files).analysis
    backward = analyze_paths(files[::-1]).analysis
    assert [a.id for a in backward.articles] == [a.id for a in forward.articles]
    for field in ("quotes", "quote_groups", "claims", "claim_groups", "citations", "entities"):
        assert getattr(backward, field) == getattr(forward, field), field


@pytest.mark.model
def test_words_credited_to_the_mayor_and_the_fire_chief_are_drift_though_titles_are_in_the_names() -> None:
    """Our own three-outlet story (tests/fixtures/warehouse-fire): Fox credits the fire
    chief's words to the mayor. The NER kept "Toledo Mayor" and "Fire Chief" inside the
    names, so neither credit met its person and the misattribution went unseen."""
    folder = Path(__file__).parent / "fixtures" / "warehouse-fire"
    analysis = analyze_paths([str(path) for path in sorted(folder.glob("*.txt"))]).analysis
    names = {e.id: e.name for e in analysis.entities}
    drifting = [group for group in analysis.quote_groups if group.attribution_drift]
    assert drifting
    assert {names.get(speaker) for speaker in drifting[0].speakers} == {"Terrence Hall", "Renee Calloway"}


@pytest.mark.model
def test_one_utterance_credited_to_two_people_is_one_source() -> None:
    """The fire chief's words, credited to the mayor by one outlet, were "corroborated" by
    "2 independent sources": one utterance is one origin, however it is credited."""
    folder = Path(__file__).parent / "fixtures" / "warehouse-fire"
    analysis = analyze_paths([str(path) for path in sorted(folder.glob("*.txt"))]).analysis
    texts = {c.id: c.text for c in analysis.claims}
    [group] = [g for g in analysis.claim_groups if any("fully involved" in texts[c] for c in g.claims)]
    assert (group.independent_sources, group.status) == (1, "single_source")
