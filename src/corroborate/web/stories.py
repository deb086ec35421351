"""Stories the app analysed: their full analysis, the corrections people made to them, and the
versions of each article seen over re-runs (following a story)."""

from __future__ import annotations

import difflib
import hashlib
import sqlite3
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from corroborate.corrections import (
    Correction,
    applicable,
    apply_corrections,
    stored_corrections,
    validate,
    write_corrections_file,
)
from corroborate.model import Analysis, Article
from corroborate.store.rows import document_from_bytes
from corroborate.web.tables import closing, connect, now, reader


def save_story_analysis(db_path: Path, story: str, job: str, analysis: Analysis, read: list[Article]) -> None:
    """Keep the story's analysis (the one before becomes `previous`) and every article version."""
    title = next((a.title for a in analysis.articles if a.title), None)
    with closing(connect(db_path)) as db:
        row = db.execute("select analysis from web_analyses where story = ?", [story]).fetchone()
        db.execute(
            "insert or replace into web_analyses (story, job, title, analysis, previous, created) values (?, ?, ?, ?, ?, ?)",
            [story, job, title, analysis.to_json(indent=None), row["analysis"] if row else None, now()],
        )
        for article in read:
            source = article.url or article.source
            db.execute(
                "insert or ignore into web_article_versions (story, source, sha256, title, text, fetched) values (?, ?, ?, ?, ?, ?)",
                [story, source, hashlib.sha256(article.text.encode()).hexdigest(), article.title, article.text, now()],
            )


def load_analysis(db_path: Path, story: str) -> tuple[Analysis | None, Analysis | None]:
    """(current, previous run's) analysis of a story: the app's copy when it analysed the
    story, else the document `corroborate ingest` stored with it (no previous run kept)."""
    db = reader(db_path)
    row = db.execute("select analysis, previous from web_analyses where story = ?", [story]).fetchone()
    if row is None:
        try:
            stored = db.execute("select analysis from documents where story = ?", [story]).fetchone()
        except sqlite3.OperationalError:  # a store from before documents were kept, opened read-only
            return None, None
        return (document_from_bytes(stored[0]) if stored and stored[0] else None), None
    previous = Analysis.model_validate_json(row["previous"]) if row["previous"] else None
    return Analysis.model_validate_json(row["analysis"]), previous


def recent_stories(db_path: Path, limit: int = 20) -> list[dict[str, Any]]:
    """The latest stories of the store (the app's and `corroborate ingest`'s)."""
    with nullcontext(reader(db_path)) as db:
        rows = db.execute(
            "select id, title, n_articles, n_outlets, n_quotes, attribution_drift, conflicting_claims, analysed_at "
            "from stories order by analysed_at desc, id limit ?",
            [limit],
        ).fetchall()
    return [dict(r) for r in rows]


def story_titles(db_path: Path, stories: list[str]) -> dict[str, str]:
    """Story id -> its name in the store (for lists that know only ids, such as the jobs)."""
    if not stories:
        return {}
    marks = ",".join("?" * len(stories))
    rows = reader(db_path).execute(f"select id, title from stories where id in ({marks}) and title is not null", stories)
    return {row["id"]: row["title"] for row in rows}


# -- corrections ----------------------------------------------------------------------------------


def load_corrections(db_path: Path, story: str | None) -> list[Correction]:
    corrections = stored_corrections(reader(db_path))
    return applicable(corrections, story) if story is not None else corrections


def add_correction(db_path: Path, correction: Correction, corrections_file: Path | None) -> Correction:
    """Save it (store table, then the plain file when configured) and re-apply every correction
    of the story to its saved analysis, so pages show it at once."""
    correction = validate(correction)
    stamped = Correction(**{**correction.as_dict(), "created": correction.created or now()})
    with closing(connect(db_path)) as db:
        db.execute(
            "insert into web_corrections (story, kind, target, value, author, note, created) values (?, ?, ?, ?, ?, ?, ?)",
            [stamped.story, stamped.kind, stamped.target, stamped.value, stamped.author, stamped.note, stamped.created],
        )
    if corrections_file is not None:
        write_corrections_file(corrections_file, load_corrections(db_path, None))
    if stamped.story and stamped.kind != "mark_checked":
        reapply(db_path, stamped.story)
    return stamped


def reapply(db_path: Path, story: str) -> None:
    """Apply the story's corrections to its saved analysis and rewrite its store rows."""
    from corroborate.store.sqlite import CorpusStore

    current, _ = load_analysis(db_path, story)
    if current is None:
        return
    corrected = apply_corrections(current, load_corrections(db_path, story))
    with CorpusStore(db_path) as store:
        fingerprint = store.story_fingerprints().get(story, "")
        keys = sorted(store.story_members().get(story, set()))
        store.save_story(story, corrected, keys, fingerprint)
    with closing(connect(db_path)) as db:
        db.execute("update web_analyses set analysis = ? where story = ?", [corrected.to_json(indent=None), story])


def checked_findings(db_path: Path, story: str) -> dict[str, Correction]:
    return {c.target: c for c in load_corrections(db_path, story) if c.kind == "mark_checked"}


# -- following a story ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ArticleChange:
    source: str
    title: str | None
    earlier: str  # when the earlier version was seen
    removed: list[str]
    added: list[str]


def article_changes(db_path: Path, story: str) -> list[ArticleChange]:
    """For each input seen in two versions or more: the paragraphs changed since the one before."""
    with nullcontext(reader(db_path)) as db:
        rows = db.execute(
            "select source, title, text, fetched from web_article_versions where story = ? order by source, id", [story]
        ).fetchall()
    by_source: dict[str, list[Any]] = {}
    for row in rows:
        by_source.setdefault(row["source"], []).append(row)
    changes = []
    for source, versions in by_source.items():
        if len(versions) < 2:
            continue
        before, after = versions[-2], versions[-1]
        old = [p.strip() for p in before["text"].split("\n\n") if p.strip()]
        new = [p.strip() for p in after["text"].split("\n\n") if p.strip()]
        removed, added = [], []
        for line in difflib.ndiff(old, new):
            if line.startswith("- "):
                removed.append(line[2:])
            elif line.startswith("+ "):
                added.append(line[2:])
        changes.append(ArticleChange(source, after["title"], before["fetched"], removed, added))
    return changes


def new_in_story(current: Analysis, previous: Analysis | None) -> dict[str, list[str]]:
    """Quotes and claims whose words the run before did not have."""
    if previous is None:
        return {"quotes": [], "claims": []}
    old_quotes = {" ".join(q.text.split()) for q in previous.quotes}
    old_claims = {" ".join(c.text.split()) for c in previous.claims}
    return {
        "quotes": [q.text for q in current.quotes if " ".join(q.text.split()) not in old_quotes],
        "claims": [c.text for c in current.claims if " ".join(c.text.split()) not in old_claims],
    }
