"""Read-only queries over the store for the search, person, outlet and story pages.

Every value from a request is a bound SQL parameter; full-text queries are rebuilt from
the request's words, each quoted, so FTS5 syntax in them is only text.
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from corroborate.model import CLAIM_STATUSES

PAGE_SIZE = 50
MATCH_CAP = 2000  # full-text matches counted at most; more show as "2,000+"
FACET_LIMIT = 12
_WORD = re.compile(r"\w[\w'’-]*", re.UNICODE)
# Claim groups sort by status, most severe first (the model's order); the last status and
# anything unknown rank last.
_STATUS_RANK = (
    "case status "
    + " ".join(f"when '{status}' then {rank}" for rank, status in enumerate(CLAIM_STATUSES[:-1]))
    + f" else {len(CLAIM_STATUSES) - 1} end"
)


def fts_query(text: str) -> str | None:
    """The request's words as an FTS5 query of quoted terms (all must match), or None."""
    words = _WORD.findall(text)[:12]
    return " ".join('"' + w.replace('"', '""') + '"' for w in words) or None


@dataclass(frozen=True)
class QuoteFilters:
    q: str = ""
    speaker: str = ""
    outlet: str = ""
    kind: str = ""
    story: str = ""
    offset: int = 0
    limit: int = PAGE_SIZE


def _quote_where(filters: QuoteFilters) -> tuple[str, list[Any], str]:
    clauses, params, join = [], [], ""
    if (match := fts_query(filters.q)) is not None:
        # The newest MATCH_CAP matches at most: words found in nearly every quote ("said") would
        # otherwise make every search read the whole store. FTS5 walks rowids newest first.
        clauses.append(
            f"quotes.rowid in (select rowid from quotes_fts where quotes_fts match ? order by rowid desc limit {MATCH_CAP + 1})"
        )
        params.append(match)
    for column, value in (
        ("speaker_name", filters.speaker),
        ("outlet", filters.outlet),
        ("kind", filters.kind),
        ("story", filters.story),
    ):
        if value:
            clauses.append(f"quotes.{column} = ?")
            params.append(value)
    return (" where " + " and ".join(clauses)) if clauses else "", params, join


def store_version(db: sqlite3.Connection) -> tuple[Any, ...]:
    """Changes whenever a story is saved (new, re-analysed or corrected): the cache key's second half."""
    return tuple(db.execute("select count(*), max(analysed_at), sum(n_quotes), sum(n_claims) from stories").fetchone())


class _CountCache:
    """Totals and facet counts by query, for as long as the store does not change (and at most
    `ttl` seconds): an unfiltered facet count reads every quote of the store."""

    def __init__(self, size: int = 512, ttl: float = 30.0) -> None:
        self.size, self.ttl = size, ttl
        self.items: dict[tuple[Any, ...], tuple[float, Any]] = {}
        self.lock = threading.Lock()

    def get(self, key: tuple[Any, ...]) -> Any | None:
        with self.lock:
            found = self.items.get(key)
        if found is None or time.monotonic() - found[0] > self.ttl:
            return None
        return found[1]

    def put(self, key: tuple[Any, ...], value: Any) -> None:
        with self.lock:
            if len(self.items) >= self.size:
                self.items.pop(next(iter(self.items)))
            self.items[key] = (time.monotonic(), value)


_counts = _CountCache()


