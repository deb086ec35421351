"""Sources and status of claim groups.

A claim's source is the party asserting it: its speaker, or whom the speaker speaks
for ("a spokeswoman for the governor" is the governor's voice), or the outlet stating
it from its own reporting. Status, most severe first:

- `conflicting`: the accounts cannot all be true (disjoint ranges for one measure);
- `disputed`: a named party denies it ("X's office denied that ...");
- `corroborated`: two or more independent sources;
- `single_source`: one source, however many outlets or channels carry it.

`assess_claims` gives each group of `corroborate.align.claims.group_claims` its
sources, conflicts, denials and status."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from corroborate.align.claims import ClaimClusters
from corroborate.assess.origins import article_label
from corroborate.model import Article, Claim, ClaimGroup, Copy, Entity
from corroborate.nlp.names import TITLE_ABBREVIATIONS
from corroborate.nlp.quantities import disjoint

# A denial most of a group's claims resemble this closely disputes the group.
_MIN_DISPUTE_COSINE = 0.5
_SPOKESPERSON = re.compile(
    r"\b(?:spokes(?:wo)?man|spokesperson|aide|press secretary|representative|adviser|advisor|deputy|lawyer|attorney)\b"
    r"(?:\s+(?:for|to|of)\s+(?P<after>.+))?",
    re.I,
)
_POSSESSOR = re.compile(
    r"(?P<before>[\w .'-]+?)(?:'s|’s|'|’)\s+(?:spokes|aide|press|representative|advis|deputy|lawyer|attorney)", re.I
)


def _role_words(text: str) -> set[str]:
    words = {w.casefold().rstrip(".") for w in re.findall(r"[A-Za-z.]+", text)}
    return {TITLE_ABBREVIATIONS.get(w, w) for w in words} - {"the", "a", "an", "of", "for", "to"}


def principals(entities: Sequence[Entity]) -> dict[str, str]:
    """Entity id of a spokesperson, aide or lawyer -> entity id of whom they speak for,
    when one of their roles names them ("a spokeswoman for the governor", "Polis'
    aide") and exactly one other entity fits (by name, or by a role word: the
    governor)."""
    result: dict[str, str] = {}
    for entity in entities:
        for role in entity.roles:
            match = _SPOKESPERSON.search(role.text)
            target = (match.group("after") if match and match.group("after") else None) or (
                m.group("before") if (m := _POSSESSOR.search(role.text)) else None
            )
            if not target:
                continue
            found = _principal(target, entity, entities)
            if found is not None:
                result[entity.id] = found
                break
    return result


def _principal(target: str, speaker: Entity, entities: Sequence[Entity]) -> str | None:
    folded = target.casefold()
    by_name = [
        e.id for e in entities
        if e.id != speaker.id and any(n.casefold() in folded for n in (e.name, *e.aliases, e.name.split()[-1]) if len(n) > 2)
    ]  # fmt: skip
    if len(set(by_name)) == 1:
        return by_name[0]
    wanted = _role_words(target) - {"office", "state", "city"}
    by_role = {
        e.id for e in entities if e.id != speaker.id and e.kind == "person" and any(wanted & _role_words(r.text) for r in e.roles)
    }
    return next(iter(by_role)) if len(by_role) == 1 else None


def status_of(conflicts: Sequence[object], disputed_by: Sequence[str], sources: Sequence[str]) -> str:
    if conflicts:
        return "conflicting"
    if disputed_by:
        return "disputed"
    return "corroborated" if len(sources) >= 2 else "single_source"


def assess_claims(
    clusters: ClaimClusters,
    claims: Sequence[Claim],
    articles: Sequence[Article],
    entities: Sequence[Entity],
    copies: Sequence[Copy] = (),
) -> list[ClaimGroup]:
    """The claim groups of a story: each cluster with its outlets, sources (a copied
    passage is its source article's reporting), conflicts, the named parties who
    dispute it, and its status."""
    outlets = {a.id: article_label(a) for a in articles}
    claims_of: dict[str, list[Claim]] = {}
    for claim in claims:
        claims_of.setdefault(claim.article, []).append(claim)
    copied_from = {
        c.id: outlets[copy.source]
        for copy in copies
        for c in claims_of.get(copy.article, [])
        if copy.start <= c.start and c.end <= copy.end and copy.source in outlets
    }
    names = {e.id: e.name for e in entities}
    party = principals(entities)
    denials = {index: party.get(entity, entity) for index, entity in clusters.denials.items()}
    cosine = clusters.cosine
    groups = [[claims[i] for i in indices] for indices in clusters.groups]
    index_of = {c.id: i for i, c in enumerate(claims)}
    result = []
    for number, group in enumerate(groups, start=1):
        members = {index_of[c.id] for c in group}
        sources = tuple(dict.fromkeys(_source_of(c, party, names, outlets, copied_from) for c in group))
        conflicts = _conflicts(group)
        disputed_by = _disputes(members, denials, cosine, sources, names)
        result.append(
            ClaimGroup(
                id=f"cg{number}",
                claims=tuple(c.id for c in group),
                status=status_of(conflicts, disputed_by, sources),
                outlets=tuple(dict.fromkeys(outlets[c.article] for c in group)),
                sources=sources,
                independent_sources=len(sources),
                conflicts=tuple(conflicts),
                disputed_by=disputed_by,
                evidence=tuple({"claim": c.id, "article": c.article, "text": c.text} for c in group),
            )
        )
    return result


def _source_of(
    claim: Claim, party: dict[str, str], names: dict[str, str], outlets: dict[str, str], copied_from: dict[str, str]
) -> str:
    """The asserting party: the speaker or whom they speak for; else the outlet whose
    reporting it is (the source article's, for a copied passage)."""
    if claim.by:
        by = party.get(claim.by, claim.by)
        return names.get(by, by)
    return copied_from.get(claim.id) or outlets[claim.article]


def _disputes(
    members: set[int],
    denials: dict[int, str],
    cosine: dict[tuple[int, int], float],
    sources: Sequence[str],
    names: dict[str, str],
) -> tuple[str, ...]:
    """Named parties denying this group's claim: a denial among its members, or a
    denial outside it that most of its members resemble (cosine >= _MIN_DISPUTE_COSINE)."""
    disputing = []
    for index, denier in denials.items():
        name = names.get(denier, denier)
        if index in members:
            # A denial carried in the group: what it denies is disputed, even when
            # only the denial is reported ("the company denied that it skipped ...").
            disputing.append(name)
            continue
        close = sum(1 for m in members if cosine.get((min(m, index), max(m, index)), 0.0) >= _MIN_DISPUTE_COSINE)
        if close * 2 > len(members):
            disputing.append(name)
    return tuple(dict.fromkeys(disputing))


def _conflicts(claims: Sequence[Claim]) -> list[dict[str, Any]]:
    found = []
    for i, a in enumerate(claims):
        for b in claims[i + 1 :]:
            if a.article == b.article:
                continue
            for qa in a.quantities:
                for qb in b.quantities:
                    if qa.unit and qa.unit == qb.unit and disjoint(qa, qb):
                        found.append({"kind": "quantity", "a": a.id, "b": b.id, "a_text": qa.text, "b_text": qb.text})
    return found
