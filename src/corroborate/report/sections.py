"""The sections every report shows, as plain data: one place decides what goes where.

The HTML, Markdown, terminal and CSV views all read these, so they agree on the
order (findings first) and on what each section holds. Nothing here escapes text:
each view escapes for its own medium.
"""

from __future__ import annotations

import difflib
import itertools
import re
from collections import Counter, defaultdict
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from corroborate.align.differences import severity
from corroborate.model import (
    CLAIM_STATUSES,
    CONTESTED_STATUSES,
    Analysis,
    Article,
    CitationEdge,
    Claim,
    ClaimGroup,
    DateMention,
    Quote,
    QuoteGroup,
)
from corroborate.nlp.rules import OCCASION_RULE
from corroborate.report.findings import CHECK, Finding, key_findings
from corroborate.report.labels import claim_status_text, speaker_label

_WORD = re.compile(r"[\w'’]+(?:[-.][\w'’]+)*")


def outlet_of(article: Article) -> str:
    """The outlet's name, or the article id when the outlet is unknown (as claim groups do)."""
    return article.outlet or article.id


# Header -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Header:
    story: str
    outlets: tuple[str, ...]
    first: str | None
    last: str | None
    articles: int
    quotes: int
    claims: int


def story_header(analysis: Analysis) -> Header:
    """The story's title (the earliest article's headline), its outlets, dates and counts."""
    dated = sorted((a for a in analysis.articles if a.published), key=lambda a: a.published or "")
    titled = [a for a in [*dated, *analysis.articles] if a.title]
    dates = [a.published for a in dated if a.published]
    outlets = tuple(dict.fromkeys(outlet_of(a) for a in analysis.articles))
    return Header(
        story=titled[0].title if titled and titled[0].title else "Untitled story",
        outlets=outlets,
        first=dates[0] if dates else None,
        last=dates[-1] if dates else None,
        articles=len(analysis.articles),
        quotes=len(analysis.quotes),
        claims=len(analysis.claims),
    )


# Claim findings -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ClaimFinding:
    kind: str  # "conflicting claim" | "disputed claim" | "one origin"
    group: ClaimGroup
    claims: tuple[Claim, ...]
    detail: str


def entity_names(analysis: Analysis) -> dict[str, str]:
    return {e.id: e.name for e in analysis.entities}


def claim_findings(analysis: Analysis) -> list[ClaimFinding]:
    """Conflicting and disputed claim groups, then claims several outlets carry on one origin."""
    claims = {c.id: c for c in analysis.claims}
    names = entity_names(analysis)
    findings: list[ClaimFinding] = []
    for group in analysis.claim_groups:
        members = tuple(claims[c] for c in group.claims if c in claims)
        if group.status == "conflicting":
            parts = [f"{c.get('a_text', '?')} vs {c.get('b_text', '?')}" for c in group.conflicts]
            findings.append(ClaimFinding("conflicting claim", group, members, "; ".join(parts) or "accounts conflict"))
        elif group.status == "disputed":
            who = ", ".join(names.get(e, e) for e in group.disputed_by) or "a named party"
            findings.append(ClaimFinding("disputed claim", group, members, f"disputed by {who}"))
        elif len(set(group.outlets)) >= 2 and group.independent_sources <= 1:
            source = ", ".join(group.sources) or "one source"
            findings.append(
                ClaimFinding("one origin", group, members, f"{len(set(group.outlets))} outlets, one independent source: {source}")
            )
    order = {"conflicting claim": 0, "disputed claim": 1, "one origin": 2}
    return sorted(findings, key=lambda f: (order[f.kind], -len(f.group.outlets), f.group.id))


def all_findings(analysis: Analysis) -> list[Finding | ClaimFinding]:
    """Every key finding, most telling first: drift, altered quotes, conflicting and disputed
    claims, then paraphrased quotes and claims several outlets carry on one origin, then the
    credits to check (drift the assessment is unsure of)."""
    quote_findings = key_findings(analysis)
    claims = claim_findings(analysis)
    return [
        *(f for f in quote_findings if f.kind not in ("paraphrased", CHECK)),
        *(f for f in claims if f.kind != "one origin"),
        *(f for f in quote_findings if f.kind == "paraphrased"),
        *(f for f in claims if f.kind == "one origin"),
        *(f for f in quote_findings if f.kind == CHECK),
    ]