def search_quotes(db: sqlite3.Connection, filters: QuoteFilters) -> dict[str, Any]:
    """Matching quotes (a page of them, newest stored first), their total and facet counts by
    speaker, outlet and kind. The matches are read once (one full-text evaluation) and
    counted here; counts are cached until the store changes."""
    where, params, join = _quote_where(filters)
    key = ("quotes", where, join, *params, store_version(db))
    counted = _counts.get(key)
    if counted is None:
        matched = db.execute(
            f"select quotes.rowid, quotes.speaker_name, quotes.outlet, quotes.kind from quotes{join}{where}", params
        ).fetchall()
        facets = {}
        for index, column in enumerate(("speaker_name", "outlet", "kind"), start=1):
            counter = Counter(row[index] for row in matched if row[index] is not None)
            ranked = sorted(counter.items(), key=lambda item: (-item[1], item[0]))[:FACET_LIMIT]
            facets[column] = [{"value": value, "count": n} for value, n in ranked]
        counted = (sorted((row[0] for row in matched), reverse=True), facets)
        _counts.put(key, counted)
    rowids, facets = counted
    capped = bool(filters.q.strip()) and len(rowids) > MATCH_CAP
    rowids = rowids[:MATCH_CAP] if capped else rowids
    page = rowids[filters.offset : filters.offset + filters.limit]
    found = {}
    if page:
        sql = (
            "select rowid, story, id, article, outlet, published_date, kind, speaker_name, speaker_description, text, start, end, "
            f"channel, confidence from quotes where rowid in ({','.join('?' * len(page))})"
        )
        found = {row["rowid"]: row for row in db.execute(sql, page)}
    quotes = [dict(found[r]) for r in page if r in found]
    for quote in quotes:
        del quote["rowid"]
    return {
        "total": len(rowids),
        "capped": capped,
        "quotes": quotes,
        "facets": facets,
        "offset": filters.offset,
        "limit": filters.limit,
    }


