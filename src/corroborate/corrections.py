"""Corrections people make to an analysis, saved and re-applied on every re-analysis.

A correction names its target by something that survives a re-run (record ids do not):

| kind | target | value |
|---|---|---|
| `merge_people` | the name to merge away (`D. Okafor`) | the name to keep (`Denise Okafor`) |
| `split_person` | a quote: `ARTICLE:START:END` | the other person's name (a new entity when unknown) |
| `fix_speaker` | a quote: `ARTICLE:START:END` | the right speaker's name |
| `quote_kind` | a quote: `ARTICLE:START:END` | `direct`, `partial` or `indirect` |
| `fix_outlet` | an article id | the outlet's name |
| `mark_checked` | a finding key (`finding_key`) | optional note; changes nothing in the analysis |

The plain file (`corroborate analyze --corrections FILE`, and what `serve` writes beside
the store) is YAML or JSON: `{"schema": "corroborate/corrections/1", "corrections": [{kind,
target, value, story, author, created, note}, ...]}`. Applying is pure: `apply_corrections`
returns a new `Analysis`; quote groups' speakers and attribution drift and claim groups'
outlets are recomputed from the corrected records.

`corroborate serve` saves corrections in the store's `web_corrections` table and keeps the
analysis of each story it shows in `web_analyses` (both created by `corroborate.web.tables`);
`stored_corrections`, `kept_stories` and `follow_kept_story` are what a re-analysis outside the
app (`corroborate ingest`) needs of them, so the store does not import the web app. This
module sits below the store, the web app and the command line, which all use it.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import yaml

from corroborate.assess.drift import CORRECTED_RULE, assess_drift
from corroborate.errors import UsageError
from corroborate.model import Analysis, Article, Entity, Quote, Speaker

SCHEMA = "corroborate/corrections/1"
KINDS = ("merge_people", "split_person", "fix_speaker", "quote_kind", "fix_outlet", "mark_checked")
QUOTE_KINDS = ("direct", "partial", "indirect")
_QUOTE_TARGETS = ("split_person", "fix_speaker", "quote_kind")


@dataclass(frozen=True)
class Correction:
    kind: str
    target: str
    value: str | None = None
    story: str | None = None  # None: applies wherever the target is found
    author: str = "unknown"
    created: str = ""
    note: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def quote_ref(quote: Quote) -> str:
    """A quote's name in corrections: its article and offsets, stable across re-analysis."""
    return f"{quote.article}:{quote.start}:{quote.end}"


def finding_key(kind: str, text: str) -> str:
    """A finding's name in `mark_checked`: its kind and a digest of its first words."""
    digest = hashlib.sha256(" ".join(text.split()).casefold().encode("utf-8")).hexdigest()[:16]
    return f"{kind.replace(' ', '_')}:{digest}"


def validate(correction: Correction) -> Correction:
    """The correction, or UsageError saying what is wrong with it."""
    if correction.kind not in KINDS:
        raise UsageError(f"unknown correction kind {correction.kind!r}; use one of {', '.join(KINDS)}")
    if not correction.target or len(correction.target) > 500:
        raise UsageError(f"{correction.kind}: give a target (at most 500 characters)")
    if correction.kind in _QUOTE_TARGETS and not re.fullmatch(r".+:\d+:\d+", correction.target):
        raise UsageError(f"{correction.kind}: the target must name a quote as ARTICLE:START:END, not {correction.target!r}")
    if correction.kind == "quote_kind" and correction.value not in QUOTE_KINDS:
        raise UsageError(f"quote_kind: the value must be one of {', '.join(QUOTE_KINDS)}, not {correction.value!r}")
    if correction.kind != "mark_checked" and not (correction.value or "").strip():
        raise UsageError(f"{correction.kind}: give a value (the new name, kind or outlet)")
    if correction.value is not None and len(correction.value) > 500:
        raise UsageError(f"{correction.kind}: the value is longer than 500 characters")
    return correction


# -- the plain file ------------------------------------------------------------------------------


