"""The SQLite store: tables, full-text search, offsets, metadata, errors, reruns, new articles."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
import yaml

from corroborate.store import IngestOptions, ingest
from corroborate.store.schema import TABLES
from tests.conftest import EXAMPLE
from tests.store.conftest import INPUTS, ORCHARD, SETTINGS, BuiltStore
from tests.store.helpers import assert_fts_in_sync, assert_same_contents, count, table_contents
from tests.work import parsed_texts

pytestmark = pytest.mark.model


def _rows(db: Path, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    connection = sqlite3.connect(db)
    try:
        return connection.execute(sql, params).fetchall()
    finally:
        connection.close()


def test_every_table_is_there_and_filled(reference_store: BuiltStore) -> None:
    db = reference_store.db
    for table in TABLES:
        count(db, table.name)  # exists
    assert count(db, "articles") == 7
    assert count(db, "stories") == 2
    for table in ("entities", "quotes", "quote_groups", "claims", "claim_groups", "citations", "copies", "citation_graph"):
        assert count(db, table) > 0, table
    assert count(db, "errors") == 0
    stories = dict(_rows(db, "select id, n_articles from stories"))
    assert sorted(stories.values()) == [3, 4]
    # Every article belongs to a story, and its story row lists it.
    assert _rows(db, "select count(*) from articles where story is null") == [(0,)]


def test_full_text_search_on_quotes_and_articles(reference_store: BuiltStore) -> None:
    db = reference_store.db
    hits = _rows(
        db,
        "select q.speaker_name, q.outlet from quotes q join quotes_fts f on f.rowid = q.rowid "
        "where quotes_fts match ? order by q.outlet",
        ("gamble",),
    )
    assert ("Denise Okafor", "Valley Courier") in hits
    assert {outlet for _, outlet in hits} >= {"Valley Courier", "KMBK News"}
    articles = _rows(
        db, "select a.id from articles a join articles_fts f on f.rowid = a.rowid where articles_fts match 'orchard'"
    )
    assert {a for (a,) in articles} == {"01-hill-gazette", "02-ridge-radio", "03-county-ledger"}
    # porter stemming: "bushel" finds "bushels"
    assert _rows(db, "select count(*) from articles_fts where articles_fts match 'bushel'")[0][0] == 2


def test_offsets_point_at_the_words(reference_store: BuiltStore) -> None:
    connection = sqlite3.connect(reference_store.db)
    text_of = dict(connection.execute("select id, text from articles"))
    for table in ("quotes", "claims", "citations"):
        for article, start, end, text in connection.execute(f"select article, start, [end], text from {table}"):
            assert text_of[article][start:end] == text, (table, article, start)
    connection.close()


def test_facet_columns_are_plain(reference_store: BuiltStore) -> None:
    db = reference_store.db
    speakers = dict(
        _rows(db, "select speaker_name, count(distinct outlet) from quotes where speaker_name is not null group by 1")
    )
    assert speakers["Denise Okafor"] >= 3
    assert speakers["Beatrix Tamsin"] == 3
    statuses = {s for (s,) in _rows(db, "select status from claim_groups")}
    assert statuses <= {"conflicting", "disputed", "corroborated", "single_source"}
    assert {d for (d,) in _rows(db, "select published_date from articles")} == {"2026-11-12", "2026-10-03", "2026-10-04", None}


def test_metadata_for_datasette(reference_store: BuiltStore) -> None:
    metadata = yaml.safe_load((reference_store.db.parent / "metadata.yml").read_text(encoding="utf-8"))
    tables = metadata["databases"]["corpus"]["tables"]
    assert set(tables) == {t.name for t in TABLES}
    assert "speaker_name" in tables["quotes"]["facets"]
    assert tables["quotes"]["fts_table"] == "quotes_fts"
    assert "status" in tables["claim_groups"]["facets"]
    assert tables["extractions"]["hidden"] is True
    assert all(tables[t]["title"] and tables[t]["description"] for t in tables)


def test_rerun_skips_finished_work_and_changes_nothing(
    reference_store: BuiltStore, store_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import corroborate.store.batch as batch_module

    # The work counted, not timed: no text parsed, no extraction or story task run.
    parsed = parsed_texts(monkeypatch)
    tasks: list[str] = []
    for name in ("extract_batch", "analyse_story"):
        task = getattr(batch_module, name)
        monkeypatch.setattr(batch_module, name, lambda *args, _task=task, _name=name: tasks.append(_name) or _task(*args))
    report = ingest(INPUTS, store_copy, SETTINGS, IngestOptions(workers=1))
    assert parsed == [] and tasks == []
    assert (report.extracted, report.extraction_skipped) == (0, 7)
    assert (report.stories_analysed, report.stories_skipped) == (0, 2)
    assert_same_contents(reference_store.db, store_copy)


def test_bad_inputs_land_in_errors_and_the_run_goes_on(reference_store: BuiltStore, store_copy: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "empty.txt").write_bytes(b"")
    (bad / "binary.txt").write_bytes(bytes(range(256)) * 8)
    report = ingest([*INPUTS, str(bad)], store_copy, SETTINGS, IngestOptions(workers=1))
    assert report.extraction_skipped == 7 and report.stories_skipped == 2
    errors = {
        Path(source).name: (stage, code, reason)
        for source, stage, code, reason in _rows(store_copy, "select source, stage, code, reason from errors")
    }
    assert set(errors) == {"empty.txt", "binary.txt"}
    assert errors["empty.txt"][:2] == ("load", "empty")
    assert errors["binary.txt"][:2] == ("load", "binary")
    assert all(reason for _, _, reason in errors.values())
    # Reported again, not repeated.
    ingest([str(bad)], store_copy, SETTINGS, IngestOptions(workers=1))
    assert count(store_copy, "errors") == 2
    # The stories are untouched.
    before, after = table_contents(reference_store.db), table_contents(store_copy)
    assert all(before[t] == after[t] for t in before if t != "errors")


def test_new_articles_join_their_story_and_keep_its_id(tmp_path: Path) -> None:
    first_two = tmp_path / "first"
    later = tmp_path / "later"
    first_two.mkdir()
    later.mkdir()
    for number, path in enumerate(sorted(EXAMPLE.glob("*.txt"))):
        shutil.copy(path, (first_two if number < 2 else later) / path.name)
    db = tmp_path / "corpus.db"
    ingest([str(first_two), str(ORCHARD)], db, SETTINGS, IngestOptions(workers=1))
    stories_before = dict(_rows(db, "select id, n_articles from stories"))
    bridge_story = next(s for s, n in stories_before.items() if n == 2)
    report = ingest([str(later)], db, SETTINGS, IngestOptions(workers=1))
    assert report.extracted == 2
    assert (report.stories_analysed, report.stories_skipped) == (1, 1)  # the orchard story is unchanged
    stories_after = dict(_rows(db, "select id, n_articles from stories"))
    assert stories_after[bridge_story] == 4
    assert set(stories_after) == set(stories_before)
    members = {a for (a,) in _rows(db, "select id from articles where story = ?", (bridge_story,))}
    assert len(members) == 4
    # The story's quotes were replaced, not added to: one row per quote id.
    assert _rows(db, "select count(*) - count(distinct id) from quotes where story = ?", (bridge_story,)) == [(0,)]
    assert_fts_in_sync(db)


def test_a_new_tool_version_extracts_stored_articles_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import corroborate.store.batch as batch_module

    db = tmp_path / "corpus.db"
    ingest([str(ORCHARD)], db, SETTINGS, IngestOptions(workers=1))
    before = table_contents(db)
    upgraded = batch_module.extractor_fingerprint(SETTINGS) + ";next"
    monkeypatch.setattr(batch_module, "extractor_fingerprint", lambda settings: upgraded)
    report = ingest([], db, SETTINGS, IngestOptions(workers=1))  # no inputs: only what the store holds
    assert (report.extracted, report.stories_analysed) == (3, 1)
    assert _rows(db, "select distinct extractor from extractions") == [(upgraded,)]
    after = table_contents(db)
    assert after["quotes"] == before["quotes"] and after["claims"] == before["claims"]


def test_claims_by_meaning_analyse_stored_stories_again_and_then_skip_them(tmp_path: Path) -> None:
    """How claims are grouped (by words, the ingest default, or with sentence embeddings)
    is part of a story's fingerprint: switching analyses the stories again (without
    extracting again), and a rerun in the same mode skips them."""
    from dataclasses import replace

    db = tmp_path / "corpus.db"
    ingest([str(ORCHARD)], db, SETTINGS, IngestOptions(workers=1))
    by_meaning = replace(SETTINGS, claim_embeddings=True)
    switched = ingest([str(ORCHARD)], db, by_meaning, IngestOptions(workers=1))
    assert (switched.extracted, switched.stories_analysed) == (0, 1)
    again = ingest([str(ORCHARD)], db, by_meaning, IngestOptions(workers=1))
    assert (again.stories_analysed, again.stories_skipped) == (0, 1)


def test_the_extraction_cache_holds_claims_not_the_parse(reference_store: BuiltStore) -> None:
    import json

    columns = [c[1] for c in _rows(reference_store.db, "pragma table_info(extractions)")]
    assert "doc" not in columns
    cached = [json.loads(data)["claims"] for (data,) in _rows(reference_store.db, "select data from extractions")]
    assert all(isinstance(claims, list) for claims in cached)
    assert sum(map(len, cached)) == count(reference_store.db, "claims") > 0


def test_web_corrections_survive_a_reanalysis_by_ingest(tmp_path: Path) -> None:
    """A speaker fixed in `corroborate serve` stays fixed when `ingest` analyses the
    story again (here: switching to --claims-by-meaning changes its fingerprint)."""
    from dataclasses import replace

    from corroborate.corrections import Correction
    from corroborate.web.stories import add_correction
    from corroborate.web.tables import ensure_tables

    db = tmp_path / "corpus.db"
    ingest([str(ORCHARD)], db, SETTINGS, IngestOptions(workers=1))
    [(story, article, start, end, speaker)] = _rows(
        db, "select story, article, start, [end], speaker_name from quotes where speaker_name is not null order by id limit 1"
    )
    ensure_tables(db)
    from corroborate.analysis import analyze_paths

    app_copy = analyze_paths([str(ORCHARD)], SETTINGS).analysis.to_json(indent=None)
    connection = sqlite3.connect(db)
    with connection:  # as if the app had analysed the story: it keeps its own copy
        connection.execute(
            "insert into web_analyses (story, job, title, analysis, previous, created) values (?, 'j1', 't', ?, null, 'now')",
            [story, app_copy],
        )
    connection.close()
    add_correction(db, Correction("fix_speaker", f"{article}:{start}:{end}", "Marta Quill", story), None)
    again = ingest([str(ORCHARD)], db, replace(SETTINGS, claim_embeddings=True), IngestOptions(workers=1))
    assert again.stories_analysed == 1
    assert _rows(db, "select speaker_name from quotes where article = ? and start = ?", (article, start)) == [("Marta Quill",)]
    assert speaker != "Marta Quill"
    [(kept, previous)] = _rows(db, "select analysis, previous from web_analyses where story = ?", (story,))
    assert previous is not None and kept != previous  # the app's copy is the new run's, the one before kept
    assert [q["speaker"]["name"] for q in json.loads(kept)["quotes"] if (q["article"], q["start"]) == (article, start)] == [
        "Marta Quill"
    ]