def search_claims(
    db: sqlite3.Connection, status: str = "", q: str = "", offset: int = 0, limit: int = PAGE_SIZE
) -> dict[str, Any]:
    """Claim groups by status (and words in their sample text), with status counts."""
    clauses, params = [], []
    if status:
        clauses.append("status = ?")
        params.append(status)
    for word in _WORD.findall(q)[:8]:
        clauses.append("sample_text like ? escape '\\'")
        params.append("%" + word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%")
    where = (" where " + " and ".join(clauses)) if clauses else ""
    total = db.execute(f"select count(*) from claim_groups{where}", params).fetchone()[0]
    rows = db.execute(
        f"select story, id, status, n_claims, n_outlets, independent_sources, sample_text, outlets from claim_groups{where} "
        f"order by {_STATUS_RANK}, story, id "
        "limit ? offset ?",
        [*params, limit, offset],
    ).fetchall()
    counts = _counts.get(("claim-status", store_version(db)))
    if counts is None:
        counts = [
            dict(r) for r in db.execute("select status as value, count(*) as n from claim_groups group by status order by n desc")
        ]
        _counts.put(("claim-status", store_version(db)), counts)
    claims = [{**dict(r), "outlets": json.loads(r["outlets"] or "[]")} for r in rows]
    return {"total": total, "claims": claims, "facets": {"status": [{"value": r["value"], "count": r["n"]} for r in counts]}}


def person(db: sqlite3.Connection, name: str) -> dict[str, Any] | None:
    """Everything one person said across stories and outlets, and each utterance's variants."""
    # Through the identities: a quote is the person's when its row names them or when it is
    # linked to an entity of that name (stores written before rows carried the canonical name).
    quotes = db.execute(
        "select story, id, article, outlet, published_date, kind, text, channel, start, end from quotes "
        "where speaker_name = ? or (story, speaker_entity) in (select story, id from entities where name = ?) "
        "order by published_date, story, start limit 500",
        [name, name],
    ).fetchall()
    entity = db.execute(
        "select story, id, kind, aliases, roles from entities where name = ? order by story limit 200", [name]
    ).fetchall()
    if not quotes and not entity:
        return None
    ids_by_story: dict[str, set[str]] = {}
    for row in quotes:
        ids_by_story.setdefault(row["story"], set()).add(row["id"])
    variants = []
    for story, ids in ids_by_story.items():
        for group in db.execute(
            "select id, difference, attribution_drift, quotes, outlets from quote_groups where story = ?", [story]
        ):
            members = json.loads(group["quotes"])
            if ids & set(members) and len(members) > 1:
                renderings = db.execute(
                    f"select article, outlet, speaker_name, text, kind from quotes where story = ? and id in ({','.join('?' * len(members))})",
                    [story, *members],
                ).fetchall()
                variants.append(
                    {
                        "story": story,
                        "group": group["id"],
                        "difference": group["difference"],
                        "attribution_drift": bool(group["attribution_drift"]),
                        "renderings": [dict(r) for r in renderings],
                    }
                )
    roles = sorted({r["text"] for row in entity for r in json.loads(row["roles"] or "[]")})
    aliases = sorted({a for row in entity for a in json.loads(row["aliases"] or "[]")})
    outlets = sorted({r["outlet"] for r in quotes if r["outlet"]})
    return {
        "id": name,
        "name": name,
        "kind": entity[0]["kind"] if entity else "person",
        "aliases": aliases,
        "roles": roles,
        "stories": sorted(ids_by_story),
        "outlets": outlets,
        "quotes": [dict(r) for r in quotes],
        "variants": variants,
    }


def outlet(db: sqlite3.Connection, name: str) -> dict[str, Any] | None:
    """What an outlet cites, who cites it, and its quotes that differ from other outlets' renderings."""
    articles = db.execute("select count(*) from articles where outlet = ?", [name]).fetchone()[0]
    if not articles:  # stories saved without article rows (none yet from this outlet's own extraction)
        articles = db.execute("select count(distinct story || ':' || article) from quotes where outlet = ?", [name]).fetchone()[0]
    cites = db.execute(
        "select cites, sum(count) as n from citation_graph where source = ? and cites != source group by cites order by n desc limit 50",
        [name],
    ).fetchall()
    cited_by = db.execute(
        "select source, sum(count) as n from citation_graph where cites = ? and cites != source group by source order by n desc limit 50",
        [name],
    ).fetchall()
    if not articles and not cites and not cited_by:
        return None
    altered = []
    # Groups the outlet is in (their `outlets` JSON), with another outlet, that differ or drift.
    groups = db.execute(
        "select g.story, g.id, g.difference, g.attribution_drift, g.quotes from quote_groups g, json_each(g.outlets) o "
        "where o.value = ? and g.n_outlets > 1 and (g.difference in ('substantive', 'paraphrase', 'minor') or g.attribution_drift = 1) "
        "order by g.rowid desc limit 100",
        [name],
    ).fetchall()
    for group in groups:
        members = json.loads(group["quotes"])
        rows = db.execute(
            f"select article, outlet, speaker_name, text from quotes where story = ? and id in ({','.join('?' * len(members))})",
            [group["story"], *members],
        ).fetchall()
        altered.append(
            {
                "story": group["story"],
                "group": group["id"],
                "difference": group["difference"],
                "attribution_drift": bool(group["attribution_drift"]),
                "renderings": [dict(r) for r in rows],
            }
        )
    return {
        "id": name,
        "name": name,
        "articles": articles,
        "cites": [{"outlet": r["cites"], "count": r["n"]} for r in cites],
        "cited_by": [{"outlet": r["source"], "count": r["n"]} for r in cited_by],
        "altered_quotes": altered,
    }


def story_row(db: sqlite3.Connection, story: str) -> dict[str, Any] | None:
    row = db.execute("select * from stories where id = ?", [story]).fetchone()
    if row is None:
        return None
    data = dict(row)
    for key in ("outlets", "articles"):
        data[key] = json.loads(data[key] or "[]")
    return data


def story_tables(db: sqlite3.Connection, story: str) -> dict[str, list[dict[str, Any]]]:
    """A stored story's quotes and claim groups (for stories `corroborate ingest` made)."""
    quotes = db.execute(
        "select id, article, outlet, kind, speaker_name, speaker_description, text, start, end from quotes where story = ? order by article, start",
        [story],
    ).fetchall()
    groups = db.execute(
        "select id, status, n_outlets, independent_sources, sample_text from claim_groups where story = ? order by id", [story]
    ).fetchall()
    return {"quotes": [dict(r) for r in quotes], "claim_groups": [dict(r) for r in groups]}