def load_corrections_file(path: Path) -> list[Correction]:
    """Corrections from a YAML or JSON file; UsageError naming the file when it is unusable."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise UsageError(f"{path}: cannot read the corrections file ({exc}); give a YAML or JSON file") from exc
    items = data.get("corrections") if isinstance(data, dict) else data
    if items is None:
        return []
    if not isinstance(items, list):
        raise UsageError(f"{path}: expected a list of corrections under 'corrections'")
    corrections = []
    for number, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            raise UsageError(f"{path}: correction {number} is not a mapping")
        known = {k: (None if v is None else str(v)) for k, v in item.items() if k in Correction.__dataclass_fields__}
        try:
            corrections.append(validate(Correction(**{"kind": "", "target": "", **known})))  # type: ignore[arg-type]
        except UsageError as exc:
            raise UsageError(f"{path}: correction {number}: {exc}") from exc
    return corrections


def write_corrections_file(path: Path, corrections: Sequence[Correction]) -> None:
    """Write the file atomically (a temporary file, then a rename): never half a file."""
    from corroborate.files import write_atomically

    content = json.dumps({"schema": SCHEMA, "corrections": [c.as_dict() for c in corrections]}, ensure_ascii=False, indent=2)
    write_atomically(path, content + "\n")


# -- applying ------------------------------------------------------------------------------------


def applicable(corrections: Iterable[Correction], story: str | None) -> list[Correction]:
    """Those for this story (or for every story), oldest first."""
    return sorted((c for c in corrections if c.story in (None, "", story)), key=lambda c: c.created)


def apply_corrections(analysis: Analysis, corrections: Iterable[Correction]) -> Analysis:
    """The analysis with the corrections applied, in order; targets not found are skipped."""
    state = _State(analysis)
    for correction in corrections:
        if correction.kind == "merge_people" and correction.value:
            state.merge(correction.target, correction.value)
        elif correction.kind in ("fix_speaker", "split_person") and correction.value:
            state.set_speaker(correction.target, correction.value)
        elif correction.kind == "quote_kind" and correction.value in QUOTE_KINDS:
            state.set_kind(correction.target, correction.value)
        elif correction.kind == "fix_outlet" and correction.value:
            state.set_outlet(correction.target, correction.value)
    return state.result()


class _State:
    """The mutable working copy `apply_corrections` edits; records stay immutable outside."""

    def __init__(self, analysis: Analysis) -> None:
        self.analysis = analysis
        self.entities: list[Entity] = list(analysis.entities)
        self.quotes: list[Quote] = list(analysis.quotes)
        self.articles: list[Article] = list(analysis.articles)
        self.outlets_changed = False

    def _entity(self, name: str) -> int | None:
        folded = name.casefold()
        for index, entity in enumerate(self.entities):
            if entity.name.casefold() == folded or folded in (a.casefold() for a in entity.aliases):
                return index
        return None

    def _quote(self, ref: str) -> int | None:
        return next((i for i, q in enumerate(self.quotes) if quote_ref(q) == ref), None)

    def merge(self, name: str, into: str) -> None:
        source, target = self._entity(name), self._entity(into)
        if source is not None and source == target:
            return
        old_ids: set[str] = set()
        if source is not None:
            merged = self.entities[source]
            old_ids.add(merged.id)
            if target is None:  # nothing to merge into: the entity takes the new name
                self.entities[source] = merged.model_copy(update={"name": into, "aliases": (*merged.aliases, merged.name)})
                target = source
            else:
                kept = self.entities[target]
                self.entities[target] = kept.model_copy(
                    update={
                        "aliases": tuple(dict.fromkeys((*kept.aliases, merged.name, *merged.aliases))),
                        "roles": (*kept.roles, *merged.roles),
                        "mentions": (*kept.mentions, *merged.mentions),
                    }
                )
                del self.entities[source]
                target = self._entity(into)
        entity = self.entities[target] if target is not None else None
        for index, quote in enumerate(self.quotes):
            speaker = quote.speaker
            if speaker.entity in old_ids or (speaker.name or "").casefold() == name.casefold():
                update = {"name": entity.name if entity else into, "entity": entity.id if entity else speaker.entity}
                self.quotes[index] = quote.model_copy(update={"speaker": speaker.model_copy(update=update)})

    def set_speaker(self, ref: str, name: str) -> None:
        index = self._quote(ref)
        if index is None:
            return
        found = self._entity(name)
        if found is None:
            entity = Entity(id=f"corrected-{hashlib.sha256(name.encode()).hexdigest()[:8]}", name=name, kind="person")
            self.entities.append(entity)
        else:
            entity = self.entities[found]
        quote = self.quotes[index]
        speaker = Speaker(entity=entity.id, name=entity.name, mention=quote.speaker.mention, inferred=False)
        # A person's correction is the credit's provenance now, and as sure as a credit gets.
        update = {"speaker": speaker, "rule": CORRECTED_RULE, "confidence": 1.0}
        self.quotes[index] = quote.model_copy(update=update)

    def set_kind(self, ref: str, kind: str) -> None:
        index = self._quote(ref)
        if index is not None:
            self.quotes[index] = self.quotes[index].model_copy(update={"kind": kind})

    def set_outlet(self, article_id: str, outlet: str) -> None:
        for index, article in enumerate(self.articles):
            if article.id == article_id:
                self.articles[index] = article.model_copy(update={"outlet": outlet, "outlet_from": "correction"})
                self.outlets_changed = True

    def result(self) -> Analysis:
        groups = list(self.analysis.quote_groups)
        if self.quotes != list(self.analysis.quotes) or self.entities != list(self.analysis.entities):
            speaker_of = {q.id: q.speaker.entity for q in self.quotes}
            groups = [
                g.model_copy(update={"speakers": tuple(dict.fromkeys(s for q in g.quotes if (s := speaker_of.get(q))))})
                for g in groups
            ]
            cited = (c.cites for c in self.analysis.citations)
            groups = assess_drift(groups, self.quotes, self.entities, self.articles, cited)  # the analysis's own rule
        claim_groups = list(self.analysis.claim_groups)
        if self.outlets_changed:  # a claim group's outlets follow its claims' articles
            outlet_of = {a.id: a.outlet or a.id for a in self.articles}
            article_of_claim = {c.id: c.article for c in self.analysis.claims}
            claim_groups = [
                g.model_copy(
                    update={
                        "outlets": tuple(
                            dict.fromkeys(outlet_of[a] for c in g.claims if (a := article_of_claim.get(c)) in outlet_of)
                        )
                    }
                )
                for g in claim_groups
            ]
        return self.analysis.model_copy(
            update={
                "entities": tuple(self.entities),
                "quotes": tuple(self.quotes),
                "articles": tuple(self.articles),
                "quote_groups": tuple(groups),
                "claim_groups": tuple(claim_groups),
            }
        )


# -- in a store, as `corroborate serve` saves them -------------------------------------------------

_CORRECTIONS_TABLE, _ANALYSES_TABLE = "web_corrections", "web_analyses"


def _has_table(connection: sqlite3.Connection, name: str) -> bool:
    return connection.execute("select 1 from sqlite_master where type = 'table' and name = ?", [name]).fetchone() is not None


def stored_corrections(connection: sqlite3.Connection) -> list[Correction]:
    """Every correction saved in the store, oldest first; none when `serve` never opened it."""
    if not _has_table(connection, _CORRECTIONS_TABLE):
        return []
    sql = f"select kind, target, value, story, author, created, note from {_CORRECTIONS_TABLE} order by created, id"
    return [Correction(*row) for row in connection.execute(sql).fetchall()]


def kept_stories(connection: sqlite3.Connection) -> set[str]:
    """The stories whose analysis the app keeps (and shows); none when `serve` never opened the store."""
    if not _has_table(connection, _ANALYSES_TABLE):
        return set()
    return {row[0] for row in connection.execute(f"select story from {_ANALYSES_TABLE}").fetchall()}


def follow_kept_story(connection: sqlite3.Connection, story: str, analysis: Analysis) -> None:
    """The app's copy of a story analysed again becomes this analysis; the one before becomes
    `previous` (what the story page's "new since" compares with). The caller commits."""
    connection.execute(
        f"update {_ANALYSES_TABLE} set previous = analysis, analysis = ? where story = ?",
        [analysis.to_json(indent=None), story],
    )