# Who said what ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SpeakerQuotes:
    key: str
    name: str
    named: bool
    descriptions: tuple[tuple[str, str], ...]  # (outlet, how that outlet describes them)
    quotes: tuple[tuple[Quote, str], ...]  # (quote, outlet)


def who_said_what(analysis: Analysis) -> list[SpeakerQuotes]:
    """Quotes by speaker, most quoted first, with each outlet's roles and descriptions of them."""
    names = entity_names(analysis)
    entities = {e.id: e for e in analysis.entities}
    outlets = {a.id: outlet_of(a) for a in analysis.articles}
    by_key: dict[str, list[Quote]] = defaultdict(list)
    for quote in analysis.quotes:
        key = quote.speaker.entity or quote.speaker.name or speaker_label(quote, names)
        by_key[key].append(quote)
    result = []
    for key, quotes in by_key.items():
        first = quotes[0]
        descriptions: dict[tuple[str, str], None] = {}
        entity = entities.get(first.speaker.entity or "")
        article_ids = {q.article for q in quotes}
        if entity is not None:
            for role in entity.roles:
                if role.article in article_ids:
                    descriptions[(outlets.get(role.article, role.article), role.text)] = None
        for quote in quotes:
            if quote.speaker.description:
                descriptions[(outlets.get(quote.article, quote.article), quote.speaker.description)] = None
        result.append(
            SpeakerQuotes(
                key=key,
                name=speaker_label(first, names),
                named=bool(first.speaker.name or first.speaker.entity),
                descriptions=tuple(descriptions),
                quotes=tuple((q, outlets.get(q.article, q.article)) for q in quotes),
            )
        )
    return sorted(result, key=lambda s: (not s.named, -len(s.quotes), s.name.casefold()))


# Quote groups -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    text: str
    changed: bool


@dataclass(frozen=True)
class GroupVariant:
    quote: Quote
    outlet: str
    speaker: str
    start: int
    end: int
    text: str
    pieces: tuple[Piece, ...]


@dataclass(frozen=True)
class GroupView:
    group: QuoteGroup
    variants: tuple[GroupVariant, ...]
    changed: str  # "anyone's → people's", or ""


def _norm(word: str) -> str:
    return word.replace("’", "'").strip("'").casefold()


def _split(text: str) -> list[tuple[str, bool]]:
    """Text cut into (piece, is_word) runs that join back to the text."""
    out: list[tuple[str, bool]] = []
    position = 0
    for match in _WORD.finditer(text):
        if match.start() > position:
            out.append((text[position : match.start()], False))
        out.append((match.group(), True))
        position = match.end()
    if position < len(text):
        out.append((text[position:], False))
    return out


def _diff_words(text: str, other: str) -> set[str]:
    mine = [_norm(w) for w, is_word in _split(text) if is_word]
    theirs = [_norm(w) for w, is_word in _split(other) if is_word]
    changed: set[str] = set()
    for tag, i1, i2, _j1, _j2 in difflib.SequenceMatcher(a=mine, b=theirs, autojunk=False).get_opcodes():
        if tag != "equal":
            changed.update(mine[i1:i2])
    return changed


def _pieces(text: str, changed: set[str]) -> tuple[Piece, ...]:
    merged: list[Piece] = []
    for piece, is_word in _split(text):
        flag = is_word and _norm(piece) in changed
        merged.append(Piece(piece, flag))
    return tuple(merged)


