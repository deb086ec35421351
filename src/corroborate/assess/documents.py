"""Documents as the origin of claims an outlet states in its own voice.

An outlet restating a report, an audit, a poll or a court filing ("According to the
ethics office's report, Ms. Corliss was copied on three emails", "The report counted
26 charter flights", "Nearly 7 in 10 caucusgoers in the survey said ...") is not
reporting on its own: the document is the claim's origin, and outlets restating one
document are one source, however many print it.

A claim cites a document when its sentence does: "according to" the document, the
document as the subject of a verb of stating or finding ("The report, released
Tuesday, found"), the document as where the words are ("in the survey", "from the
audit"), or a poll's respondents ("of those surveyed"). A document is known by its
owner ("the inspector general's report", "a Cornbelt Research poll", "a report from
the Office of Congressional Ethics"); a bare one ("the report") is the last one of
its kind the article named with an owner, else the story's only owned one of its
kind, else the story's one unnamed document of that kind.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from corroborate.model import Claim
from corroborate.nlp.lexicon import DOCUMENT_KINDS, MONTHS
from corroborate.nlp.sentences import SENTENCE_END

_NOUN = (
    rf"(?P<noun>{'|'.join(sorted(DOCUMENT_KINDS, key=len, reverse=True))})"
    # (not a modifier of a body's name: "the harbour audit office", "the review board")
    r"(?!\s+(?:office|board|committee|panel|team|unit|division|agency|staff|commission|department|firm|group|card)s?\b)"
)
# What may stand between the determiner and the noun: the owner and a few modifiers
# ("the agency inspector general's 48-page report", "A Cornbelt Research poll").
_OWNER = (
    r"(?P<owner>(?:(?!(?:in|of|to|for|with|on|at|by|from|and|or|that|which|who|the|a|an|its|his|her|their|this|"
    # (a verb after its subject: "the state should audit every network" names no audit)
    r"(?-i:should|would|could|will|can|may|might|must|shall|did|does|do|not|never|also))\b)"
    r"[\w&’'-]+(?:\.[\w&’'-]+)*\.?\s+){0,5}?)"
)
_DETERMINER = r"(?:the|a|an|its|his|her|their|this|that)\s+"
_STATING = (
    r"(?:also\s+|further\s+)?(?:found|finds|said|says|showed|shows|show|counted|counts|concluded|concludes|pointed to|"
    r"points to|detailed|details|cited|cites|noted|notes|described|describes|estimated|estimates|identified|"
    r"identifies|listed|lists|documented|documents|stated|states|tallied|tallies|recorded|records|put|puts|"
    r"flagged|flags|faulted|faults|alleged|alleges|charged|charges|determined|determines|projected|projects|"
    r"predicted|predicts|forecast|forecasts)\b"
)
# What a document's name may be followed by before its verb: "a poll released over the
# weekend showed".
_RELEASED = r"(?:released|published|issued|conducted|commissioned|made public|obtained|out)\b"
_CITED_IN = re.compile(
    # "according to the ethics office's report", "in the survey", "from the audit",
    # "which obtained the agency inspector general's report"
    rf"\b(?:according to|in|from|obtained)\s+(?:{_DETERMINER})?{_OWNER}{_NOUN}\b",
    re.I,
)
# "The report, made public on Tuesday by the inspector general, found", "a report by
# the Family Safety Project, a consumer group, that found", "a report from the Harbor
# Institute, which counted"
_CITED_BY = re.compile(
    rf"\b{_DETERMINER}{_OWNER}{_NOUN}(?:\s+(?:from|by|of)\s+(?:the\s+)?[A-Z][^,.;]{{0,60}}?)?"
    rf"(?:(?:,[^,.;]{{1,90}}){{1,3}},\s+(?:(?:which|that)\s+)?|\s+(?:(?:which|that)\s+)?(?:{_RELEASED}[^,.;]{{0,60}}?\s+)?"
    # ("a report the department released in January, which put", "a report the alliance
    # released in March found"): its maker before the verb
    rf"|\s+(?:the\s+)?(?P<maker>[a-z][\w’'-]*(?:\s+[a-z][\w’'-]*)?)\s+(?:released|published|issued)\b[^,.;]{{0,60}}?"
    rf"(?:,\s+(?:which|that)\s+|\s+))"
    rf"{_STATING}",
    re.I,
)
# A document as the sentence's subject, whatever its verb: "The survey of 500 likely
# caucusgoers has a margin of error of 4.4 points", "The poll surveyed about 500".
_SUBJECT = re.compile(rf"[\s\"“]*(?:(?:But|And|Still|Yet),?\s+)?(?:the|this|that|its)\s+{_OWNER}{_NOUN}\b(?!['’])", re.I)
# A pronoun going on with the document the sentence before cited: "It also found ...".
_GOES_ON = re.compile(rf"[\s\"“]*(?:It|They)\s+{_STATING}")
_MENTION = re.compile(rf"\b{_DETERMINER}{_OWNER}{_NOUN}\b", re.I)
_RESPONDENTS = re.compile(
    r"\b(?:those|people|voters|adults|residents)\s+(?:surveyed|polled)\b|\bof\s+(?:the\s+)?respondents\b", re.I
)
# An owner named after the document: "a report from the Office of Congressional
# Ethics", "The report, made public on Tuesday by the inspector general, Judith Amsel,".
_OWNER_AFTER = re.compile(
    # (not who has a copy: "The audit, obtained by the Sentinel," is no paper's audit)
    r"\s*(?:,(?![^,]{0,40}?\b(?:obtained|reviewed|seen|leaked|provided|shared|acquired|first reported)\b[^,]{0,25}?\s(?:by|to)\b)"
    r"[^,]{0,40}?\s)?(?:from|by|of)\s+(?:the\s+)?(?:[a-z]+['’]s\s+)?"  # ("by the department's Audit Bureau")
    r"(?:(?:consulting|research|accounting|law|polling|audit|engineering|watchdog|advocacy|consumer|trade|industry)\s+"
    r"(?:firm|group|company|organization|organisation|association)\s+)?"  # ("by the consulting firm Larkspur ...")
    r"(?P<owner>[A-Z][\w.&’'-]*(?:\s+(?:of\s+|for\s+|and\s+|on\s+)?[A-Z][\w.&’'-]*)*|[a-z][\w’'-]*(?:\s+[a-z][\w’'-]*){0,2}(?=,|\s+(?:found|said|says|showed)\b))"
)
# An owner named as the subject of a verb stating "in" its document: "The Coastal Retail
# Council, a trade group, estimated in a report released Tuesday that ...".
_OWNER_BEFORE = re.compile(
    r"(?:^|[.!?][\"”’']?\s+|\n)(?:The\s+|the\s+)?(?P<owner>[A-Z][\w.&’'-]*(?:\s+(?:of\s+|for\s+|and\s+|on\s+)?[A-Z][\w.&’'-]*)*)"
    r"(?:,[^,.;]{1,120},)?\s+(?:also\s+)?(?:estimated|estimates|said|says|found|finds|wrote|writes|concluded|concludes|"
    r"warned|warns|projected|projects|calculated|calculates|reported|reports|stated|states|noted|notes)\s+in\s+$"
)
# Words of an owner that name no one: modifiers of the document.
_NOT_OWNER = frozenset(
    "the a an its his her their this that new latest annual internal final draft full public long-awaited "
    "released written preliminary initial own same recent most page-long leaked confidential secret unreleased "
    "unpublished sealed classified redacted "
    # (a length's hedge: "The more than 140-page complaint")
    "more less than nearly almost about roughly some over under approximately".split()
)


# Who has a document and published from it, named after it: "The audit, obtained last
# week by the Port Meridian Sentinel," / "The cable was first published Thursday by the
# Estmark newspaper Nordposten" (a capitalised name: "by the department" is no holder).
_ABBREVIATION = r"(?:(?<=\bMr|\bMs|\bDr|\bSt|\bJr)|(?<=\bMrs|\bJan|\bFeb|\bAug|\bSep|\bOct|\bNov|\bDec|\bGov|\bSen|\bRep))\."
_HELD_AFTER = re.compile(
    rf"(?:[^.;]|{_ABBREVIATION}){{0,120}}?\b(?:obtained|published|leaked|reported|posted)\b[^.;,]{{0,40}}?\bby\s+"
    r"(?P<phrase>(?:the\s+|The\s+)?[\w.&’' -]{1,60}?)(?=[,.;:]|\s+(?:on|and|in|last|which|that|after)\b)"
)
# ... or before it: "the Sentinel first reported on a leaked internal audit".
_HELD_BEFORE = re.compile(
    r"(?P<phrase>\b[A-Z][\w.&’'-]*(?:\s+[A-Z][\w.&’'-]*)*)\s+(?:had\s+|has\s+|first\s+|had\s+first\s+)?"
    r"(?:reported on|published|obtained)\s+$"
)
_CAPITALISED_RUN = re.compile(r"(?:[A-Z][\w.&’'-]*\s+)*[A-Z][\w.&’'-]*$")


class DocumentCitation(NamedTuple):
    """A document a text cites: its kind, its owner's words ("" when unnamed) and
    where they are, and where the citation starts."""

    kind: str
    owner: str
    owner_start: int
    owner_end: int
    start: int


def _owner_words(owner: str) -> str:
    words = [re.sub(r"['’]s$", "", w) for w in re.findall(r"[\w.&’'-]+", owner)]
    words = [w for w in words if w.casefold() not in _NOT_OWNER and w.casefold() not in MONTHS and not w[:1].isdigit()]
    return " ".join(words).strip(" .,")


def _citation(text: str, match: re.Match[str], noun: str) -> DocumentCitation:
    owner, owner_start, owner_end = _owner_words(match.group("owner") or ""), match.start("owner"), match.end("owner")
    if not owner and "maker" in match.re.groupindex and match.group("maker"):
        owner, owner_start, owner_end = _owner_words(match.group("maker")), match.start("maker"), match.end("maker")
    # (a modifier is no owner when a name follows: "an outside study by Larkspur Advisors")
    modifier = owner.islower() and not re.search(r"['’]s?\s*$", match.group("owner") or "")
    after = _OWNER_AFTER.match(text, match.end("noun"), min(len(text), match.end("noun") + 120))
    # (not whose data it examined: "an independent audit of Glimmer's data")
    examined = after is not None and re.search(r"['’]s$", after.group("owner")) is not None
    if after is not None and not examined and (not owner or (modifier and after.group("owner")[:1].isupper())):
        owner, owner_start, owner_end = _owner_words(after.group("owner")), after.start("owner"), after.end("owner")
    if (
        not owner
        and text[match.start() : match.start() + 3].casefold() == "in "
        and (before := _OWNER_BEFORE.search(text, max(0, match.start() - 240), match.start() + 3))
    ):
        owner, owner_start, owner_end = _owner_words(before.group("owner")), before.start("owner"), before.end("owner")
    return DocumentCitation(DOCUMENT_KINDS[noun.casefold()], owner, owner_start, owner_end, match.start())


def cited_documents(text: str, start: int = 0, end: int | None = None, findings: bool = False) -> list[DocumentCitation]:
    """The documents the text between `start` and `end` cites, in reading order
    (`findings`: only a document stating or finding, "a report ... which found")."""
    end = len(text) if end is None else end
    patterns = (_CITED_BY,) if findings else (_CITED_IN, _CITED_BY)
    found = [_citation(text, m, m.group("noun")) for pattern in patterns for m in pattern.finditer(text, start, end)]
    if findings:
        return sorted(found, key=lambda d: d.start)
    found += [DocumentCitation("poll", "", m.start(), m.start(), m.start()) for m in _RESPONDENTS.finditer(text, start, end)]
    return sorted(found, key=lambda d: d.start)


def named_documents(text: str) -> tuple[DocumentCitation, ...]:
    """Every document the text names with an owner ("the inspector general's report",
    "a Cornbelt Research poll"), cited or not."""
    found = [_citation(text, m, m.group("noun")) for m in _MENTION.finditer(text)]
    return tuple(d for d in found if d.owner)


def document_holders(text: str) -> list[tuple[str, str]]:
    """(holder, kind) for each document the text says someone obtained or published
    ("The audit, obtained last week by the Port Meridian Sentinel," -> ("Port Meridian
    Sentinel", "report")): whoever published from a document is not a second origin of
    what it says."""
    found = []
    for mention in _MENTION.finditer(text):
        kind = DOCUMENT_KINDS[mention.group("noun").casefold()]
        after = _HELD_AFTER.match(text, mention.end(), min(len(text), mention.end() + 200))
        before = _HELD_BEFORE.search(text, max(0, mention.start() - 80), mention.start())
        for phrase in (after.group("phrase") if after else "", before.group("phrase") if before else ""):
            if run := _CAPITALISED_RUN.search(phrase.strip()):
                name = re.sub(r"^The\s+", "", run.group())
                if name[:1].isupper() and name.casefold() not in _NOT_OWNER:
                    found.append((name, kind))
    return found


# A report in a clause that dates the sentence's act: "fired the chief on Monday after a
# leaked audit found ..." / "three days after the Sentinel first reported on ...".
_DATING = re.compile(r"\b(?:after|before|since|until)\s+(?:the\s+|The\s+)?(?:[A-Z][\w.&’'-]*\s+){0,4}$")
# (not a sentence presenting the report: "The recall comes seven weeks after a report ...")
_PRESENTING = re.compile(r"\b(?:comes?|came|follows?|followed)\b[^,.;]*$")


def dating_clause(text: str, start: int) -> bool:
    """Whether a report cited at `start` is in a clause dating the act the sentence
    states (its source is not the report: the act is the outlets' own news)."""
    dating = _DATING.search(text, max(0, start - 60), start)
    return dating is not None and not _PRESENTING.search(text, max(0, dating.start() - 40), dating.start())


def sentence_bounds(text: str, claim: Claim) -> tuple[int, int]:
    """The claim's sentence: from the end of the previous one to the end of the claim's."""
    low = max(0, claim.start - 400)
    ends = [m.end() for m in SENTENCE_END.finditer(text[low : claim.start + 2])]
    start = low + max([e for e in ends if low + e <= claim.start], default=0)
    end = max(claim.start, claim.end - 1)  # a claim may end with its sentence's full stop
    after = re.search(r"[.!?][\"”’']?(?:\s|$)|\n", text[end : end + 400])
    return start, end + (after.end() if after else 0)


OwnerKey = Callable[[str, str, int, int], "tuple[str, str] | None"]


def document_sources(
    claims: Sequence[Claim],
    texts: Mapping[str, str],
    owner_key: OwnerKey,
    bounds: Mapping[str, tuple[int, int]],
    relayed: Mapping[str, tuple[int, int]] | None = None,
) -> tuple[dict[str, tuple[str, str]], dict[str, tuple[str, str]], dict[str, tuple[str, str]]]:
    """Claim id -> (label, independence key) of the document its sentence cites, for the
    claims `bounds` gives the sentence of (`sentence_bounds`: those no speaker asserts);
    and for the claims `relayed` gives the words of, the document whose finding those
    words state (a speaker relaying it: "She pointed to a report from the grid board,
    which found ..."). The story's documents are read once for both.
    `owner_key(article, owner words, start, end)` resolves an
    owner to a party of the story's label and key (None: no party). An owner named (in
    capitals) that is no party is its own key; one described ("the think tank's
    report", "the firm's poll") is the document named before, as a bare one is.
    Third, each holder's key -> the owner of the document it published (`_held`)."""

    def party_of(article: str, document: DocumentCitation) -> tuple[str, str] | None:
        if not document.owner:
            return None
        party = owner_key(article, document.owner, document.owner_start, document.owner_end)
        if party is None and document.owner[:1].isupper():
            party = (document.owner, document.owner.casefold())
        return party

    def described(document: DocumentCitation) -> tuple[str, str]:
        return f"{document.owner} {document.kind}", document.owner.casefold()

    named: dict[str, list[tuple[int, str, tuple[str, str]]]] = {}  # article -> (position, kind, owner)
    owned_of_kind: dict[str, dict[str, tuple[str, str]]] = {}
    described_of_kind: dict[str, dict[str, tuple[str, str]]] = {}
    for article, text in texts.items():
        for document in named_documents(text):
            if party := party_of(article, document):
                named.setdefault(article, []).append((document.start, document.kind, party))
                owned_of_kind.setdefault(document.kind, {}).setdefault(party[1], party)
            elif " " in document.owner:  # ("the firm's poll": whose, the text said before)
                label, key = described(document)
                described_of_kind.setdefault(document.kind, {}).setdefault(key, (label, key))

    def sources(spans: Mapping[str, tuple[int, int]], findings: bool) -> dict[str, tuple[str, str]]:
        result = {}
        for claim in claims:
            if claim.id not in spans:
                continue
            text = texts.get(claim.article, "")
            start, end = spans[claim.id]
            cited = cited_documents(text, start, end, findings)
            if not cited and not findings and (subject := _SUBJECT.match(text, start, end)):
                cited = [_citation(text, subject, subject.group("noun"))]
            if not cited and not findings and _GOES_ON.match(text, start, end) and start > 0:
                # "It also found ...": the document the sentence before cited
                before = claim.model_copy(update={"start": start - 1, "end": start - 1})
                cited = cited_documents(text, *sentence_bounds(text, before))[-1:]
            cited = [d for d in cited if not dating_clause(text, d.start)]
            if not cited:
                continue
            document = cited[0]
            party = party_of(claim.article, document)
            if party is None and document.kind != "records":  # (bare records are anyone's: court, tax, lobbying)
                earlier = [(at, p) for at, kind, p in named.get(claim.article, []) if kind == document.kind and at < end]
                only = [
                    found for of_kind in (owned_of_kind, described_of_kind) if len(found := of_kind.get(document.kind, {})) == 1
                ]
                party = max(earlier)[1] if earlier else next(iter(only[0].values())) if only else None
            if party is None:
                party = described(document) if document.owner else (f"the {document.kind}",) * 2
            result[claim.id] = party
        return result

    return sources(bounds, False), sources(relayed or {}, True), _held(texts, owned_of_kind)


def _held(texts: Mapping[str, str], owned_of_kind: Mapping[str, Mapping[str, tuple[str, str]]]) -> dict[str, tuple[str, str]]:
    """Holder's key -> (label, key) of the owner of the document they published from,
    when the story owns one document of that kind."""
    result = {}
    for text in texts.values():
        for holder, kind in document_holders(text):
            owners = owned_of_kind.get(kind, {})
            if len(owners) == 1 and (owner := next(iter(owners.values())))[1] != holder.casefold():
                result[holder.casefold()] = owner
    return result