def quote_group_views(analysis: Analysis) -> list[GroupView]:
    """Every quote group with its variants side by side and the changed words marked.

    The changed words are those the group's pairs name; where a pair differs but names
    none (a fragment, a tense), a word diff against another variant marks them."""
    quotes = {q.id: q for q in analysis.quotes}
    articles = {a.id: a for a in analysis.articles}
    names = entity_names(analysis)
    views = []
    for group in analysis.quote_groups:
        members = [m for m in group.members if m.quote in quotes and quotes[m.quote].article in articles]
        texts = [articles[quotes[m.quote].article].text[m.start : m.end] for m in members]
        named: dict[str, set[str]] = defaultdict(set)
        for pair in group.pairs:
            for quote_id, side in ((pair.a, pair.changed[0]), (pair.b, pair.changed[1])):
                named[quote_id].update(_norm(w) for words in side for w in words.split())
        variants = []
        for index, (member, text) in enumerate(zip(members, texts, strict=True)):
            quote = quotes[member.quote]
            changed = set(named.get(member.quote, set()))
            if not changed and len(texts) > 1 and severity(group.difference) >= severity("minor"):
                changed = _diff_words(text, texts[1] if index == 0 else texts[0])
            variants.append(
                GroupVariant(
                    quote=quote,
                    outlet=outlet_of(articles[quote.article]),
                    speaker=speaker_label(quote, names),
                    start=member.start,
                    end=member.end,
                    text=text,
                    pieces=_pieces(text, changed),
                )
            )
        worst = max(group.pairs, key=lambda p: severity(p.difference), default=None)
        summary = ""
        if worst is not None and any(worst.changed):
            summary = " → ".join(" ".join(side) or "(nothing)" for side in worst.changed)
        views.append(GroupView(group, tuple(variants), summary))
    return sorted(
        views,
        key=lambda v: (
            not v.group.attribution_drift,
            not v.group.drift_check,
            -severity(v.group.difference),
            -len(v.variants),
            v.group.id,
        ),
    )


# Claims matrix ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mark:
    """A run of a claim's words: plain (""), a figure it states ("figure"), or the words
    another outlet's account contradicts ("conflict")."""

    text: str
    mark: str = ""


@dataclass(frozen=True)
class MatrixCell:
    outlet: str
    state: str  # "carried" | "absent" | "conflicting"
    claim: Claim | None
    # Every claim of the group this outlet carries, and their figures as written
    # ("about $3.6 billion"): the figures of a row read side by side.
    claims: tuple[Claim, ...] = ()
    figures: tuple[str, ...] = ()
    # Each claim's sentence (as `claims`) cut into runs with its figures and conflicting words marked.
    sentences: tuple[tuple[Mark, ...], ...] = ()


@dataclass(frozen=True)
class MatrixRow:
    """One event (claim group) across the outlets, with its status and why."""

    group: ClaimGroup
    text: str
    cells: tuple[MatrixCell, ...]
    # The status's evidence, one line each: the figures that conflict (with their
    # outlets), the denials (who, in what words), or the sources it rests on.
    evidence: tuple[str, ...] = ()

    @property
    def carried_by(self) -> int:
        return sum(cell.state != "absent" for cell in self.cells)

    @property
    def shared(self) -> bool:
        """Carried by more than one outlet, or contested: the rows reports show in full."""
        return self.carried_by > 1 or self.group.status in CONTESTED_STATUSES

    @property
    def one_origin(self) -> bool:
        """Several outlets carry it, all from one source: repetition, not corroboration."""
        return self.group.status == "single_source" and self.carried_by > 1

    @property
    def status_text(self) -> str:
        """The status as reports write it; a single source several outlets carry says so."""
        return claim_status_text(self.group.status, self.carried_by)

    @property
    def evidence_names_sources(self) -> bool:
        """Whether the evidence lines name the sources (a corroborated or single-source
        claim's evidence is who it rests on): a sources column then gives their number."""
        return self.group.status not in CONTESTED_STATUSES

    @property
    def has_figures(self) -> bool:
        return any(cell.figures for cell in self.cells)


def status_evidence(group: ClaimGroup, claims: dict[str, Claim], outlet: dict[str, str]) -> tuple[str, ...]:
    """Why a group has its status, one line each (`outlet`: article id -> outlet)."""

    def where(claim_id: object) -> str:
        claim = claims.get(str(claim_id))
        return outlet.get(claim.article, claim.article) if claim else str(claim_id)

    # One denial or conflict recorded once per claim it touches reads once.
    if group.status == "conflicting" and group.conflicts:
        return tuple(
            dict.fromkeys(
                f"{where(c.get('a'))}: “{c.get('a_text', '?')}” vs {where(c.get('b'))}: “{c.get('b_text', '?')}”"
                + (f" ({c['kind']})" if c.get("kind") and c.get("kind") != "quantity" else "")
                for c in group.conflicts
            )
        )
    if group.status == "disputed":
        lines = tuple(
            dict.fromkeys(
                f"{d.get('by', 'a named party')} ({where(d.get('claim'))}): “{d.get('text', '')}”" for d in group.denials
            )
        )
        return lines or (f"disputed by {', '.join(group.disputed_by)}",)
    sources = ", ".join(group.sources) or "one source"
    if group.status == "corroborated":
        return (f"{group.independent_sources} independent sources: {sources}",)
    carried = len(set(group.outlets))
    return (f"one source: {sources}" + (f", repeated by {carried} outlets" if carried > 1 else ""),)


def _within(claim: Claim, text: str, start: int) -> tuple[int, int] | None:
    """Where `text` (at article offset `start`) stands in the claim's sentence: by its
    offset when that holds the words, else at their first occurrence, else nowhere."""
    if not text:
        return None
    at = start - claim.start
    if not (at >= 0 and claim.text[at : at + len(text)] == text):
        at = claim.text.find(text)
    return (at, at + len(text)) if at >= 0 else None


def claim_marks(claim: Claim, conflicts: Sequence[Mapping[str, Any]] = ()) -> tuple[Mark, ...]:
    """The claim's sentence cut into runs that join back to it: its figures marked, and the
    words a conflict (of the group's `conflicts`) names on this claim's side marked as such
    (a conflict spanning the whole sentence, a negation, marks nothing: the cell says so)."""
    text = claim.text
    labels = [""] * len(text)
    spans: list[tuple[str, tuple[int, int] | None]] = [("figure", _within(claim, q.text, q.start)) for q in claim.quantities]
    for conflict in conflicts:
        for side in ("a", "b"):
            span = conflict.get(f"{side}_span")
            words = str(conflict.get(f"{side}_text") or "")
            if conflict.get(side) == claim.id and words != text:
                start = int(span[0]) if isinstance(span, list | tuple) and span else -1
                spans.append(("conflict", _within(claim, words, start)))
    for mark, span in sorted(spans, key=lambda item: item[0] == "conflict"):  # conflicts drawn last, on top
        if span is not None:
            labels[span[0] : span[1]] = [mark] * (span[1] - span[0])
    runs: list[Mark] = []
    position = 0
    for mark, run in itertools.groupby(labels):
        length = len(list(run))
        runs.append(Mark(text[position : position + length], mark))
        position += length
    return tuple(runs)


def row_label(members: Sequence[Claim], elsewhere: Collection[str] = ()) -> Claim:
    """The member a claim group's row is named by: the first in reading order that no
    other group holds. A lede stating two events is in both their groups (the second as
    a second membership); named by it, the two rows would read alike. `elsewhere`: ids
    of claims in more than one group."""
    return next((c for c in members if c.id not in elsewhere), members[0])


def occasion_label(members: Sequence[Claim]) -> str:
    """A row of occasions of speech (`claim.attribution` only: "said at a rally here")
    says what they are, its class and the first one's words; "" for any other row."""
    if not members or any(c.rule != OCCASION_RULE for c in members):
        return ""
    return f"Where it was said ({members[0].event or 'occasion'}): {members[0].text}"


def claim_matrix(analysis: Analysis) -> tuple[tuple[str, ...], list[MatrixRow]]:
    """Event (claim group) × outlet: carried, absent or conflicting, with each outlet's
    figures and the status's evidence; most severe status, most outlets first."""
    outlets = tuple(dict.fromkeys(outlet_of(a) for a in analysis.articles))
    claims = {c.id: c for c in analysis.claims}
    article_outlet = {a.id: outlet_of(a) for a in analysis.articles}
    held = Counter(c for group in analysis.claim_groups for c in dict.fromkeys(group.claims))
    elsewhere = {c for c, n in held.items() if n > 1}
    rows = []
    for group in analysis.claim_groups:
        members = [claims[c] for c in group.claims if c in claims]
        if not members:
            continue
        conflicting = {str(c.get(side)) for c in group.conflicts for side in ("a", "b")}
        cells = []
        for outlet in outlets:
            mine = [c for c in members if article_outlet.get(c.article) == outlet]
            clash = [c for c in mine if c.id in conflicting]
            figures = tuple(dict.fromkeys(q.text for c in mine for q in c.quantities))
            sentences = tuple(claim_marks(c, group.conflicts) for c in mine)
            if clash:
                cells.append(MatrixCell(outlet, "conflicting", clash[0], tuple(mine), figures, sentences))
            elif mine:
                cells.append(MatrixCell(outlet, "carried", mine[0], tuple(mine), figures, sentences))
            else:
                cells.append(MatrixCell(outlet, "absent", None))
        label = occasion_label(members) or row_label(members, elsewhere).text
        rows.append(MatrixRow(group, label, tuple(cells), status_evidence(group, claims, article_outlet)))
    status_rank = {s: i for i, s in enumerate(CLAIM_STATUSES)}
    rows.sort(key=lambda r: (status_rank.get(r.group.status, 9), -r.carried_by, r.group.id))
    return outlets, rows


def claim_matrix_data(analysis: Analysis) -> dict[str, object]:
    """The claims matrix as plain data (JSON-ready) for the web app: the outlets, and per
    row the group id, status (and how reports write it), evidence, how many outlets carry
    it and whether reports show it in full (`shared`), and per outlet its state, claim
    ids, figures and sentences (each as runs with its figures and conflicting words marked)."""
    outlets, rows = claim_matrix(analysis)
    return {
        "outlets": list(outlets),
        "rows": [
            {
                "group": row.group.id,
                "text": row.text,
                "status": row.group.status,
                "status_text": row.status_text,
                "one_origin": row.one_origin,
                "independent_sources": row.group.independent_sources,
                "sources": list(row.group.sources),
                "evidence": list(row.evidence),
                "carried_by": row.carried_by,
                "shared": row.shared,
                "cells": [
                    {
                        "outlet": c.outlet,
                        "state": c.state,
                        "claims": [x.id for x in c.claims],
                        "figures": list(c.figures),
                        "sentences": [
                            {"claim": claim.id, "text": claim.text, "marks": [{"text": m.text, "mark": m.mark} for m in marks]}
                            for claim, marks in zip(c.claims, c.sentences, strict=True)
                        ],
                    }
                    for c in row.cells
                ],
            }
            for row in rows
        ],
    }


# Citations ----------------------------------------------------------------------------------


def citation_edges(analysis: Analysis) -> list[CitationEdge]:
    """Outlet → cited outlet with how often, most cited first: the analysis' citation
    graph (self-references and media left out)."""
    edges = [e for e in analysis.citation_graph if e.source != e.cites]
    return sorted(edges, key=lambda e: (-e.count, e.source, e.cites))


# Timeline -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TimelineEntry:
    value: str
    date: DateMention
    claim: Claim
    index: int  # the date's position in claim.dates
    outlet: str


def timeline(analysis: Analysis) -> list[TimelineEntry]:
    """Every dated claim, by resolved date (ISO strings sort by time)."""
    outlets = {a.id: outlet_of(a) for a in analysis.articles}
    entries = [
        TimelineEntry(date.value, date, claim, index, outlets.get(claim.article, claim.article))
        for claim in analysis.claims
        for index, date in enumerate(claim.dates)
        if date.value
    ]
    return sorted(entries, key=lambda e: (e.value, e.outlet, e.claim.start))


def timeline_by_date(entries: Sequence[TimelineEntry]) -> list[tuple[str, list[TimelineEntry]]]:
    grouped: dict[str, list[TimelineEntry]] = {}
    for entry in entries:
        grouped.setdefault(entry.value, []).append(entry)
    return list(grouped.items())


__all__ = [
    "ClaimFinding",
    "Finding",
    "GroupView",
    "Header",
    "Mark",
    "MatrixCell",
    "MatrixRow",
    "SpeakerQuotes",
    "TimelineEntry",
    "all_findings",
    "citation_edges",
    "claim_findings",
    "claim_marks",
    "claim_matrix",
    "claim_matrix_data",
    "key_findings",
    "quote_group_views",
    "status_evidence",
    "story_header",
    "timeline",
    "who_said_what",
]
